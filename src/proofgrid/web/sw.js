// The service worker: one versioned offline cache (docs: proofgrid/server/site.py).
// * ASSETS, the core: precached at install. A first install keeps the core
//   files the page just loaded, from the HTTP cache (no second download); an
//   update revalidates the whole core and every group the old cache held.
// * GROUPS, one per puzzle whose registry tier is not "core": stored as first
//   fetched; {type: 'cache-group', group} caches a whole group.
// * {type: 'cache-all'} (sent once the page is idle, js/app/offline.js) caches
//   every file not cached yet, so one visit makes every page work offline.
// Replies {ok, group, count, fetched} go to the message's port.
// VERSION (a hash of every asset), ASSETS and GROUPS are stamped by the server.

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

/** Cache every file of `paths` not cached yet; resolves {ok, group, count, fetched}. */
async function cacheMissing(paths, group) {
  const cache = await caches.open(CACHE);
  const have = new Set((await cache.keys()).map((r) => r.url));
  const missing = paths.filter((p) => !have.has(absolute(p)));
  await cache.addAll(revalidating(missing));
  await dropIfReplaced();
  return { ok: true, group, count: paths.length, fetched: missing.length };
}

/**
 * A job of this worker that a newer version's activation overtook (the idle
 * cache-all of a page that has since reloaded) may have opened this version's
 * cache again after the newer worker deleted it: once this worker is redundant,
 * its cache goes, so no stale version is left behind in the user's storage.
 */
async function dropIfReplaced() {
  const me = self.serviceWorker; // ServiceWorkerGlobalScope.serviceWorker (Chromium 116+)
  if (me && me.state === 'redundant') await caches.delete(CACHE);
}

/** Cache every file of a group not cached yet; resolves {ok, group, count, fetched}. */
async function cacheGroup(group) {
  const paths = Object.hasOwn(GROUPS, group) ? GROUPS[group] : null;
  if (!paths) return { ok: false, group, count: 0, error: `no cache group ${String(group).slice(0, 40)}` };
  return cacheMissing(paths, group);
}

/**
 * Cache every file of this version not cached yet: the core and every group
 * (the page asks once it is idle, js/app/offline.js, so one visit makes every
 * page of every puzzle work offline). Resolves {ok, count, fetched}.
 */
function cacheAll() {
  return cacheMissing([...ASSETS, ...Object.values(GROUPS).flat()], 'all');
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

/**
 * A first install keeps the core files the page has just loaded, straight from
 * the browser's HTTP cache (no network: 'only-if-cached'), so the first visit
 * transfers nothing twice; the files it has not loaded come with the idle
 * fetch (cacheAll). Resolves the number kept. The page itself ('./') is always
 * kept, from the network if need be.
 */
async function precacheFromPage(cache) {
  let kept = 0;
  await Promise.all(ASSETS.map(async (p) => {
    try {
      const res = await fetch(new Request(p, { cache: 'only-if-cached', mode: 'same-origin' }));
      if (res.ok) {
        await cache.put(absolute(p), res);
        kept += 1;
      }
    } catch {
      // not loaded by the page: the idle fetch brings it
    }
  }));
  if (!(await cache.match('./'))) await cache.addAll(revalidating(['./']));
  return kept;
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const before = (await caches.keys()).filter((n) => n.startsWith(PREFIX) && n !== CACHE);
    const cache = await caches.open(CACHE);
    if (before.length) {
      // An update: the whole new core, revalidated, and every group the user had.
      await cache.addAll(revalidating(ASSETS));
      for (const group of await groupsUsedBefore()) await cacheGroup(group);
    } else {
      await precacheFromPage(cache);
    }
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
  if (!data || (data.type !== 'cache-group' && data.type !== 'cache-all')) return;
  const reply = (msg) => {
    if (event.ports && event.ports[0]) event.ports[0].postMessage(msg);
    else if (event.source) event.source.postMessage(msg);
  };
  const job = data.type === 'cache-all' ? cacheAll() : cacheGroup(data.group);
  event.waitUntil(job.then(reply, (err) => reply({
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
