// The service worker: precaches every asset of the site under a versioned
// cache, so after one visit the whole app (the daily included: the browser
// engine builds it) works offline. VERSION and ASSETS are stamped when the
// site is served or written (proofgrid.server.load_site): VERSION is a hash
// of every asset, so any change installs a new cache and removes old ones.

const VERSION = "dev";
const ASSETS = ["./"];
const PREFIX = 'proofgrid-';
const CACHE = `${PREFIX}${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // 'no-cache' revalidates with the server (ETag): what the page just loaded
    // costs a 304, not a second download; a changed file is fetched anew.
    await cache.addAll(ASSETS.map((url) => new Request(url, { cache: 'no-cache' })));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n)));
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  const scope = new URL(self.registration.scope);
  if (url.pathname.startsWith(`${scope.pathname}api/`)) return; // the API is always live
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const isPage = req.mode === 'navigate';
    const hit = await cache.match(isPage ? './' : req, { ignoreSearch: isPage });
    if (hit) return hit;
    try {
      return await fetch(req);
    } catch (err) {
      if (isPage) {
        const shell = await cache.match('./');
        if (shell) return shell;
      }
      throw err;
    }
  })());
});
