// The live table: one socket, morphing updates, moves sent with a visible pending state, moves made on the
// board, ticking clocks. Each update is the table rendered for this viewer; it is morphed into the page
// (idiomorph) so open panels, typed values, focus and scroll survive it. Every update carries the table's
// revision: an older one never replaces a newer one, and a reconnecting page gets the current table at once.
(function () {
  "use strict";
  var root = document.getElementById("table");
  if (!root) return;
  var gameId = root.dataset.game;
  var csrf = (document.querySelector("meta[name=csrf-token]") || {}).content || "";
  var statusEl = document.getElementById("conn-status");
  var baseTitle = document.title;

  // The release this page's scripts came with. A table from another release (a deploy happened since the page
  // was loaded, and its socket reconnected to a node that runs the new one) reloads the page, once per release
  // (so a page loaded from a node of the new release and sent a table by one of the old, mid-deploy, does not
  // reload for ever).
  var head = root.querySelector("[data-release]");
  var release = head ? head.dataset.release : "";
  function otherRelease(incoming) {
    var theirs = incoming && incoming.dataset.release;
    if (!theirs || !release || theirs === release) return false;
    var key = "tablero-release-reload";
    try {
      if (sessionStorage.getItem(key) === theirs) return false;
      sessionStorage.setItem(key, theirs);
    } catch (err) { return false; }  // no storage: no way to tell a loop, so no reload
    location.reload();
    return true;
  }

  function shownRev() {
    var el = root.querySelector("[data-rev]");
    return el ? Number(el.dataset.rev) : -1;
  }

  // ---- what the person is doing survives an update ------------------------------------------------------
  // A form control the person changed is "dirty" until its form is sent: updates leave it alone.
  root.addEventListener("input", function (e) { if (e.target.form) e.target.dataset.dirty = "1"; });
  root.addEventListener("change", function (e) { if (e.target.form) e.target.dataset.dirty = "1"; });
  function isDirty(node) {
    return node.nodeType === 1 && node.dataset && node.dataset.dirty === "1";
  }
  var morphConfig = {
    morphStyle: "innerHTML",
    ignoreActiveValue: true,
    callbacks: {
      beforeNodeMorphed: function (oldNode, newNode) {
        if (isDirty(oldNode)) return false;
        // A copy of a kept part paired with the page's element it was copied from (the same digest is the same
        // content): nothing to compare. Paired with another element, it is morphed as any other.
        if (isCopy(newNode) && oldNode.nodeType === 1 && named(oldNode) === named(newNode)) {
          oldNode.classList.remove("is-pending");
          return false;
        }
        return true;
      },
      beforeAttributeUpdated: function (name, node) {
        if (name === "open" && node.tagName === "DETAILS") return false;  // the person opened or closed it
        if (isDirty(node) && (name === "value" || name === "checked" || name === "selected")) return false;
        return true;
      },
      // A note beside a form (a refusal, a tick dropped) stays until that form is sent again.
      beforeNodeRemoved: function (node) {
        return !(node.id === "target-pop" || (node.classList && node.classList.contains("form-note")));
      },
    },
  };

  // A tick or a typed amount belongs to the deed or card it was made for, whose id its control carries
  // (es-ask-deed-9, lz-ask-plot-12): idiomorph matches controls by id, so a push that reorders or shortens a
  // list does not move a tick onto the control that took its place. What the person set is put back by id
  // after the morph (a control drawn anew keeps it too); a ticked thing that is gone, or that changed hands (a
  // deal asks its owner for it), is unticked and named beside its form.
  function ownerOf(el) {
    var holder = el.closest("[data-owner]");
    return holder ? holder.dataset.owner : "";
  }
  function choices() {
    return Array.prototype.map.call(root.querySelectorAll("form [data-dirty][id]"), function (el) {
      var label = el.closest("label");
      return {id: el.id, form: el.form ? el.form.id : "", checkbox: el.type === "checkbox", checked: el.checked,
              value: el.value, owner: ownerOf(el), label: label ? label.textContent.trim() : el.id};
    });
  }
  function restoreChoices(saved) {
    var gone = {};
    saved.forEach(function (c) {
      var el = document.getElementById(c.id);
      var here = el && root.contains(el);
      if (here && !(c.checkbox && c.checked && ownerOf(el) !== c.owner)) {
        if (c.checkbox) el.checked = c.checked;
        else if (el.value !== c.value) el.value = c.value;
        el.dataset.dirty = "1";
      } else if (c.checkbox && c.checked && c.form) {
        if (here) { el.checked = false; delete el.dataset.dirty; }
        (gone[c.form] = gone[c.form] || []).push(c.label);
      }
    });
    Object.keys(gone).forEach(function (formId) {
      var form = document.getElementById(formId);
      if (!form) return;
      var was = form.querySelector(".form-gone");
      var names = (was ? was.dataset.names.split("\n") : []).concat(gone[formId]);
      var text = (root.dataset.goneText || "%(names)s").replace("%(names)s", names.join(", "));
      note(form, "gone", document.createTextNode(text)).dataset.names = names.join("\n");
    });
  }
  // A note of one kind ("refusal", "gone") at the end of a form, made or replaced; it has an id, so a morph
  // never mistakes it for another element of the form.
  function note(form, kind, content) {
    var id = form.id + "-" + kind;
    var box = document.getElementById(id);
    if (!box) {
      box = document.createElement("div");
      box.id = id;
      box.className = "form-note form-" + kind;
      box.setAttribute("role", kind === "refusal" ? "alert" : "status");
      form.appendChild(box);
    }
    box.replaceChildren(content);
    return box;
  }
  function clearNotes(form) {
    form.querySelectorAll(".form-note").forEach(function (el) { el.remove(); });
  }

  // A push names the board's elements this page already shows (data-keep) instead of sending them again: each
  // is filled with the page's own copy (data-part, the same digest of the same content; data-line for a line
  // of the log). A run of them that stood together on this page comes as one placeholder: its first, how many
  // (data-run) and its last (data-last), filled with that many of the page's elements from the first on and
  // the white space between. One the page lacks (it missed a push) leaves the update unapplied and asks the
  // server for the whole table.
  function named(node) {
    return node.getAttribute("data-part") || node.getAttribute("data-line");
  }
  // The page's named elements are indexed once per update (the first in document order for each name): a
  // selector per placeholder scanned the whole table each time, a hundred times an update.
  function pageParts() {
    var index = Object.create(null);
    root.querySelectorAll("[data-part], [data-line]").forEach(function (el) {
      ["data-part", "data-line"].forEach(function (attr) {
        var name = el.getAttribute(attr);
        if (name && !(name in index)) index[name] = el;
      });
    });
    return index;
  }
  // A kept part's copy is marked (data-copy) for the morph, which leaves the page's element alone where it
  // pairs the two: comparing a copy of the board node by node was most of an update's morph. The mark goes
  // after the morph (from the copies it inserted, or that were morphed into another element).
  function isCopy(node) {
    return node.nodeType === 1 && node.hasAttribute("data-copy");
  }
  function fillKept(content) {
    var holes = content.querySelectorAll("[data-keep]");
    var parts = holes.length ? pageParts() : null;
    for (var i = 0; i < holes.length; i++) {
      var digest = holes[i].getAttribute("data-keep");
      var node = parts[digest] || null;
      var count = Number(holes[i].getAttribute("data-run") || 1), copies = [], last = null;
      while (count > 0) {
        if (!node) return false;
        if (node.nodeType === 1) {
          if (!named(node)) return false;
          var copy = node.cloneNode(true);
          copy.classList.remove("is-legal", "is-pending");  // this page's marks, not the server's
          copy.setAttribute("data-copy", "");
          copies.push(copy);
          last = node;
          count -= 1;
        } else if (node.nodeType === 3 && !node.nodeValue.trim()) {
          copies.push(node.cloneNode());
        } else {
          return false;
        }
        if (count > 0) node = node.nextSibling;
      }
      if (holes[i].hasAttribute("data-last") && named(last) !== holes[i].getAttribute("data-last")) return false;
      holes[i].replaceWith.apply(holes[i], copies);
    }
    return true;
  }

  // A table that every viewer shares (games.live.snapshots.table_message) comes with this viewer's own parts:
  // each slot (template[data-own]) is replaced by its part, and the board's mark of the viewer's seat
  // (data-you-slot) becomes its seat, before the morph, so that the page morphs into the table as drawn for it.
  function fillOwn(content, own, you) {
    content.querySelectorAll("template[data-own]").forEach(function (slot) {
      var part = document.createElement("template");
      part.innerHTML = own[slot.getAttribute("data-own")] || "";
      slot.replaceWith(part.content);
    });
    // A part that begins or ends with text ("name <small>(you)</small>") leaves two text nodes side by side, which
    // parsing the same HTML never makes and the morph does not pair as one: joined, as a fresh page has them.
    content.normalize();
    content.querySelectorAll("[data-you-slot]").forEach(function (el) {
      el.removeAttribute("data-you-slot");
      if (you !== null && you !== undefined) el.setAttribute("data-you", you);
    });
  }

  function apply(html, force, own, you) {
    var started = performance.now();
    var tpl = document.createElement("template");
    tpl.innerHTML = html;
    if (own) fillOwn(tpl.content, own, you);
    var incoming = tpl.content.querySelector("[data-rev]");
    var rev = incoming ? Number(incoming.dataset.rev) : -1;
    if (otherRelease(incoming)) return false;
    if (!force && rev < shownRev()) return false;
    if (!fillKept(tpl.content)) {
      if (socket && socket.readyState === 1) socket.send(JSON.stringify({type: "hello", rev: shownRev(), full: true}));
      return false;
    }
    var t0 = performance.now();
    var saved = choices();
    Idiomorph.morph(root, tpl.content, morphConfig);
    root.querySelectorAll("[data-copy]").forEach(function (el) { el.removeAttribute("data-copy"); });
    restoreChoices(saved);
    afterUpdate();
    // read by bench/table_latency.py and bench/browser_latency.py: the morph, and the parse and fill before it
    (window.tableStats = window.tableStats || []).push(performance.now() - t0);
    (window.tablePrepare = window.tablePrepare || []).push(t0 - started);
    if (waiting) waiting();
    return true;
  }

  // ---- the socket --------------------------------------------------------------------------------------
  var socket = null, retries = 0, everConnected = false;
  var fresh = true;  // the next table is the first since the page loaded or its socket (re)opened
  function setStatus(state) {
    if (!statusEl) return;
    statusEl.dataset.state = state;
    statusEl.hidden = state === "live";
  }
  // One socket and at most one pending reconnection: a socket that was replaced is ignored (its late close
  // must not schedule a second one), and nothing is tried while the browser says it is offline.
  var retryTimer = null;
  function connect() {
    clearTimeout(retryTimer);
    retryTimer = null;
    if (socket && socket.readyState < 2) return;  // already open or opening
    if (navigator.onLine === false) { setStatus(everConnected ? "reconnecting" : "connecting"); return; }  // "online" calls back
    var proto = location.protocol === "https:" ? "wss://" : "ws://";
    // `make run` names the port of the web process that holds this game's sockets (data-socket-port).
    var host = root.dataset.socketPort ? location.hostname + ":" + root.dataset.socketPort : location.host;
    var ws = new WebSocket(proto + host + "/ws/games/" + gameId + "/?format=html&keep=2");
    socket = ws;
    ws.onopen = function () { if (ws !== socket) return; retries = 0; everConnected = true; fresh = true; setStatus("live"); };
    ws.onmessage = function (e) {
      if (ws !== socket) return;
      var msg;
      try { msg = JSON.parse(e.data); } catch (err) { return; }
      if (msg.type === "table") { apply(msg.html, false, msg.own, msg.you); uncertain = false; }
      else if (msg.for === "act" && answered(msg)) return;
      else document.dispatchEvent(new CustomEvent("tablero:message", {detail: msg}));  // chat, presence...
    };
    ws.onclose = function () {
      if (ws !== socket) return;
      if (acting) unanswered(acting.ref);  // made or not: the table fetched tells
      setStatus(everConnected ? "reconnecting" : "connecting");
      retries += 1;
      clearTimeout(retryTimer);
      retryTimer = setTimeout(connect, Math.min(10000, 300 * Math.pow(2, Math.min(retries, 6))));  // the server sends the table on connect
    };
  }
  // The network went away: an open socket may never hear of it (no close until TCP gives up, minutes later),
  // so it is dropped now and the page says so; when the network is back the page reconnects at once, without
  // waiting for the backoff, and the server's first message is the current table.
  window.addEventListener("offline", function () {
    if (socket && socket.readyState < 2) socket.close();
    setStatus(everConnected ? "reconnecting" : "connecting");
  });
  window.addEventListener("online", function () { retries = 0; connect(); });
  // Back from the back-forward cache, or a hidden tab shown again while its socket is down: reconnect now.
  window.addEventListener("pageshow", function (e) { if (e.persisted) connect(); });
  document.addEventListener("visibilitychange", function () { if (!document.hidden && socket && socket.readyState > 1) connect(); });
  // Channel layers drop a message now and then without a word: every few seconds (and when the tab comes
  // back) the page tells the server which revision it shows, and gets the table again if it is behind.
  function checkIn() {
    if (socket && socket.readyState === 1) socket.send(JSON.stringify({type: "hello", rev: shownRev()}));
  }
  setInterval(checkIn, 5000);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) checkIn(); });

  // ---- moves -------------------------------------------------------------------------------------------
  var busy = null;
  // A move whose request failed on the network may still have reached the server (only the answer was lost):
  // until the socket brings the table again, a stale refusal is not retried, so that move is never made twice.
  var uncertain = false;
  // ``origin`` is the form the person filled in, when a script sends its move through another (Ladrillazo's
  // deal form goes through #lz-move, named by its data-origin): its ticks stay until the move is taken.
  function send(form, retried, origin) {
    origin = origin || document.getElementById(form.dataset.origin || "") || form;
    delete form.dataset.origin;
    if (busy) return;
    busy = form;
    var button = form.querySelector("button[type=submit], button:not([type])");
    form.classList.add("is-pending");
    root.classList.add("is-busy");
    if (button) { button.setAttribute("aria-busy", "true"); }
    var target = form.dataset.target && root.querySelectorAll('[data-target="' + form.dataset.target + '"]:not(form)');
    if (target) target.forEach(function (el) { el.classList.add("is-pending"); });
    var body = new FormData(form);
    var sentVersion = body.get("version");
    var revAtSend = shownRev();
    if (!retried && actBySocket(form, body, revAtSend, {sent: function () { sent(form, origin); }, done: done,
                                                        refused: post})) return;
    post();
    function post() {
      var live = socket && socket.readyState === 1;
      var headers = {"X-CSRFToken": csrf, "HX-Request": "true"};
      if (live) headers["X-Table-Live"] = "1";  // the socket will bring the new table
      fetch(form.getAttribute("action"), {method: "POST", body: body, credentials: "same-origin", headers: headers})
        .then(function (r) { return r.text().then(function (t) { return {ok: r.ok, status: r.status, text: t}; }); })
        .then(function (res) {
          if (res.status === 204) { sent(form, origin); awaitPush(revAtSend, done); return; }
          done();
          if (!res.ok) { showError(root.dataset.failText || "Error"); return; }
          // A refused move leaves what the person ticked and typed as it was, with the reason beside it.
          var refused = refusalIn(res.text);
          if (!refused) sent(form, origin);
          apply(res.text, false);
          // The table moved on between the render and the click: if the same move is still offered, send it
          // again at the new version, once, so the click is not lost.
          var stale = root.querySelector(".refusal[data-code=stale]");
          if (stale && !retried && !uncertain) {
            var again = root.querySelector("form[data-act][data-key='" + form.dataset.key + "']");
            if (again && again.querySelector("input[name=version]").value !== sentVersion) { stale.remove(); send(again, true, origin); return; }
          }
          if (refused && root.contains(origin) && (origin !== form || origin.querySelector("[data-dirty]"))) {
            var reason = document.createDocumentFragment();
            Array.prototype.forEach.call(refused.childNodes, function (n) { reason.appendChild(n.cloneNode(true)); });
            note(origin, "refusal", reason);
          }
        })
        .catch(function () { done(); uncertain = true; showError(root.dataset.offlineText || "Offline"); });
    }
    function done() {
      busy = null;
      form.classList.remove("is-pending");
      root.classList.remove("is-busy");
      if (button) button.removeAttribute("aria-busy");
      root.querySelectorAll(".is-pending").forEach(function (el) { el.classList.remove("is-pending"); });
    }
  }
  // A move a button makes (its action and version, nothing the person typed) goes over the open socket: one
  // message instead of a request, made in the process that holds this page's socket, which pushes the new table
  // to it at once. The answer names the move (``ref``): ``accepted``, then the push; a refusal sends the same form
  // as a request, whose answer draws the reason as ever (and retries a stale one). No answer in 4 s (the socket
  // closed, a rate limit's refusal names no move): the move may have been made, so it is not sent again, and the
  // table is fetched as after a request whose push never came.
  var acting = null, actCount = 0;
  function actBySocket(form, body, revAtSend, then) {
    if (!socket || socket.readyState !== 1 || uncertain) return false;
    var action = null, version = null, plain = true;
    body.forEach(function (value, name) {
      if (name === "action") action = value;
      else if (name === "version") version = value;
      else if (name.indexOf("a_") === 0 && value !== "") plain = false;  // typed or ticked: the request merges it
    });
    if (!plain || action === null) return false;
    try { action = JSON.parse(action); } catch (err) { return false; }
    var ref = "m" + (++actCount);
    var message = {type: "act", action: action, ref: ref};
    if (version) message.version = Number(version);
    acting = {ref: ref, revAtSend: revAtSend, then: then,
              timer: setTimeout(function () { unanswered(ref); }, 4000)};
    socket.send(JSON.stringify(message));
    return true;
  }
  function unanswered(ref) {
    if (!acting || acting.ref !== ref) return;
    var then = acting.then, revAtSend = acting.revAtSend;
    acting = null;
    uncertain = true;
    awaitPush(revAtSend, then.done);
  }
  function answered(msg) {
    if (!acting || msg.ref !== acting.ref) return false;
    var then = acting.then, revAtSend = acting.revAtSend;
    clearTimeout(acting.timer);
    acting = null;
    if (msg.type === "accepted") { then.sent(); awaitPush(revAtSend, then.done); }
    else then.refused();
    return true;
  }
  // The move was taken; the button stays pending until the socket shows its result (so a second click cannot
  // repeat it), or the table is fetched if no push comes.
  var waiting = null;
  // The move went through: what the person typed into its form was sent, and the next update may replace it.
  // Scripts that built the move hear of it (Ladrillazo closes its deal panel).
  function sent(form, origin) {
    [form, origin].forEach(function (f) {
      f.querySelectorAll("[data-dirty]").forEach(function (el) { delete el.dataset.dirty; });
      clearNotes(f);
    });
    document.dispatchEvent(new CustomEvent("tablero:sent", {detail: {form: origin}}));
  }
  // The refusal a rendered table carries, if any (the server draws it at the top of the table).
  function refusalIn(html) {
    var tpl = document.createElement("template");
    tpl.innerHTML = html;
    return tpl.content.querySelector(".refusal");
  }
  function awaitPush(revAtSend, done) {
    var started = Date.now();
    waiting = function () {
      if (shownRev() > revAtSend) { waiting = null; done(); return true; }
      return false;
    };
    (function check() {
      if (!waiting) return;
      if (waiting()) return;
      if (Date.now() - started > 4000) {
        waiting = null;
        fetch("/games/" + gameId + "/table/", {credentials: "same-origin"})
          .then(function (r) { return r.text(); }).then(function (t) { apply(t, false); done(); }, done);
        return;
      }
      setTimeout(check, 50);
    })();
  }
  function showError(text) {
    var box = document.createElement("div");
    box.className = "refusal";
    box.setAttribute("role", "alert");
    box.textContent = text;
    root.prepend(box);
    setTimeout(function () { box.remove(); }, 5000);
  }
  root.addEventListener("submit", function (e) {
    var form = e.target.closest("form[data-act]");
    if (!form) {
      // Table forms (sit down, start, take the seat back) post normally; a pushed render carries no
      // per-person CSRF token, so the page's own token goes with them.
      var plain = e.target.closest("form");
      if (plain && (plain.getAttribute("method") || "").toLowerCase() === "post" && !plain.querySelector("[name=csrfmiddlewaretoken]")) {
        var token = document.createElement("input");
        token.type = "hidden";
        token.name = "csrfmiddlewaretoken";
        token.value = csrf;
        plain.appendChild(token);
      }
      return;
    }
    e.preventDefault();
    closePop();
    send(form, false);
  });

  // ---- moves on the board ------------------------------------------------------------------------------
  // A legal move names its board element (data-target); the element lights up, and a click there makes the
  // move at once when it is the only one and free, or offers the moves for that place in a small card.
  var pop = null;
  function closePop() { if (pop) { pop.remove(); pop = null; } }
  function formsFor(key) {
    return Array.prototype.filter.call(root.querySelectorAll("form[data-act][data-target]"), function (f) {
      return f.dataset.target === key;
    });
  }
  function keysOf(el) {
    return [el.dataset.target, el.dataset.target2].filter(Boolean);
  }
  function markTargets() {
    var legal = {};
    root.querySelectorAll("form[data-act][data-target]").forEach(function (f) { legal[f.dataset.target] = true; });
    root.querySelectorAll("[data-target]:not(form)").forEach(function (el) {
      el.classList.toggle("is-legal", keysOf(el).some(function (k) { return legal[k]; }));
    });
  }
  function openPop(el, forms, x, y) {
    closePop();
    pop = document.createElement("div");
    pop.id = "target-pop";
    pop.className = "target-pop card";
    pop.setAttribute("role", "dialog");
    var title = el.getAttribute("aria-label");
    if (title) { var h = document.createElement("p"); h.className = "target-pop-title"; h.textContent = title; pop.appendChild(h); }
    forms.forEach(function (f) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "act";
      b.textContent = f.querySelector("button").textContent;
      b.addEventListener("click", function () { closePop(); send(f, false); });
      pop.appendChild(b);
    });
    var cancel = document.createElement("button");
    cancel.type = "button";
    cancel.className = "btn-ghost";
    cancel.textContent = root.dataset.cancelText || "Cancel";
    cancel.addEventListener("click", closePop);
    pop.appendChild(cancel);
    document.body.appendChild(pop);
    var w = pop.offsetWidth, hgt = pop.offsetHeight;
    pop.style.left = Math.max(8, Math.min(window.innerWidth - w - 8, x - w / 2)) + "px";
    pop.style.top = Math.max(8, Math.min(window.innerHeight - hgt - 8, y + 12)) + "px";
    pop.querySelector("button").focus();
  }
  function activate(el, x, y) {
    var forms = [];
    keysOf(el).forEach(function (k) { forms = forms.concat(formsFor(k)); });
    if (!forms.length) return;
    if (forms.length === 1 && forms[0].dataset.direct === "1") { send(forms[0], false); return; }
    openPop(el, forms, x, y);
  }
  root.addEventListener("click", function (e) {
    var el = e.target.closest("[data-target]:not(form)");
    if (!el || !el.classList.contains("is-legal")) return;
    e.preventDefault();
    activate(el, e.clientX, e.clientY);
  });
  root.addEventListener("keydown", function (e) {
    if (e.key !== "Enter" && e.key !== " ") return;
    var el = e.target.closest && e.target.closest("[data-target]:not(form)");
    if (!el || !el.classList.contains("is-legal")) return;
    e.preventDefault();
    var r = el.getBoundingClientRect();
    activate(el, r.left + r.width / 2, r.bottom);
  });
  document.addEventListener("keydown", function (e) { if (e.key === "Escape") closePop(); });
  document.addEventListener("click", function (e) {
    if (pop && !pop.contains(e.target) && !e.target.closest("[data-target]")) closePop();
  });

  // ---- hints ------------------------------------------------------------------------------------------
  // Any place, card or token of the board that says what it is (data-hint, else its aria-label) tells it in a
  // small card: after a moment's hover with a mouse, on a long press with a finger (the press then makes no
  // move), on keyboard focus. One hint at a time; it goes when the pointer leaves, on a tap elsewhere, on Escape.
  var HINTED = "[data-hint], [aria-label][data-target]:not(form), [aria-label][data-space], [aria-label][data-province]";
  var hint = null, hintFor = null, hintTimer = null, pressed = false;
  // A hint that tells each seat something of its own (a province's MPs it holds) carries every seat's sentence in
  // data-hint-seat (JSON, in seat order): the page adds its own seat's, so the hint's element is one for every viewer.
  function hintText(el) {
    var text = el.getAttribute("data-hint") || el.getAttribute("aria-label") || "";
    var seats = el.getAttribute("data-hint-seat"), mine = el.closest("[data-you]");
    if (seats && mine) {
      try {
        var own = JSON.parse(seats)[Number(mine.getAttribute("data-you"))];
        if (own) text += " " + own;
      } catch (e) { /* a malformed list adds nothing */ }
    }
    return text;
  }
  function hideHint() {
    clearTimeout(hintTimer);
    if (hint) { hint.remove(); hint = null; }
    if (hintFor) { hintFor.removeAttribute("aria-describedby"); hintFor = null; }
  }
  function showHint(el) {
    var text = hintText(el);
    if (!text || (hintFor === el && hint)) return;
    hideHint();
    hint = document.createElement("div");
    hint.id = "hint-pop";
    hint.className = "hint-pop";
    hint.setAttribute("role", "tooltip");
    hint.textContent = text;
    document.body.appendChild(hint);
    hintFor = el;
    el.setAttribute("aria-describedby", "hint-pop");
    var r = el.getBoundingClientRect(), w = hint.offsetWidth, h = hint.offsetHeight;
    var top = r.bottom + 8 + h < window.innerHeight ? r.bottom + 8 : Math.max(8, r.top - h - 8);
    hint.style.left = Math.max(8, Math.min(window.innerWidth - w - 8, r.left + r.width / 2 - w / 2)) + "px";
    hint.style.top = top + "px";
  }
  function hinted(target) { return target && target.closest ? target.closest(HINTED) : null; }
  root.addEventListener("pointerover", function (e) {
    if (e.pointerType !== "mouse") return;
    var el = hinted(e.target);
    if (!el || el === hintFor) return;
    clearTimeout(hintTimer);
    hintTimer = setTimeout(function () { showHint(el); }, 350);
  });
  root.addEventListener("pointerout", function (e) {
    if (e.pointerType !== "mouse") return;
    var el = hinted(e.target);
    if (el && !el.contains(e.relatedTarget)) hideHint();
  });
  root.addEventListener("pointerdown", function (e) {
    if (e.pointerType === "mouse") return;
    var el = hinted(e.target);
    if (!el) return;
    var x = e.clientX, y = e.clientY;
    clearTimeout(hintTimer);
    pressed = false;
    hintTimer = setTimeout(function () { pressed = true; showHint(el); }, 450);
    function cancel(ev) {
      if (ev.type === "pointermove" && Math.abs(ev.clientX - x) + Math.abs(ev.clientY - y) < 12) return;
      clearTimeout(hintTimer);
      root.removeEventListener("pointermove", cancel);
      root.removeEventListener("pointerup", cancel);
      root.removeEventListener("pointercancel", cancel);
    }
    root.addEventListener("pointermove", cancel);
    root.addEventListener("pointerup", cancel);
    root.addEventListener("pointercancel", cancel);
  });
  // A long press showed a hint: the click that ends it is not a move, and the phone's own menu stays shut.
  root.addEventListener("click", function (e) {
    if (pressed) { pressed = false; e.preventDefault(); e.stopImmediatePropagation(); }
  }, true);
  root.addEventListener("contextmenu", function (e) { if (hinted(e.target)) e.preventDefault(); });
  root.addEventListener("focusin", function (e) { var el = hinted(e.target); if (el) showHint(el); });
  root.addEventListener("focusout", function (e) { if (hinted(e.target) === hintFor) hideHint(); });
  document.addEventListener("keydown", function (e) { if (e.key === "Escape") hideHint(); });
  document.addEventListener("pointerdown", function (e) {
    if (hint && !hinted(e.target)) hideHint();
  });

  // ---- clocks ------------------------------------------------------------------------------------------
  function fmt(s) {
    s = Math.max(0, s);
    if (s >= 86400) return Math.floor(s / 86400) + "d " + Math.floor((s % 86400) / 3600) + "h";
    if (s >= 3600) return Math.floor(s / 3600) + "h " + Math.floor((s % 3600) / 60) + "m";
    var m = Math.floor(s / 60), r = Math.floor(s % 60);
    return m + ":" + (r < 10 ? "0" : "") + r;
  }
  function tick() {
    var now = Date.now();
    root.querySelectorAll(".clock").forEach(function (el) {
      var move = Number(el.dataset.move || 0), reserve = Number(el.dataset.reserve || 0);
      var started = el.dataset.started ? Date.parse(el.dataset.started) : null;
      var moveLeft = move, reserveLeft = reserve;
      if (started !== null) {
        var used = (now - started) / 1000;
        moveLeft = move - used;
        if (moveLeft < 0) { reserveLeft = reserve + moveLeft; moveLeft = 0; }
      }
      var m = el.querySelector(".clock-move"), r = el.querySelector(".clock-reserve");
      if (m) m.textContent = started !== null ? fmt(moveLeft) : "";
      if (r) r.textContent = fmt(reserveLeft);
      el.classList.toggle("low", started !== null && moveLeft + reserveLeft < 15);
    });
  }

  // The coach's own button makes the move it names, as that move's button would (without JavaScript it is a link
  // to that button).
  root.addEventListener("click", function (e) {
    var go = e.target.closest("[data-coach-go]");
    if (!go) return;
    var form = root.querySelector("form[data-act][data-coach]");
    if (!form) return;
    e.preventDefault();
    closePop();
    // Not left focused: the morph leaves the focused element's text as it was (ignoreActiveValue), and the next
    // push names the coach's next move on this very button.
    go.blur();
    send(form, false);
  });
  // A teaching table's coach names one move (data-coach on its form): its place on the board lights up too.
  function markCoach() {
    var pick = root.querySelector("form[data-act][data-coach]");
    var key = pick ? pick.dataset.target : null;
    root.querySelectorAll(".coach-pick").forEach(function (el) { if (!key || !keysOf(el).includes(key)) el.classList.remove("coach-pick"); });
    if (key) root.querySelectorAll("[data-target]:not(form)").forEach(function (el) {
      if (keysOf(el).includes(key)) el.classList.add("coach-pick");
    });
  }
  function afterUpdate() {
    markTargets();
    markCoach();
    tick();
    var mine = root.querySelector("[data-your-turn]");
    document.title = (mine ? "\u25cf " : "") + baseTitle;
    // Other scripts (chat, your-turn signals) listen instead of reaching into this one.
    document.dispatchEvent(new CustomEvent("tablero:table", {detail: {rev: shownRev(), yourTurn: !!mine, fresh: fresh}}));
    fresh = false;
  }
  // The one socket, shared: other scripts send through it (``tablero.send({type: "chat", ...})``).
  window.tablero = {
    send: function (msg) {
      if (!socket || socket.readyState !== 1) return false;
      socket.send(JSON.stringify(msg));
      return true;
    },
    connected: function () { return !!socket && socket.readyState === 1; },
    release: release,
  };

  setInterval(tick, 500);
  afterUpdate();
  connect();
})();
