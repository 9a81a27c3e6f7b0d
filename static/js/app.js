// Every page: registers the site's service worker (accounts/webapp.py serves it at /sw.js), which shows push
// notifications, makes the site installable and answers a page asked for offline with the offline page.
(function () {
  "use strict";
  var script = document.currentScript;
  var url = script && script.dataset.sw;
  if (!url || !("serviceWorker" in navigator)) return;
  window.addEventListener("load", function () {
    navigator.serviceWorker.register(url, {scope: "/"}).catch(function () { /* not installable here: no matter */ });
  });
})();
