/* caipan 裁判: the service worker. The build puts the list of files the scorer pages need
 * (self.CAIPAN_PRECACHE: the pages, their scripts and styles, the Pyodide runtime, the wheel)
 * and a version hash of their contents in front of this file, at the site root.
 *
 * Those files are kept in a cache named after the version and served from it, so a second
 * visit does not download the runtime again and the scorer works offline. Every other request
 * of the site goes to the network first and falls back to what was cached. */
"use strict";
var MANIFEST = self.CAIPAN_PRECACHE;
var CACHE = "caipan-" + MANIFEST.version;
var SCOPE = self.registration.scope;
var PRECACHE = MANIFEST.files.map(function (path) { return new URL(path, SCOPE).href; });

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(PRECACHE); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) { return n.indexOf("caipan-") === 0 && n !== CACHE; })
      .map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

function key(request) {
  var url = new URL(request.url);
  url.hash = "";
  url.search = "";
  return url.href;
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
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
