// Argentilandia's forms whose action is built from what the person typed: "Offer a trade" / "Counter-offer". Built here rather than in inline onsubmit attributes, which the Content-Security-Policy forbids. The
// listener is delegated from document in the capture phase: it runs before table.js reads the form (its listener
// is on #table, below document in the bubbling order), and survives the table's morphing. Loaded by the table page
// from the ruleset's declaration (``scripts``).
(function () {
  "use strict";

  function argentilandiaOffer(f) {
    var give = {}, get = {};
    f.querySelectorAll("[data-give]").forEach(function (i) { if (+i.value > 0) give[i.dataset.give] = +i.value; });
    f.querySelectorAll("[data-get]").forEach(function (i) { if (+i.value > 0) get[i.dataset.get] = +i.value; });
    var action = {type: f.dataset.type, give: give, get: get};
    if (action.type === "offer_trade") action.to = f.elements.to.value === "" ? null : +f.elements.to.value;
    else action.offer_id = +f.dataset.offer;
    f.elements.action.value = JSON.stringify(action);
  }

  document.addEventListener("submit", function (e) {
    var form = e.target.closest ? e.target.closest("form") : null;
    if (form && form.matches("form.al-offer")) argentilandiaOffer(form);
  }, true);
})();
