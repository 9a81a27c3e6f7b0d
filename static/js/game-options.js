// A form with each game's own options (form[data-game-options]: the New table form, the tournament form): only
// the chosen game's are shown, and an option with another default on a rated table (data-casual / data-rated)
// follows the form's rated choice until the person sets it.
(function () {
  "use strict";
  document.querySelectorAll("form[data-game-options]").forEach(function (form) {
    var game = form.querySelector("[name=ruleset]");
    var show = function () {
      form.querySelectorAll("[data-only]").forEach(function (el) { el.hidden = el.dataset.only !== game.value; });
    };
    game.addEventListener("change", show);
    show();
    var switched = form.querySelectorAll("[data-rated]");
    switched.forEach(function (el) {
      el.addEventListener("change", function () { el.dataset.set = "1"; });
    });
    form.querySelectorAll("[name=rated]").forEach(function (choice) {
      choice.addEventListener("change", function () {
        var rated = form.querySelector("[name=rated]:checked");
        var value = rated && rated.value === "1" ? "rated" : "casual";
        switched.forEach(function (el) {
          if (el.dataset.set) return;
          if (el.type === "checkbox") el.checked = el.dataset[value] === "1";
          else el.value = el.dataset[value];
        });
      });
    });
  });
})();
