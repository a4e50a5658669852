// Proofs in words: a few short sentences per step, a headline per hint or lost
// verdict, mirroring src/proofgrid/kirchhoff/words.py character for character
// (its docstring has the templates). Built from the proof JSON and the board
// alone: the proof is replayed from the uses so each sentence can say what is
// already known about the edges it reads. The board's own symbols: +2 and −2
// (U+2212 minus), plain numbers 0..2, a1–b1 (en dash) for an edge and a1→b1 for
// an arrow. Nested reasoning is indented by two spaces per level. Each sentence
// states one fact and the count that makes it true.

import { cellName } from './board.js';
import { parseMove } from './moves.js';
import { edgeName, parseNode, regionNumbers } from './notation.js';

export const MINUS = '\u2212';
const STATES = { '>': 1, '<': 2, x: 0 };
const ALL = 7;
const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** The clue of cell in the board's symbols: "+2", "−2", "1", or "" (none). */
export function clueText(board, cell) {
  const cl = board.clues[cell];
  if (cl.kind === 'source') return `+${cl.value}`;
  if (cl.kind === 'sink') return `${MINUS}${cl.value}`;
  if (cl.kind === 'throughput') return String(cl.value);
  return '';
}

function num(n) {
  return n >= 0 && n < NUMBER_WORDS.length ? NUMBER_WORDS[n] : String(n);
}

/** "one arrow", "two arrows", "no arrow". */
function some(n) {
  return `${num(n)} arrow${n === 0 || n === 1 ? '' : 's'}`;
}

function arrows(n) {
  return `${num(n)} more arrow${n === 1 ? '' : 's'}`;
}

