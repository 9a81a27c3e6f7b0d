// Tablero's service worker, served at /sw.js (accounts/webapp.py) so that its scope is the whole site.
// It shows push notifications, even with no page of the site open, and makes the site installable. It caches
// only the offline page and the static files that page shows: pages, a table's above all, always come from
// the network, so nothing it keeps can show a stale table.
"use strict";

var CONFIG = {{ config|safe }};
var LANGUAGE_KEY = "/offline-language";  // the language of the last page seen, kept in the cache
var language = null;

self.addEventListener("install", function (event) {
  var offline = Object.keys(CONFIG.offline).map(function (code) { return CONFIG.offline[code]; });
  event.waitUntil(caches.open(CONFIG.cache)
    .then(function (cache) { return cache.addAll(offline.concat(CONFIG.assets)); })
    .then(function () { return self.skipWaiting(); }));
});

// A new release's worker drops the caches of the releases before it.
self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys()
    .then(function (keys) {
      return Promise.all(keys.filter(function (key) { return key !== CONFIG.cache; })
        .map(function (key) { return caches.delete(key); }));
    })
    .then(function () { return self.clients.claim(); }));
});

function rememberLanguage(response) {
  var code = (response.headers.get("Content-Language") || "").slice(0, 2);
  if (code && CONFIG.offline[code] && code !== language) {
    language = code;
    caches.open(CONFIG.cache).then(function (cache) { return cache.put(LANGUAGE_KEY, new Response(code)); });
  }
}

function offlinePage() {
  return caches.open(CONFIG.cache).then(function (cache) {
    var known = language ? Promise.resolve(language)
      : cache.match(LANGUAGE_KEY).then(function (r) { return r ? r.text() : CONFIG.defaultLanguage; });
    return known.then(function (code) {
      return cache.match(CONFIG.offline[code] || CONFIG.offline[CONFIG.defaultLanguage]);
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  if (request.mode === "navigate") {
    // The network's page, always; the offline page only when there is no network (or no server) at all.
    event.respondWith(fetch(request)
      .then(function (response) { rememberLanguage(response); return response; })
      .catch(offlinePage));
    return;
  }
  var path = new URL(request.url).pathname;
  if (CONFIG.assets.indexOf(path) >= 0) {
    // The offline page's own files: the network's when there is one.
    event.respondWith(fetch(request).catch(function () { return caches.match(path); }));
  }
  // Anything else is the browser's business, as if there were no worker.
});

// A push from the site (accounts/push.py ``payload``): {kind, title, body, url, tag}.
self.addEventListener("push", function (event) {
  var data = {};
  if (event.data) {
    try { data = event.data.json(); } catch (e) { data = {body: event.data.text()}; }
  }
  event.waitUntil(self.registration.showNotification(data.title || "Tablero", {
    body: data.body || "",
    tag: data.tag || data.kind || "tablero",
    icon: CONFIG.icon,
    badge: CONFIG.icon,
    data: {url: data.url || "/", kind: data.kind || ""}
  }));
});

// A click opens the page the notification is about (a page of this site only), or brings it forward.
self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var target = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin);
  if (target.origin !== self.location.origin) target = new URL("/", self.location.origin);
  event.waitUntil(self.clients.matchAll({type: "window", includeUncontrolled: true}).then(function (windows) {
    for (var i = 0; i < windows.length; i++) {
      if (windows[i].url === target.href && "focus" in windows[i]) return windows[i].focus();
    }
    return self.clients.openWindow(target.href);
  }));
});
