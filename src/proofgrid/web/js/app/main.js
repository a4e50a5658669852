// The application (after 2048's application.js): wires storage, settings, the
// router, the midend and the puzzle apps together, and registers the service
// worker. It names no puzzle: the registry table (js/app/puzzles.js) lists
// them, and each puzzle's UI module is imported dynamically, by the table's
// module string, the first time one of its routes shows (so a failure shows a
// message instead of a blank page); its engine (the row's `engine`) is
// imported beside it and handed, with the puzzle's Midend (js/app/midend.js,
// asking the row's `worker`), to the UI module's mount. While a puzzle is on
// screen, its header navigation ends with a link to every other puzzle, from
// the registry and the other puzzles' cards: no puzzle names another. The site's own pages are the home ("/", #home) and the
// archive (#archive); they read each puzzle's small `card` module only. The
// header's navigation and footer are the site's on its own pages and follow
// the puzzle on screen elsewhere. The shell keeps the page's one <h1> (#page-title, set by the views
// through setPageTitle), the skip link, the "?" (how-to) and ⚙ (settings)
// buttons, and asks the service worker, once the page is idle, to fetch the
// rest of the site so every page of every puzzle works offline.

import { openHowto, openSettings } from './dialogs.js';
import { keepEverythingOffline } from './offline.js';
import { keepNavLinksInView } from './nav-row.js';
import { Midend, workerAsk } from './midend.js';
import { engineUrl, homeUrl, loadRegistry, moduleUrl, workerUrl } from './puzzles.js';
import { routeOf } from './router.js';
import { applySettings, defineSettings, howtoSeen, markHowtoSeen, readSettings } from './settings.js';
import { Store } from './storage.js';
import { homeView, plainCard } from './home.js';
import { SITE_NAME, el, firstLine, mount, pageTitleStamp, setPageTitle, toast } from './ui.js';

const NOTICE = {
  reset: (label) => `Your saved ${label} could not be read, so they were reset. Nothing else was touched.`,
  migrated: (label) => `Your saved ${label} were updated to the current format.`,
  skipped: () => 'One saved game could not be read, so it was set aside. Your other games are safe.',
  full: () => "This device's storage is full, so this game is kept only until the page closes.",
};

function showNotices(store) {
  const seen = new Set();
  for (const { name, what } of store.takeNotices()) {
    const label = store.schemas.get(name)?.label || name;
    const text = (NOTICE[what] || NOTICE.reset)(label);
    if (seen.has(text)) continue;
    seen.add(text);
    toast(text, { ms: 6000 });
  }
}

// The header's navigation, brand and footer as the page ships them (the
// site's own), and the ones a puzzle app brings as chrome ({name, nav: [{href,
// view, label}], foot}: a paragraph, or a list of them).
// A page may bring its own footer words (`foot` of its render: a mode's), shown
// instead of its puzzle's.
let originalChrome = null;
let chromeShown;
let footShown;

function setChrome(chrome, puzzle = null, others = [], pageFoot = null) {
  const nav = document.querySelector('.site-nav');
  const foot = document.querySelector('.site-foot');
  const brand = document.querySelector('.brand span');
  if (!nav || !foot || !brand) return;
  originalChrome ||= { nav: [...nav.childNodes], foot: [...foot.childNodes], name: brand.textContent };
  if (puzzle) document.documentElement.dataset.puzzle = puzzle;
  else delete document.documentElement.dataset.puzzle;
  const footNow = pageFoot ?? chrome?.foot ?? null;
  if (chrome === chromeShown && footNow === footShown) return;
  chromeShown = chrome;
  footShown = footNow;
  if (!chrome) {
    nav.replaceChildren(...originalChrome.nav);
    foot.replaceChildren(...originalChrome.foot);
    brand.textContent = originalChrome.name;
    return;
  }
  nav.replaceChildren(...[...chrome.nav, ...others].map((i) => el('a', { href: i.href, dataset: { view: i.view } }, i.label)));
  foot.replaceChildren(...[footNow].flat().map((text, i) => el('p', { class: i ? 'muted' : null }, text)));
  brand.textContent = chrome.name;
}

/** Each puzzle's link in a navigation: its card's first link, titled by the card ({href, view, label}). */
function puzzleLinks(rows, cards) {
  return rows.map((row, i) => {
    const first = (cards[i].links || [])[0];
    return { href: first ? first.href : `#${row.route}`, view: row.name, label: cards[i].title || row.title };
  });
}

