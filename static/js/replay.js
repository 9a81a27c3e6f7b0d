// The replay viewer (games/templates/games/replay.html). Without this script the controls are plain links and a
// GET form; with it they fetch only the step (games:replay_step) and swap it in, keep the address (?at=N&as=S) in
// step so any step can be shared, and add a slider, autoplay and the keyboard (← → Home End PageUp PageDown,
// space). Fetches are coalesced: while one is on its way only the last step asked for is fetched next, so holding
// an arrow key or dragging the slider never queues dozens of requests. Texts come from data-* on #replay.
(function () {
  "use strict";
  var root = document.getElementById("replay");
  if (!root) return;
  var holder = document.getElementById("replay-step");
  var form = root.querySelector(".replay-controls");
  var slider = root.querySelector(".rp-slider");
  var atInput = root.querySelector(".rp-at");
  var asSelect = root.querySelector(".rp-as");
  var playBtn = root.querySelector(".rp-play");
  var speed = root.querySelector(".rp-speed-select");
  var errorBox = root.querySelector(".rp-error");
  var status = root.querySelector(".rp-status");
  var last = Number(root.dataset.last);
  var shown = Number((holder.querySelector(".replay-step") || {dataset: {at: 0}}).dataset.at);
  var wanted = shown;
  var busy = false;
  var playing = null;   // the autoplay timer, while playing
  var cache = {};       // step HTML by URL: stepping back and autoplay's look-ahead cost no request
  var cached = [];

  // What only works with the script is hidden in the page until now.
  [playBtn, slider, root.querySelector(".rp-speed"), root.querySelector(".rp-keys")].forEach(function (el) {
    if (el) el.hidden = false;
  });
  // Changing the number or the player takes effect at once: the form's button is for pages without the script.
  var go = root.querySelector(".rp-go");
  if (go) go.hidden = true;

  function seenBy() { return asSelect ? asSelect.value : ""; }
  function query(n) {
    var params = new URLSearchParams({at: String(n)});
    if (seenBy() !== "") params.set("as", seenBy());
    return "?" + params.toString();
  }
  function clamp(n) { return Math.max(0, Math.min(last, Math.round(Number(n) || 0))); }

  function remember(url, html) {
    if (!(url in cache)) cached.push(url);
    cache[url] = html;
    while (cached.length > 60) delete cache[cached.shift()];
  }
  function load(n) {
    var url = root.dataset.stepUrl + query(n);
    if (url in cache) return Promise.resolve(cache[url]);
    return fetch(url, {credentials: "same-origin", headers: {"X-Requested-With": "fetch"}}).then(function (r) {
      return r.text().then(function (text) {
        if (!r.ok) throw new Error(text || root.dataset.failText);
        remember(url, text);
        return text;
      });
    });
  }

  function show(n, html, push) {
    holder.innerHTML = html;
    shown = n;
    errorBox.hidden = true;
    var step = holder.querySelector(".replay-step");
    markMove(step);
    updateControls();
    var url = root.dataset.pageUrl + query(n);
    if (push === "push") history.pushState({at: n, as: seenBy()}, "", url);
    else if (push === "replace") history.replaceState({at: n, as: seenBy()}, "", url);
    document.title = root.dataset.title + " · " + root.dataset.moveText + " " + n;
    if (status && step) status.textContent = step.dataset.status || "";
    if (n < last) load(n + 1).catch(function () {});  // the next step is ready before it is asked for
  }

  // The place on the board the move was made on (a space, a slot, a card), as the live table marks it.
  function markMove(step) {
    if (!step || !step.dataset.movedOn) return;
    holder.querySelectorAll("[data-target]").forEach(function (el) {
      // is-legal is the board's own highlight of a place (replay.css takes the pointer away).
      if (el.getAttribute("data-target") === step.dataset.movedOn) el.classList.add("rp-moved", "is-legal");
    });
  }

  function updateControls() {
    if (slider) slider.value = String(shown);
    if (atInput) atInput.value = String(shown);
    var count = root.querySelector(".rp-count b");
    if (count) count.textContent = String(shown);
    var targets = {first: 0, back: Math.max(0, shown - 1), forward: Math.min(last, shown + 1), last: last};
    root.querySelectorAll("a[data-go]").forEach(function (a) {
      var n = targets[a.dataset.go];
      a.href = root.dataset.pageUrl + query(n);
      var stuck = n === shown;
      a.classList.toggle("is-disabled", stuck);
      if (stuck) a.setAttribute("aria-disabled", "true"); else a.removeAttribute("aria-disabled");
    });
  }

  function fail(message) {
    stop();
    errorBox.textContent = message || root.dataset.failText;
    errorBox.hidden = false;
  }

  // Ask for step n; "push" adds a history entry, "replace" rewrites the current one, "none" leaves it.
  function goTo(n, push, force) {
    n = clamp(n);
    if (n === wanted && !force) return Promise.resolve();
    wanted = n;
    if (busy) return Promise.resolve();  // the fetch on its way fetches `wanted` when it is done
    busy = true;
    root.classList.add("is-loading");
    var asked = n;
    return load(asked).then(function (html) {
      busy = false;
      root.classList.remove("is-loading");
      if (wanted !== asked) return goTo(wanted, push, true);
      show(asked, html, push);
    }, function (err) {
      busy = false;
      root.classList.remove("is-loading");
      wanted = shown;
      fail(err && err.message);
    });
  }

  // Autoplay: one move per tick at the chosen speed; the next tick is set once the step is shown.
  function tick() {
    if (!playing) return;
    if (shown >= last) { stop(); return; }
    goTo(shown + 1, "replace").then(function () { if (playing) playing = setTimeout(tick, Number(speed.value)); });
  }
  function start() {
    if (shown >= last) goTo(0, "replace");
    playing = setTimeout(tick, Number(speed.value));
    playBtn.setAttribute("aria-pressed", "true");
    playBtn.querySelector(".rp-play-label").textContent = root.dataset.pauseText;
  }
  function stop() {
    if (playing) clearTimeout(playing);
    playing = null;
    if (!playBtn) return;
    playBtn.setAttribute("aria-pressed", "false");
    playBtn.querySelector(".rp-play-label").textContent = root.dataset.playText;
  }
  function toggle() { if (playing) stop(); else start(); }

  // Single steps rewrite the address; jumps (the ends, a number, an earlier move) add to the history, so the
  // browser's back button returns from a jump instead of undoing every step one by one.
  function step(delta) { stop(); goTo(wanted + delta, "replace"); }

  root.addEventListener("click", function (e) {
    if (e.ctrlKey || e.metaKey || e.shiftKey || e.button) return;  // a new tab or window: the link as it is
    var link = e.target.closest("a[data-go]");
    if (link) {
      e.preventDefault();
      stop();
      var go = link.dataset.go;
      if (go === "first" || go === "last") goTo(go === "first" ? 0 : last, "push");
      else step(go === "back" ? -1 : 1);
      return;
    }
    if (e.target.closest("[data-go=play]")) { toggle(); return; }
    var earlier = e.target.closest(".rp-earlier a[data-at], .rp-moments a[data-at]");
    if (earlier) {
      e.preventDefault();
      stop();
      goTo(Number(earlier.dataset.at), "push");
    }
  });
  if (slider) slider.addEventListener("input", function () { stop(); goTo(slider.value, "replace"); });
  form.addEventListener("submit", function (e) {
    e.preventDefault();
    stop();
    goTo(atInput.value, "push", true);
  });
  if (atInput) atInput.addEventListener("change", function () { stop(); goTo(atInput.value, "push"); });
  if (asSelect) asSelect.addEventListener("change", function () { goTo(wanted, "replace", true); });
  if (speed) speed.addEventListener("change", function () {
    if (playing) { clearTimeout(playing); playing = setTimeout(tick, Number(speed.value)); }
  });

  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
    var tag = (e.target.tagName || "").toLowerCase();
    // Typing a number, choosing a player or dragging the slider keeps its own keys.
    if (tag === "input" || tag === "select" || tag === "textarea" || e.target.isContentEditable) return;
    var key = e.key;
    if (key === "ArrowRight") step(1);
    else if (key === "ArrowLeft") step(-1);
    else if (key === "PageDown") step(10);
    else if (key === "PageUp") step(-10);
    else if (key === "Home") { stop(); goTo(0, "push"); }
    else if (key === "End") { stop(); goTo(last, "push"); }
    else if (key === " " && tag !== "button" && tag !== "a" && tag !== "summary") toggle();
    else return;
    e.preventDefault();
  });

  window.addEventListener("popstate", function (e) {
    stop();
    var at = e.state && typeof e.state.at === "number" ? e.state.at : Number(new URLSearchParams(location.search).get("at") || 0);
    if (asSelect && e.state) asSelect.value = e.state.as || "";
    goTo(at, "none", true);
  });

  history.replaceState({at: shown, as: seenBy()}, "", location.href);
  markMove(holder.querySelector(".replay-step"));
  updateControls();
  remember(root.dataset.stepUrl + query(shown), holder.innerHTML);
})();
