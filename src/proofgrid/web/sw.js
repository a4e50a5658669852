// The service worker: an offline cache in two tiers under one versioned cache.
//
// * ASSETS, the core (shell, styles, icons, manifest, js/registry.json, js/app,
//   js/core, and every puzzle whose registry tier is "core" — today Matchless):
//   precached at install, so after one visit every mode of a core puzzle works
//   offline (the daily included: the browser engine builds it).
// * GROUPS, files only one puzzle needs (a registry row's tier other than
//   "core"; today: kirchhoff). Not precached, so a first visit to the default
//   puzzle never downloads them. Each group file is stored as it is first
//   fetched, and a page can ask for a whole group with the message
//   {type: 'cache-group', group}; the reply {ok, group, count} comes back on the
//   message's port (or to the client). A puzzle's app asks on its first route
//   (js/app/offline.js), so one visit makes every view of that puzzle work
//   offline, the lazily loaded ones included.
// * A new version precaches the core, and also every group the previous
//   version's cache held any file of, so an update never takes a puzzle away
//   offline; then activate deletes the old versions.
//
// VERSION, ASSETS and GROUPS are stamped when the site is served or written
// (proofgrid.server, from the tiers of the registry rows, proofgrid.registry):
// VERSION is a hash of every asset of both tiers, so any change installs a new
// cache. A group file fetched while the server already publishes a newer
// version is stored with the newer bytes until the new worker (installed on the
// next check of sw.js) replaces this cache.

const VERSION = "dev";
const ASSETS = ["./"];
const GROUPS = {};
const PREFIX = 'proofgrid-';
const CACHE = `${PREFIX}${VERSION}`;

const absolute = (path) => new URL(path, self.location.href).href;
// Absolute URL -> group name, for every group file of this version.
const GROUP_OF = new Map(Object.entries(GROUPS).flatMap(([name, paths]) => paths.map((p) => [absolute(p), name])));

// 'no-cache' revalidates with the server (ETag): what the page just loaded
// costs a 304, not a second download; a changed file is fetched anew.
const revalidating = (paths) => paths.map((p) => new Request(p, { cache: 'no-cache' }));

/** Cache every file of a group not cached yet; resolves {ok, group, count, fetched}. */
async function cacheGroup(group) {
  const paths = Object.hasOwn(GROUPS, group) ? GROUPS[group] : null;
  if (!paths) return { ok: false, group, count: 0, error: `no cache group ${String(group).slice(0, 40)}` };
  const cache = await caches.open(CACHE);
  const have = new Set((await cache.keys()).map((r) => r.url));
  const missing = paths.filter((p) => !have.has(absolute(p)));
  await cache.addAll(revalidating(missing));
  return { ok: true, group, count: paths.length, fetched: missing.length };
}

/** The groups any older version's cache holds a file of (by URL). */
async function groupsUsedBefore() {
  const used = new Set();
  const names = (await caches.keys()).filter((n) => n.startsWith(PREFIX) && n !== CACHE);
  for (const name of names) {
    for (const req of await (await caches.open(name)).keys()) {
      const group = GROUP_OF.get(req.url);
      if (group) used.add(group);
    }
  }
  return [...used];
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(revalidating(ASSETS));
    for (const group of await groupsUsedBefore()) await cacheGroup(group);
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

self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'cache-group') return;
  const reply = (msg) => {
    if (event.ports && event.ports[0]) event.ports[0].postMessage(msg);
    else if (event.source) event.source.postMessage(msg);
  };
  event.waitUntil(cacheGroup(data.group).then(reply, (err) => reply({
    ok: false, group: data.group, count: 0, error: String((err && err.message) || err).slice(0, 160),
  })));
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
      const res = await fetch(req);
      // A group file of this version, fetched for the first time: keep it.
      if (res.ok && res.type === 'basic' && GROUP_OF.has(req.url)) {
        event.waitUntil(cache.put(req.url, res.clone()));
      }
      return res;
    } catch (err) {
      if (isPage) {
        const shell = await cache.match('./');
        if (shell) return shell;
      }
      throw err;
    }
  })());
});
