// Proofs in words: one plain sentence per step, a headline per hint or lost
// verdict, mirroring src/proofgrid/kirchhoff/words.py character for character
// (its docstring has the templates). Built from the proof JSON and the board
// alone: the proof is replayed from the uses so each sentence can say what is
// already known about the edges it reads. The board's own symbols: +2 and −2
// (U+2212 minus), plain numbers 0..2, a1–b1 (en dash) for an edge and a1→b1 for
// an arrow. Nested reasoning is indented by two spaces per level.

import { cellName } from './board.js';
import { parseMove } from './moves.js';
import { edgeName, parseNode, regionNumbers } from './notation.js';

export const MINUS = '\u2212';
const STATES = { '>': 1, '<': 2, x: 0 };
const ALL = 7;
const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four'];

/** The clue of cell in the board's symbols: "+2", "−2", "1", or "" (none). */
export function clueText(board, cell) {
  const cl = board.clues[cell];
  if (cl.kind === 'source') return `+${cl.value}`;
  if (cl.kind === 'sink') return `${MINUS}${cl.value}`;
  if (cl.kind === 'throughput') return String(cl.value);
  return '';
}

function arrows(n) {
  return `${n} more arrow${n === 1 ? '' : 's'}`;
}

function cluePhrase(board, cell) {
  const name = cellName(board, cell);
  const cl = board.clues[cell];
  const sym = clueText(board, cell);
  if (cl.kind === 'source') return `${name} is a ${sym}, so it sends out ${arrows(cl.value)} than it takes in`;
  if (cl.kind === 'sink') return `${name} is a ${sym}, so it takes in ${arrows(cl.value)} than it sends out`;
  if (cl.kind === 'throughput') {
    if (cl.value === 0) return `${name} is a 0, so no arrow enters or leaves it`;
    const w = NUMBER_WORDS[cl.value];
    if (cl.value === 1) return `${name} is a 1, so exactly one arrow enters it and one leaves`;
    return `${name} is a ${sym}, so exactly ${w} arrows enter it and ${w} leave`;
  }
  return `${name} has no clue, so as many arrows enter as leave`;
}

function endsOf(board, edge) {
  const [u, v] = board.geometry.ends[edge];
  return [cellName(board, u), cellName(board, v)];
}

/** What is known of an edge, as a clause ("a1–b1 is empty", "the arrow goes a1→b1", ...). */
function fact(board, edge, mask) {
  const [a, b] = endsOf(board, edge);
  if (mask === 1) return `${a}–${b} is empty`;
  if (mask === 2) return `the arrow goes ${a}→${b}`;
  if (mask === 4) return `the arrow goes ${b}→${a}`;
  if (mask === 6) return `${a}–${b} carries an arrow`;
  if (mask === 3) return `no arrow goes ${b}→${a}`;
  if (mask === 5) return `no arrow goes ${a}→${b}`;
  return `${a}–${b} is open`;
}

function conclusion(board, edge, mask) {
  if (mask === 1) {
    const [a, b] = endsOf(board, edge);
    return `${a}–${b} stays empty`;
  }
  return fact(board, edge, mask);
}