/** The site's own navigation: each puzzle's first link (from its card), then the archive. */
function siteNav(rows, cards) {
  const nav = document.querySelector('.site-nav');
  if (!nav) return;
  const links = puzzleLinks(rows, cards).map((l) => el('a', { href: l.href, dataset: { view: l.view } }, l.label));
  nav.replaceChildren(el('a', { href: '#home', dataset: { view: 'home' } }, 'Home'), ...links,
    el('a', { href: '#archive', dataset: { view: 'archive' } }, 'Archive'));
}

function markNav(current) {
  for (const a of document.querySelectorAll('.site-nav a')) {
    if (a.dataset.view === current) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
}

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), select, textarea, [tabindex="0"]';

/** The skip link: focus the board's first control (data-skip-target), never touching the hash. */
function wireSkipLink(main) {
  const link = document.querySelector('.skip');
  if (!link) return;
  link.addEventListener('click', (e) => {
    e.preventDefault();
    const target = main.querySelector('[data-skip-target]');
    // A control that does something: never a board's outer <svg>.
    const first = (root, sel) => [...root.querySelectorAll(sel)].find((n) => n.localName !== 'svg') || null;
    let focus = null;
    if (target) focus = target.matches(FOCUSABLE) && target.localName !== 'svg' ? target : first(target, FOCUSABLE);
    focus ||= first(main, `:scope > :not(h1) :is(${FOCUSABLE})`) || main;
    focus.focus();
    focus.scrollIntoView?.({ block: 'nearest' });
  });
}

function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || !/^https?:$/.test(location.protocol)) return;
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (hadController) toast('A new version of the app is ready — reload to use it.', { ms: 8000 });
  });
  navigator.serviceWorker.register('sw.js').then(
    () => navigator.serviceWorker.ready.then(() => {
      document.documentElement.dataset.offline = 'ready';
      keepEverythingOffline();
    }),
    () => { document.documentElement.dataset.offline = 'unavailable'; },
  );
}

/** Link a puzzle's own stylesheet (its registry row's `style`) once; resolves when it applies. */
function linkStyle(row) {
  if (!row.style) return Promise.resolve();
  const href = new URL(row.style, document.baseURI).href;
  if ([...document.querySelectorAll('link[rel="stylesheet"]')].some((l) => l.href === href)) return Promise.resolve();
  return new Promise((resolve) => {
    const link = el('link', { rel: 'stylesheet', href: row.style });
    link.addEventListener('load', resolve, { once: true });
    link.addEventListener('error', resolve, { once: true }); // the page still works, unstyled
    document.head.append(link);
  });
}

