// The browser midend (js/app/midend.js) against the real engines and the real
// worker code of both puzzles (their handleMessage, in this thread: Node has
// no module workers). Oracles: each engine called directly (its hint.js,
// solve, solution), the result-code decoder, and the record rule written out
// by hand.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { ContractError, Midend, handlerAsk } from '../../../src/proofgrid/web/js/app/midend.js';
import { atPar, outcome, verdictWords } from '../../../src/proofgrid/web/js/app/record.js';
import { decodeResult } from '../../../src/proofgrid/web/js/core/result.js';
import { GameIdError } from '../../../src/proofgrid/web/js/core/errors.js';
import * as M from '../../../src/proofgrid/web/js/matchless/engine/index.js';
import { hint as provedHint } from '../../../src/proofgrid/web/js/matchless/engine/hint.js';
import { PlayManager } from '../../../src/proofgrid/web/js/matchless/ui/manager.js';
import { handleMessage as matchlessWorker } from '../../../src/proofgrid/web/js/matchless/ui/worker.js';
import * as K from '../../../src/proofgrid/web/js/kirchhoff/engine/index.js';
import { KirchhoffManager } from '../../../src/proofgrid/web/js/kirchhoff/ui/manager.js';
import { useEngine } from '../../../src/proofgrid/web/js/kirchhoff/ui/layout.js';

useEngine(K); // as Kirchhoff's ui/app.js mount does
import { handleMessage as kirchhoffWorker } from '../../../src/proofgrid/web/js/kirchhoff/ui/worker.js';

const clock = () => {
  let t = 1000;
  return () => (t += 1);
};
const matchless = () => new Midend({ puzzle: 'matchless', engine: M, ask: handlerAsk(matchlessWorker), now: clock() });
const kirchhoff = () => new Midend({ puzzle: 'kirchhoff', engine: K, ask: handlerAsk(kirchhoffWorker), now: clock() });

test('an engine that does not fill ENGINE_CONTRACT is refused, naming what it lacks', () => {
  const { hint, ...noHint } = M;
  assert.equal(typeof hint, 'function');
  assert.throws(() => new Midend({ puzzle: 'matchless', engine: noHint }), (err) => err instanceof ContractError && /missing hint/.test(err.message));
  assert.ok(new Midend({ puzzle: 'kirchhoff', engine: K }));
});

test('resolve: a link gives the canonical ID and its board; a damaged one the engine\'s GameIdError', () => {
  const mid = matchless();
  const d = M.daily('2026-12-01');
  const { gid, board } = mid.resolve(`  ${d.id}  `);
  assert.equal(gid, d.id);
  assert.equal(M.formatGameId(board), d.id);
  const seeded = mid.resolve('6x6#42');
  assert.equal(seeded.gid, M.formatGameId(M.parseGameId('6x6#42')));
  assert.throws(() => mid.resolve('6x6:not-a-board'), GameIdError);
  assert.equal(kirchhoff().resolve('5x5de#1').gid, K.formatGameId(K.parseGameId('5x5de#1')));
});

test('Matchless: the worker\'s hint, status and solve equal the engine\'s, position by position', async () => {
  const mid = matchless();
  for (const date of ['2026-12-01', '2026-12-02', '2026-12-03']) {
    const { id, board } = M.daily(date);
    const sol = M.solve(board);
    let state = M.newGame(board);
    const moves = [];
    for (;;) {
      const h = (await mid.hint({ gameId: id, moves })).hint;
      const want = provedHint(state, sol.par);
      assert.deepEqual(h, want === null ? null : JSON.parse(JSON.stringify(want)));
      const st = await mid.status({ gameId: id, moves });
      assert.deepEqual(st, { status: M.status(state), matches: moves.length, remainingPar: M.remainingPar(state), par: sol.par });
      if (!h) break;
      moves.push(h.shell);
      state = M.strike(state, h.shell).state;
    }
    assert.equal(moves.length, sol.par); // following the hints never costs par
    const solved = await mid.solve({ gameId: id });
    assert.equal(solved.par, sol.par);
    assert.deepEqual(solved.witness, [...sol.witness]);
    // and what the X-ray and the editor draw and say
    assert.deepEqual([solved.labels, solved.sources], [[...sol.labels], [...sol.sources]]);
    assert.deepEqual([solved.count, solved.hiddenSources], [sol.count, sol.hiddenSources]);
  }
  await assert.rejects(mid.hint({ gameId: 'nonsense', moves: [] }), /game ID/);
  await assert.rejects(mid.ask('teleport', {}), /unknown op/);
});

