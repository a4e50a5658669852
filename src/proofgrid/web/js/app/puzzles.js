// The registry table: which puzzles the site has, the first segment of each
// one's routes and its lazily loaded UI module (a path from the site root whose
// module exports mount). The server writes the table as js/registry.json from
// the Python registry (proofgrid.registry.web_manifest), and the service worker
// caches it with the core; the shell reads it with loadRegistry. BUILTIN
// (js/app/registry.js, a file generated from the same registry) is the table
// for the puzzles shipped with proofgrid, used when the file cannot be fetched
// (a page opened from file://). A row's optional `style` is the puzzle's
// stylesheet, linked by the shell before the puzzle's first page shows, and its
// optional `home` a small module exporting `card`, read by the site's home
// without loading the puzzle's whole app (js/app/home.js); its optional
// `engine` is the puzzle's engine mirror (it fills ENGINE_CONTRACT,
// js/core/puzzle.js) and `worker` the Web Worker that answers hints, status
// and solutions: the shell's midend (js/app/midend.js) imports the engine and
// hands both to the puzzle's mount, so no view of a puzzle imports an engine.
//
// A puzzle's UI module exports
//   mount({store, row, engine, midend}) -> app (or a promise of one), where
//     engine is the row's engine module (null without one) and midend its
//     Midend (js/app/midend.js: game IDs, hints, status, solutions, records);
//   app.render(rest) resolves {node, view, nav?, replaceHash?}: rest is the
//     fragment after "<route>/" (the whole fragment for the default puzzle),
//     view names the page (data-view on <html>), nav the header link to mark;
//   app.chrome: {name, nav: [{href, view, label}], foot} shown in the site's
//     header and footer while the puzzle is on screen (null: the site's own);
//   app.fallback: the fragment (after "<route>/") of the page shown when one
//     of the puzzle's pages fails (its daily); '' when absent;
// and optionally
//   card (also exported by the `home` module): what the site's home shows,
//     {title, blurb, links: [{href, label, primary?}], daily?} (js/app/home.js
//     describes `daily`, js/app/archive.js the archive's part of it);
//   app.howto: {title, steps: [{text, demo?(container) -> cleanup?}]}: three
//     steps, shown by the shell on the puzzle's first visit and from its "?" button;
//   app.settings: [{key, label, help, default}]: boolean options shown in the
//     shell's settings panel, read with puzzleSetting (js/app/settings.js);
//   app.continueHref(gid, record) -> '#<route>/play/<gid>' and
//   app.continueLabel(gid, record) -> short words, for the home page's Continue
//     list of saved games (js/app/saved-games.js).
// The page's one <h1> is the shell's: views set it with setPageTitle (js/app/ui.js).

import { BUILTIN } from './registry.js';

export { BUILTIN };

export const REGISTRY_URL = 'js/registry.json';

const FIELDS = ['name', 'title', 'route', 'module', 'tier'];
const OPTIONAL = { style: '.css', home: '.js', engine: '.js', worker: '.js' };

/** True when `rows` is a registry table: rows of five strings (and the optional
 * paths `style`, a stylesheet, and `home`, `engine` and `worker`, modules), names and routes unique. */
export function isRegistry(rows) {
  if (!Array.isArray(rows) || rows.length === 0) return false;
  if (!rows.every((r) => r && FIELDS.every((f) => typeof r[f] === 'string'))) return false;
  const unique = (f) => new Set(rows.map((r) => r[f])).size === rows.length;
  const optionalOk = (r) => Object.entries(OPTIONAL).every(([k, ext]) => r[k] === undefined
    || (typeof r[k] === 'string' && r[k].endsWith(ext)));
  return unique('name') && unique('route') && rows.every((r) => r.module.endsWith('.js') && optionalOk(r));
}

/** The site's registry table, fetched relative to `base`; BUILTIN when that fails. */
export async function loadRegistry(base = document.baseURI, fetchJson = (url) => fetch(url).then((r) => {
  if (!r.ok) throw new Error(`${r.status}`);
  return r.json();
})) {
  try {
    const rows = await fetchJson(new URL(REGISTRY_URL, base).href);
    if (isRegistry(rows)) return rows.map((r) => Object.freeze({ ...r }));
  } catch {
    // fall through: no server (file://) or an unreadable table
  }
  return BUILTIN;
}

/** The URL of a row's UI module, for import(). */
export function moduleUrl(row, base = document.baseURI) {
  return new URL(row.module, base).href;
}

/** The URL of a row's engine module, or null when it has none. */
export function engineUrl(row, base = document.baseURI) {
  return row.engine ? new URL(row.engine, base).href : null;
}

/** The URL of a row's worker module, or null when it has none. */
export function workerUrl(row, base = document.baseURI) {
  return row.worker ? new URL(row.worker, base).href : null;
}

/** The URL of a row's home module (its card), or of its UI module when it has none. */
export function homeUrl(row, base = document.baseURI) {
  return new URL(row.home || row.module, base).href;
}
