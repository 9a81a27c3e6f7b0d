// A tournament's page: its standing, tables and podium come over its socket (/ws/tournaments/<id>/) whenever the
// tournament changes, and are morphed into the live part. A lost socket is opened again (the live part re-read over HTTP
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
  // Morphed, not replaced: the buttons that stay (Join, Add a bot) are the same elements after a push, so a press
  // that a push lands in the middle of (as the socket opens, right after the page loads) still makes its click,
  // and the focus stays where it was.
  function replace(html) {
    var tpl = document.createElement("template");
    tpl.innerHTML = html;
    Idiomorph.morph(box, tpl.content, {morphStyle: "innerHTML"});
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
