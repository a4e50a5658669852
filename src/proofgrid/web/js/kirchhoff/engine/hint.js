// Hints that explain themselves: the next forced edge, ranked as a person would
// find it, mirroring src/proofgrid/kirchhoff/hint.py (reason texts included,
// character for character). Derived from the position alone, never from a
// stored answer, and sound: the state named holds in every completion.
//   (a) local  — arc consistency on the cells' own clues leaves one state;
//   (b) region — the max-flow relaxation rules states out by a tight Gale
//                region, directly or by trial (the region is returned to draw);
//   (c) exact  — only the exact counter sees it: every completion has it.
// A position with no completion is 'lost' (exact), with the offending region
// when the relaxation sees one. Tie-breaks: smallest edge id within a rung;
// direct region deductions before trials.

import { arrowsOf, clueToken, isSolution, masksOf, stateMark } from './board.js';
import { analyse, count } from './exact.js';
import { propagate, singleState } from './local.js';
import { formatMove } from './moves.js';
import { cmpSeq, makeRegion, probe, relax, sameRegion } from './relax.js';

export const HintKind = Object.freeze({
  LOCAL: 'local', REGION: 'region', EXACT: 'exact', LOST: 'lost', SOLVED: 'solved', NONE: 'none',
});

/** Python's cell_name, divmod semantics included. */
function name(board, cell) {
  const C = board.cols;
  const r = Math.floor(cell / C);
  const c = cell - r * C;
  return `${String.fromCharCode(97 + c)}${r + 1}`;
}

function describeEdge(board, edge, state) {
  const [u, v] = board.geometry.ends[edge];
  const a = name(board, u);
  const b = name(board, v);
  if (state === 0) return `${a}–${b} is unused`;
  if (state === 1) return `${a}→${b}`;
  return `${b}→${a}`;
}

function regionText(board, reg) {
  const names = reg.allCells.map((c) => name(board, c));
  return `{${names.slice(0, 8).join(' ')}${names.length > 8 ? ' …' : ''}}`;
}

function plural(k, noun) {
  return k === 1 ? `${k} ${noun}` : `${k} ${noun}s`;
}

function overflowText(board, reg) {
  const [send, more, cross] = reg.outward ? ['send out', 'takes in', 'leave'] : ['take in', 'sends out', 'enter'];
  return `region ${regionText(board, reg)} must ${send} ${plural(reg.surplus, 'more arrow')} than `
    + `it ${more}, but only ${plural(reg.capacity, 'edge')} can ${cross} it`;
}

function cutReason(board, edge, state, regs, trial) {
  const what = describeEdge(board, edge, state);
  if (!regs.length) return `${what}: a region cut of the flow relaxation forces it`;
  const reg = regs[0];
  if (trial) return `${what}: otherwise ${overflowText(board, reg)}`;
  const [send, more, cross, way, back] = reg.outward
    ? ['send out', 'takes in', 'leave', 'outward', 'in']
    : ['take in', 'sends out', 'enter', 'inward', 'out'];
  if (reg.capacity === 0) {
    return `${what}: no arrow can ${cross} region ${regionText(board, reg)} and it must `
      + `${send} as many arrows as it ${more}, so no arrow goes ${back} either`;
  }
  return `${what}: region ${regionText(board, reg)} must ${send} `
    + `${plural(reg.surplus, 'more arrow')} than it ${more} and exactly `
    + `${plural(reg.capacity, 'edge')} can ${cross} it, so each of those carries an arrow ${way} `
    + `and no arrow goes ${back}`;
}

/**
 * A frozen hint: {kind, edge, state, mark, move, cell, regions, trial, text,
 * region (the first region's cells or null), surplus, boundary, outward}.
 * edge/state/mark are -1 and move '' when the hint names no edge.
 */
function makeHint(board, kind, { edge = -1, state = -1, cell = -1, regions = [], trial = false, text = '' } = {}) {
  const reg = regions.length ? regions[0] : null;
  return Object.freeze({
    kind,
    edge,
    state,
    mark: state >= 0 ? stateMark(state) : -1,
    move: edge >= 0 ? formatMove(board, edge, stateMark(state)) : '',
    cell,
    regions: Object.freeze(regions.slice()),
    trial,
    text,
    reason: text,
    region: reg ? reg.allCells : null,
    surplus: reg ? reg.surplus : null,
    boundary: reg ? reg.capacity : null,
    outward: reg ? reg.outward : null,
  });
}

