// Strongly connected components, the condensation DAG, par and BFS depths.
//
// Graphs are successor lists over integer node ids 0..n-1 (succ[v] lists the
// heads of the edges leaving v; duplicates and self-loops allowed), as in
// Python's proofgrid/graph/scc.py. Python finds components with Tarjan's
// algorithm; this file deliberately uses a different one, Kosaraju–Sharir
// (M. Sharir, "A strong-connectivity algorithm and its applications in data
// flow analysis", Computers & Mathematics with Applications 7(1), 1981; also
// Aho, Hopcroft & Ullman 1983): two different algorithms agreeing on every
// board (tools/crosscheck.py) is a stronger check than one transcribed twice.
//
// The par theorem: contract each SCC; the condensation is a DAG, and the fewest
// seeds whose cascade reaches every node equals its number of source
// components (nothing outside a source reaches into it, so each needs a seed;
// every DAG node is reachable from a source, so one seed per source suffices).

/**
 * Kosaraju–Sharir SCC, iterative (no recursion). O(n + m) time and space.
 *
 * Pass 1: depth-first search on G records vertices in order of completion.
 * Pass 2: search the transpose from vertices in decreasing completion order;
 * each search tree is one component. Components are numbered in the order they
 * are found, which is a topological order of the condensation: an edge between
 * different components a -> b has a < b (the opposite of Tarjan's numbering).
 *
 * @param {number[][]} succ successor lists
 * @returns {{labels: number[], count: number}}
 */
export function kosarajuScc(succ) {
  const n = succ.length;
  const seen = new Uint8Array(n);
  const order = [];
  const stackV = new Int32Array(n);
  const stackI = new Int32Array(n);
  for (let root = 0; root < n; root++) {
    if (seen[root]) continue;
    seen[root] = 1;
    let sp = 0;
    stackV[0] = root;
    stackI[0] = 0;
    while (sp >= 0) {
      const v = stackV[sp];
      const heads = succ[v];
      if (stackI[sp] < heads.length) {
        const w = heads[stackI[sp]++];
        if (!seen[w]) {
          seen[w] = 1;
          sp++;
          stackV[sp] = w;
          stackI[sp] = 0;
        }
      } else {
        order.push(v);
        sp--;
      }
    }
  }
  const pred = Array.from({ length: n }, () => []);
  for (let v = 0; v < n; v++) for (const w of succ[v]) pred[w].push(v);
  const labels = new Array(n).fill(-1);
  let count = 0;
  const todo = [];
  for (let k = n - 1; k >= 0; k--) {
    const root = order[k];
    if (labels[root] >= 0) continue;
    labels[root] = count;
    todo.push(root);
    while (todo.length) {
      const v = todo.pop();
      for (const u of pred[v]) {
        if (labels[u] < 0) {
          labels[u] = count;
          todo.push(u);
        }
      }
    }
    count++;
  }
  return { labels, count };
}

/**
 * SCCs, the distinct condensation edges (sorted) and the source components
 * (no incoming edge from another component, ascending). O(n + m log m).
 */
export function condensation(succ) {
  const { labels, count } = kosarajuScc(succ);
  const seen = new Set();
  const edges = [];
  const hasIn = new Uint8Array(count);
  for (let v = 0; v < succ.length; v++) {
    const cv = labels[v];
    for (const w of succ[v]) {
      const cw = labels[w];
      if (cv === cw) continue;
      const key = cv * count + cw;
      if (!seen.has(key)) {
        seen.add(key);
        edges.push([cv, cw]);
      }
      hasIn[cw] = 1;
    }
  }
  edges.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  const sources = [];
  for (let c = 0; c < count; c++) if (!hasIn[c]) sources.push(c);
  return { labels, count, edges, sources };
}

/**
 * Par (the number of source components) and an optimal seed set: the lowest
 * node of each source component, ascending; sources[i] is seeds[i]'s
 * component. Same seeds as Python's graph.scc.par (labels may differ). O(n + m).
 */
export function par(succ) {
  const { labels, count, sources } = condensation(succ);
  const isSource = new Uint8Array(count);
  for (const c of sources) isSource[c] = 1;
  const best = new Array(count).fill(-1);
  for (let v = 0; v < labels.length; v++) {
    const c = labels[v];
    if (isSource[c] && best[c] < 0) best[c] = v;
  }
  const pairs = sources.map((c) => [best[c], c]).sort((x, y) => x[0] - y[0]);
  return { par: pairs.length, seeds: pairs.map((p) => p[0]), sources: pairs.map((p) => p[1]) };
}

/**
 * Breadth-first distances from `starts` to every node they reach, never
 * entering or expanding a node with blocked[v] truthy. Returns a Map
 * node -> depth in BFS order (insertion order). O(n + m).
 */
export function bfsDepths(succ, starts, blocked = null) {
  const depth = new Map();
  const queue = [];
  for (const s of starts) {
    if (!depth.has(s) && !(blocked && blocked[s])) {
      depth.set(s, 0);
      queue.push(s);
    }
  }
  for (let head = 0; head < queue.length; head++) {
    const v = queue[head];
    const d = depth.get(v) + 1;
    for (const w of succ[v]) {
      if (!depth.has(w) && !(blocked && blocked[w])) {
        depth.set(w, d);
        queue.push(w);
      }
    }
  }
  return depth;
}

/** Set of nodes reachable from `starts` (the cascade); O(n + m). */
export function reachable(succ, starts) {
  return new Set(bfsDepths(succ, starts).keys());
}
