// The table chat (games/templates/games/_chat.html): lines arrive over the table's one socket (table.js passes every
// non-table message as a "tablero:message" event) and are sent through it (window.tablero.send); when the socket is
// down the form posts over HTTP instead. Lines are built from a <template> with textContent only: chat text is never
// parsed as HTML. Which lines a viewer may get is decided on the server (games/chat/lines.py); this only shows them.
(function () {
  "use strict";
  var root = document.getElementById("chat");
  if (!root) return;
  var gameId = (document.getElementById("table") || {dataset: {}}).dataset.game || "";
  var csrf = (document.querySelector("meta[name=csrf-token]") || {}).content || "";
  var lang = document.documentElement.lang || undefined;
  var MAX_LINES = 300;
  var openKey = "tablero-chat-open-" + gameId, tabKey = "tablero-chat-tab-" + gameId;
  var unread = {};
  var pending = {};  // ref -> text sent over the socket, until the server answers
  var counter = 0;
  var heardOf = 0;  // the newest line id this page has shown or been told about (muted and hidden lines too)

  function $(sel, el) { return (el || root).querySelector(sel); }
  function $all(sel, el) { return Array.prototype.slice.call((el || root).querySelectorAll(sel)); }
  function me() { return root.dataset.me || ""; }
  function lists() { return $all(".chat-lines"); }
  function listFor(channel) { return $('.chat-lines[data-channel="' + channel + '"]'); }
  function activeTab() {
    var shown = lists().filter(function (l) { return !l.hidden; })[0];
    return shown ? shown.dataset.channel : "players";
  }

  // ---- showing lines -------------------------------------------------------------------------------------------
  function formatTime(el) {
    var at = el.getAttribute("datetime");
    if (!at || el.textContent) return;
    var d = new Date(at);
    if (!isNaN(d)) el.textContent = d.toLocaleTimeString(lang, {hour: "2-digit", minute: "2-digit"});
  }
  function nearBottom(list) { return list.scrollHeight - list.scrollTop - list.clientHeight < 60; }
  function toBottom(list) { if (list) list.scrollTop = list.scrollHeight; }

  function lastShownId() {
    var ids = $all(".chat-line[data-id]").map(function (li) { return Number(li.dataset.id); });
    return ids.length ? Math.max.apply(null, ids) : null;
  }

  function buildLine(line) {
    var tpl = document.getElementById("chat-line-tpl");
    var li = tpl.content.firstElementChild.cloneNode(true);
    li.dataset.id = String(line.id);
    li.dataset.author = line.author || "";
    if (line.author && line.author === me()) li.classList.add("mine");
    var dot = $(".seat-dot", li);
    if (line.seat === null || line.seat === undefined) dot.remove();
    else dot.classList.add("seat-" + line.seat);
    $(".chat-author", li).textContent = line.author || "—";
    var time = $(".chat-time", li);
    time.setAttribute("datetime", line.at);
    formatTime(time);
    $(".chat-text", li).textContent = line.text;
    var report = $(".chat-report", li);
    if (report) {
      if (!line.author || line.author === me()) report.remove();
      else {
        report.href += "?message=" + encodeURIComponent(line.id) + "&next=" + encodeURIComponent(report.dataset.next);
        var said = (root.dataset.reportLabel || "Report %(name)s").replace("%(name)s", line.author);
        report.title = said;
        report.setAttribute("aria-label", said);
      }
    }
    var mute = $(".chat-mute-form", li);
    if (mute) {
      if (!line.author || line.author === me()) mute.remove();
      else {
        mute.querySelector("input[name=user]").value = line.author;
        var label = (root.dataset.muteLabel || "Mute %(name)s").replace("%(name)s", line.author);
        var button = mute.querySelector("button");
        button.title = label;
        button.setAttribute("aria-label", label);
      }
    }
    return li;
  }

  function addLine(line) {
    heardOf = Math.max(heardOf, Number(line.id) || 0);
    if (root.querySelector('.chat-line[data-id="' + line.id + '"]')) return;
    var list = listFor(line.channel);
    if (!list) { resync(); return; }  // a channel this page does not show yet (the game just ended)
    var stick = nearBottom(list) || line.author === me();
    list.appendChild(buildLine(line));
    while (list.children.length > MAX_LINES) list.firstElementChild.remove();
    if (stick) toBottom(list);
    var seen = root.open && !document.hidden && activeTab() === line.channel;
    if (!seen && line.author !== me()) {
      unread[line.channel] = (unread[line.channel] || 0) + 1;
      showUnread();
    }
  }

  function showUnread() {
    var total = 0;
    $all("[data-unread]").forEach(function (badge) {
      var n = unread[badge.dataset.unread] || 0;
      badge.textContent = n > 99 ? "99+" : String(n);
      badge.hidden = n === 0;
    });
    Object.keys(unread).forEach(function (k) { total += unread[k]; });
    var all = $("[data-unread-total]");
    if (all) { all.textContent = total > 99 ? "99+" : String(total); all.hidden = total === 0; }
  }

  function markRead() {
    if (!root.open || document.hidden) return;
    unread[activeTab()] = 0;
    showUnread();
  }

  // ---- tabs and the panel --------------------------------------------------------------------------------------
  function selectTab(channel) {
    if (!listFor(channel)) return;
    lists().forEach(function (l) { l.hidden = l.dataset.channel !== channel; });
    $all(".chat-tab").forEach(function (t) { t.setAttribute("aria-selected", String(t.dataset.tab === channel)); });
    $all("[data-note-for]").forEach(function (n) { n.hidden = n.dataset.noteFor !== channel; });
    var form = $(".chat-form");
    if (form) form.hidden = form.dataset.channel !== channel;
    try { sessionStorage.setItem(tabKey, channel); } catch (e) { /* private mode */ }
    toBottom(listFor(channel));
    markRead();
  }

  document.addEventListener("click", function (e) {
    var tab = e.target.closest && e.target.closest("#chat .chat-tab");
    if (tab) { e.preventDefault(); selectTab(tab.dataset.tab); return; }
    if (e.target.closest && e.target.closest("#chat [data-chat-close]")) { root.open = false; }
  });
  // "toggle" does not bubble: listen in the capture phase so a re-rendered panel needs no new listener.
  document.addEventListener("toggle", function (e) {
    if (e.target !== root) return;
    try { sessionStorage.setItem(openKey, root.open ? "1" : "0"); } catch (err) { /* private mode */ }
    if (root.open) {
      toBottom(listFor(activeTab()));
      markRead();
      var input = $(".chat-form:not([hidden]) input[name=text]");
      if (input && window.matchMedia("(min-width: 761px)").matches) input.focus();
    }
  }, true);
  document.addEventListener("visibilitychange", markRead);

  // ---- sending -------------------------------------------------------------------------------------------------
  function showError(text) {
    var box = $(".chat-error");
    if (!box) return;
    box.textContent = text || "";
    box.hidden = !text;
  }

  function post(form, extra) {
    var body = new FormData(form);
    Object.keys(extra || {}).forEach(function (k) { body.set(k, extra[k]); });
    return fetch(form.getAttribute("action"), {method: "POST", body: body, credentials: "same-origin",
                                               headers: {"X-CSRFToken": csrf, "Accept": "application/json"}})
      .then(function (r) { return r.json().then(function (data) { return {ok: r.ok, data: data}; }); });
  }

  function sendLine(form) {
    var input = form.querySelector("input[name=text]");
    var text = input.value;
    if (!text.trim()) return;
    showError("");
    var ref = "c" + (++counter);
    var sent = window.tablero && window.tablero.send({type: "chat", channel: form.dataset.channel, text: text, ref: ref});
    if (sent) {
      pending[ref] = text;
      form.classList.add("is-sending");
      return;
    }
    // No socket right now: the same rules over HTTP.
    form.classList.add("is-sending");
    post(form).then(function (res) {
      form.classList.remove("is-sending");
      if (!res.ok) { showError(res.data.message || root.dataset.failText); return; }
      if (input.value === text) input.value = "";
      addLine(res.data.line);
    }).catch(function () { form.classList.remove("is-sending"); showError(root.dataset.failText); });
  }

  function sendMute(form, undo) {
    var name = form.querySelector("input[name=user]").value;
    var sent = window.tablero && window.tablero.send({type: undo ? "unmute" : "mute", user: name});
    if (sent) return;
    post(form).then(function (res) {
      if (!res.ok) { showError(res.data.message || root.dataset.failText); return; }
      applyMutes(res.data.names, undo);
    }).catch(function () { showError(root.dataset.failText); });
  }

  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (!root.contains(form)) return;
    e.preventDefault();
    if (form.classList.contains("chat-form")) sendLine(form);
    else if (form.classList.contains("chat-mute-form")) sendMute(form, false);
    else if (form.querySelector("input[name=undo]")) sendMute(form, true);
  });

  // ---- mutes ---------------------------------------------------------------------------------------------------
  function applyMutes(names, unmuted) {
    var set = {};
    names.forEach(function (n) { set[n] = true; });
    $all(".chat-line[data-author]").forEach(function (li) { if (set[li.dataset.author]) li.remove(); });
    var list = $("[data-muted-list]"), tpl = document.getElementById("chat-muted-tpl");
    if (list && tpl) {
      list.textContent = "";
      names.forEach(function (n) {
        var li = tpl.content.firstElementChild.cloneNode(true);
        li.dataset.name = n;
        $(".chat-muted-name", li).textContent = n;
        li.querySelector("input[name=user]").value = n;
        list.appendChild(li);
      });
      $("[data-muted-count]").textContent = String(names.length);
      $(".chat-muted").hidden = names.length === 0;
    }
    if (unmuted) resync();  // their earlier lines come back
  }

  // ---- the server's messages -----------------------------------------------------------------------------------
  var mutedCount = $("[data-muted-count]");
  var mutedBefore = mutedCount ? Number(mutedCount.textContent) : null;
  document.addEventListener("tablero:message", function (e) {
    var msg = e.detail || {};
    if (msg.type === "chat") {
      addLine(msg);
    } else if (msg.type === "chat_ok") {
      var form = $(".chat-form");
      var input = form && form.querySelector("input[name=text]");
      if (input && pending[msg.ref] !== undefined && input.value === pending[msg.ref]) input.value = "";
      delete pending[msg.ref];
      if (form) form.classList.remove("is-sending");
    } else if (msg.type === "error" && (msg.for === "chat" || msg.for === "mute" || msg.for === "unmute")) {
      delete pending[msg.ref];
      var f = $(".chat-form");
      if (f) f.classList.remove("is-sending");
      showError(msg.message);
    } else if (msg.type === "mutes") {
      var count = msg.names.length;
      applyMutes(msg.names, mutedBefore !== null && count < mutedBefore);
      mutedBefore = count;
    } else if (msg.type === "chat_sync") {
      // The server says a newer line exists: fetch the panel (it may hold nothing new, e.g. a muted person's line).
      heardOf = Math.max(heardOf, msg.last || 0);
      resync();
    }
  });

  // ---- checking in ---------------------------------------------------------------------------------------------
  // Layers drop a message now and then, and a page that lost its socket missed what was said meanwhile: like the
  // table's check-in, the page tells the server the newest line it has, and is answered only when it is behind.
  var lastCheck = 0;
  function checkIn() {
    if (!window.tablero || !window.tablero.connected()) return;
    lastCheck = Date.now();
    heardOf = Math.max(heardOf, lastShownId() || 0);
    window.tablero.send({type: "chat_hello", last: heardOf || null});
  }
  setInterval(checkIn, 15000);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) checkIn(); });

  // The game ended (players now read the spectators' chat) or the viewer sat down or stood up: the panel changes.
  document.addEventListener("tablero:table", function (e) {
    // Every (re)connect brings the table first: a good moment to check in (at most every few seconds). Not after
    // every update: each check-in is a query on the server, and a table moving once a second made one every 3 s.
    if (e.detail && e.detail.fresh && Date.now() - lastCheck > 3000) setTimeout(checkIn, 0);
    var head = document.querySelector("#table [data-status]");
    if (!head) return;
    var ended = head.dataset.status === "finished" || head.dataset.status === "aborted";
    var player = !!document.querySelector("#table .seat.mine");
    if (ended !== (root.dataset.ended === "1") || player !== (root.dataset.player === "1")) resync();
  });

  // ---- the whole panel again -----------------------------------------------------------------------------------
  var syncing = false;
  function resync() {
    if (syncing || !root.dataset.panelUrl) return;
    syncing = true;
    fetch(root.dataset.panelUrl, {credentials: "same-origin"})
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (html) {
        var tpl = document.createElement("template");
        tpl.innerHTML = html;
        var fresh = tpl.content.getElementById("chat");
        if (!fresh) return;
        var wasOpen = root.open, tab = activeTab();
        var oldInput = $(".chat-form input[name=text]");
        var typed = oldInput ? oldInput.value : "";
        var focused = oldInput && document.activeElement === oldInput;
        var known = {};
        $all(".chat-line[data-id]").forEach(function (li) { known[li.dataset.id] = true; });
        root.replaceWith(fresh);
        root = fresh;
        root.open = wasOpen;
        prepare();
        selectTab(listFor(tab) ? tab : activeTab());
        var input = $(".chat-form input[name=text]");
        if (input) { input.value = typed; if (focused) input.focus(); }
        // Lines this page had not shown count as unread unless the reader is looking at them.
        $all(".chat-line[data-id]").forEach(function (li) {
          if (known[li.dataset.id] || li.dataset.author === me()) return;
          var ch = li.closest(".chat-lines").dataset.channel;
          if (!(root.open && !document.hidden && activeTab() === ch)) unread[ch] = (unread[ch] || 0) + 1;
        });
        showUnread();
      })
      .catch(function () { /* the next reconnect tries again */ })
      .then(function () { syncing = false; });
  }

  function prepare() {
    $all(".chat-time").forEach(formatTime);
    lists().forEach(toBottom);
  }

  prepare();
  var savedTab = null, savedOpen = null;
  try { savedTab = sessionStorage.getItem(tabKey); savedOpen = sessionStorage.getItem(openKey); } catch (e) { /* */ }
  if (savedTab && listFor(savedTab) && !/[?&]chat=/.test(location.search)) selectTab(savedTab);
  if (savedOpen === "1") root.open = true;
})();
