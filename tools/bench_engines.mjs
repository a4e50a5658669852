// Node side of tools/bench_engines.py: times the JavaScript engine on the same
// workloads the Python side times, and prints one JSON object of seconds.
// Usage: node tools/bench_engines.mjs <days> <boards> <duelBoards>

import * as E from '../src/proofgrid/web/js/matchless/engine/index.js';
import { DuelSolver } from '../src/proofgrid/web/js/matchless/engine/duel.js';

const [days, boards, duels] = process.argv.slice(2).map(Number);
const out = {};
let t = performance.now();
for (let k = 1; k <= days; k++) E.daily(E.dateOfNumber(k));
out.dailies = (performance.now() - t) / 1000;

const rng = new (await import('../src/proofgrid/web/js/core/rng.js')).SplitMix64(12345n);
const seeds = Array.from({ length: boards }, () => rng.next64());
t = performance.now();
const made = seeds.map((s) => E.generate({ rows: 6, cols: 6 }, s));
out.generate = (performance.now() - t) / 1000;
t = performance.now();
for (const b of made) E.solve(b);
out.solve = (performance.now() - t) / 1000;
t = performance.now();
for (const b of made) E.parseGameId(E.formatGameId(b));
out.codec = (performance.now() - t) / 1000;

const duelBoards = Array.from({ length: duels }, () => E.generate({ rows: 5, cols: 5 }, rng.next64()));
t = performance.now();
for (const b of duelBoards) {
  for (const rule of ['most', 'fewest']) new DuelSolver(b.succ, rule).value((1n << BigInt(b.shells.length)) - 1n);
}
out.duel = (performance.now() - t) / 1000;
process.stdout.write(JSON.stringify(out) + '\n');
