// The registry table: which puzzles the site has, the first segment of each
// one's routes and its lazily loaded UI module (a path from the site root whose
// module exports mount). The server writes the table as js/registry.json from
// the Python registry (proofgrid.registry.web_manifest), and the service worker
// caches it with the core; the shell reads it with loadRegistry. BUILTIN is the
// same table for the puzzles shipped with proofgrid, used when the file cannot
// be fetched (a page opened from file://): tools/web_registry.py writes it from
// the Python registry and tests/crosscheck checks that it agrees. A row's
// optional `style` is the puzzle's stylesheet, linked by the shell before the
// puzzle's first page shows (js/app/main.js).
//
// A puzzle's UI module exports
//   mount({store, row}) -> app (or a promise of one), where
//   app.render(rest) resolves {node, view, nav?, replaceHash?}: rest is the
//     fragment after "<route>/" (the whole fragment for the default puzzle),
//     view names the page (data-view on <html>), nav the header link to mark;
//   app.chrome: null (the page's own header) or {name, nav: [{href, view, label}], foot};
// and optionally (issue 13)
//   app.howto: {title, steps: [{text, demo?(container) -> cleanup?}]}: three
//     steps, shown by the shell on the puzzle's first visit and from its "?" button;
//   app.settings: [{key, label, help, default}]: boolean options shown in the
//     shell's settings panel, read with puzzleSetting (js/app/settings.js);
//   app.continueHref(gid, record) -> '#<route>/play/<gid>' and
//   app.continueLabel(gid, record) -> short words, for the home page's Continue
//     list of saved games (js/app/games.js).
// The page's one <h1> is the shell's: views set it with setPageTitle (js/app/ui.js).

export const REGISTRY_URL = 'js/registry.json';

// BEGIN BUILTIN (written by tools/web_registry.py)
export const BUILTIN = Object.freeze([
  Object.freeze({ name: 'matchless', title: 'Matchless', route: '', module: 'js/matchless/ui/app.js', tier: 'core', style: 'css/matchless.css' }),
  Object.freeze({ name: 'kirchhoff', title: 'Kirchhoff', route: 'kirchhoff', module: 'js/kirchhoff/ui/app.js', tier: 'kirchhoff', style: 'css/kirchhoff.css' }),
]);
// END BUILTIN

const FIELDS = ['name', 'title', 'route', 'module', 'tier'];

/** True when `rows` is a registry table: rows of five strings (and an optional
 * stylesheet path, `style`), names and routes unique. */
export function isRegistry(rows) {
  if (!Array.isArray(rows) || rows.length === 0) return false;
  if (!rows.every((r) => r && FIELDS.every((f) => typeof r[f] === 'string'))) return false;
  const unique = (f) => new Set(rows.map((r) => r[f])).size === rows.length;
  const styleOk = (r) => r.style === undefined || (typeof r.style === 'string' && r.style.endsWith('.css'));
  return unique('name') && unique('route') && rows.every((r) => r.module.endsWith('.js') && styleOk(r));
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