async function start() {
  const main = document.getElementById('main');
  const h1 = document.getElementById('page-title');
  const rowsLoading = loadRegistry();
  const store = defineSettings(new Store());
  applySettings(readSettings(store));
  wireSkipLink(main);
  const nav = document.querySelector('.site-nav');
  if (nav) keepNavLinksInView(nav); // the phone's one-row navigation keeps its focused and current links in view
  const rows = await rowsLoading;
  const apps = new Map(); // puzzle name -> promise of its mounted app
  // A row's engine and its Midend (null without an engine), one per puzzle: the midend asks the row's worker.
  const engines = new Map(); // puzzle name -> promise of {engine, midend}
  const loadEngine = async (row) => {
    const url = engineUrl(row);
    if (!url) return { engine: null, midend: null };
    const engine = await import(url);
    const worker = workerUrl(row);
    return { engine, midend: new Midend({ puzzle: row.name, engine, ask: worker ? workerAsk(worker) : null }) };
  };
  const engineOf = (row) => {
    if (!engines.has(row.name)) {
      const got = loadEngine(row);
      got.catch(() => engines.delete(row.name));
      engines.set(row.name, got);
    }
    return engines.get(row.name);
  };
  const appOf = (row) => {
    if (!apps.has(row.name)) {
      const app = Promise.all([import(moduleUrl(row)), engineOf(row), linkStyle(row)])
        .then(([m, { engine, midend }]) => m.mount({ store, row, engine, midend }));
      app.catch(() => apps.delete(row.name));
      apps.set(row.name, app);
    }
    return apps.get(row.name);
  };
  // Importing a saved-data code needs every puzzle's keys declared, also those of
  // puzzles not opened in this tab: the import mounts them all first.
  store.beforeImport = () => Promise.allSettled(rows.map(appOf));
  const cards = new Map(); // puzzle name -> promise of its card
  const cardOf = (row) => {
    if (!cards.has(row.name)) {
      const card = import(homeUrl(row)).then((m) => m.card || plainCard(row), () => plainCard(row));
      cards.set(row.name, card);
    }
    return cards.get(row.name);
  };
  const allCards = await Promise.all(rows.map(cardOf));
  siteNav(rows, allCards);
  const links = puzzleLinks(rows, allCards);
  const othersThan = (name) => links.filter((l) => l.view !== name);
  let current = null; // {row, app} of the puzzle on screen (null on the site's own pages)
  const howtoButton = document.getElementById('howto-open');
  howtoButton?.addEventListener('click', () => { if (current?.app.howto) openHowto(current.app.howto); });
  document.getElementById('settings-open')?.addEventListener('click', async () => {
    const loaded = await Promise.allSettled(rows.map(appOf));
    const puzzles = rows.map((row, i) => ({
      name: row.name, title: row.title,
      settings: loaded[i].status === 'fulfilled' ? loaded[i].value.settings || [] : [],
    }));
    openSettings(store, puzzles);
  });
  const renderRoute = async (route) => {
    if (route.result) return (await import('./result-view.js')).resultView({ rows, appOf, engineOf, code: route.result });
    if (route.home) {
      const node = await homeView({ rows, store, appOf, cardOf });
      return { node, view: 'home', nav: 'home', title: SITE_NAME, puzzle: null };
    }
    if (route.archive) {
      const node = await (await import('./archive.js')).archiveView({ rows, store, cardOf });
      return { node, view: 'archive', nav: 'archive', title: 'Archive', puzzle: null };
    }
    const app = await appOf(route.row);
    return { ...(await app.render(route.rest)), chrome: app.chrome, title: route.row.title, puzzle: { row: route.row, app } };
  };
  // A page that fails shows its puzzle's fallback page (its daily), or the first puzzle's.
  const fallbackPage = async (route) => {
    const row = route.row || rows[0];
    const app = await appOf(row);
    const out = await app.render(app.fallback || '');
    return { ...out, chrome: app.chrome, title: row.title, puzzle: { row, app } };
  };
  let first = true;
  let latest = 0;
  let shown = 0;
  const show = async () => {
    const token = ++latest;
    const route = routeOf(rows, location.hash);
    const stamp = pageTitleStamp();
    let out;
    main.setAttribute('aria-busy', 'true'); // a board may be building in a puzzle's worker (a daily, a new board)
    try {
      out = await renderRoute(route);
    } catch (err) {
      const banner = el('p', { class: 'notice bad', role: 'alert' },
        `Something went wrong showing that page (${firstLine(err)}). Here is today's daily.`);
      try {
        out = await fallbackPage(route);
        out.node.prepend(banner);
      } catch (err2) {
        out = { node: el('p', { class: 'notice bad', role: 'alert' }, `The game could not start: ${firstLine(err2)}.`), puzzle: null };
      }
    }
    if (token !== latest) return; // a newer navigation won
    main.removeAttribute('aria-busy');
    const name = out.puzzle ? out.puzzle.row.name : null;
    setChrome(out.chrome || null, name, name ? othersThan(name) : [], out.foot ?? null);
    mount(main, h1, out.node); // the page's <h1> stays, the view follows it
    if (out.replaceHash) history.replaceState(null, '', out.replaceHash);
    markNav(out.nav ?? out.view);
    if (pageTitleStamp() === stamp) setPageTitle(out.title || SITE_NAME); // the view chose none
    if (!first && h1) h1.focus({ preventScroll: true });
    first = false;
    current = out.puzzle;
    if (howtoButton) howtoButton.hidden = !current?.app.howto;
    showNotices(store);
    document.documentElement.dataset.view = out.node.dataset?.mode || out.view;
    document.documentElement.dataset.shown = String(++shown); // pages shown so far (tests wait on it)
    performance.mark('view-ready');
    if (current?.app.howto && !howtoSeen(store, current.row.name)) {
      markHowtoSeen(store, current.row.name);
      openHowto(current.app.howto);
    }
  };
  addEventListener('hashchange', show);
  await show();
  document.documentElement.dataset.ready = 'true';
  registerServiceWorker();
}

start();