function joinAnd(parts) {
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

function members(nodes) {
  return joinAnd(nodes.map((text) => {
    const [name, half] = text.split(':');
    if (half === 'in') return `the arrows into ${name}`;
    if (half === 'out') return `the arrows out of ${name}`;
    return name;
  }));
}

function net(x, one = false) {
  const [they, take, send] = one ? ['it', 'takes', 'sends'] : ['they', 'take', 'send'];
  if (x > 0) return `send out ${arrows(x)} than ${they} ${take} in`;
  if (x < 0) return `take in ${arrows(-x)} than ${they} ${send} out`;
  return `send out exactly as many arrows as ${they} ${take} in`;
}

function maskOf(states) {
  return states.reduce((m, s) => m + (1 << STATES[s]), 0);
}

function cellIndex(board, name) {
  return (Number.parseInt(name.slice(1), 10) - 1) * board.cols + name.charCodeAt(0) - 97;
}

class Words {
  constructor(board) {
    this.board = board;
    this.edgeIds = new Map();
    for (let e = 0; e < board.nEdges; e++) this.edgeIds.set(edgeName(board, e), e);
    this.out = [];
  }

  say(depth, text) {
    this.out.push('  '.repeat(depth) + text);
  }

  known(cell, skip, masks) {
    const facts = this.board.geometry.cellEdges[cell]
      .filter((e) => e !== skip && masks[e] !== ALL)
      .map((e) => fact(this.board, e, masks[e]));
    return facts.length ? joinAnd(facts) : '';
  }

  /** How many arrows can still enter and leave cell: the count that makes its step true (words.py room). */
  room(cell, masks) {
    let ins = 0;
    let outs = 0;
    for (const e of this.board.geometry.cellEdges[cell]) {
      const [u] = this.board.geometry.ends[e];
      const [away, toward] = u === cell ? [2, 4] : [4, 2];
      if (masks[e] & away) outs += 1;
      if (masks[e] & toward) ins += 1;
    }
    const enter = ins === 0 ? 'no arrow can enter it' : `at most ${ins} can enter it`;
    const leave = outs === 0 ? 'none can leave' : `at most ${outs} can leave`;
    return `${enter} and ${leave}`;
  }

  /** "a1 has 2 edges[ and <known>], so at most 2 can enter it and 2 can leave" (words.py cell_count). */
  cellCount(cell, known, joiner, masks) {
    const cl = this.board.clues[cell];
    if (cl.kind === 'throughput' && cl.value === 0) return null; // a 0 needs no count: its sentence names the known edges alone
    const n = this.board.geometry.cellEdges[cell].length;
    const facts = known ? ` ${joiner} ${known}` : '';
    return `${cellName(this.board, cell)} has ${n} edges${facts}, so ${this.room(cell, masks)}`;
  }

  region(nodes, masks) {
    const codes = nodes.map((t) => parseNode(this.board, t));
    const [d, lo, hi] = regionNumbers(this.board, codes, masks);
    // a region of one whole cell is "it" (words.py the same)
    if (nodes.length === 1 && !nodes[0].includes(':')) return [`${nodes[0]} must ${net(d, true)}`, d, lo, hi, true, 'it', 'it'];
    return [`Take ${members(nodes)} together: they must ${net(d)}`, d, lo, hi, false, 'they', 'them'];
  }

  steps(steps, masks, depth) {
    const b = this.board;
    for (const st of steps) {
      const e = this.edgeIds.get(st.edge);
      const nw = maskOf(st.states);
      const concl = conclusion(b, e, nw);
      if ('cell' in st) {
        const c = cellIndex(b, st.cell);
        const known = this.known(c, e, masks);
        const count = this.cellCount(c, known, 'and', masks);
        let mid = known ? `; ${known}, so ` : ': ';
        if (count !== null) mid = `; ${count}: `;
        this.say(depth, `${cluePhrase(b, c)}${mid}${concl}.`);
      } else if ('region' in st) {
        const [head, d, lo, hi, one, they, them] = this.region(st.region, masks);
        const tail = d === hi
          ? `; even with every open edge around ${them} pointing out ${they} would only ${net(hi, one)}, `
            + `so every edge that can carry an arrow out of ${them} does and none carries one in: ${concl}.`
          : `; even with every open edge around ${them} pointing in ${they} would only ${net(lo, one)}, `
            + `so every edge that can carry an arrow into ${them} does and none carries one out: ${concl}.`;
        this.say(depth, head + tail);
      } else {
        const gone = ['>', '<', 'x'].filter((s) => (masks[e] >> STATES[s]) & 1 && !st.states.includes(s));
        if (gone.length !== st.refute.length) throw new Error('refutation cases do not match');
        gone.forEach((state, i) => this.kase(e, state, st.refute[i], masks, depth));
        this.say(depth, `That cannot be, so ${concl}.`);
      }
      masks[e] = nw;
    }
  }

  kase(e, state, p, masks, depth) {
    this.say(depth, `Suppose ${fact(this.board, e, 1 << STATES[state])}.`);
    const sub = masks.slice();
    sub[e] = 1 << STATES[state];
    this.steps(p.steps, sub, depth + 1);
    this.end(p.ends, sub, depth + 1);
  }

  end(end, masks, depth) {
    const b = this.board;
    if ('cell' in end) {
      const c = cellIndex(b, end.cell);
      const known = this.known(c, -1, masks);
      const count = this.cellCount(c, known, 'but', masks);
      let mid = known ? `; but ${known}` : '';
      if (count !== null) mid = `; ${count}`;
      this.say(depth, `${cluePhrase(b, c)}${mid}: impossible.`);
    } else if ('region' in end) {
      const [head, d, lo, hi, one, they, them] = this.region(end.region, masks);
      const [way, most] = d > hi ? ['out', hi] : ['in', lo];
      this.say(depth, `${head}, but even with every open edge around ${them} pointing ${way} ${they} could only ${net(most, one)}: impossible.`);
    } else {
      const e = this.edgeIds.get(end.split);
      const states = ['>', '<', 'x'].filter((s) => (masks[e] >> STATES[s]) & 1);
      const ways = states.map((s) => fact(b, e, 1 << STATES[s]));
      this.say(depth, `Either ${ways.join(' or ')}; each way fails.`);
      if (states.length !== end.cases.length) throw new Error('split cases do not match');
      states.forEach((s, i) => this.kase(e, s, end.cases[i], masks, depth));
    }
  }
}

function useMask(mark) {
  return 1 << (mark === 3 ? 0 : mark);
}

/** One sentence per step and end of proof (nested ones indented). */
export function proofWords(board, proof) {
  const w = new Words(board);
  const masks = new Array(board.nEdges).fill(ALL);
  for (const mv of proof.uses) {
    const { edge, mark } = parseMove(board, mv);
    masks[edge] = useMask(mark);
  }
  w.steps(proof.steps, masks, 0);
  if (proof.ends !== undefined) w.end(proof.ends, masks, 0);
  return w.out;
}

function kinds(p) {
  const out = new Set();
  for (const st of p.steps) {
    for (const k of ['cell', 'region', 'refute']) if (k in st) out.add(k);
    for (const c of st.refute || []) for (const x of kinds(c)) out.add(x);
  }
  const end = p.ends;
  if (end !== undefined) {
    for (const k of ['cell', 'region', 'split']) if (k in end) out.add(k);
    for (const c of end.cases || []) for (const x of kinds(c)) out.add(x);
  }
  return out;
}

/** The hint in one sentence, e.g. "a1–b1 stays empty: the clue next to it shows it.". */
export function hintHeadline(board, edge, state, proof) {
  let concl = conclusion(board, edge, 1 << state);
  if (concl.startsWith('the ')) concl = `The ${concl.slice(4)}`;
  if (proof === null || proof === undefined) return `${concl}: every way to finish the board has it.`;
  const ks = kinds(proof);
  let why;
  if (ks.has('refute') || ks.has('split')) why = 'every other way leads to a dead end';
  else if (ks.has('region')) why = 'counting the arrows around a group of cells shows it';
  else if (proof.steps.length === 1) why = 'the clue next to it shows it';
  else why = 'the clues around it show it, one after another';
  return `${concl}: ${why}.`;
}

function moveText(board, move) {
  const { edge, mark } = parseMove(board, move);
  let [a, b] = endsOf(board, edge);
  if (mark === 3) return `${a}–${b} marked empty`;
  if (mark === 2) [a, b] = [b, a];
  return `the arrow ${a}→${b}`;
}

/** The lost verdict in one sentence (names the marks that cannot all be right). */
export function lostHeadline(board, marks, { proved = true } = {}) {
  const texts = marks.map((mv) => moveText(board, mv));
  let head;
  if (!texts.length) head = 'this board has no solution';
  else if (texts.length === 1) head = `${texts[0]} cannot be right`;
  else head = `${texts.slice(0, -1).join(', ')} and ${texts[texts.length - 1]} cannot all be right`;
  return `lost — ${head}${proved ? '' : '; the proof is too long to show'}`;
}
