// The application (after 2048's application.js): wires storage, settings, the
// router and the puzzle app together, and registers the service worker. The
// engine and views are imported dynamically so a failure shows a message
// instead of a blank page.

import { SETTINGS_SCHEMA, applySettings } from './settings.js';
import { parseRoute } from './router.js';
import { Store } from './storage.js';
import { el, mount, toast } from './ui.js';

const NOTICE = {
  reset: (label) => `Your saved ${label} could not be read, so they were reset. Nothing else was touched.`,
  migrated: (label) => `Your saved ${label} were updated to the current format.`,
};

function firstLine(err) {
  return String((err && err.message) || err).split('\n')[0].slice(0, 160);
}

function showNotices(store) {
  for (const { name, what } of store.takeNotices()) {
    const label = store.schemas.get(name)?.label || name;
    toast(NOTICE[what](label), { ms: 6000 });
  }
}

function wireContrast(store) {
  const btn = document.getElementById('contrast');
  if (!btn) return;
  const sync = () => btn.setAttribute('aria-pressed', String(store.get('settings').highContrast));
  btn.addEventListener('click', () => {
    const s = store.update('settings', (d) => ({ ...d, highContrast: !d.highContrast }));
    applySettings(s);
    sync();
  });
  sync();
}

function markNav(view) {
  const current = view === 'play' ? '' : view === 'edit' ? 'edit' : view;
  for (const a of document.querySelectorAll('.site-nav a')) {
    if (a.dataset.view === current) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
}

function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || !/^https?:$/.test(location.protocol)) return;
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (hadController) toast('A new version of the app is ready — reload to use it.', { ms: 8000 });
  });
  navigator.serviceWorker.register('sw.js').then(
    () => navigator.serviceWorker.ready.then(() => { document.documentElement.dataset.offline = 'ready'; }),
    () => { document.documentElement.dataset.offline = 'unavailable'; },
  );
}

async function start() {
  const main = document.getElementById('main');
  const store = new Store();
  store.define('settings', SETTINGS_SCHEMA);
  applySettings(store.get('settings'));
  wireContrast(store);
  let app;
  try {
    const [engine, { MatchlessApp }] = await Promise.all([
      import('../matchless/engine.js'),
      import('../matchless/app.js'),
    ]);
    app = new MatchlessApp(engine, store);
  } catch (err) {
    mount(main, el('p', { class: 'notice bad', role: 'alert' }, `The game could not start: ${firstLine(err)}.`));
    return;
  }
  let first = true;
  let latest = 0;
  const show = async () => {
    const token = ++latest;
    const route = parseRoute(location.hash);
    let out;
    try {
      out = await app.render(route);
    } catch (err) {
      const banner = el('p', { class: 'notice bad', role: 'alert' },
        `Something went wrong showing that page (${firstLine(err)}). Here is today's daily.`);
      try {
        out = await app.render({ view: 'daily' });
        out.node.prepend(banner);
      } catch (err2) {
        out = { node: el('p', { class: 'notice bad', role: 'alert' }, `The game could not start: ${firstLine(err2)}.`) };
      }
    }
    if (token !== latest) return; // a newer navigation won
    mount(main, out.node);
    if (out.replaceHash) history.replaceState(null, '', out.replaceHash);
    markNav(out.replaceHash ? 'daily' : route.view);
    const h = main.querySelector('h2');
    document.title = h ? `${h.textContent} — Matchless` : 'Matchless';
    if (!first && h) {
      h.setAttribute('tabindex', '-1');
      h.focus({ preventScroll: true });
    }
    first = false;
    showNotices(store);
    document.documentElement.dataset.view = main.firstElementChild?.dataset.mode || route.view;
    performance.mark('view-ready');
  };
  addEventListener('hashchange', show);
  await show();
  document.documentElement.dataset.ready = 'true';
  registerServiceWorker();
}

start();
