// The max-flow relaxation of a Kirchhoff position and Gale's certificates,
// mirroring src/proofgrid/kirchhoff/relax.py (its docstring has the proofs).
//
// One node per cell; a throughput cell t is split into an entry node (demand −t)
// and an exit node (demand +t). An undecided edge u–v contributes a capacity-1
// arc u -> v if its mask allows forward and v -> u if it allows backward —
// both at once, the relaxation's one difference from the rules; a decided
// arrow is removed and shifts the demands. Every solution is an integral
// feasible flow, so the relaxation is one-sided: infeasible ⇒ lost.
//
// Gale (Pacific J. Math. 7(2), 1957): demands are feasible iff every node set's
// surplus is at most the capacity leaving it. A maximum flow (Dinic 1970,
// core/flow.js) decides it; when infeasible the source side of the minimum cut
// is a region owing more than it can export. When feasible, a region whose
// surplus equals its boundary is tight: in the residual graph G_f an arc with
// flow 1 is used by every feasible flow iff its ends lie in different strongly
// connected components, and an arc with flow 0 is used by none iff likewise;
// the nodes residual-reachable from a node form the smallest tight region
// holding it (the region a hint draws). Components here are Kosaraju–Sharir's
// (core/graph.js) where Python uses Tarjan's: only the partition matters.

import { FlowNetwork } from '../../core/flow.js';
import { kosarajuScc, reachable } from '../../core/graph.js';
import { singleState } from './local.js';

/**
 * A region: cells wholly inside, throughput cells with only their entry or
 * exit half inside, whether it must export (outward) or import, its surplus
 * and the undecided arcs crossing its boundary the way it needs (capacity).
 */
export function makeRegion(cells, entryOnly = [], exitOnly = [], outward = true, surplus = 0, capacity = 0) {
  const all = [...cells, ...entryOnly, ...exitOnly].sort((a, b) => a - b);
  return Object.freeze({
    cells: Object.freeze(cells),
    entryOnly: Object.freeze(entryOnly),
    exitOnly: Object.freeze(exitOnly),
    outward,
    surplus,
    capacity,
    size: all.length,
    allCells: Object.freeze(all),
  });
}

