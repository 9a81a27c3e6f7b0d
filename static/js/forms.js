// Forms whose action is built from what the person ticked or typed (a deal in Estanciero, a trade offer in
// Argentilandia). They used to do it in inline onsubmit attributes, which the Content-Security-Policy
// forbids. Listeners are delegated from document in the capture phase: they run before table.js reads the
// form (its listener is on #table, below document in the bubbling order), and survive the table's morphing.
(function () {
  "use strict";

  function currentVersion(form) {
    var v = document.querySelector("[data-version]");
    if (v && form.elements.version) form.elements.version.value = v.textContent.trim();
  }

  // Estanciero: "Propose a deal".
  function estancieroProposal(f) {
    var to = parseInt(f.querySelector("[data-to]").value, 10);
    function pick(selector, own) {
      return Array.prototype.filter.call(f.querySelectorAll(selector), function (e) {
        return e.checked && (!own || e.closest("[data-owner]").dataset.owner === String(to));
      }).map(function (e) { return /deed/.test(selector) ? parseInt(e.value, 10) : e.value; });
    }
    function cash(selector) {
      var v = parseInt(f.querySelector(selector).value, 10);
      return v > 0 ? v : 0;
    }
    f.elements.action.value = JSON.stringify({
      type: "propose", to: to,
      give: {deeds: pick("[data-give-deed]"), cash: cash("[data-give-cash]"), jail_cards: pick("[data-give-card]")},
      ask: {deeds: pick("[data-ask-deed]", true), cash: cash("[data-ask-cash]"), jail_cards: pick("[data-ask-card]", true)},
    });
    // The built move is the person's until it is taken: a morph (a stale retry's) must not put back the template's.
    f.elements.action.dataset.dirty = "1";
    currentVersion(f);
  }

  // Argentilandia: "Offer a trade" / "Counter-offer".
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
    if (!form) return;
    if (form.matches(".es-zoom")) e.preventDefault();  // a checkbox in a form, never sent
    else if (form.matches("[data-es-propose]")) estancieroProposal(form);
    else if (form.matches("form.al-offer")) argentilandiaOffer(form);
  }, true);
})();