test('a Matchless daily played with one hint: the game keeps the history and a record that is never at par', async () => {
  const mid = matchless();
  const d = M.daily('2026-12-04');
  const saved = [];
  const game = mid.open({ gid: d.id, board: d.board, record: { date: '2026-12-04', number: d.number }, onRecord: (r) => saved.push(r) });
  const manager = new PlayManager(M, d.board, { game });
  assert.equal(manager.history, game.history); // undo/redo live in the game
  assert.equal(manager.par, null); // par is the worker's answer: none until asked
  await manager.start();
  assert.equal(manager.par, M.solve(d.board).par);
  assert.equal(manager.over, 0);
  const first = (await game.hint({ moves: [] })).hint;
  game.noteHint();
  manager.strike(first.shell);
  game.noteMoves(manager.used);
  assert.ok(manager.undo() && manager.redo());
  for (const shell of M.solve(d.board).witness) {
    if (!manager.isLit(shell)) manager.strike(shell);
  }
  // Finish by the hint's own answers wherever the witness left shells unlit.
  while (!manager.won) manager.strike((await game.hint({ moves: [...manager.snapshot.moves] })).hint.shell);
  const rec = game.finish({ moves: manager.used, par: manager.par });
  assert.equal(rec.hints, 1);
  assert.equal(rec.finished, true);
  assert.equal(rec.date, '2026-12-04');
  assert.equal(rec.number, d.number);
  assert.ok(rec.started <= rec.finishedAt);
  assert.equal(manager.used, manager.par);
  assert.equal(atPar(rec), false); // at par in matches, but a hint was used
  assert.equal(outcome(rec), 'hints');
  assert.equal(verdictWords(rec), 'solved with help (1 hint)');
  assert.deepEqual(saved[saved.length - 1], rec);
  const names = manager.snapshot.moves.map((s) => M.moveName(d.board, s));
  const code = decodeResult(game.resultCode(names));
  assert.deepEqual(code, { puzzle: 'matchless', id: d.id, moves: names, hints: 1, xray: false });
  assert.equal(game.resultLink(names), `#result/${game.resultCode(names)}`);
  // The same finish without the hint is at par.
  const clean = mid.open({ gid: d.id, board: d.board }).finish({ moves: manager.par, par: manager.par });
  assert.equal(atPar(clean), true);
  assert.equal(outcome(clean), 'par');
});

test('Kirchhoff: hint and solve through the midend equal the engine\'s; the record keeps hints and the shown solution', async () => {
  const mid = kirchhoff();
  const { gid, board } = mid.resolve('5x5de#7');
  const game = mid.open({ gid, board });
  const manager = new KirchhoffManager(K, board, { keep: (start) => game.keep(start) });
  assert.equal(manager.history, game.history);
  const h = await game.hint({ marks: [...manager.marks], last: -1 });
  const want = K.hint(K.positionOf(board, [...manager.marks]), { lastEdge: -1 });
  assert.equal(h.kind, want.kind);
  assert.equal(h.edge, want.edge);
  assert.equal(h.move, want.move);
  assert.deepEqual(h.words, [...want.words]);
  const { solution } = await game.solve();
  assert.deepEqual(solution, [...K.solution(board)]);
  game.noteHint();
  manager.showSolution(solution);
  game.noteRevealed();
  const arrows = manager.marks.filter((m) => m === 1 || m === 2).length;
  const rec = game.finish({ moves: arrows, par: null });
  assert.equal(rec.hints, 1);
  assert.equal(rec.revealed, true);
  assert.equal(outcome(rec), 'revealed');
  const moves = [...manager.marks].flatMap((m, e) => (m === 1 || m === 2 ? [K.formatMove(board, e, m)] : []));
  assert.equal(decodeResult(game.resultCode(moves)).hints, 1);
});

