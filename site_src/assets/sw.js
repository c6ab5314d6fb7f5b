/* caipan 裁判: the service worker. The build puts the list of files that the pages running the rules
 * core need (self.CAIPAN_PRECACHE: {version, files: [{path, bytes, sent}]}: those pages, their scripts
 * and styles, the Pyodide runtime, the core; generator/site/runtime.py) and a version hash of their
 * contents in front of this file, at the site root.
 *
 * Those files are kept in a cache named after the version and served from it, so a second visit does
 * not download the runtime again and the scorer works offline. Every other request of the site goes to
 * the network first and falls back to what was cached. The cache is filled when this worker installs
 * (the scorer registers it once the core is ready; so does the offline panel, offline.js) and again when
 * a page asks ("caipan-fill"), a few files at a time, largest first; each page of the site hears how far
 * it got ({type: "caipan-offline", done, total} in bytes, then complete or error). "caipan-forget" (the
 * panel, before it deletes the caches) stops this worker from caching anything more. */
"use strict";
var MANIFEST = self.CAIPAN_PRECACHE;
var CACHE = "caipan-" + MANIFEST.version;
var SCOPE = self.registration.scope;
var PRECACHE = MANIFEST.files.map(function (file) { return new URL(file.path, SCOPE).href; });
var AT_ONCE = 4;  // fetches in flight while filling: on a slow link a round trip costs more than a small file
var forgotten = false;
var filling = null;

function tell(message) {
  message.type = "caipan-offline";
  return self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (pages) {
    pages.forEach(function (page) { page.postMessage(message); });
  });
}

// Every file of the list into the cache (what is there already is kept), telling the pages how far.
function fill() {
  if (filling) return filling;
  var total = 0, done = 0;
  MANIFEST.files.forEach(function (file) { total += file.bytes; });
  var queue = MANIFEST.files.map(function (file, i) { return { url: PRECACHE[i], bytes: file.bytes }; })
    .sort(function (a, b) { return b.bytes - a.bytes; });
  filling = caches.open(CACHE).then(function (cache) {
    function next() {
      var file = queue.shift();
      if (!file) return null;
      return cache.match(file.url).then(function (hit) {
        if (hit) return null;
        return fetch(file.url).then(function (response) {
          if (!response.ok) throw new Error(new URL(file.url).pathname + ": HTTP " + response.status);
          return cache.put(file.url, response);
        });
      }).then(function () {
        done += file.bytes;
        tell({ done: done, total: total });
        return next();
      });
    }
    var lanes = [];
    for (var i = 0; i < AT_ONCE; i++) lanes.push(next());
    return Promise.all(lanes);
  }).then(function () {
    return tell({ done: total, total: total, complete: true });
  }, function (err) {
    tell({ done: done, total: total, error: String(err && err.message || err) });
    throw err;
  }).finally(function () { filling = null; });
  return filling;
}

self.addEventListener("install", function (event) {
  event.waitUntil(fill().then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) { return n.indexOf("caipan-") === 0 && n !== CACHE; })
      .map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("message", function (event) {
  var type = event.data && event.data.type;
  if (type === "caipan-fill") {
    forgotten = false;
    event.waitUntil(fill().catch(function () { /* the pages were told */ }));
  } else if (type === "caipan-forget") {
    forgotten = true;
  }
});

function key(request) {
  var url = new URL(request.url);
  url.hash = "";
  url.search = "";
  return url.href;
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (forgotten || request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  var url = key(request);
  if (PRECACHE.indexOf(url) >= 0) {
    event.respondWith(caches.open(CACHE).then(function (cache) {
      return cache.match(url).then(function (hit) {
        return hit || fetch(request).then(function (response) {
          if (response.ok) cache.put(url, response.clone());
          return response;
        });
      });
    }));
    return;
  }
  event.respondWith(fetch(request).then(function (response) {
    if (response.ok) {
      var copy = response.clone();
      caches.open(CACHE).then(function (cache) { cache.put(url, copy); });
    }
    return response;
  }).catch(function () {
    return caches.match(url).then(function (hit) { return hit || Response.error(); });
  }));
});
