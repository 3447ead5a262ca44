// Fairshare Explorer's service worker: after one visit the app opens without a network
// (issue 24 §3: a training room without Wi-Fi). scripts/finish-dist.py writes it into dist/ as
// sw.js for release builds, with BUILD and FILES filled in; the app registers it (not in
// `embed=1`, where the host page owns caching).
//
// - One cache per build, named after BUILD: a hash of every file of the build. Installing
//   fetches every file of the build (`cache: 'no-cache'`: the HTTP cache may answer, but only
//   after the server confirms the file, so a first visit need not download the build twice;
//   each file is checked against its SHA-384 as Subresource Integrity does), and the worker only
//   becomes active when all of them are in; a failed or partial install leaves nothing behind,
//   and the old worker and its cache stay in charge.
// - A page is index.html and files whose names carry their content's hash (Trunk's names, the
//   Japanese table's). A page opened through this worker is the index.html of the active build
//   and asks only for that build's names, found in that build's cache: two builds never mix.
// - A new deploy changes this file (BUILD and FILES), so the browser installs the new worker
//   beside the old one; it takes over once its cache is complete, and the next visit opens the
//   new build. It keeps the cache of the build before it, for pages of that build still open,
//   and deletes older ones.
// - `embed=1` pages, and the files they ask for, go to the network as if there were no worker.
/* global self, caches, clients, location, fetch, Request, URL */
const BUILD = '__BUILD__';
/** Every file of the build: [path relative to this file, "sha384-..."]. */
const FILES = __FILES__;

/** Caches are per origin; several copies of the app may live on one (/docs/a/, /docs/b/). */
const PREFIX = `fairshare-explorer ${new URL('./', location.href).pathname} `;
const CACHE = PREFIX + BUILD;
const INDEX = new URL('./index.html', location.href).href;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const responses = await Promise.all(
        FILES.map(async ([path, integrity]) => {
          const response = await fetch(new Request(path, { cache: 'no-cache', integrity }));
          if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
          return [path, response];
        }),
      );
      const cache = await caches.open(CACHE);
      try {
        await Promise.all(responses.map(([path, response]) => cache.put(path, response)));
      } catch (e) {
        await caches.delete(CACHE);
        throw e;
      }
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Keep this build's cache and the one before it (caches.keys() is in creation order).
      const older = (await caches.keys()).filter((k) => k.startsWith(PREFIX) && k !== CACHE);
      await Promise.all(older.slice(0, -1).map((k) => caches.delete(k)));
      await clients.claim();
    })(),
  );
});

const isEmbed = (url) => new URL(url).searchParams.get('embed') === '1';

/** The app's own page: the folder this worker is in, or its index.html (any query). */
const APP_PAGES = [new URL('./', location.href).pathname, new URL(INDEX).pathname];
const isAppPage = (url) => APP_PAGES.includes(url.pathname);

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== location.origin) return;
  if (request.mode === 'navigate') {
    if (!isAppPage(url) || isEmbed(url)) return;
    event.respondWith(
      (async () => (await caches.match(INDEX, { cacheName: CACHE, ignoreVary: true })) ?? fetch(request))(),
    );
    return;
  }
  event.respondWith(
    (async () => {
      const client = event.clientId ? await clients.get(event.clientId) : null;
      if (client && isEmbed(client.url)) return fetch(request);
      const hit = await caches.match(request, { cacheName: CACHE, ignoreVary: true });
      if (hit) return hit;
      // Not this build's: a page of the build before (its hashed names), or another file.
      try {
        return await fetch(request);
      } catch (e) {
        const older = await caches.match(request, { ignoreVary: true });
        if (older) return older;
        throw e;
      }
    })(),
  );
});
