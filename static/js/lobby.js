// The lobby page and "My games".
// - The New table form follows the chosen game: seat limits, bots at most the seats (its options: game-options.js).
// - The live lists come over one socket (/ws/lobby/): each push is the lists rendered for everyone, morphed
//   into the page (idiomorph) so the filters, forms and scroll stay as they are. Every push carries the
//   lobby's revision; an older one never replaces a newer one, and a check-in every 20 s repairs a lost push
//   (and keeps this person "online").
// - What depends on the viewer ("you sit here", log in to sit) is marked here from the seats' user ids.
// - Countdowns (bots sitting down, the clock of a game) tick here.
(function () {
  "use strict";

  // ---- the New table form --------------------------------------------------------------------------------
  var form = document.querySelector("form.new-table");
  if (form) {
    var limits = JSON.parse(form.dataset.limits || "{}");
    var game = form.querySelector("[name=ruleset]");
    var seats = form.querySelector("[name=seats]");
    var bots = form.querySelector("[name=bots]");
    var level = form.querySelector("[name=bot_level]");
    var hint = document.getElementById("nt-hint");
    var adapt = function () {
      var lim = limits[game.value] || [2, 6];
      seats.min = lim[0];
      seats.max = lim[1];
      var n = Number(seats.value) || lim[0];
      if (n < lim[0]) seats.value = lim[0];
      if (n > lim[1]) seats.value = lim[1];
      bots.max = seats.value;
      if (Number(bots.value) > Number(seats.value)) bots.value = seats.value;
      if (level) level.disabled = Number(bots.value) === 0;
      if (hint) hint.textContent = (hint.dataset.template || "").replace("%(min)s", lim[0]).replace("%(max)s", lim[1]);
    };
    game.addEventListener("change", adapt);
    seats.addEventListener("input", adapt);
    bots.addEventListener("input", adapt);
    adapt();
  }

  // ---- countdowns ------------------------------------------------------------------------------------------
  function clockText(s) {
    if (s >= 86400) return Math.floor(s / 86400) + " d " + Math.floor((s % 86400) / 3600) + " h";
    if (s >= 3600) return Math.floor(s / 3600) + " h " + Math.floor((s % 3600) / 60) + " min";
    var m = Math.floor(s / 60), r = s % 60;
    return m + ":" + (r < 10 ? "0" : "") + r;
  }
  function tick() {
    var overdue = (document.querySelector("[data-overdue]") || {dataset: {}}).dataset.overdue || "0:00";
    document.querySelectorAll(".countdown[data-until]").forEach(function (el) {
      var until = Date.parse(el.dataset.until);
      if (isNaN(until)) return;
      var left = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      var text;
      if (left <= 0) text = el.dataset.done || overdue;
      else if (el.dataset.template) text = el.dataset.template.replace("%(s)s", left);
      else text = clockText(left);
      if (el.textContent !== text) el.textContent = text;
      el.classList.toggle("low", left > 0 && left < 60);
    });
  }
  tick();
  setInterval(tick, 1000);

  // ---- the live lobby --------------------------------------------------------------------------------------
  var root = document.getElementById("lobby");
  if (!root) return;
  var me = root.dataset.me || "";
  var csrf = (document.querySelector("meta[name=csrf-token]") || {}).content || "";
  var statusEl = document.getElementById("lobby-status");

  function shownRev() {
    var el = root.querySelector("[data-rev]");
    return el ? Number(el.dataset.rev) : -1;
  }

  // Filters: kept in the page's address, so a reload (or a shared link) keeps them too.
  var filters = document.querySelectorAll("[data-filter]");
  var params = new URLSearchParams(location.search);
  filters.forEach(function (sel) {
    var saved = params.get("filter_" + sel.dataset.filter);
    if (saved && sel.querySelector('option[value="' + saved.replace(/"/g, "") + '"]')) sel.value = saved;
    sel.addEventListener("change", function () {
      var p = new URLSearchParams(location.search);
      if (sel.value) p.set("filter_" + sel.dataset.filter, sel.value); else p.delete("filter_" + sel.dataset.filter);
      var q = p.toString();
      history.replaceState(null, "", location.pathname + (q ? "?" + q : ""));
      refine();
    });
  });
  function chosen(name) {
    var sel = document.querySelector('[data-filter="' + name + '"]');
    return sel ? sel.value : "";
  }

  // Everything that depends on the viewer or the filters, after the first render and every push.
  function refine() {
    var g = chosen("game"), tc = chosen("tc");
    root.querySelectorAll(".lobby-table").forEach(function (row) {
      var show = (!g || row.dataset.game === g) && (!tc || row.dataset.tc === tc);
      row.hidden = !show;
      var mine = !!me && (" " + (row.dataset.users || "") + " ").indexOf(" " + me + " ") >= 0;
      row.classList.toggle("is-mine", mine);
      var join = row.querySelector("[data-join]"), login = row.querySelector("[data-login]"),
        seated = row.querySelector("[data-mine]");
      if (join) join.hidden = !me || mine;
      if (login) login.hidden = !!me;
      if (seated) seated.hidden = !mine;
    });
    root.querySelectorAll(".game-group").forEach(function (group) {
      group.hidden = !group.querySelector(".lobby-table:not([hidden])");
    });
    var open = root.querySelector(".lobby-open");
    var none = root.querySelector(".lobby-filtered-empty");
    if (open && none) none.hidden = !!open.querySelector(".lobby-table:not([hidden])");
    tick();
  }

  function apply(html) {
    var tpl = document.createElement("template");
    tpl.innerHTML = html;
    var incoming = tpl.content.querySelector("[data-rev]");
    if (incoming && Number(incoming.dataset.rev) < shownRev()) return;
    Idiomorph.morph(root, tpl.content, {morphStyle: "innerHTML"});
    refine();
    root.dispatchEvent(new CustomEvent("lobby:updated", {bubbles: true, detail: {rev: shownRev()}}));
  }

  // A pushed render carries no per-person CSRF token: the page's own goes with each form.
  root.addEventListener("submit", function (e) {
    var f = e.target.closest("form");
    if (f && (f.getAttribute("method") || "").toLowerCase() === "post" && !f.querySelector("[name=csrfmiddlewaretoken]")) {
      var token = document.createElement("input");
      token.type = "hidden";
      token.name = "csrfmiddlewaretoken";
      token.value = csrf;
      f.appendChild(token);
    }
  });

  var socket = null, retries = 0, everConnected = false;
  function setStatus(state) { if (statusEl) statusEl.dataset.state = state; }
  function connect() {
    var proto = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(proto + location.host + "/ws/lobby/");
    socket.onopen = function () { retries = 0; everConnected = true; setStatus("live"); };
    socket.onmessage = function (e) {
      var msg;
      try { msg = JSON.parse(e.data); } catch (err) { return; }
      if (msg.type === "lobby") apply(msg.html);
    };
    socket.onclose = function () {
      setStatus(everConnected ? "reconnecting" : "connecting");
      retries += 1;
      setTimeout(connect, Math.min(10000, 300 * Math.pow(2, Math.min(retries, 6))));  // the server sends the lists on connect
    };
  }
  function checkIn() {
    if (socket && socket.readyState === 1) socket.send(JSON.stringify({type: "hello", rev: Math.max(0, shownRev())}));
  }
  setInterval(checkIn, 20000);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) checkIn(); });
  refine();
  connect();
})();
