// The Node side of bench/bench_kirchhoff_js.py: times the JavaScript Kirchhoff
// engine on the workloads Python sends (JSON on stdin) and prints one JSON
// object: per-item milliseconds for generation (with progress-callback
// statistics) and for hints. A first, untimed pass warms the JIT; the first
// (cold) call of each kind is reported separately.

import * as K from '../src/proofgrid/web/js/kirchhoff/engine/index.js';

function timeIt(fn) {
  const t = performance.now();
  const r = fn();
  return [performance.now() - t, r];
}

// `node bench/bench_kirchhoff_js.mjs --proofs [days]`: hints with their proofs
// (issue 12) instead — the first `days` dailies (default 10) solved by hints
// alone, each hint timed whole (exact verdict + prover + sentences) and the
// prover alone; one wrong arrow per daily timed as a lost verdict. One JSON line.
if (process.argv.includes('--proofs')) {
  const days = Number(process.argv[process.argv.indexOf('--proofs') + 1]) || 10;
  const med = (xs) => xs.slice().sort((a, b) => a - b)[xs.length >> 1];
  const pct = (xs, q) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
  const hintMs = [];
  const proveMs = [];
  const lostMs = [];
  const sizes = [];
  const start = Date.UTC(2026, 10, 30);
  for (let d = 0; d < days; d++) {
    const g = K.daily(new Date(start + d * 86400000).toISOString().slice(0, 10));
    let pos = K.newPosition(g.board);
    let last = -1;
    for (;;) {
      const [ms, h] = timeIt(() => K.hint(pos, { lastEdge: last }));
      if (h.kind === 'solved') break;
      hintMs.push(ms);
      proveMs.push(timeIt(() => K.proveHint(pos, { lastEdge: last }))[0]);
      if (h.proof) sizes.push(JSON.stringify(h.proof).length);
      pos = K.setMark(pos, h.edge, h.mark);
      last = h.edge;
    }
    const e = g.solution.findIndex((s) => s === 0);
    lostMs.push(timeIt(() => K.hint(K.setMark(K.newPosition(g.board), e, 1), { lastEdge: e }))[0]);
  }
  process.stdout.write(`${JSON.stringify({
    days, hints: hintMs.length,
    hintMedianMs: med(hintMs), hintP99Ms: pct(hintMs, 0.99), hintMaxMs: Math.max(...hintMs),
    proveMedianMs: med(proveMs), lostMedianMs: med(lostMs), lostMaxMs: Math.max(...lostMs),
    proofCharsMedian: med(sizes), proofCharsMax: Math.max(...sizes),
  })}\n`);
  process.exit(0);
}

const chunks = [];
for await (const c of process.stdin) chunks.push(c);
const job = JSON.parse(Buffer.concat(chunks).toString('utf8'));
const out = { gen: {}, hints: [], cold: {} };


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
  out.hints.push({ ms, kind, hint: h.kind, edge: h.edge, proofChars: h.proof ? JSON.stringify(h.proof).length : 0 });
}
process.stdout.write(JSON.stringify(out));
