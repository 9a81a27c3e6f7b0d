// The settings page's switch for this device's push notifications (accounts/templates/accounts/settings.html):
// asks the browser's permission, subscribes with the site's VAPID public key and hands the subscription to the
// server (POST /push/subscribe); turning off unsubscribes and tells the server. The kinds of notification are the
// form's checkboxes, saved with it.
(function () {
  "use strict";
  var box = document.getElementById("push-device");
  if (!box) return;
  var status = box.querySelector(".push-status");
  var on = box.querySelector(".push-on");
  var off = box.querySelector(".push-off");
  box.hidden = false;

  function say(name) { status.textContent = box.dataset[name] || ""; }
  function show(subscribed) {
    on.hidden = subscribed;
    off.hidden = !subscribed;
    say(subscribed ? "textOn" : "textOff");
  }

  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    say("textUnsupported");
    return;
  }

  function post(url, body) {
    return fetch(url, {
      method: "POST", credentials: "same-origin",
      headers: {"Content-Type": "application/json", "X-CSRFToken": box.dataset.csrf},
      body: JSON.stringify(body)
    }).then(function (r) { if (!r.ok) throw new Error("HTTP " + r.status); return r; });
  }

  function serverKey() {
    var text = box.dataset.key.replace(/-/g, "+").replace(/_/g, "/");
    var raw = atob(text + "===".slice((text.length + 3) % 4));
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
    return bytes;
  }

  // A subscription made with another key (the site's pair was changed) reaches nobody: it counts as none.
  function sameKey(subscription) {
    var key = subscription.options && subscription.options.applicationServerKey;
    if (!key) return true;
    var mine = serverKey();
    var theirs = new Uint8Array(key);
    if (theirs.length !== mine.length) return false;
    for (var i = 0; i < mine.length; i++) if (theirs[i] !== mine[i]) return false;
    return true;
  }

  var ready = navigator.serviceWorker.register(box.dataset.sw, {scope: "/"})
    .then(function () { return navigator.serviceWorker.ready; });

  function current() {
    return ready.then(function (registration) { return registration.pushManager.getSubscription(); });
  }

  current().then(function (subscription) {
    if (Notification.permission === "denied") { say("textDenied"); on.hidden = true; off.hidden = !subscription; return; }
    var live = subscription && Notification.permission === "granted" && sameKey(subscription);
    // The server's copy is refreshed on each visit: a browser may have renewed its subscription meanwhile.
    if (live) post(box.dataset.subscribe, subscription.toJSON()).catch(function () { /* tried again next visit */ });
    show(Boolean(live));
  }).catch(function () { say("textUnsupported"); });

  on.addEventListener("click", function () {
    say("textWorking");
    Notification.requestPermission().then(function (permission) {
      if (permission !== "granted") { say("textDenied"); return null; }
      return current()
        .then(function (old) { return old && !sameKey(old) ? old.unsubscribe() : null; })
        .then(function () { return ready; })
        .then(function (registration) {
          return registration.pushManager.subscribe({userVisibleOnly: true, applicationServerKey: serverKey()});
        })
        .then(function (subscription) { return post(box.dataset.subscribe, subscription.toJSON()); })
        .then(function () { show(true); });
    }).catch(function () { say("textFailed"); });
  });

  off.addEventListener("click", function () {
    say("textWorking");
    current().then(function (subscription) {
      if (!subscription) return null;
      var endpoint = subscription.endpoint;
      return subscription.unsubscribe().then(function () { return post(box.dataset.unsubscribe, {endpoint: endpoint}); });
    }).then(function () { show(false); }).catch(function () { say("textFailed"); });
  });
})();
