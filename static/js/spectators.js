// Who watches the table and the link to share (games/templates/games/_spectators.html). The socket pushes
// {"type": "spectators", seq, count, names, guests} whenever the list changes; an older list never replaces a newer.
(function () {
  "use strict";
  var root = document.getElementById("spectators");
  if (!root) return;
  var seq = Number(root.dataset.seq || 0);

  function show(msg) {
    if (msg.seq < seq) return;
    seq = msg.seq;
    root.querySelector("[data-watch-count]").textContent = String(msg.count);
    root.querySelector("[data-watch-label]").textContent = msg.count === 1 ? root.dataset.one : root.dataset.many;
    var list = root.querySelector("[data-watch-names]");
    list.textContent = "";
    msg.names.forEach(function (name) {
      var li = document.createElement("li");
      li.textContent = name;
      list.appendChild(li);
    });
    var guests = root.querySelector("[data-watch-guests]");
    guests.textContent = msg.guests === 1 ? root.dataset.guestOne : root.dataset.guestMany.replace("%(n)s", msg.guests);
    guests.hidden = msg.guests === 0;
    root.querySelector("[data-watch-none]").hidden = msg.count > 0;
  }

  document.addEventListener("tablero:message", function (e) {
    if (e.detail && e.detail.type === "spectators") show(e.detail);
  });

  // The share link: copied with the Clipboard API, or selected for the person to copy where it is not available.
  var input = root.querySelector(".share-url");
  var button = root.querySelector("[data-copy]");
  function copied() {
    button.textContent = button.dataset.copied;
    button.classList.add("is-copied");
    setTimeout(function () { button.textContent = button.dataset.label; button.classList.remove("is-copied"); }, 2000);
  }
  function fallback() {
    input.focus();
    input.select();
    try { if (document.execCommand("copy")) copied(); } catch (e) { /* selected: the person copies it */ }
  }
  if (button && input) {
    button.addEventListener("click", function () {
      if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(input.value).then(copied, fallback);
      else fallback();
    });
    input.addEventListener("focus", function () { input.select(); });
  }

  // The list closes when the person clicks elsewhere.
  var details = root.querySelector("details.watchers");
  document.addEventListener("click", function (e) {
    if (details && details.open && !details.contains(e.target)) details.open = false;
  });
})();