function regionsOf(regions, edge, removed) {
  const out = [];
  for (let s = 0; s < 3; s++) {
    if ((removed >> s) & 1) {
      const hit = regions.get(`${edge},${s}`);
      if (hit && !out.some((r) => sameRegion(r, hit.region))) out.push(hit.region);
    }
  }
  return out;
}

function regionOrder(a, b) {
  return a.size - b.size || cmpSeq(a.cells, b.cells) || cmpSeq(a.entryOnly, b.entryOnly)
    || cmpSeq(a.exitOnly, b.exitOnly) || Number(a.outward) - Number(b.outward)
    || a.surplus - b.surplus || a.capacity - b.capacity;
}

/**
 * The next forced edge of pos with its reason (see the header). One arc-
 * consistency pass; then, only if needed, a max-flow (plus trials) and one
 * exact sweep. Options pass to the counter (deadline). May throw
 * CountLimitError on a very open board (as Python does).
 */
export function hint(pos, opts = {}) {
  const { board } = pos;
  if (isSolution(board, arrowsOf(pos.marks))) return makeHint(board, HintKind.SOLVED, { text: 'every clue is met' });
  const masks0 = masksOf(pos.marks);
  const free = [];
  masks0.forEach((m, e) => {
    if (singleState(m) < 0) free.push(e);
  });
  const prop = propagate(board, masks0);
  if (prop.deadCell >= 0) {
    const v = prop.deadCell;
    return makeHint(board, HintKind.LOST, {
      cell: v, regions: [makeRegion([v])], text: `the clue of ${name(board, v)} can no longer be met`,
    });
  }
  const { masks } = prop;
  if (!count(board, masks, { ...opts, cap: 1 }).value) {
    const rx = relax(board, masks);
    if (!rx.feasible && rx.certificate !== null) {
      return makeHint(board, HintKind.LOST, { regions: [rx.certificate], text: overflowText(board, rx.certificate) });
    }
    return makeHint(board, HintKind.LOST, { text: 'no completion exists (only the exact counter sees it)' });
  }
  // (a) local
  for (const e of free) {
    const s = singleState(masks[e]);
    if (s >= 0) {
      const v = prop.reason[e];
      const clue = v >= 0 ? clueToken(board.clues[v]) : '';
      return makeHint(board, HintKind.LOCAL, {
        edge: e, state: s, cell: v,
        text: `${describeEdge(board, e, s)}: forced by the clue ${clue} of ${name(board, v)} and what its neighbours allow`,
      });
    }
  }
  // (b) region cuts: direct first, then by trial
  const pr = probe(board, masks);
  if (pr !== null && pr.eliminated.size) {
    const masks2 = masks.map((m, e) => m & ~(pr.eliminated.get(e) || 0));
    let trial = false;
    for (const hit of pr.regions.values()) if (hit.hypothetical) trial = true;
    for (const e of free) {
      const s = singleState(masks2[e]);
      if (s >= 0 && masks2[e] !== masks[e]) {
        const regs = regionsOf(pr.regions, e, masks[e] & ~masks2[e]);
        return makeHint(board, HintKind.REGION, {
          edge: e, state: s, regions: regs, trial, text: cutReason(board, e, s, regs, trial),
        });
      }
    }
    const prop2 = propagate(board, masks2);
    for (const e of free) {
      const s = singleState(prop2.masks[e]);
      if (s >= 0) {
        const distinct = [];
        for (const hit of pr.regions.values()) if (!distinct.some((r) => sameRegion(r, hit.region))) distinct.push(hit.region);
        const regs = distinct.sort(regionOrder).slice(0, 1);
        const v = prop2.reason[e];
        return makeHint(board, HintKind.REGION, {
          edge: e, state: s, cell: v, regions: regs, trial,
          text: `${describeEdge(board, e, s)}: after the region cut `
            + `${regs.length ? regionText(board, regs[0]) : ''}, the clue of `
            + `${v >= 0 ? name(board, v) : '?'} forces it`,
        });
      }
    }
  }
  // (c) exact
  const an = analyse(board, masks, { ...opts, cap: 2 });
  for (const e of free) {
    const s = singleState(an.support[e]);
    if (s >= 0) {
      return makeHint(board, HintKind.EXACT, {
        edge: e, state: s,
        text: `${describeEdge(board, e, s)}: every completion has it (only the exact counter sees it)`,
      });
    }
  }
  return makeHint(board, HintKind.NONE, {
    text: `no edge is forced: ${an.count.capped ? 'at least 2' : an.count.value} completions remain`,
  });
}
