// A tournament's page: its standing, tables and podium come over its socket (/ws/tournaments/<id>/) whenever the
// tournament changes, and replace the live part. A lost socket is opened again (the live part re-read over HTTP
// meanwhile), so the page catches up by itself.
(function () {
  "use strict";
  var box = document.getElementById("tournament-live");
  if (!box) return;
  var delay = 1000;
  var csrf = (document.querySelector("meta[name=csrf-token]") || {}).content || "";
  // A pushed render carries no per-person CSRF token: the page's own goes with each form.
  box.addEventListener("submit", function (e) {
    var f = e.target.closest("form");
    if (f && !f.querySelector("[name=csrfmiddlewaretoken]")) {
      var token = document.createElement("input");
      token.type = "hidden";
      token.name = "csrfmiddlewaretoken";
      token.value = csrf;
      f.appendChild(token);
    }
  });
  function replace(html) {
    var focused = document.activeElement && box.contains(document.activeElement);
    box.innerHTML = html;
    if (focused) box.focus();
  }
  function reread() {
    fetch(box.dataset.live, {credentials: "same-origin"}).then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) { if (html) replace(html); }).catch(function () {});
  }
  function connect() {
    var ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + box.dataset.socket);
    ws.onopen = function () { delay = 1000; box.dataset.connected = "1"; };
    ws.onmessage = function (e) {
      var msg;
      try { msg = JSON.parse(e.data); } catch (err) { return; }
      if (msg.type === "tournament" && typeof msg.html === "string") replace(msg.html);
    };
    ws.onclose = function () {
      delete box.dataset.connected;
      setTimeout(function () { reread(); connect(); }, delay);
      delay = Math.min(delay * 2, 15000);
    };
  }
  connect();
})();
