// The offline page (accounts/templates/accounts/offline.html), shown by the service worker in place of a page
// asked for with no network: it loads that page (its own address) by itself once the site answers again, on the
// browser's "online" and every few seconds meanwhile (a server that was down sends no "online").
(function () {
  "use strict";
  var trying = false;
  var timer = null;
  var wait = 2000;

  function later() {
    clearTimeout(timer);
    timer = setTimeout(retry, wait);
    wait = Math.min(wait * 1.5, 30000);
  }

  function retry() {
    if (trying) return;
    trying = true;
    clearTimeout(timer);
    fetch("/healthz", {cache: "no-store"})
      .then(function (r) { if (r.ok) { location.reload(); } else { throw new Error(String(r.status)); } })
      .catch(function () { trying = false; later(); });
  }

  function now() { wait = 2000; retry(); }

  window.addEventListener("online", now);
  var button = document.querySelector(".offline-retry");
  if (button) button.addEventListener("click", now);
  later();
})();
