// The shoplist page's service worker: keeps the page's files on the phone so that the list
// opens in the shop with no signal, even in a new tab after the phone restarted. The lists
// and the queue of changes are the page's own (localStorage, see app.js); nothing under /api
// is ever answered from here.
//
// The server writes two constants above this script as it serves it: VERSION, which names
// this build of the page (a digest of its files), and SHELL, the paths of those files. A new
// build changes VERSION, so the browser sees a new worker on its next visit online: it
// installs, caching the new files, takes over at once and deletes the old build's cache.
//
// Online, the network answers first, so a fresh page is used when there is one; with no
// connection (or none within a few seconds) the cached copy does.
'use strict';

const PREFIX = 'shoplist-shell-';
const CACHE = `${PREFIX}${VERSION}`;
const NETWORK_TIMEOUT_MS = 5000;

self.addEventListener('install', (event) => {
  // Every file asked of the server again (`no-cache`), never taken from the HTTP cache.
  const requests = SHELL.map((path) => new Request(path, { cache: 'no-cache' }));
  event.waitUntil(caches.open(CACHE)
    .then((cache) => cache.addAll(requests))
    .then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys
      .filter((key) => key.startsWith(PREFIX) && key !== CACHE)
      .map((key) => caches.delete(key))))
    .then(() => self.clients.claim()));
});

/** The network's answer, else (no connection, or too slow) the cached copy of `path`. */
async function networkFirst(request, path) {
  const cached = await caches.open(CACHE).then((cache) => cache.match(path));
  const network = fetch(request);
  if (!cached) return network;
  let timer = null;
  const tooSlow = new Promise((resolve) => {
    timer = setTimeout(() => resolve(cached), NETWORK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([network, tooSlow]);
  } catch {
    return cached;
  } finally {
    clearTimeout(timer);
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname === '/') {
    // The page, however it was opened: `/`, `/#list`, the sign-in link `/?token=…`.
    if (request.mode === 'navigate') event.respondWith(networkFirst(request, '/'));
  } else if (SHELL.includes(url.pathname)) {
    event.respondWith(networkFirst(request, url.pathname));
  }
  // Anything else, the lists above all, goes to the network as if there were no worker.
});
