// The browser's layers, checked by reading every module's import statements:
//   js/core/       imports only js/core/
//   js/app/        the shell and shared UI: js/app/ and js/core/ only — it reaches a
//                  puzzle only through js/registry.json's module strings
//   js/<puzzle>/   imports js/core/, js/app/ and its own folder, never another puzzle;
//                  its engine/ (the mirror of src/proofgrid/<puzzle>/) imports only
//                  js/core/ and its own engine/; of its ui/, only the declaration
//                  (ui/app.js, which hands the engine to the midend) and its
//                  workers (ui/*worker.js) import engine/ — views never do, they
//                  get what they need from the engine handed in
// and every relative import names a file that exists. Oracle: the text of the
// files (comments stripped), not the module graph a browser would build.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const JS = fileURLToPath(new URL('../../src/proofgrid/web/js/', import.meta.url));
const SHARED = new Set(['app', 'core']);

function modules(dir = JS) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return modules(p);
    return d.name.endsWith('.js') ? [path.relative(JS, p).split(path.sep).join('/')] : [];
  });
}

const BLOCK = /\/\*[\s\S]*?\*\//g;
const LINE = /^[ \t]*\/\/.*$/gm;
const STATIC = /^[ \t]*(?:import|export)\s+(?:[\w*{][^;]*?\bfrom\s*)?['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
const WORKER = /new URL\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url\s*\)/g;

/** The site paths a module imports (static, dynamic and worker scripts), resolved. */
export function importsOf(rel, text) {
  const code = text.replace(BLOCK, '').replace(LINE, '');
  const specs = [STATIC, DYNAMIC, WORKER].flatMap((re) => [...code.matchAll(re)].map((m) => m[1]));
  return specs.map((s) => {
    assert.ok(s.startsWith('./') || s.startsWith('../'), `${rel}: bare or absolute import ${s}`);
    return path.posix.normalize(path.posix.join(path.posix.dirname(rel), s));
  });
}

/** A puzzle's ui/ files that may import its engine/: the declaration (app.js) and the workers. */
function mayImportEngine(rel) {
  const name = rel.split('/').pop();
  return name === 'app.js' || name.endsWith('worker.js');
}

/** Every rule the layers break, as "from imports to (why)" lines. */
export function violations(files) {
  const bad = [];
  for (const [rel, text] of Object.entries(files)) {
    const [top, sub] = rel.split('/');
    for (const dep of importsOf(rel, text)) {
      const [dTop, dSub] = dep.split('/');
      const say = (why) => bad.push(`${rel} imports ${dep} (${why})`);
      if (!(dep in files)) say('no such module');
      else if (top === 'core' && dTop !== 'core') say('core imports only core');
      else if (top === 'app' && !SHARED.has(dTop)) say('the shell reaches puzzles through the registry only');
      else if (!SHARED.has(top) && !SHARED.has(dTop) && dTop !== top) say('puzzles import nothing from each other');
      else if (!SHARED.has(top) && sub === 'engine' && !(dTop === 'core' || (dTop === top && dSub === 'engine'))) {
        say('an engine mirror imports only core and its own engine');
      } else if (!SHARED.has(top) && sub === 'ui' && dTop === top && dSub === 'engine' && !mayImportEngine(rel)) {
        say('only ui/app.js and the workers import the engine; a view gets it handed in');
      }
    }
  }
  return bad;
}

test('the site modules keep their layers', () => {
  const files = Object.fromEntries(modules().map((rel) => [rel, fs.readFileSync(path.join(JS, rel), 'utf8')]));
  assert.ok('app/main.js' in files && 'core/puzzle.js' in files);
  const puzzles = new Set(Object.keys(files).map((f) => f.split('/')[0]).filter((t) => !SHARED.has(t)));
  assert.deepEqual([...puzzles].sort(), ['kirchhoff', 'matchless']);
  assert.deepEqual(violations(files), []);
});

test('the layer check catches each kind of crossing', () => {
  const files = {
    'core/a.js': "import { x } from '../app/b.js';\n",
    'app/b.js': "// import '../matchless/ui/app.js';\nconst m = () => import('../matchless/ui/app.js');\n",
    'matchless/ui/app.js': "import {\n  y,\n} from '../../kirchhoff/engine/index.js';\nimport { z } from './gone.js';\n",
    'matchless/engine/index.js': "export { w } from '../../app/b.js';\n",
    'kirchhoff/engine/index.js': "const u = new URL('../../core/a.js', import.meta.url);\n",
    'kirchhoff/ui/app.js': "import * as K from '../engine/index.js';\n",
    'kirchhoff/ui/worker.js': "import * as K from '../engine/index.js';\n",
    'kirchhoff/ui/duel-worker.js': "import { d } from '../engine/index.js';\n",
    'kirchhoff/ui/layout.js': "import { Mark } from '../engine/index.js';\nconst h = () => import('../engine/index.js');\n",
  };
  assert.deepEqual(violations(files), [
    'core/a.js imports app/b.js (core imports only core)',
    'app/b.js imports matchless/ui/app.js (the shell reaches puzzles through the registry only)',
    'matchless/ui/app.js imports kirchhoff/engine/index.js (puzzles import nothing from each other)',
    'matchless/ui/app.js imports matchless/ui/gone.js (no such module)',
    'matchless/engine/index.js imports app/b.js (an engine mirror imports only core and its own engine)',
    'kirchhoff/ui/layout.js imports kirchhoff/engine/index.js (only ui/app.js and the workers import the engine; a view gets it handed in)',
    'kirchhoff/ui/layout.js imports kirchhoff/engine/index.js (only ui/app.js and the workers import the engine; a view gets it handed in)',
  ]);
});
