// Maximum flow by Dinic's algorithm, and the minimum cut it certifies; the
// mirror of Python's proofgrid/graph/flow.py, transcribed operation for
// operation (same edge ids, same adjacency order, same phases), so both sides
// find the same flow on the same network.
//
// The max-flow min-cut theorem (Ford & Fulkerson 1956; Elias, Feinstein &
// Shannon 1956): when no augmenting path is left, the nodes S reachable from s
// in the residual graph hold s and not t; every edge leaving S is saturated and
// every edge entering S is empty, so the flow value is the capacity of the cut
// (S, V \ S), which is therefore minimum. Integer capacities give an integral
// maximum flow (the integrality theorem).
//
// Dinic (E. A. Dinitz, Soviet Math. Doklady 11, 1970): each phase builds BFS
// levels from s and saturates a blocking flow in the level graph by an
// iterative depth-first search with current-arc pointers; the s–t distance grows
// every phase, so at most V − 1 phases of O(VE) each: O(V²E), and O(E·√V) on
// unit-capacity networks (Even & Tarjan, SIAM J. Comput. 4(4),
// 1975). Edge e and its residual twin e ^ 1 are stored side by side.
// Integers only (capacities are small Numbers).

export class FlowNetwork {
  /** A directed network on nodes 0..n-1 (n a non-negative integer). */
  constructor(n) {
    if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`number of nodes must be a non-negative int, got ${n}`);
    this.n = n;
    this.head = []; // head of edge e; its tail is head[e ^ 1]
    this.cap = []; // residual capacity
    this.orig = []; // original capacity (0 for residual twins)
    this.adj = Array.from({ length: n }, () => []);
    this.done = false;
    this.reach = null;
  }

  _checkNode(v, what) {
    if (!Number.isSafeInteger(v) || v < 0 || v >= this.n) {
      throw new RangeError(`${what} ${v} is not a node of a network with ${this.n} nodes`);
    }
  }

  /**
   * Add the edge u -> v with capacity cap; returns its id (even, increasing
   * from 0 in insertion order). Also adds the residual twin (id ^ 1). O(1).
   */
  addEdge(u, v, cap) {
    if (this.done) throw new Error('cannot add edges after maxFlow has run');
    this._checkNode(u, 'tail');
    this._checkNode(v, 'head');
    if (!Number.isSafeInteger(cap) || cap < 0) throw new RangeError(`capacity must be a non-negative int, got ${cap}`);
    const e = this.head.length;
    this.head.push(v, u);
    this.cap.push(cap, 0);
    this.orig.push(cap, 0);
    this.adj[u].push(e);
    this.adj[v].push(e + 1);
    return e;
  }

  /** BFS distances from s in the residual graph (-1 = unreached); stops on reaching t. */
  _levels(s, t) {
    const { head, cap, adj } = this;
    const level = new Int32Array(this.n).fill(-1);
    level[s] = 0;
    const queue = [s];
    for (let q = 0; q < queue.length; q++) {
      const v = queue[q];
      const nl = level[v] + 1;
      for (const e of adj[v]) {
        if (cap[e] > 0) {
          const w = head[e];
          if (level[w] < 0) {
            level[w] = nl;
            if (w === t) return level;
            queue.push(w);
          }
        }
      }
    }
    return level;
  }

  /** Saturate a blocking flow in the level graph; iterative DFS, O(VE). */
  _blockingFlow(s, t, level) {
    const { head, cap, adj } = this;
    const ptr = new Int32Array(this.n);
    let total = 0;
    const path = [];
    let v = s;
    for (;;) {
      if (v === t) {
        let f = Infinity;
        for (const e of path) if (cap[e] < f) f = cap[e];
        let cut = -1;
        for (let k = 0; k < path.length; k++) {
          const e = path[k];
          cap[e] -= f;
          cap[e ^ 1] += f;
          if (cut < 0 && cap[e] === 0) cut = k;
        }
        total += f;
        path.length = cut; // retreat to the tail of the first saturated edge
        v = path.length ? head[path[path.length - 1]] : s;
        continue;
      }
      const av = adj[v];
      let i = ptr[v];
      const nl = level[v] + 1;
      while (i < av.length) {
        const e = av[i];
        if (cap[e] > 0 && level[head[e]] === nl) break;
        i++;
      }
      ptr[v] = i;
      if (i < av.length) {
        const e = av[i];
        path.push(e);
        v = head[e];
        continue;
      }
      if (v === s) return total; // dead end at s: the phase is over
      level[v] = -1;
      path.pop();
      v = path.length ? head[path[path.length - 1]] : s;
      ptr[v] += 1;
    }
  }

  /** Value of a maximum s–t flow (Dinic 1970); once per network. */
  maxFlow(s, t) {
    if (this.done) throw new Error('maxFlow can be called once per network');
    this._checkNode(s, 'source');
    this._checkNode(t, 'sink');
    if (s === t) throw new RangeError('source and sink must differ');
    let total = 0;
    let level;
    for (;;) {
      level = this._levels(s, t);
      if (level[t] < 0) break;
      total += this._blockingFlow(s, t, level);
    }
    // The last BFS ran to exhaustion: residual reachability from s.
    this.reach = Array.from(level, (d) => d >= 0);
    this.done = true;
    return total;
  }

  _checkEdge(e) {
    if (!Number.isSafeInteger(e) || e < 0 || e >= this.head.length || e & 1) {
      throw new RangeError(`${e} is not an edge id returned by addEdge`);
    }
  }

  /** Flow on edge e (0 before maxFlow); O(1). */
  flow(e) {
    this._checkEdge(e);
    return this.orig[e] - this.cap[e];
  }

  /** Source side of the (smallest) minimum cut: nodes residual-reachable from s. */
  sourceSide() {
    if (!this.done) throw new Error('sourceSide needs maxFlow to have run');
    return this.reach.slice();
  }

  /** Ids of the positive-capacity edges from the source side to the sink side, ascending. */
  minCutEdges() {
    if (!this.done) throw new Error('minCutEdges needs maxFlow to have run');
    const { reach, head, orig } = this;
    const out = [];
    for (let e = 0; e < head.length; e += 2) {
      if (orig[e] > 0 && reach[head[e ^ 1]] && !reach[head[e]]) out.push(e);
    }
    return out;
  }
}
