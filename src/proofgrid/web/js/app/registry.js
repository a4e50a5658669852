// Generated from src/proofgrid/registry.py by tools/web_registry.py (proofgrid.server.site.builtin_registry_js): do not edit.
// The registry table of the puzzles shipped with proofgrid, for pages opened
// without a server (file://); a served page reads js/registry.json instead.

export const BUILTIN = Object.freeze([
  Object.freeze({ name: 'matchless', title: 'Matchless', route: '', module: 'js/matchless/ui/app.js', tier: 'core', style: 'css/matchless.css', home: 'js/matchless/ui/card.js', engine: 'js/matchless/engine/index.js', worker: 'js/matchless/ui/worker.js' }),
  Object.freeze({ name: 'kirchhoff', title: 'Kirchhoff', route: 'kirchhoff', module: 'js/kirchhoff/ui/app.js', tier: 'kirchhoff', style: 'css/kirchhoff.css', home: 'js/kirchhoff/ui/card.js', engine: 'js/kirchhoff/engine/index.js', worker: 'js/kirchhoff/ui/worker.js' }),
]);
