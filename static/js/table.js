// Seat clocks: count down to each data-deadline; re-bound after every htmx swap.
(function () {
  function fmt(s) {
    if (s <= 0) return "0:00";
    if (s >= 86400) return Math.floor(s / 86400) + "d " + Math.floor((s % 86400) / 3600) + "h";
    if (s >= 3600) return Math.floor(s / 3600) + "h " + Math.floor((s % 3600) / 60) + "m";
    var m = Math.floor(s / 60), r = Math.floor(s % 60);
    return m + ":" + (r < 10 ? "0" : "") + r;
  }
  function tick() {
    document.querySelectorAll("[data-deadline]").forEach(function (el) {
      var left = (Date.parse(el.dataset.deadline) - Date.now()) / 1000;
      el.textContent = fmt(left);
      el.classList.toggle("low", left < 15);
    });
  }
  setInterval(tick, 500);
  document.addEventListener("htmx:afterSwap", tick);
  document.addEventListener("htmx:oobAfterSwap", tick);
  tick();
})();

// Never let an older render replace a newer one: the answer to a click and the
// socket's push can arrive in either order.
(function () {
  function current() {
    var el = document.querySelector("#table [data-version]");
    return el ? Number(el.textContent) : -1;
  }
  document.addEventListener("htmx:beforeSwap", function (e) {
    if (!e.detail.target || e.detail.target.id !== "table") return;
    var m = /data-version>(\d+)</.exec(e.detail.serverResponse || "");
    if (m && Number(m[1]) < current()) e.detail.shouldSwap = false;
  });
  document.addEventListener("htmx:oobBeforeSwap", function (e) {
    var frag = e.detail.fragment;
    var el = frag && frag.querySelector ? frag.querySelector("[data-version]") : null;
    if (el && Number(el.textContent) < current()) e.detail.shouldSwap = false;
  });
})();
