// The registry table: which puzzles the site has, the first segment of each
// one's routes and its lazily loaded UI module (a path from the site root whose
// module exports mount). The server writes the table as js/registry.json from
// the Python registry (proofgrid.registry.web_manifest), and the service worker
// caches it with the core; the shell reads it with loadRegistry. BUILTIN is the
// same table for the puzzles shipped with proofgrid, used when the file cannot
// be fetched (a page opened from file://): tools/web_registry.py writes it from
// the Python registry and tests/crosscheck checks that it agrees.
//
// A puzzle's UI module exports
//   mount({store, row}) -> app (or a promise of one), where
//   app.render(rest) resolves {node, view, nav?, replaceHash?}: rest is the
//     fragment after "<route>/" (the whole fragment for the default puzzle),
//     view names the page (data-view on <html>), nav the header link to mark;
//   app.chrome: null (the page's own header) or {name, nav: [{href, view, label}], foot}.

export const REGISTRY_URL = 'js/registry.json';

// BEGIN BUILTIN (written by tools/web_registry.py)
export const BUILTIN = Object.freeze([
  Object.freeze({ name: 'matchless', title: 'Matchless', route: '', module: 'js/matchless/ui/app.js', tier: 'core' }),
  Object.freeze({ name: 'kirchhoff', title: 'Kirchhoff', route: 'kirchhoff', module: 'js/kirchhoff/ui/app.js', tier: 'kirchhoff' }),
]);
// END BUILTIN

const FIELDS = ['name', 'title', 'route', 'module', 'tier'];

/** True when `rows` is a registry table: rows of five strings, names and routes unique. */
export function isRegistry(rows) {
  if (!Array.isArray(rows) || rows.length === 0) return false;
  if (!rows.every((r) => r && FIELDS.every((f) => typeof r[f] === 'string'))) return false;
  const unique = (f) => new Set(rows.map((r) => r[f])).size === rows.length;
  return unique('name') && unique('route') && rows.every((r) => r.module.endsWith('.js'));
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