test('a result code made before the midend (today\'s format, no hints field set) still decodes and replays', () => {
  // Made by the Matchless daily's old share card: encodeResult({puzzle, id, moves, xray}).
  const old = 'matchless.AQAAIzZ4NjpGRTE5eTktdmhkSWtxaENDSUZSRG9FaEZRU1FYWkJNBwJhMQJmMQJiMwJjNAJhNgJjNgJlNmQb1yo';
  const r = decodeResult(old);
  assert.deepEqual(r, {
    puzzle: 'matchless', id: '6x6:FE19y9-vhdIkqhCCIFRDoEhFQSQXZBM', moves: ['a1', 'f1', 'b3', 'c4', 'a6', 'c6', 'e6'], hints: 0, xray: false,
  });
  assert.equal(M.daily('2026-12-01').id, r.id);
});

test('saved data from before the midend opens unchanged: games restore their record, kept dailies read by the rule', async () => {
  const { MemoryBackend, Store } = await import('../../../src/proofgrid/web/js/app/storage.js');
  const { card: mCard } = await import('../../../src/proofgrid/web/js/matchless/ui/card.js');
  const { card: kCard } = await import('../../../src/proofgrid/web/js/kirchhoff/ui/card.js');
  const { loadState, savedGames } = await import('../../../src/proofgrid/web/js/matchless/ui/saved.js');
  const backend = new MemoryBackend();
  const d = M.daily('2026-12-03');
  // As the code before the midend wrote them: a daily in progress, with the X-ray, no hints field.
  backend.setItem('pg:game:matchless:' + d.id, JSON.stringify({
    v: 1, data: { gid: d.id, preset: 'daily', state: { moves: [0, 3], xray: true, date: '2026-12-03' }, finished: false, daily: true, updated: 5 },
  }));
  backend.setItem('pg:games:matchless', JSON.stringify({ v: 1, data: [{ gid: d.id, preset: 'daily', finished: false, daily: true, updated: 5 }] }));
  backend.setItem('proofgrid.matchless.daily', JSON.stringify({ v: 1, data: { records: {
    '2026-12-01': { number: 1, score: 7, par: 7 },
    '2026-12-02': { number: 2, score: 6, par: 6, hints: 1 },
  }, current: null } }));
  backend.setItem('proofgrid.kirchhoff.daily', JSON.stringify({ v: 1, data: { records: {
    '2026-12-01': { number: 1, hints: 0, ms: null }, '2026-12-02': { number: 2, hints: 2, ms: 9000, alarm: false },
  }, current: null } }));
  const before = new Map(backend.map);
  const store = new Store(backend);
  const saved = loadState(savedGames(store), d.id);
  assert.deepEqual(saved.moves, [0, 3]);
  const game = matchless().open({ gid: d.id, board: d.board, record: { xray: saved.xray, hints: saved.hints, date: '2026-12-03' } });
  assert.equal(game.record.xray, true);
  assert.equal(game.record.hints, 0);
  const m = mCard.daily.results(store);
  assert.equal(m['2026-12-01'].kind, 'par');
  assert.equal(m['2026-12-02'].kind, 'hints'); // at par in matches with a hint: solved with help
  assert.match(m['2026-12-02'].words, /with help \(1 hint\)/);
  assert.equal(m['2026-12-03'].kind, 'playing');
  const k = kCard.daily.results(store);
  assert.deepEqual([k['2026-12-01'].kind, k['2026-12-02'].kind], ['par', 'hints']);
  assert.deepEqual(new Map(backend.map), before); // reading never rewrote a key
});
