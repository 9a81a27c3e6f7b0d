// The waiting table's card (games/_table.html in the lobby state): the invite link shown whole and copied with
// one click, and a quick-play table's wait counted down until bots sit down (Celery seats them; the socket
// then brings the started game).
(function () {
  "use strict";
  var root = document.getElementById("table");
  if (!root) return;

  function inviteUrl(input) {
    return new URL(input.dataset.path || input.value, location.href).href;
  }
  function fill() {
    root.querySelectorAll("input.invite-link").forEach(function (input) {
      var url = inviteUrl(input);
      if (input.value !== url) input.value = url;
    });
    tick();
  }

  function tick() {
    root.querySelectorAll(".quick-wait[data-fill-at]").forEach(function (box) {
      var at = Date.parse(box.dataset.fillAt), wait = Number(box.dataset.wait) || 0;
      if (isNaN(at)) return;
      var left = Math.max(0, Math.ceil((at - Date.now()) / 1000));
      var bar = box.querySelector("progress"), text = box.querySelector(".quick-left");
      if (bar) { bar.max = Math.max(1, wait); bar.value = Math.max(0, wait - left); }
      var words = left > 0 ? (box.dataset.template || "").replace("%(s)s", left) : box.dataset.done;
      if (text && words && text.textContent !== words) text.textContent = words;
    });
  }

  root.addEventListener("click", function (e) {
    var button = e.target.closest(".btn-copy");
    if (!button) return;
    var input = button.parentNode.querySelector("input.invite-link");
    if (!input) return;
    var url = inviteUrl(input);
    var done = function () {
      var label = button.dataset.label || button.textContent;
      button.dataset.label = label;
      button.textContent = button.dataset.copied || "OK";
      setTimeout(function () { button.textContent = label; }, 2000);
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(url).then(done, function () { input.select(); document.execCommand("copy"); done(); });
    } else {
      input.focus();
      input.select();
      document.execCommand("copy");
      done();
    }
  });

  document.addEventListener("tablero:table", fill);
  fill();
  setInterval(tick, 250);
})();
