// Ladrillazo's table, on top of table.js (which morphs each update into #table and sends data-act forms).
// - Lowering: click a card in hand, then the untapped plot cards that pay for it; the requirement meter
//   shows what is met; a confirm button lowers it. Cards without requirements offer their moves.
// - Backing: click (or drag with a mouse) one of your plot cards onto another; the new level, what it
//   unlocks and a padlock warning are shown before the confirm button.
// - Other moves of a plot card (run, hide, evade, withdraw) are offered in the same bar.
// - The deal and discard forms are built into moves here.
// - The bar is reached with the keyboard as with the mouse: opening it from a card (Enter or a click) puts the
//   focus on its first control, Tab goes through its controls and then back to the card, Escape closes it
//   and returns to the card; the plot cards that pay for a card are listed in the bar as toggles, so a
//   keyboard need not leave it. A redraw of the bar (a push, a toggle) keeps the focus on the same control.
// Every move is sent by filling the hidden #lz-move form and calling requestSubmit(), so table.js's
// pending state and stale retry apply. Elements are replaced by morphs: everything is delegated on
// document and the selection lives here, re-applied after each update.
(function () {
  "use strict";
  var root = document.getElementById("table");
  if (!root) return;

  var sel = null;   // {mode: "lower"|"card", card: id, pay: [ids], target: id|null}
  var bar = null;
  var TYPES = ["land", "citizen", "politician", "builder", "project"];

  function texts() { return root.querySelector("#lz-texts"); }
  function t(name, params) {
    var el = texts();
    var s = (el && el.dataset["t" + name.charAt(0).toUpperCase() + name.slice(1)]) || name;
    if (params) Object.keys(params).forEach(function (k) { s = s.split("{" + k + "}").join(params[k]); });
    return s;
  }
  function myTurn() { var el = texts(); return !!(el && el.dataset.myTurn === "1"); }
  function you() { var el = texts(); return el ? el.dataset.you : null; }
  function cardEl(id) { return root.querySelector('.lz-card[data-card="' + id + '"]'); }
  function nameOf(el) {
    if (!el) return "?";
    var n = el.querySelector(".lz-name");
    return n ? n.textContent.trim() : (el.getAttribute("aria-label") || "?");
  }
  function needOf(el) {
    var need = {};
    (el.dataset.requires || "").trim().split(/\s+/).forEach(function (p) {
      if (p) { var kv = p.split(":"); need[kv[0]] = Number(kv[1]); }
    });
    return need;
  }
  function isMineOnPlot(el) {
    return el && !el.classList.contains("in-hand") && el.dataset.seat === you();
  }
  // The legal moves offered for a card, as {form, action} (the generic move forms carry data-target).
  function movesFor(id) {
    var out = [];
    root.querySelectorAll('form[data-act][data-target="card:' + id + '"]').forEach(function (f) {
      var input = f.querySelector("input[name=action]");
      try { out.push({form: f, action: JSON.parse(input.value), label: f.querySelector("button").textContent.trim()}); }
      catch (e) { /* not ours */ }
    });
    return out;
  }

  // ---- sending ---------------------------------------------------------------------------------------
  // ``origin``: the id of the form the person filled in for this move (table.js keeps it until the move is taken).
  function send(action, origin) {
    var form = root.querySelector("#lz-move"), input = root.querySelector("#lz-move-action");
    if (!form || !input) return;
    if (origin) form.dataset.origin = origin;
    input.value = JSON.stringify(action);
    input.dataset.dirty = "1";  // survives the morphs until sent again (a stale retry resends it)
    clear();
    form.requestSubmit();
  }

  // ---- the bar -----------------------------------------------------------------------------------------
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  }
  function button(label, cls, onclick, key) {
    var b = el("button", cls, label);
    b.type = "button";
    b.dataset.barKey = key || cls.split(" ").pop() + ":" + label;
    b.addEventListener("click", onclick);
    return b;
  }
  function controls() {
    return bar ? Array.prototype.filter.call(bar.querySelectorAll("button"), function (b) { return !b.disabled; }) : [];
  }
  function showBar(parts) {
    var opening = !bar;
    var focused = bar && bar.contains(document.activeElement) ? document.activeElement.dataset.barKey : null;
    if (!bar) {
      bar = el("div", "lz-bar card");
      bar.id = "lz-bar";
      bar.setAttribute("role", "dialog");
      bar.setAttribute("aria-live", "polite");
      document.body.appendChild(bar);
    }
    if (sel) bar.setAttribute("aria-label", nameOf(cardEl(sel.card)));
    bar.replaceChildren.apply(bar, parts);
    document.body.classList.add("lz-bar-open");
    var again = focused && Array.prototype.find.call(bar.querySelectorAll("button"), function (b) {
      return b.dataset.barKey === focused && !b.disabled;
    });
    if (again) again.focus();
    else if (opening || focused) { var first = controls()[0]; if (first) first.focus(); }
  }
  function hideBar() {
    if (bar) { bar.remove(); bar = null; }
    document.body.classList.remove("lz-bar-open");
  }
  // ``refocus`` (Cancel, Escape): the keyboard goes back to the card it came from, not to the top of the page.
  // Not after a move is sent: the card is about to move (a lowered card leaves the hand), and a focused
  // element is one the table's morph keeps where it stood.
  function clear(refocus) {
    var back = refocus && sel ? cardEl(sel.card) : null;
    sel = null;
    hideBar();
    paint();
    if (back) back.focus();
  }

  // ---- lowering ----------------------------------------------------------------------------------------
  function payable(hand) {
    var need = needOf(hand);
    return Array.prototype.filter.call(root.querySelectorAll(".lz-player.mine .lz-plot .lz-card[data-card]"), function (c) {
      return isMineOnPlot(c) && !c.classList.contains("lz-t-paradise") && !("tapped" in c.dataset) && !("backing" in c.dataset) &&
        Number(c.dataset.level) > 0 && need[c.dataset.type];
    });
  }
  function lowerCheck() {
    var hand = cardEl(sel.card);
    var need = needOf(hand), have = {}, byType = {};
    sel.pay.forEach(function (id) {
      var c = cardEl(id);
      if (!c) return;
      have[c.dataset.type] = (have[c.dataset.type] || 0) + Number(c.dataset.level);
      (byType[c.dataset.type] = byType[c.dataset.type] || []).push(c);
    });
    var missing = Object.keys(need).filter(function (k) { return (have[k] || 0) < need[k]; });
    var extra = null;
    if (!missing.length) {
      sel.pay.some(function (id) {
        var c = cardEl(id);
        if (c && (have[c.dataset.type] - Number(c.dataset.level)) >= need[c.dataset.type]) { extra = c; return true; }
        return false;
      });
    }
    return {need: need, have: have, missing: missing, extra: extra};
  }
  function lowerBar() {
    var hand = cardEl(sel.card);
    var check = lowerCheck();
    var parts = [el("p", "lz-bar-title", t("pay", {card: nameOf(hand)}))];
    var meter = el("div", "lz-meter");
    Object.keys(check.need).forEach(function (k) {
      var have = check.have[k] || 0, ok = have >= check.need[k];
      var item = el("span", "lz-meter-i " + (ok ? "ok" : "short"));
      item.dataset.type = k;
      item.appendChild(el("span", "lz-meter-t", t(k)));
      item.appendChild(el("b", null, have + "/" + check.need[k]));
      item.appendChild(el("span", "lz-meter-m", ok ? "✓" : "✗"));
      meter.appendChild(item);
    });
    parts.push(meter);
    var msg;
    if (check.missing.length) {
      msg = el("p", "lz-check bad", t("short") + " " + check.missing.map(function (k) {
        return (check.need[k] - (check.have[k] || 0)) + " " + t(k);
      }).join(", "));
    } else if (check.extra) {
      msg = el("p", "lz-check bad", t("extra", {card: nameOf(check.extra)}));
    } else {
      msg = el("p", "lz-check good", t("ok"));
    }
    msg.setAttribute("data-lz-check", "");
    parts.push(msg);
    var choices = el("div", "lz-btns lz-bar-pays");
    payable(hand).forEach(function (c) {
      var id = Number(c.dataset.card);
      var b = button(nameOf(c), "lz-bar-pay", function () { togglePay(c); }, "pay:" + id);
      b.setAttribute("aria-pressed", sel.pay.indexOf(id) >= 0 ? "true" : "false");
      choices.appendChild(b);
    });
    if (choices.childNodes.length) parts.push(choices);
    var row = el("div", "lz-btns");
    var go = button(t("lower") + " " + nameOf(hand), "lz-btn lz-bar-go", function () {
      send({type: "lower", card: sel.card, pay: sel.pay.slice()});
    });
    go.disabled = !!(check.missing.length || check.extra);
    row.appendChild(go);
    row.appendChild(button(t("cancel"), "btn-ghost lz-bar-cancel", clear));
    parts.push(row);
    showBar(parts);
  }
  function startLower(hand) {
    var id = Number(hand.dataset.card);
    if (Object.keys(needOf(hand)).length) {
      sel = {mode: "lower", card: id, pay: [], target: null};
      lowerBar();
      paint();
      return;
    }
    // No requirements (land, citizens, mamandurrias): its legal moves, if any, to confirm.
    var moves = movesFor(id);
    sel = {mode: "card", card: id, pay: [], target: null};
    var parts = [el("p", "lz-bar-title", moves.length ? t("free", {card: nameOf(hand)}) : t("cannot"))];
    var row = el("div", "lz-btns");
    moves.forEach(function (m) {
      row.appendChild(button(m.label, "lz-btn lz-bar-go", function () { send(m.action); }));
    });
    row.appendChild(button(t("cancel"), "btn-ghost lz-bar-cancel", clear));
    parts.push(row);
    showBar(parts);
    paint();
  }
  function togglePay(c) {
    var id = Number(c.dataset.card), i = sel.pay.indexOf(id);
    if (i >= 0) sel.pay.splice(i, 1); else sel.pay.push(id);
    lowerBar();
    paint();
  }

  // ---- a plot card's moves, and backing ----------------------------------------------------------------
  function backTargets(id) {
    return movesFor(id).filter(function (m) { return m.action.type === "back"; }).map(function (m) { return m.action.target; });
  }
  function cardBar() {
    var c = cardEl(sel.card);
    var moves = movesFor(sel.card);
    var backs = moves.filter(function (m) { return m.action.type === "back"; });
    var parts = [el("p", "lz-bar-title", t("card", {card: nameOf(c)}))];
    if (sel.target != null) {
      var target = cardEl(sel.target);
      var from = Number(target.dataset.level), to = from + 1;
      var info = el("div", "lz-preview");
      info.appendChild(el("p", "lz-check good", t("backing", {target: nameOf(target), card: nameOf(c), from: from, to: to})));
      (target.dataset.acts || "").trim().split(/\s+/).forEach(function (p) {
        if (!p) return;
        var kv = p.split(":"), n = Number(kv[0]);
        if (n > from && n <= to) info.appendChild(el("p", "lz-hint", t("unlocks", {n: n})));
        if (kv[1] === "earn" && target.dataset.type === "project") info.appendChild(el("p", "lz-hint", t("earns", {n: to})));
      });
      if ("padlock" in target.dataset) info.appendChild(el("p", "lz-check bad", t("padlock")));
      parts.push(info);
      var row = el("div", "lz-btns");
      var tid = sel.target, cid = sel.card;
      row.appendChild(button(t("back"), "lz-btn lz-bar-go", function () { send({type: "back", card: cid, target: tid}); }));
      row.appendChild(button(t("cancel"), "btn-ghost lz-bar-cancel", clear));
      parts.push(row);
      showBar(parts);
      return;
    }
    if (backs.length) parts.push(el("p", "lz-hint", t("backhint")));
    var btns = el("div", "lz-btns");
    moves.forEach(function (m) {
      if (m.action.type === "back") return;
      btns.appendChild(button(m.label, "lz-btn", function () { send(m.action); }));
    });
    btns.appendChild(button(t("cancel"), "btn-ghost lz-bar-cancel", clear));
    parts.push(btns);
    showBar(parts);
  }
  function startCard(c) {
    sel = {mode: "card", card: Number(c.dataset.card), pay: [], target: null};
    cardBar();
    paint();
  }
  function chooseTarget(id) {
    sel.target = id;
    cardBar();
    paint();
  }

  // ---- highlights, kept across morphs ------------------------------------------------------------------
  function paint() {
    root.querySelectorAll(".lz-selected, .lz-payable, .lz-paying, .lz-back-target, .lz-back-chosen").forEach(function (e) {
      e.classList.remove("lz-selected", "lz-payable", "lz-paying", "lz-back-target", "lz-back-chosen");
    });
    if (!sel) return;
    var c = cardEl(sel.card);
    if (!c) return;
    c.classList.add("lz-selected");
    if (sel.mode === "lower") {
      payable(c).forEach(function (p) { p.classList.add("lz-payable"); });
      sel.pay.forEach(function (id) { var p = cardEl(id); if (p) p.classList.add("lz-paying"); });
    } else {
      backTargets(sel.card).forEach(function (id) { var p = cardEl(id); if (p) p.classList.add("lz-back-target"); });
      if (sel.target != null) { var tg = cardEl(sel.target); if (tg) tg.classList.add("lz-back-chosen"); }
    }
  }
  function revalidate() {
    if (!sel) return;
    var c = cardEl(sel.card);
    if (!c || !myTurn()) { clear(); return; }
    if (sel.mode === "lower") {
      var ok = payable(c).map(function (p) { return Number(p.dataset.card); });
      sel.pay = sel.pay.filter(function (id) { return ok.indexOf(id) >= 0; });
      lowerBar();
    } else if (!c.classList.contains("in-hand")) {
      if (sel.target != null && backTargets(sel.card).indexOf(sel.target) < 0) sel.target = null;
      cardBar();
    }
    paint();
  }
  var pending = false;
  new MutationObserver(function () {
    if (pending) return;
    pending = true;
    requestAnimationFrame(function () { pending = false; filterOwner(); revalidate(); paint(); });
  }).observe(root, {childList: true, subtree: true});

  // ---- clicks and keys (capture: before table.js's own chooser) ----------------------------------------
  function handle(card, e) {
    if (!myTurn() || !card || !root.contains(card)) return false;
    var id = Number(card.dataset.card);
    if (sel && sel.mode === "lower") {
      if (card.classList.contains("lz-payable")) { togglePay(card); return true; }
      if (id === sel.card) { clear(); return true; }
    }
    if (sel && sel.mode === "card" && card.classList.contains("lz-back-target")) { chooseTarget(id); return true; }
    if (card.classList.contains("in-hand") && card.dataset.seat === undefined) { startLower(card); return true; }
    if (isMineOnPlot(card) && movesFor(id).length) {
      if (sel && sel.card === id && sel.target == null) { clear(); return true; }
      startCard(card);
      return true;
    }
    return false;
  }
  document.addEventListener("click", function (e) {
    if (dragged) { dragged = false; e.preventDefault(); e.stopPropagation(); return; }
    var card = e.target.closest && e.target.closest(".lz-card[data-card]");
    if (card && e.target.closest("summary, a, button, input, select, label")) return;
    if (handle(card, e)) { e.preventDefault(); e.stopPropagation(); }
  }, true);
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape" && sel) { clear(true); return; }
    if (e.key === "Tab" && bar && sel) {
      // The bar in the tab order right after the card it is about: card, the bar's controls, the card again.
      var list = controls(), card = cardEl(sel.card), at = document.activeElement;
      if (!list.length || !card) return;
      var last = list[list.length - 1], first = list[0];
      var to = null;
      if (at === card && !e.shiftKey) to = first;
      else if (at === last && !e.shiftKey) to = card;
      else if (at === first && e.shiftKey) to = card;
      if (to) { e.preventDefault(); to.focus(); }
      return;
    }
    if (e.key !== "Enter" && e.key !== " ") return;
    var card = e.target.closest && e.target.closest(".lz-card[data-card]");
    if (card && e.target === card && handle(card, e)) { e.preventDefault(); e.stopPropagation(); }
  }, true);

  // ---- dragging one plot card onto another (mouse and pen; touch scrolls, so it clicks) -----------------
  var drag = null, dragged = false;
  document.addEventListener("pointerdown", function (e) {
    if (e.pointerType === "touch" || e.button !== 0 || !myTurn()) return;
    var card = e.target.closest && e.target.closest(".lz-card[data-card]");
    if (!card || !isMineOnPlot(card) || !backTargets(Number(card.dataset.card)).length) return;
    drag = {card: card, x: e.clientX, y: e.clientY, ghost: null};
  }, true);
  document.addEventListener("pointermove", function (e) {
    if (!drag) return;
    if (!drag.ghost) {
      if (Math.abs(e.clientX - drag.x) + Math.abs(e.clientY - drag.y) < 8) return;
      startCard(drag.card);
      drag.ghost = drag.card.cloneNode(true);
      drag.ghost.removeAttribute("data-card");
      drag.ghost.removeAttribute("data-target");
      drag.ghost.className += " lz-ghost";
      document.body.appendChild(drag.ghost);
    }
    drag.ghost.style.left = (e.clientX - 30) + "px";
    drag.ghost.style.top = (e.clientY - 20) + "px";
    var over = document.elementFromPoint(e.clientX, e.clientY);
    root.querySelectorAll(".lz-drop").forEach(function (x) { x.classList.remove("lz-drop"); });
    var tgt = over && over.closest && over.closest(".lz-back-target");
    if (tgt) tgt.classList.add("lz-drop");
  }, true);
  document.addEventListener("pointerup", function (e) {
    if (!drag) return;
    var d = drag;
    drag = null;
    if (!d.ghost) return;
    d.ghost.remove();
    dragged = true;
    setTimeout(function () { dragged = false; }, 0);
    root.querySelectorAll(".lz-drop").forEach(function (x) { x.classList.remove("lz-drop"); });
    var over = document.elementFromPoint(e.clientX, e.clientY);
    var tgt = over && over.closest && over.closest(".lz-card[data-card]");
    if (tgt && tgt.classList.contains("lz-back-target")) chooseTarget(Number(tgt.dataset.card));
  }, true);

  // ---- the deal and discard forms ----------------------------------------------------------------------
  function ids(form, sel_) {
    return Array.prototype.filter.call(form.querySelectorAll(sel_), function (x) {
      var owner = x.closest("[data-owner]");
      return x.checked && !(owner && owner.hidden);
    }).map(function (x) { return Number(x.value); });
  }
  function num(form, sel_) { var v = parseInt((form.querySelector(sel_) || {}).value, 10); return v > 0 ? v : 0; }
  function filterOwner() {
    root.querySelectorAll("form[data-lz-form=propose]").forEach(function (form) {
      var to = form.querySelector("[data-lz-to]");
      if (to) form.querySelectorAll("[data-owner]").forEach(function (x) { x.hidden = x.dataset.owner !== to.value; });
    });
  }
  document.addEventListener("change", function (e) {
    if (e.target.closest && e.target.closest("form[data-lz-form=propose]")) filterOwner();
  });
  document.addEventListener("submit", function (e) {
    var form = e.target.closest && e.target.closest("form[data-lz-form]");
    if (!form) return;
    e.preventDefault();
    e.stopPropagation();
    var action;
    if (form.dataset.lzForm === "end") action = {type: "end_turn", discard: ids(form, "[data-lz-discard]")};
    else action = {type: "propose", to: Number(form.querySelector("[data-lz-to]").value),
      give: {hand: ids(form, "[data-lz-give-hand]"), plot: ids(form, "[data-lz-give-plot]"), envelopes: num(form, "[data-lz-give-env]")},
      ask: {plot: ids(form, "[data-lz-ask-plot]"), envelopes: num(form, "[data-lz-ask-env]")}};
    // The form keeps what was ticked and typed until the move is taken (a refusal leaves it, with the reason).
    send(action, form.id);
  }, true);
  // Taken: the form starts afresh and its panel closes.
  document.addEventListener("tablero:sent", function (e) {
    var form = e.detail.form;
    if (!form || !form.matches || !form.matches("form[data-lz-form]")) return;
    form.reset();
    var box = form.closest("details");
    if (box) box.open = false;
    filterOwner();
  });

  filterOwner();
})();
