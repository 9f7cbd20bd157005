// fogbound's service worker: keeps every file of the built app in a cache so
// the app works offline after the first visit.
//
// The two constants below are filled in at build time by tools/precache.sh
// (a Trunk post-build hook): the list of every built file and a version that
// changes whenever any file changes. A new version installs beside the old
// one, takes over when no tab uses the old one any more, and deletes it.
const VERSION = "fogbound-dev";
const PRECACHE = ["./", "index.html"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(VERSION).then((cache) => cache.addAll(PRECACHE)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith("fogbound-") && k !== VERSION).map((k) => caches.delete(k)))
      )
      .then(() => self.clients.claim())
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
