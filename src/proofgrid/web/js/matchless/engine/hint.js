// Matchless's proved hint: the next shell to strike, why it must be struck,
// and the proof, mirroring src/proofgrid/matchless/hint.py exactly (same move,
// same words, same proof JSON; tools/crosscheck.py compares the two).
//
// The rule: take the subgraph the unlit shells induce and its strongly
// connected components (Kosaraju–Sharir here, Tarjan in Python: the partition
// is the same). A source component — no fuse enters it from an unlit shell
// outside — must receive a match, and there are exactly "remaining par" of
// them. Choose the source component whose strike lights the most unlit
// shells, ties to the one holding the smallest shell index; the move is its
// smallest shell. Striking inside an unlit source component lowers the
// remaining par by exactly one, so the hinted match never costs par.
// Cost: one SCC pass and one cascade per source component, O(remaining par · (n + m)).

import { condensation, reachable } from '../../core/graph.js';
import { moveName } from './game.js';
import { solve } from './solve.js';

/** The cell names of shells, in the order given. */
export function names(board, shells) {
  return shells.map((v) => moveName(board, v));
}

function listed(items) {
  return items.length === 1 ? items[0] : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? '' : word.endsWith('ch') ? 'es' : 's'}`;
}

/**
 * The proved hint of a position, or null once every shell is lit: a frozen
 * {move, shell, component (shell indices), words, proof, extra} whose move,
 * words, proof and extra equal Python's Hint field for field. `par` is the
 * board's par when the caller knows it (else it is solved here).
 */
export function hint(state, par = null) {
  if (state.left === 0) return null;
  const { board } = state;
  const n = board.succ.length;
  const shells = [];
  const pos = new Int32Array(n).fill(-1);
  for (let v = 0; v < n; v++) {
    if (!state.lit[v]) {
      pos[v] = shells.length;
      shells.push(v);
    }
  }
  const sub = shells.map((v) => board.succ[v].filter((w) => !state.lit[w]).map((w) => pos[w]));
  const { labels, count, sources } = condensation(sub);
  // the lowest node of every source component, ascending (Python's canonical seeds)
  const isSource = new Uint8Array(count);
  for (const c of sources) isSource[c] = 1;
  const seedOf = new Array(count).fill(-1);
  const seeds = [];
  for (let i = 0; i < labels.length; i++) {
    const c = labels[i];
    if (isSource[c] && seedOf[c] < 0) {
      seedOf[c] = i;
      seeds.push(i);
    }
  }
  let bestSeed = -1;
  let lights = -1;
  for (const seed of seeds) {
    const k = reachable(sub, [seed]).size;
    if (k > lights) {
      bestSeed = seed;
      lights = k;
    }
  }
  const label = labels[bestSeed];
  const component = shells.filter((_, i) => labels[i] === label);
  const inside = new Set(component);
  const incoming = [];
  for (let t = 0; t < n; t++) {
    if (inside.has(t)) continue;
    for (const h of board.succ[t]) if (inside.has(h)) incoming.push([t, h]);
  }
  if (par === null || par === undefined) par = solve(board).par;
  const remaining = seeds.length;
  const { matches } = state;
  const move = moveName(board, component[0]);
  const members = names(board, component);
  const words = [
    component.length === 1
      ? `Nothing left unlit can reach ${move} — strike it, or it stays dark.`
      : `${listed(members)} light each other; no unlit shell outside them has a fuse `
        + `into them. Strike ${move}: one match lights them all.`,
    shells.length > 1
      ? `Striking ${move} lights ${lights} of the ${shells.length} unlit shells.`
      : `Striking ${move} lights the last unlit shell.`,
  ];
  const parReachable = matches + remaining === par;
  if (!parReachable) {
    const total = matches + remaining;
    words.push(
      `Par ${par} is out of reach: ${plural(matches, 'match')} used and ${remaining} still `
      + `needed make ${total}, ${total - par} over par. This is still the best next shell.`,
    );
  } else if (remaining === 1) {
    words.push('This is the last match par needs: it clears the sky.');
  } else {
    words.push(
      `Par ${par} needs ${plural(remaining, 'more match')}, this one included `
      + `(${matches} used so far).`,
    );
  }
  return Object.freeze({
    move,
    shell: component[0],
    component: Object.freeze(component),
    words: Object.freeze(words),
    proof: Object.freeze({
      component: members,
      unlit: names(board, shells),
      incoming: incoming.map(([t, h]) => [moveName(board, t), moveName(board, h)]),
    }),
    extra: Object.freeze({
      lights,
      unlit: shells.length,
      matches,
      par,
      remaining_par: remaining,
      par_reachable: parReachable,
    }),
  });
}
