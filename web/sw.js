// The service worker: after the first visit the whole site (the page, the game, its words,
// models, sounds, shaders and fonts) is kept in the browser, so that the menu, the rules pages,
// the lessons and every game against the bot work with the network off. Online play needs the
// network and says so (the game checks `navigator.onLine`).
//
// web/build.sh writes this file into the site with the build's version and its list of files
// put in for VERSION and FILES below. A new build has a new version: the browser finds this
// file changed, caches the new site beside the old, and on activating drops the old cache and
// tells the open pages, which say "updated" (web/index.html).
"use strict";

const VERSION = "__VERSION__";
const FILES = __FILES__;
const PREFIX = "carved-tables-";
const CACHE = PREFIX + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // Past the browser's own HTTP cache, so the new build's files are the ones kept.
    await cache.addAll(FILES.map((f) => new Request(f, { cache: "reload" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const old = (await caches.keys()).filter((k) => k.startsWith(PREFIX) && k !== CACHE);
    await Promise.all(old.map((k) => caches.delete(k)));
    await self.clients.claim();
    if (old.length) {
      for (const client of await self.clients.matchAll({ type: "window" })) {
        client.postMessage({ kind: "updated", version: VERSION });
      }
    }
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // A page address with a query (`?scene=hive`) is the page itself.
    const kept = await cache.match(request, { ignoreSearch: true }) ||
      (request.mode === "navigate" ? await cache.match("./index.html") : undefined);
    if (kept) return kept;
    return fetch(request);
  })());
});