/** What the clue of cell asks, as one sentence. */
function clueSentence(board, cell) {
  const name = cellName(board, cell);
  const cl = board.clues[cell];
  const sym = clueText(board, cell);
  if (cl.kind === 'source') return `${name} is a ${sym}: it sends out ${arrows(cl.value)} than it takes in.`;
  if (cl.kind === 'sink') return `${name} is a ${sym}: it takes in ${arrows(cl.value)} than it sends out.`;
  if (cl.kind === 'throughput') {
    const w = num(cl.value);
    if (cl.value === 1) return `${name} is a 1: one arrow enters it and one leaves.`;
    return `${name} is a ${sym}: ${w} arrows enter it and ${w} leave.`;
  }
  return `${name} has no clue: as many arrows enter it as leave.`;
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

/**
 * A long region as a list: whole cells row by row, three or more in a row as
 * "a1 to e1", then the half cells ("the arrows into g2 and f3") (words.py _group).
 */
function group(board, nodes) {
  const whole = nodes.filter((t) => !t.includes(':')).map((t) => Math.floor(parseNode(board, t) / 3)).sort((x, y) => x - y);
  const runs = [];
  for (const c of whole) {
    const last = runs.length ? runs[runs.length - 1] : null;
    if (last && last[last.length - 1] + 1 === c && Math.floor(c / board.cols) === Math.floor(last[last.length - 1] / board.cols)) last.push(c);
    else runs.push([c]);
  }
  const parts = [];
  for (const run of runs) {
    const names = run.map((c) => cellName(board, c));
    if (run.length >= 3) parts.push(`${names[0]} to ${names[names.length - 1]}`);
    else parts.push(...names);
  }
  for (const [half, words] of [['in', 'the arrows into'], ['out', 'the arrows out of']]) {
    const named = nodes.filter((t) => t.endsWith(`:${half}`)).map((t) => t.split(':')[0]);
    if (named.length) parts.push(`${words} ${joinAnd(named)}`);
  }
  return joinAnd(parts);
}

function net(x, one = false) {
  const [they, take, send] = one ? ['it', 'takes', 'sends'] : ['they', 'take', 'send'];
  if (x > 0) return `send out ${arrows(x)} than ${they} ${take} in`;
  if (x < 0) return `take in ${arrows(-x)} than ${they} ${send} out`;
  return `send out exactly as many arrows as ${they} ${take} in`;
}

/** What a plain number still asks: a more arrows in and b more out (words.py _need_through). */
function needThrough(a, b) {
  if (a === 0 && b === 0) return 'it needs no more arrows';
  if (a < 0 || b < 0) {
    const over = [a < 0 ? `${some(-a)} in` : '', b < 0 ? `${some(-b)} out` : ''].filter((t) => t);
    return `it has ${joinAnd(over)} too many`;
  }
  if (b === 0) return `it still needs ${some(a)} in and none out`;
  if (a === 0) return `it still needs ${some(b)} out and none in`;
  return `it still needs ${some(a)} in and ${num(b)} out`;
}

/** What a circled number or a cell without a clue still asks: net r more arrows out. */
function needNet(r) {
  if (r > 0) return `it still needs ${arrows(r)} out than in`;
  if (r < 0) return `it still needs ${arrows(-r)} in than out`;
  return 'the rest must balance, as many in as out';
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

  /** The drawn arrows at cell and what its clue still asks, as a sentence (or ''). */
  count(cell, masks) {
    const b = this.board;
    const ins = [];
    const outs = [];
    const name = cellName(b, cell);
    for (const e of b.geometry.cellEdges[cell]) {
      const [u, v] = b.geometry.ends[e];
      const other = cellName(b, u === cell ? v : u);
      const [away, toward] = u === cell ? [2, 4] : [4, 2];
      if (masks[e] === toward) ins.push(`${other}→${name}`);
      else if (masks[e] === away) outs.push(`${name}→${other}`);
    }
    if (!ins.length && !outs.length) return '';
    const parts = [];
    if (ins.length) parts.push(`${joinAnd(ins)} ${ins.length === 1 ? 'enters' : 'enter'} it`);
    if (outs.length) parts.push(`${joinAnd(outs)} ${outs.length === 1 ? 'leaves' : 'leave'} it`);
    const cl = b.clues[cell];
    const need = cl.kind === 'throughput'
      ? needThrough(cl.value - ins.length, cl.value - outs.length)
      : needNet(b.demand[cell] - outs.length + ins.length);
    return `So far ${parts.join(' and ')}, so ${need}.`;
  }

  /** The cell's undecided edges, then what is known of the partly decided ones, then tail. */
  openEdges(cell, masks, tail) {
    const b = this.board;
    const names = [];
    const facts = [];
    const edges = b.geometry.cellEdges[cell];
    for (const e of edges) {
      const m = masks[e];
      if (m === 1 || m === 2 || m === 4) continue;
      const [x, y] = endsOf(b, e);
      names.push(`${x}–${y}`);
      if (m !== ALL) facts.push(fact(b, e, m));
    }
    let text;
    if (!names.length) text = 'None of its edges is left';
    else if (names.length === 1) text = `Only ${names[0]} is left`;
    else if (names.length === edges.length) text = names.length === 2 ? 'Both its edges are open' : `All ${num(names.length)} of its edges are open`;
    else text = `${joinAnd(names)} are left`;
    if (!facts.length) return `${text}${tail}.`;
    let known = joinAnd(facts);
    if (known.startsWith('no ') || known.startsWith('the ')) known = known[0].toUpperCase() + known.slice(1);
    return `${text}. ${known}${tail}.`;
  }

  /** A cell step's or end's sentences (tail: ", so <concl>" or ": impossible"). */
  cell(cell, masks, tail) {
    const b = this.board;
    const cl = b.clues[cell];
    if (cl.kind === 'throughput' && cl.value === 0) {
      const name = cellName(b, cell);
      const drawn = b.geometry.cellEdges[cell].filter((e) => masks[e] === 2 || masks[e] === 4 || masks[e] === 6).map((e) => fact(b, e, masks[e]));
      const but = drawn.length ? `; but ${joinAnd(drawn)}` : '';
      return `${name} is a 0, so no arrow enters or leaves it${but}${tail}.`;
    }
    const head = clueSentence(b, cell);
    const count = this.count(cell, masks);
    const mid = count ? ` ${count}` : '';
    return `${head}${mid} ${this.openEdges(cell, masks, tail)}`;
  }

  region(nodes, masks) {
    const codes = nodes.map((t) => parseNode(this.board, t));
    const [d, lo, hi] = regionNumbers(this.board, codes, masks);
    // a region of one whole cell is "it" (words.py the same)
    if (nodes.length === 1 && !nodes[0].includes(':')) return [`${nodes[0]} must ${net(d, true)}.`, d, lo, hi, true, 'it', 'it'];
    const head = nodes.length <= 3
      ? `Take ${members(nodes)} together: they must ${net(d)}.`
      : `Take these cells together: ${group(this.board, nodes)}. They must ${net(d)}.`;
    return [head, d, lo, hi, false, 'they', 'them'];
  }

  steps(steps, masks, depth) {
    const b = this.board;
    for (const st of steps) {
      const e = this.edgeIds.get(st.edge);
      const nw = maskOf(st.states);
      const concl = conclusion(b, e, nw);
      if ('cell' in st) {
        const c = cellIndex(b, st.cell);
        const zero = b.clues[c].kind === 'throughput' && b.clues[c].value === 0;
        this.say(depth, this.cell(c, masks, zero ? `: ${concl}` : `, so ${concl}`));
      } else if ('region' in st) {
        const [head, d, lo, hi, one, they, them] = this.region(st.region, masks);
        const tail = d === hi
          ? ` Even if every open edge around ${them} pointed out, ${they} would ${net(hi, one)}. `
            + `So each edge that can take an arrow out of ${them} does, and none brings one in: ${concl}.`
          : ` Even if every open edge around ${them} pointed in, ${they} would ${net(lo, one)}. `
            + `So each edge that can bring an arrow into ${them} does, and none takes one out: ${concl}.`;
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
      this.say(depth, this.cell(cellIndex(b, end.cell), masks, ': impossible'));
    } else if ('region' in end) {
      const [head, d, lo, hi, one, they, them] = this.region(end.region, masks);
      const [way, most] = d > hi ? ['out', hi] : ['in', lo];
      this.say(depth, `${head} Even if every open edge around ${them} pointed ${way}, ${they} could only ${net(most, one)}: impossible.`);
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

/**
 * The hint in one sentence, e.g. "a1–b1 stays empty: the 0 at b1 shows it.";
 * it names a clue only where the cell has one (words.py hint_headline).
 */
export function hintHeadline(board, edge, state, proof) {
  let concl = conclusion(board, edge, 1 << state);
  if (concl.startsWith('the ')) concl = `The ${concl.slice(4)}`;
  if (proof === null || proof === undefined) return `${concl}: every way to finish the board has it.`;
  const ks = kinds(proof);
  let why;
  if (ks.has('refute') || ks.has('split')) why = 'every other way leads to a dead end';
  else if (ks.has('region')) why = 'counting the arrows around a group of cells shows it';
  else if (proof.steps.length === 1) {
    const c = cellIndex(board, proof.steps[0].cell);
    const name = cellName(board, c);
    const sym = clueText(board, c);
    why = sym ? `the ${sym} at ${name} shows it` : `counting the arrows at ${name} shows it`;
  } else why = 'the cells around it show it, one after another';
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
