// The Kirchhoff Web Worker: generation, hints, counting and grading run here,
// never on the page's thread, so the page never freezes.
//
// Request  {id, op, args}
// Replies  {id, progress: {phase, done, total, attempt}}   zero or more (generate, daily)
//          {id, ok: true, result} | {id, ok: false, error: oneLineMessage}
// Ops and their args (gameId is "params:desc" or "params#seed"; marks is one
// mark 0..3 per edge, omitted = every edge free):
//   generate {preset | params, seed?}   -> {id, seedId, seed, grade, attempts, board, solution, ms}
//   daily    {date, preset?}            -> {id, seedId, date, number, preset, grade, board, solution, ms}
//   hint     {gameId, marks, last?}     -> the hint (hint.js) with its proof and words + ms
//                                         (last: the edge of the player's last mark, -1 none)
//   empties  {gameId, marks}            -> {edges}: free edges cell steps alone prove unused
//   status   {gameId, marks}            -> {status: 'won' | 'lost' | 'playing'} (exact: a lost position has no completion)
//   count    {gameId, marks, cap, deadlineMs} -> {count: BigInt | null, capped, timedOut, reason?, ms}
//   grade    {gameId, deadlineMs}       -> {count (capped at 2), capped, timedOut, unique, grade: report | null, ms}
//   analyse  {gameId, marks, deadlineMs} -> analysePosition (count, status, lost, region, text) + ms
//   solve    {gameId}                   -> {solution: edge states | null, ms}
// A seed missing from generate is drawn from crypto.getRandomValues (63 bits).
// handleMessage is exported so node:test drives the protocol without a browser.

import * as K from '../engine/index.js';

const PROGRESS_EVERY_MS = 30;
const boards = new Map();

function boardOf(gameId) {
  if (typeof gameId !== 'string') throw new K.GameIdError('gameId must be text');
  let b = boards.get(gameId);
  if (!b) {
    b = K.parseGameId(gameId);
    if (boards.size >= 16) boards.delete(boards.keys().next().value);
    boards.set(gameId, b);
  }
  return b;
}

/** The board as plain data (what the UI draws; parseGameId(board.id) rebuilds it). */
function plainBoard(b) {
  return {
    rows: b.rows,
    cols: b.cols,
    params: { ...b.params },
    clues: b.clues.map((c) => ({ ...c })),
    edges: b.edges.map((e) => [...e]),
    id: b.id,
  };
}

function plainHint(h) {
  return {
    kind: h.kind,
    edge: h.edge,
    state: h.state,
    mark: h.mark,
    move: h.move,
    cell: h.cell,
    region: h.region ? [...h.region] : null,
    surplus: h.surplus,
    boundary: h.boundary,
    outward: h.outward,
    trial: h.trial,
    text: h.text,
    reason: h.reason,
    proof: h.proof,
    words: [...h.words],
    regions: h.regions.map((r) => ({
      cells: [...r.allCells],
      whole: [...r.cells],
      entryOnly: [...r.entryOnly],
      exitOnly: [...r.exitOnly],
      outward: r.outward,
      surplus: r.surplus,
      boundary: r.capacity,
    })),
  };
}

function randomSeed() {
  const a = new Uint32Array(2);
  globalThis.crypto.getRandomValues(a);
  return (BigInt(a[0] & 0x7fffffff) << 32n) | BigInt(a[1]);
}

function posOf(args) {
  const b = boardOf(args.gameId);
  return K.positionOf(b, args.marks || null);
}

function throttled(id, post) {
  let last = -Infinity;
  let lastPhase = '';
  return (p) => {
    const now = performance.now();
    const end = p.done === p.total && p.phase === 'grade';
    if (p.phase !== lastPhase || end || now - last >= PROGRESS_EVERY_MS) {
      last = now;
      lastPhase = p.phase;
      post({ id, progress: { phase: p.phase, done: p.done, total: p.total, attempt: p.attempt } });
    }
  };
}

const OPS = {
  generate(args, progress) {
    const params = K.toParams(args.preset ?? args.params ?? 'hard');
    const seedText = args.seed === undefined || args.seed === null ? String(randomSeed()) : String(args.seed);
    const g = K.generate(params, K.parseSeed(seedText), progress);
    return {
      id: g.id,
      seedId: `${K.encodeParams(params)}#${seedText}`,
      seed: String(g.seed),
      grade: g.grade,
      attempts: g.attempts,
      board: plainBoard(g.board),
      solution: [...g.solution],
    };
  },
  daily(args, progress) {
    const d = K.daily(args.date, args.preset ?? K.DAILY_PRESET, progress);
    return {
      id: d.id,
      seedId: d.seedId,
      date: d.date,
      number: d.number,
      preset: d.preset,
      grade: d.grade,
      board: plainBoard(d.board),
      solution: [...d.solution],
    };
  },
  hint(args) {
    const last = Number.isInteger(args.last) ? args.last : -1;
    return plainHint(K.hint(posOf(args), { lastEdge: last }));
  },
  empties(args) {
    return { edges: K.obviousEmpties(posOf(args)) };
  },
  status(args) {
    return { status: K.status(posOf(args)) };
  },
  count(args) {
    const b = boardOf(args.gameId);
    return K.count(b, args.marks || null, { cap: args.cap ?? null, deadlineMs: args.deadlineMs ?? null });
  },
  grade(args) {
    const b = boardOf(args.gameId);
    const c = K.count(b, null, { cap: 2, deadlineMs: args.deadlineMs ?? null });
    const unique = c.count === 1n;
    return { ...c, unique, grade: unique ? K.grade(b) : null };
  },
  analyse(args) {
    return K.analysePosition(posOf(args), { deadlineMs: args.deadlineMs ?? null });
  },
  solve(args) {
    return { solution: K.solution(boardOf(args.gameId)) };
  },
};

/** Answer one request through post(); never throws. */
export function handleMessage(data, post) {
  const { id, op, args } = data || {};
  try {
    const fn = Object.hasOwn(OPS, op) ? OPS[op] : null;
    if (!fn) throw new K.GameIdError(`unknown op ${JSON.stringify(String(op))}`);
    const t0 = performance.now();
    const result = fn(args || {}, throttled(id, post));
    post({ id, ok: true, result: { ...result, ms: performance.now() - t0 } });
  } catch (err) {
    const msg = String((err && err.message) || err).split('\n')[0];
    post({ id, ok: false, error: msg || 'the engine failed' });
  }
}

if (typeof self !== 'undefined' && typeof self.postMessage === 'function' && typeof window === 'undefined') {
  self.onmessage = (e) => handleMessage(e.data, (msg) => self.postMessage(msg));
}
