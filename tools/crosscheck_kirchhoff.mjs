// The Node side of the Kirchhoff cross-check (tools/crosscheck_kirchhoff.py):
// reads JSON jobs (one per line) on stdin and answers each with one JSON line
// on stdout, in order. One process per run.
//
// Jobs:
//   {k: "kgen", params, seed}      -> the generated board: id, grades, solution, report
//   {k: "kdaily", date}            -> the daily: id, seed-form id, grade
//   {k: "kboard", id, grade}       -> the full ladder grade (if asked) and the first two solutions
//   {k: "kpos", id, marks}         -> everything the engine says about a position:
//                                     status, exact count and marginals, forced edges,
//                                     arc consistency, relaxation, probe, hint
//   {k: "khint", id, marks, last}  -> the hint with its proof (and the proof as JSON text) and words
//   {k: "kid", text}               -> {ok, id} or {ok: false, error}
//   {k: "kmove", id, text}         -> {ok, edge, mark} or {ok: false, error}
// BigInts travel as decimal strings; a counter past its limits is "limit".
// The job loop is tools/crosscheck_serve.mjs.

import * as K from '../src/proofgrid/web/js/kirchhoff/engine/index.js';
import { attempt, serve } from './crosscheck_serve.mjs';

const boards = new Map();
function boardOf(id) {
  let b = boards.get(id);
  if (!b) {
    b = K.readGameId(id);
    if (boards.size > 4000) boards.clear();
    boards.set(id, b);
  }
  return b;
}

function region(r) {
  return {
    cells: [...r.cells], entry: [...r.entryOnly], exit: [...r.exitOnly],
    out: r.outward, surplus: r.surplus, cap: r.capacity,
  };
}

/** Everything a hint says; its proof also as compact JSON text (compared byte for byte). */
function hintJson(h) {
  return {
    kind: h.kind, edge: h.edge, state: h.state, move: h.move, cell: h.cell,
    regions: h.regions.map(region), trial: h.trial, reason: h.reason,
    proof: h.proof, proofText: h.proof === null ? null : JSON.stringify(h.proof), words: [...h.words],
  };
}

/** value of fn(), or "limit" when the exact counter refuses the board. */
function limited(fn) {
  try {
    return fn();
  } catch (err) {
    if (err instanceof K.CountLimitError) return 'limit';
    throw err;
  }
}

const handlers = {
  kgen({ params, seed }) {
    const g = K.generate(params, BigInt(seed));
    return {
      id: g.id,
      grade: g.grade,
      attempts: g.attempts,
      grades: [...g.attemptGrades],
      solution: [...g.solution],
      report: [g.report.solved, g.report.cutRounds, g.report.trialRounds, g.report.exactRounds],
      tests: g.tests,
    };
  },
  kdaily({ date }) {
    const d = K.daily(date);
    return { id: d.id, seedId: d.seedId, grade: d.grade, number: d.number };
  },
  kboard({ id, grade }) {
    const b = boardOf(id);
    const r = grade ? K.gradeBoard(b) : null;
    return {
      grade: r && [r.grade, r.solved, r.cutRounds, r.trialRounds, r.exactRounds],
      solutions: limited(() => K.solutions(b, null, { limit: 2 })),
      id: K.formatGameId(b),
    };
  },
  kpos({ id, marks }) {
    const b = boardOf(id);
    const pos = K.positionOf(b, marks);
    const masks = K.masksOf(pos.marks);
    const c = K.count(b, marks);
    const out = {
      count: c.timedOut ? 'limit' : String(c.count),
      status: limited(() => K.status(pos)),
    };
    out.marginals = limited(() => K.analyse(b, masks).marginals.map((m) => m.map(String)));
    out.forced = limited(() => [...K.forcedStates(b, masks)].sort((x, y) => x[0] - y[0]));
    const prop = K.propagate(b, masks);
    out.prop = { masks: prop.masks, dead: prop.deadCell, reason: prop.reason };
    if (prop.deadCell < 0) {
      const rx = K.relax(b, prop.masks);
      out.relax = {
        feasible: rx.feasible,
        cert: rx.certificate ? region(rx.certificate) : null,
        arcs: rx.forcedArcs(),
      };
      const pr = K.probe(b, prop.masks);
      out.probe = pr === null ? null : {
        elim: [...pr.eliminated].sort((x, y) => x[0] - y[0]),
        regions: [...pr.regions].map(([key, v]) => [...key.split(',').map(Number), region(v.region), v.hypothetical])
          .sort((x, y) => x[0] - y[0] || x[1] - y[1]),
      };
    }
    out.hint = limited(() => hintJson(K.hint(pos)));
    return out;
  },
  khint({ id, marks, last }) {
    return hintJson(K.hint(K.positionOf(boardOf(id), marks), { lastEdge: last }));
  },
  kid({ text }) {
    return attempt(() => ({ id: K.formatGameId(K.readGameId(text)) }));
  },
  kmove({ id, text }) {
    const b = boardOf(id);
    return attempt(() => {
      const { edge, mark } = K.parseMove(b, text);
      return { edge, mark };
    });
  },
};

await serve(handlers);