/** Python's tuple comparison of two int arrays. */
export function cmpSeq(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

/** Value equality of regions (Python's dataclass ==). */
export function sameRegion(a, b) {
  return cmpSeq(a.cells, b.cells) === 0 && cmpSeq(a.entryOnly, b.entryOnly) === 0
    && cmpSeq(a.exitOnly, b.exitOnly) === 0 && a.outward === b.outward
    && a.surplus === b.surplus && a.capacity === b.capacity;
}

/** The relaxed network of a position, solved once (Python's Relaxation). */
export class Relaxation {
  constructor(board, masks) {
    this.board = board;
    const nC = board.nCells;
    const { through } = board;
    const entry = Array.from({ length: nC }, (_, v) => v);
    const exit = entry.slice();
    let n = nC;
    for (let v = 0; v < nC; v++) if (through[v] >= 0) exit[v] = n++;
    this.entry = entry;
    this.exit = exit;
    this.n = n;
    const dem = new Array(n).fill(0);
    for (let v = 0; v < nC; v++) {
      if (through[v] >= 0) {
        dem[entry[v]] -= through[v];
        dem[exit[v]] += through[v];
      } else {
        dem[v] += board.demand[v];
      }
    }
    const raw = [];
    board.geometry.ends.forEach(([u, v], e) => {
      const m = masks[e];
      const s = singleState(m);
      if (s === 1) {
        dem[exit[u]] -= 1;
        dem[entry[v]] += 1;
      } else if (s === 2) {
        dem[exit[v]] -= 1;
        dem[entry[u]] += 1;
      } else if (s < 0) {
        if (m & 2) raw.push([e, 1, exit[u], entry[v]]);
        if (m & 4) raw.push([e, 2, exit[v], entry[u]]);
      }
    });
    this.dem = dem;
    const net = new FlowNetwork(n + 2);
    const src = n;
    const snk = n + 1;
    this.arcs = raw.map(([edge, state, tail, head]) => ({ edge, state, tail, head, fid: net.addEdge(tail, head, 1) }));
    let need = 0;
    const sinkArcs = [];
    for (let x = 0; x < n; x++) {
      if (dem[x] > 0) {
        net.addEdge(src, x, dem[x]);
        need += dem[x];
      } else if (dem[x] < 0) {
        sinkArcs.push([x, -dem[x], net.addEdge(x, snk, -dem[x])]);
      }
    }
    const value = net.maxFlow(src, snk);
    this.net = net;
    this.feasible = value === need;
    this.certificate = null;
    this._res = null;
    if (!this.feasible) {
      const side = net.sourceSide();
      const nodes = new Set();
      for (let x = 0; x < n; x++) if (side[x]) nodes.add(x);
      const exportRegion = this._region(nodes, true);
      // The sink side of the maximal minimum cut: nodes that can still reach the
      // super sink in the residual graph; it must import more than can enter.
      const pred = Array.from({ length: n }, () => []);
      for (const arc of this.arcs) {
        if (net.flow(arc.fid)) pred[arc.tail].push(arc.head);
        else pred[arc.head].push(arc.tail);
      }
      const starts = sinkArcs.filter(([, cap, fid]) => net.flow(fid) < cap).map(([x]) => x);
      const imp = this._region(reachable(pred, starts), false);
      this.certificate = imp.size < exportRegion.size ? imp : exportRegion;
    }
  }

  _region(nodes, outward = true) {
    const whole = [];
    const ent = [];
    const ext = [];
    for (let v = 0; v < this.board.nCells; v++) {
      const a = nodes.has(this.entry[v]);
      const b = nodes.has(this.exit[v]);
      if (a && b) whole.push(v);
      else if (a) ent.push(v);
      else if (b) ext.push(v);
    }
    let net = 0;
    for (const x of nodes) net += this.dem[x];
    let cap = 0;
    for (const arc of this.arcs) {
      if (outward ? nodes.has(arc.tail) && !nodes.has(arc.head) : nodes.has(arc.head) && !nodes.has(arc.tail)) cap++;
    }
    return makeRegion(whole, ent, ext, outward, outward ? net : 0 - net, cap);
  }

  /** Residual successor and predecessor lists on the board's nodes, and SCC labels. */
  _residual() {
    if (!this._res) {
      const succ = Array.from({ length: this.n }, () => []);
      const pred = Array.from({ length: this.n }, () => []);
      for (const arc of this.arcs) {
        const [a, b] = this.net.flow(arc.fid) ? [arc.head, arc.tail] : [arc.tail, arc.head];
        succ[a].push(b);
        pred[b].push(a);
      }
      this._res = { succ, pred, labels: kosarajuScc(succ).labels };
    }
    return this._res;
  }

  /**
   * Map edge -> mask of the states the relaxation proves no solution uses
   * (undecided edges only, in arc order); empty when infeasible.
   */
  eliminated() {
    const out = new Map();
    if (!this.feasible) return out;
    const { labels } = this._residual();
    for (const arc of this.arcs) {
      if (labels[arc.tail] === labels[arc.head]) continue;
      const bit = this.net.flow(arc.fid) ? 0b111 & ~(1 << arc.state) : 1 << arc.state;
      out.set(arc.edge, (out.get(arc.edge) || 0) | bit);
    }
    return out;
  }

  /**
   * A small tight region proving edge's arc `state` forced (used or unused):
   * the smaller of the export region residual-reachable from the arc's tail (its
   * head for an unused arc) and the import region reaching its head (tail);
   * export on ties. null if that arc is not relaxation-forced.
   */
  regionFor(edge, state) {
    if (!this.feasible) return null;
    const { succ, pred, labels } = this._residual();
    for (const arc of this.arcs) {
      if (arc.edge === edge && arc.state === state) {
        if (labels[arc.tail] === labels[arc.head]) return null;
        const used = Boolean(this.net.flow(arc.fid));
        const outStart = used ? arc.tail : arc.head;
        const inStart = used ? arc.head : arc.tail;
        const exp = this._region(reachable(succ, [outStart]), true);
        const imp = this._region(reachable(pred, [inStart]), false);
        return imp.size < exp.size ? imp : exp;
      }
    }
    return null;
  }

  /** Map edge -> state for undecided edges whose state the found flow realises legally. */
  witnessed() {
    const out = new Map();
    if (!this.feasible) return out;
    const used = new Map();
    const seen = [];
    for (const arc of this.arcs) {
      if (!seen.includes(arc.edge)) seen.push(arc.edge);
      if (this.net.flow(arc.fid)) used.set(arc.edge, (used.get(arc.edge) || 0) | (1 << arc.state));
    }
    for (const e of seen) {
      const u = used.get(e) || 0;
      if (u === 0) out.set(e, 0);
      else if (u === 2) out.set(e, 1);
      else if (u === 4) out.set(e, 2);
    }
    return out;
  }

  /** [edge, state, used] for every relaxation-forced arc, by edge then state. */
  forcedArcs() {
    if (!this.feasible) return [];
    const { labels } = this._residual();
    return this.arcs
      .filter((arc) => labels[arc.tail] !== labels[arc.head])
      .map((arc) => [arc.edge, arc.state, Boolean(this.net.flow(arc.fid))])
      .sort((x, y) => x[0] - y[0] || x[1] - y[1] || Number(x[2]) - Number(y[2]));
  }
}

/** Build and solve the relaxed network of a position. */
export function relax(board, masks) {
  return new Relaxation(board, masks);
}

/**
 * Every edge state the relaxation rules out, directly or by trying it; null if
 * infeasible (Python's probe). Returns {eliminated: Map edge -> mask, regions:
 * Map "edge,state" -> {region, hypothetical}}. Direct tight-region deductions
 * first; only when there are none, each undecided state no flow so far
 * realises is tried (the witness trick of shaving). O(trials · max-flow).
 */
export function probe(board, masks, { regions = true } = {}) {
  const rx = new Relaxation(board, masks);
  if (!rx.feasible) return null;
  const elim = rx.eliminated();
  const found = new Map();
  if (elim.size) {
    const out = new Map();
    for (const [e, m] of elim) {
      if (regions) {
        for (let s = 0; s < 3; s++) {
          if ((m >> s) & 1 && (masks[e] >> s) & 1) {
            const reg = tightRegion(rx, e, s);
            if (reg !== null) found.set(`${e},${s}`, { region: reg, hypothetical: false });
          }
        }
      }
    }
    for (const [e, m] of elim) if (m & masks[e]) out.set(e, m & masks[e]);
    return { eliminated: out, regions: found };
  }
  const seen = new Array(masks.length).fill(0);
  for (const [e, s] of rx.witnessed()) seen[e] |= 1 << s;
  const out = new Map();
  const trial = Array.from(masks);
  for (let e = 0; e < masks.length; e++) {
    const m = masks[e];
    if (singleState(m) >= 0) continue;
    for (let s = 0; s < 3; s++) {
      const bit = 1 << s;
      if (!(m & bit) || seen[e] & bit) continue;
      trial[e] = bit;
      const rt = new Relaxation(board, trial);
      trial[e] = m;
      if (rt.feasible) {
        for (const [e2, s2] of rt.witnessed()) seen[e2] |= 1 << s2;
        seen[e] |= bit;
      } else {
        out.set(e, (out.get(e) || 0) | bit);
        if (regions && rt.certificate !== null) found.set(`${e},${s}`, { region: rt.certificate, hypothetical: true });
      }
    }
  }
  return { eliminated: out, regions: found };
}

/** The tight region behind a directly ruled-out state (an arc forced used or unused). */
function tightRegion(rx, edge, state) {
  if (state === 0) {
    for (const st of [1, 2]) {
      const reg = rx.regionFor(edge, st);
      if (reg !== null) return reg;
    }
    return null;
  }
  const reg = rx.regionFor(edge, state);
  if (reg !== null) return reg;
  return rx.regionFor(edge, 3 - state); // ruled out because the other direction is forced used
}
