// "Your turn" signals on the live table: the page title, a short chime the player can mute, and a browser
// notification while the tab is hidden. They fire when the turn BECOMES the player's (not on every push that
// finds it still theirs), from the `tablero:table` event table.js dispatches after each update. The title
// blinks until the player looks at the page again. Texts come translated in the data-* attributes of
// #turn-signals; the choices (sound, notifications) are kept in this browser's localStorage.
(function () {
  "use strict";
  var box = document.getElementById("turn-signals");
  var root = document.getElementById("table");
  if (!box || !root) return;
  var text = box.dataset;
  var SOUND_KEY = "tablero.turnSound", NOTIFY_KEY = "tablero.turnNotify";
  var baseTitle = document.title.replace(/^\u25cf /, "");
  var yourTurn = !!root.querySelector("[data-your-turn]");  // table.js's first event ran before this script
  var alerting = false, blinkOn = false, blinkTimer = null;

  // localStorage throws in some private modes: then the choices last as long as the page.
  var memory = {};
  function setting(key) {
    try { return localStorage.getItem(key) || memory[key] || "on"; } catch (e) { return memory[key] || "on"; }
  }
  function save(key, value) {
    memory[key] = value;
    try { localStorage.setItem(key, value); } catch (e) { /* kept in memory */ }
  }

  // ---- the title -----------------------------------------------------------------------------------------
  function away() { return document.hidden || !document.hasFocus(); }
  function showTitle() {
    if (!yourTurn) document.title = baseTitle;
    else if (alerting && blinkOn) document.title = text.alertText + " \u00b7 " + baseTitle;
    else document.title = "\u25cf " + baseTitle;
  }
  function startAlert() {
    if (alerting) return;
    alerting = true;
    blinkOn = true;
    blinkTimer = setInterval(function () { blinkOn = !blinkOn; showTitle(); }, 1000);
  }
  function stopAlert() {
    if (!alerting) return;
    alerting = false;
    clearInterval(blinkTimer);
    showTitle();
  }
  document.addEventListener("visibilitychange", function () { if (!away()) stopAlert(); });
  window.addEventListener("focus", stopAlert);

  // ---- the chime -----------------------------------------------------------------------------------------
  var audio = null;
  function chime() {
    if (setting(SOUND_KEY) === "off") return;
    if (!audio) audio = new Audio(text.sound);
    try { audio.currentTime = 0; } catch (e) { /* not loaded yet: it plays from the start anyway */ }
    var playing = audio.play();
    // A browser may refuse sound before the person's first click on the page: the title still tells them.
    if (playing && playing.catch) playing.catch(function () {});
  }

  // ---- the notification ----------------------------------------------------------------------------------
  function notificationsOn() {
    return "Notification" in window && Notification.permission === "granted" && setting(NOTIFY_KEY) !== "off";
  }
  function notify() {
    if (!document.hidden || !notificationsOn()) return;
    try {
      // One per table (the tag): a second turn replaces the first notification instead of piling up.
      var note = new Notification(text.notifyTitle, {body: text.notifyBody, tag: "tablero-turn-" + text.game,
                                                      icon: text.icon});
      note.onclick = function () { window.focus(); note.close(); };
    } catch (e) { /* e.g. Android Chrome shows notifications only through a service worker */ }
  }

  // ---- the controls --------------------------------------------------------------------------------------
  var soundButton = box.querySelector("[data-sound-toggle]");
  var notifyButton = box.querySelector("[data-notify-toggle]");
  function paintSound() {
    var on = setting(SOUND_KEY) !== "off";
    soundButton.setAttribute("aria-pressed", on ? "true" : "false");
    soundButton.querySelector(".sig-label").textContent = on ? text.soundOnText : text.soundOffText;
  }
  function paintNotify() {
    if (!("Notification" in window)) { notifyButton.hidden = true; return; }
    var permission = Notification.permission;
    notifyButton.hidden = false;
    notifyButton.disabled = permission === "denied";
    notifyButton.dataset.permission = permission;
    notifyButton.title = permission === "denied" ? text.notifyDeniedHint : text.notifyHint;
    var label = permission === "granted" ? (setting(NOTIFY_KEY) !== "off" ? text.notifyOnText : text.notifyOffText)
      : permission === "denied" ? text.notifyDeniedText : text.notifyAskText;
    notifyButton.setAttribute("aria-pressed", permission === "granted" && setting(NOTIFY_KEY) !== "off" ? "true" : "false");
    notifyButton.querySelector(".sig-label").textContent = label;
  }
  soundButton.addEventListener("click", function () {
    var on = setting(SOUND_KEY) !== "off";
    save(SOUND_KEY, on ? "off" : "on");
    paintSound();
    if (!on) chime();  // switched on: the player hears what it sounds like
  });
  notifyButton.addEventListener("click", function () {
    if (Notification.permission === "granted") {
      save(NOTIFY_KEY, setting(NOTIFY_KEY) === "off" ? "on" : "off");
      paintNotify();
      return;
    }
    // Asked only from this click, never on load (browsers ignore or penalise unprompted requests).
    save(NOTIFY_KEY, "on");
    var asked = Notification.requestPermission(paintNotify);  // the callback form for old Safari
    if (asked && asked.then) asked.then(paintNotify, paintNotify);
  });

  // ---- the turn ------------------------------------------------------------------------------------------
  document.addEventListener("tablero:table", function (e) {
    var now = !!(e.detail && e.detail.yourTurn);
    var became = now && !yourTurn;
    yourTurn = now;
    if (became) {
      chime();
      notify();
      if (away()) startAlert();
    } else if (!now) {
      stopAlert();
    }
    showTitle();
  });

  paintSound();
  paintNotify();
  showTitle();
})();
