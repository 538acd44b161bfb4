// Web Push in the browser: register /sw.js, ask permission, subscribe with the server's VAPID
// public key and send the subscription to the API; or undo it. Used by the preferences page:
//
//   StarpostPush.enable()   -> Promise (rejects with err.code: unsupported, push_disabled,
//                              permission_denied, or the API's code such as bad_push_subscription)
//   StarpostPush.disable()  -> Promise
//   StarpostPush.status()   -> Promise of "unsupported" | "disabled" | "denied" | "on" | "off"
//   StarpostPush.sync()     -> Promise; sends this browser's current subscription again (the
//                              browser may have renewed it), on any page, silently
//
// Buttons may also just carry data-push="enable" / data-push="disable"; an element with
// data-push-status shows the status, and data-push-error the last error's message.
(function () {
  "use strict";

  var API = "/api/push/";

  function fail(code, message) {
    var err = new Error(message);
    err.code = code;
    return err;
  }

  function csrfToken() {
    var meta = document.querySelector('meta[name="csrf-token"]');
    if (meta && meta.content) return meta.content;
    var input = document.querySelector('input[name="csrfmiddlewaretoken"]');
    if (input && input.value) return input.value;
    var hx = document.body && document.body.getAttribute("hx-headers");
    if (hx) {
      try {
        var token = JSON.parse(hx)["X-CSRFToken"];
        if (token) return token;
      } catch (e) { /* not JSON: try the cookie */ }
    }
    var m = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return m ? decodeURIComponent(m[1]) : "";
  }

  function api(method, path, body) {
    return fetch(path, {
      method: method,
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": csrfToken() },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(function (r) {
      if (r.status === 204) return null;
      return r.json().then(function (data) {
        if (!r.ok) throw fail(data.code || "http_" + r.status, data.message || "HTTP " + r.status);
        return data;
      });
    });
  }

  function keyBytes(b64url) {
    var b64 = (b64url + "===".slice((b64url.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    var raw = atob(b64);
    var out = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
    return out;
  }

  function sameKey(sub, key) {
    var have = sub.options && sub.options.applicationServerKey;
    if (!have) return true; // the browser does not tell: keep the subscription
    have = new Uint8Array(have);
    if (have.length !== key.length) return false;
    for (var i = 0; i < key.length; i++) if (have[i] !== key[i]) return false;
    return true;
  }

  function supported() {
    return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  }

  function registration() {
    return navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(function () {
      return navigator.serviceWorker.ready;
    });
  }

  function currentSubscription() {
    return navigator.serviceWorker.getRegistration("/").then(function (reg) {
      return reg ? reg.pushManager.getSubscription() : null;
    });
  }

  function enable() {
    if (!supported()) return Promise.reject(fail("unsupported", "This browser cannot receive push notifications."));
    // Ask at once, while the click still counts as the user's gesture (Safari insists).
    return Promise.all([Notification.requestPermission(), api("GET", API)]).then(function (got) {
      var permission = got[0], config = got[1];
      if (!config.enabled) throw fail("push_disabled", "Push notifications are off on this server.");
      if (permission !== "granted") throw fail("permission_denied", "Notifications are blocked for this site in your browser.");
      var key = keyBytes(config.public_key);
      return registration().then(function (reg) {
        return reg.pushManager.getSubscription().then(function (sub) {
          // Subscribed with an older server key: that subscription can no longer be used.
          if (sub && !sameKey(sub, key)) return sub.unsubscribe().then(function () { return null; });
          return sub;
        }).then(function (sub) {
          return sub || reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
        });
      }).then(function (sub) {
        return api("POST", API + "subscriptions/", sub.toJSON());
      });
    });
  }

  function disable() {
    if (!supported()) return Promise.resolve(null);
    return currentSubscription().then(function (sub) {
      if (!sub) return null;
      return api("DELETE", API + "subscriptions/", { endpoint: sub.endpoint }).then(function () {
        return sub.unsubscribe();
      });
    });
  }

  function status() {
    if (!supported()) return Promise.resolve("unsupported");
    return api("GET", API).then(function (config) {
      if (!config.enabled) return "disabled";
      if (Notification.permission === "denied") return "denied";
      return currentSubscription().then(function (sub) { return sub ? "on" : "off"; });
    });
  }

  function sync() {
    if (!supported() || Notification.permission !== "granted") return Promise.resolve(null);
    return currentSubscription().then(function (sub) {
      return sub ? api("POST", API + "subscriptions/", sub.toJSON()) : null;
    }).catch(function () { return null; });
  }

  function show() {
    var el = document.querySelector("[data-push-status]");
    if (!el) return Promise.resolve();
    return status().then(function (s) { el.textContent = s; el.setAttribute("data-push-status", s); });
  }

  function wire() {
    document.addEventListener("click", function (event) {
      var button = event.target.closest && event.target.closest("[data-push]");
      if (!button) return;
      event.preventDefault();
      var action = button.getAttribute("data-push") === "disable" ? disable : enable;
      var error = document.querySelector("[data-push-error]");
      if (error) error.textContent = "";
      action().then(show, function (err) {
        if (error) error.textContent = err.message;
        return show();
      });
    });
    show();
  }

  window.StarpostPush = { enable: enable, disable: disable, status: status, sync: sync, supported: supported };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", wire);
  else wire();
})();
