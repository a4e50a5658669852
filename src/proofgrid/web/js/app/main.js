// The application (after 2048's application.js): wires storage, settings, the
// router and the puzzle apps together, and registers the service worker. It
// names no puzzle: the registry table (js/registry.js) lists them, and each
// puzzle's UI module is imported dynamically, by the table's module string,
// the first time one of its routes shows (so a failure shows a message instead
// of a blank page). The default puzzle (route "") loads at start; the home page
// (#home) on first use; the header's navigation and footer follow the puzzle
// on screen.

import { loadRegistry, moduleUrl } from './registry.js';
import { routeOf } from './router.js';
import { SETTINGS_SCHEMA, applySettings } from './settings.js';
import { Store } from './storage.js';
import { el, firstLine, mount, toast } from './ui.js';

const NOTICE = {
  reset: (label) => `Your saved ${label} could not be read, so they were reset. Nothing else was touched.`,
  migrated: (label) => `Your saved ${label} were updated to the current format.`,
};

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

// The header's navigation, brand and footer as the page ships them (the default
// puzzle's), and the ones a puzzle app brings as chrome ({name, nav: [{href, view, label}], foot}).
let originalChrome = null;
let chromeShown = null;

function setChrome(chrome) {
  const nav = document.querySelector('.site-nav');
  const foot = document.querySelector('.site-foot');
  const brand = document.querySelector('.brand span');
  if (!nav || !foot || !brand) return;
  originalChrome ||= { nav: [...nav.childNodes], foot: [...foot.childNodes], name: brand.textContent };
  if (chrome === chromeShown) return;
  chromeShown = chrome;
  if (!chrome) {
    nav.replaceChildren(...originalChrome.nav);
    foot.replaceChildren(...originalChrome.foot);
    brand.textContent = originalChrome.name;
    delete document.documentElement.dataset.puzzle;
    return;
  }
  nav.replaceChildren(...chrome.nav.map((i) => el('a', { href: i.href, dataset: { view: i.view } }, i.label)));
  foot.replaceChildren(el('p', {}, chrome.foot));
  brand.textContent = chrome.name;
  document.documentElement.dataset.puzzle = chrome.name.toLowerCase();
}

function markNav(current) {
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
  const rowsLoading = loadRegistry();
  const store = new Store();
  store.define('settings', SETTINGS_SCHEMA);
  applySettings(store.get('settings'));
  wireContrast(store);
  const rows = await rowsLoading;
  const apps = new Map(); // puzzle name -> promise of its mounted app
  const appOf = (row) => {
    if (!apps.has(row.name)) {
      const app = import(moduleUrl(row)).then((m) => m.mount({ store, row }));
      app.catch(() => apps.delete(row.name));
      apps.set(row.name, app);
    }
    return apps.get(row.name);
  };
  const landing = routeOf(rows, '');
  let fallback;
  try {
    fallback = landing.home ? null : await appOf(landing.row);
  } catch (err) {
    mount(main, el('p', { class: 'notice bad', role: 'alert' }, `The game could not start: ${firstLine(err)}.`));
    return;
  }
  const renderRoute = async (route) => {
    if (route.home) return { node: (await import('./home.js')).homeView(), view: 'home', nav: 'home', title: 'proofgrid' };
    const app = await appOf(route.row);
    return { ...(await app.render(route.rest)), chrome: app.chrome, title: route.row.title };
  };
  let first = true;
  let latest = 0;
  const show = async () => {
    const token = ++latest;
    const route = routeOf(rows, location.hash);
    let out;
    try {
      out = await renderRoute(route);
    } catch (err) {
      const banner = el('p', { class: 'notice bad', role: 'alert' },
        `Something went wrong showing that page (${firstLine(err)}). Here is today's daily.`);
      try {
        if (!fallback) throw err;
        out = { ...(await fallback.render('')), chrome: fallback.chrome, title: landing.row.title };
        out.node.prepend(banner);
      } catch (err2) {
        out = { node: el('p', { class: 'notice bad', role: 'alert' }, `The game could not start: ${firstLine(err2)}.`) };
      }
    }
    if (token !== latest) return; // a newer navigation won
    setChrome(out.chrome || null);
    mount(main, out.node);
    if (out.replaceHash) history.replaceState(null, '', out.replaceHash);
    markNav(out.nav ?? out.view);
    const h = main.querySelector('h2');
    const name = out.title || 'proofgrid';
    document.title = h && h.textContent !== name ? `${h.textContent} — ${name}` : name;
    if (!first && h) {
      h.setAttribute('tabindex', '-1');
      h.focus({ preventScroll: true });
    }
    first = false;
    showNotices(store);
    document.documentElement.dataset.view = main.firstElementChild?.dataset.mode || out.view;
    performance.mark('view-ready');
  };
  addEventListener('hashchange', show);
  await show();
  document.documentElement.dataset.ready = 'true';
  registerServiceWorker();
}

start();
