// Estanciero's forms whose action is built from what the person ticked or typed: "Propose a deal". Built here rather than in inline onsubmit attributes, which the Content-Security-Policy forbids. The
// listener is delegated from document in the capture phase: it runs before table.js reads the form (its listener
// is on #table, below document in the bubbling order), and survives the table's morphing. Loaded by the table page
// from the ruleset's declaration (``scripts``).
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

  document.addEventListener("submit", function (e) {
    var form = e.target.closest ? e.target.closest("form") : null;
    if (!form) return;
    if (form.matches(".es-zoom")) e.preventDefault();  // a checkbox in a form, never sent
    else if (form.matches("[data-es-propose]")) estancieroProposal(form);
  }, true);
})();
