// The Node side of bench/bench_kirchhoff_js.py: times the JavaScript Kirchhoff
// engine on the workloads Python sends (JSON on stdin) and prints one JSON
// object: per-item milliseconds for generation (with progress-callback
// statistics) and for hints. A first, untimed pass warms the JIT; the first
// (cold) call of each kind is reported separately.

import * as K from '../src/proofgrid/web/js/kirchhoff/engine/index.js';

const chunks = [];
for await (const c of process.stdin) chunks.push(c);
const job = JSON.parse(Buffer.concat(chunks).toString('utf8'));
const out = { gen: {}, hints: [], cold: {} };

function timeIt(fn) {
  const t = performance.now();
  const r = fn();
  return [performance.now() - t, r];
}

// cold calls: the very first generation and hint in a fresh process
out.cold.generateHard = timeIt(() => K.generate('hard', 1n))[0];
const coldPos = K.positionOf(K.parseGameId(job.hints[0][0]), job.hints[0][1]);
out.cold.hint = timeIt(() => K.hint(coldPos))[0];

for (const [preset, seeds] of Object.entries(job.gen)) {
  K.generate(preset, BigInt(seeds[0])); // warm-up
  const rows = [];
  for (const s of seeds) {
    const stamps = [performance.now()];
    const g = K.generate(preset, BigInt(s), () => stamps.push(performance.now()));
    stamps.push(performance.now());
    let maxGap = 0;
    for (let i = 1; i < stamps.length; i++) maxGap = Math.max(maxGap, stamps[i] - stamps[i - 1]);
    rows.push({ ms: stamps[stamps.length - 1] - stamps[0], id: g.id, events: stamps.length - 2, maxGap });
  }
  out.gen[preset] = rows;
}

for (const [id, marks] of job.hints.slice(0, 5)) K.hint(K.positionOf(K.parseGameId(id), marks)); // warm-up
const boards = new Map();
for (const [id, marks, kind] of job.hints) {
  if (!boards.has(id)) boards.set(id, K.parseGameId(id));
  const pos = K.positionOf(boards.get(id), marks);
  const [ms, h] = timeIt(() => K.hint(pos));
  out.hints.push({ ms, kind, hint: h.kind, edge: h.edge });
}
process.stdout.write(JSON.stringify(out));
