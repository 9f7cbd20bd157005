// fogbound's service worker: keeps every file of the built app in a cache so
// the app works offline after the first visit.
//
// The constants below are filled in at build time by tools/precache.sh (a
// Trunk post-build hook): the built files fetched at install, the files
// fetched when first needed (LAZY), and a version that changes whenever any
// file changes. A new
// version installs beside the old one, takes over when no tab uses the old
// one any more, and deletes it.
//
// The worker (solvers, perft, the computer's thinking) and the study module
// (the puzzles, solvers, lab and About pages) are not fetched at install:
// someone who only plays never downloads the study module, nor the worker
// unless they play the computer. The first page that needs one fetches it
// through the handler below, which keeps it; from then on it works offline,
// and a new version fetches it at install as well.
const VERSION = "fogbound-dev";
const PRECACHE = ["./", "index.html"];
const LAZY = [];

/// The lazy files an older version of the cache holds: the worker once any
/// page used it, the study module once a study page was opened, each endgame
/// file once the lab asked for it, the generated puzzles once the Puzzles
/// page was opened.
async function lazyFilesUsed() {
  const used = new Set();
  for (const key of await caches.keys()) {
    if (key.startsWith("fogbound-") && key !== VERSION) {
      const cache = await caches.open(key);
      for (const file of LAZY) {
        if (await cache.match(file)) used.add(file);
      }
    }
  }
  return [...used];
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(VERSION).then(async (cache) => {
      await cache.addAll(PRECACHE);
      // Offline use must survive the update; a failure here only delays it.
      await cache.addAll(await lazyFilesUsed()).catch(() => {});
    })
  );
});

/// Keeps the lazy files the browser fetched before this version controlled
/// the page — on a first visit straight to a study page, the study module,
/// the worker and the lab's files arrive before the service worker does.
/// They are taken from the browser's HTTP cache only, never the network.
async function keepLazyFilesAlreadyFetched() {
  const cache = await caches.open(VERSION);
  await Promise.all(
    LAZY.map(async (file) => {
      if (await cache.match(file)) return;
      try {
        const response = await fetch(file, { cache: "only-if-cached", mode: "same-origin" });
        if (response.ok) await cache.put(file, response);
      } catch {
        // Not in the HTTP cache: fetched and kept when first needed.
      }
    })
  );
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith("fogbound-") && k !== VERSION).map((k) => caches.delete(k)))
      )
      .then(() => self.clients.claim())
      .then(() => keepLazyFilesAlreadyFetched())
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  // Navigations (any #/route) are answered with the app's page; other
  // files from the cache first, then the network, keeping what arrives.
  const lookup = request.mode === "navigate" ? caches.match("index.html", { cacheName: VERSION }) : caches.match(request, { cacheName: VERSION });
  event.respondWith(
    lookup.then(
      (cached) =>
        cached ||
        fetch(request).then((response) => {
          if (response.ok && response.type === "basic") {
            const copy = response.clone();
            caches.open(VERSION).then((cache) => cache.put(request, copy));
          }
          return response;
        })
    )
  );
});
