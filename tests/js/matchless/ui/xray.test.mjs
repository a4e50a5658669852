// X-ray presentation: every component gets a distinct (colour, pattern, label)
// triple, labels are unique, and the explanation states par and the counts.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { componentCount, componentLabel, componentStyle, explainPar, PALETTE, PATTERNS } from '../../../../src/proofgrid/web/js/matchless/ui/xray.js';
import * as engine from '../../../../src/proofgrid/web/js/matchless/engine/index.js';

test('labels and styles stay distinct for every possible component (up to 144)', () => {
  const labels = new Set();
  const styles = new Set();
  for (let c = 0; c < 144; c++) {
    const s = componentStyle(c);
    labels.add(s.label);
    if (c < PALETTE.length * PATTERNS) styles.add(`${s.colour}/${s.pattern}`);
  }
  assert.equal(labels.size, 144);
  assert.equal(styles.size, PALETTE.length * PATTERNS);
  assert.equal(componentLabel(0), 'A');
  assert.equal(componentLabel(25), 'Z');
  assert.equal(componentLabel(26), 'AA');
});

test('the explanation names par, the shells and the components', () => {
  for (const id of engine.PRACTICE) {
    const s = engine.solve(engine.parseGameId(id));
    const text = explainPar(s);
    assert.ok(text.startsWith(`Par is ${s.par} because`));
    assert.ok(text.includes(`${s.labels.length} shells`) || text.includes(`${s.labels.length} shell`));
    const comps = componentCount(s);
    assert.ok(text.includes(`${comps} component`) || text.includes('is its own component'));
    assert.equal((text.match(/\./g) || []).length, 1, 'one sentence');
  }
});
