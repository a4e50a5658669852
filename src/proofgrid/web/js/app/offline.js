// Offline cache groups, the page's side (the service worker's side is sw.js).
// The service worker precaches only the core at install; a puzzle app that
// needs files of its own calls keepOffline(group) when it starts, and the
// service worker caches that whole group, so every view of the puzzle (lazily
// loaded ones and worker modules included) works offline after one visit.
// The state shows on <html> as data-offline-<group>: pending, then ready or
// failed; unavailable where there is no service worker (e.g. file:// pages).

const asked = new Map();

function datasetKey(group) {
  return `offline${group[0].toUpperCase()}${group.slice(1)}`;
}

function ask(worker, message) {
  return new Promise((resolve, reject) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (e) => resolve(e.data);
    channel.port1.onmessageerror = () => reject(new Error('unreadable reply from the service worker'));
    worker.postMessage(message, [channel.port2]);
  });
}

async function request(group, message = { type: 'cache-group', group }) {
  const flags = document.documentElement.dataset;
  const key = datasetKey(group);
  if (!('serviceWorker' in navigator) || !/^https?:$/.test(location.protocol)) {
    flags[key] = 'unavailable';
    return { ok: false, group, count: 0, error: 'no service worker' };
  }
  flags[key] = 'pending';
  let reply;
  try {
    const registration = await navigator.serviceWorker.ready; // js/app/main.js registers it
    reply = await ask(registration.active, message);
  } catch (err) {
    reply = { ok: false, group, count: 0, error: String((err && err.message) || err).slice(0, 160) };
  }
  flags[key] = reply && reply.ok ? 'ready' : 'failed';
  return reply;
}

/**
 * Ask the service worker to cache every file of a cache group (once per page
 * load); resolves the worker's reply {ok, group, count} and never rejects.
 */
export function keepOffline(group) {
  if (!asked.has(group)) asked.set(group, request(group));
  return asked.get(group);
}

function whenIdle() {
  return new Promise((resolve) => {
    const go = () => (globalThis.requestIdleCallback
      ? requestIdleCallback(() => resolve(), { timeout: 4000 })
      : setTimeout(resolve, 1500));
    if (document.readyState === 'complete') go();
    else addEventListener('load', go, { once: true });
  });
}

let everything = null;

/**
 * Once the page is idle, ask the service worker to fetch every file of the
 * site it does not hold yet (the rest of the core and every puzzle's group),
 * so one visit makes every page of every puzzle work offline. Once per page
 * load; shows on <html> as data-offline-all (pending, ready, failed) and
 * resolves the worker's reply {ok, count, fetched}; never rejects.
 */
export function keepEverythingOffline() {
  everything ||= whenIdle().then(() => {
    performance.mark('offline-all'); // where the first visit's own transfer ends (tests measure it)
    return request('all', { type: 'cache-all' });
  });
  return everything;
}
