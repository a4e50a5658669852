// Moves as short strings, applying them, and the status of a position,
// mirroring src/proofgrid/kirchhoff/moves.py.
//
//   move      := edge-move | pair-move
//   edge-move := "e" <edge id> <op>         e17>  e17<  e17x  e17.
//   pair-move := <cell> <op> <cell>         b3>c3 b3<c3 b3xc3 b3.c3
//   op        := ">" | "<" | "x" | "."
// In the edge form ">" points from the lower-numbered cell to the higher; in
// the pair form X>Y is an arrow from X to Y. "x" crosses the edge, "." frees
// it. ASCII only (a non-ASCII character anywhere refuses the move, as Python's
// puzzle.ascii_move does). Case-insensitive, surrounding spaces ignored; a sequence separates moves
// with whitespace, commas or semicolons. Status: won when the arrows drawn meet
// every clue, lost when no completion exists (the exact counter), else playing.

import { GameIdError } from '../../core/errors.js';
import { pyInt, pyLen, pyStrip, quote } from '../../core/text.js';
import {
  Mark, arrowsOf, cellFlow, cellName, cellOk, edgeBetween, isSolution, masksOf, setMark,
} from './board.js';
import { isLost } from './exact.js';
import { cellSupport } from './local.js';

const EDGE_RE = /^e([0-9]{1,4})([<>x.])$/;
const PAIR_RE = /^([a-p])([0-9]{1,2})([<>x.])([a-p])([0-9]{1,2})$/;
const NOT_ASCII = /[^\x00-\x7f]/u;
const OP_MARK = { '>': Mark.FORWARD, '<': Mark.BACKWARD, x: Mark.CROSS, '.': Mark.FREE };
const MARK_OP = ['.', '>', '<', 'x'];
const MAX_MOVE = 32;

function cellAt(board, letter, number) {
  const c = letter.charCodeAt(0) - 97;
  const r = pyInt(number) - 1;
  if (!(r >= 0 && r < board.rows && c >= 0 && c < board.cols)) {
    throw new GameIdError(`cell ${letter}${number} is off the ${board.rows}x${board.cols} board`);
  }
  return r * board.cols + c;
}

/** Parse one move into {edge, mark}; throws GameIdError. */
export function parseMove(board, move) {
  if (typeof move !== 'string') throw new GameIdError('a move must be text');
  const bad = NOT_ASCII.exec(move); // Python's puzzle.ascii_move: "e٥>" is not "e5>"
  if (bad) throw new GameIdError(`move ${quote(move, 12)} holds ${quote(bad[0], 4)}: moves are ASCII`);
  const text = pyStrip(move).toLowerCase();
  if (!text) throw new GameIdError('empty move');
  if (pyLen(text) > MAX_MOVE) throw new GameIdError(`move ${quote(move, MAX_MOVE)}... is too long`);
  let m = EDGE_RE.exec(text);
  if (m) {
    const edge = pyInt(m[1]);
    if (edge >= board.nEdges) throw new GameIdError(`edge ${edge} does not exist (this board has ${board.nEdges})`);
    return { edge, mark: OP_MARK[m[2]] };
  }
  m = PAIR_RE.exec(text);
  if (m) {
    const a = cellAt(board, m[1], m[2]);
    const b = cellAt(board, m[4], m[5]);
    const edge = edgeBetween(board.geometry, a, b);
    if (edge < 0) throw new GameIdError(`cells ${m[1]}${m[2]} and ${m[4]}${m[5]} are not neighbours`);
    const op = m[3];
    if (op === '<' || op === '>') {
      const [tail, head] = op === '>' ? [a, b] : [b, a];
      return { edge, mark: tail < head ? Mark.FORWARD : Mark.BACKWARD };
    }
    return { edge, mark: OP_MARK[op] };
  }
  throw new GameIdError(
    `bad move ${quote(move, MAX_MOVE)}: expected e<id><op> or <cell><op><cell>, op one of > < x .`);
}

/** The pair form of a move: "b3>c3" (arrow tail first), "b3xc3", "b3.c3". */
export function formatMove(board, edge, mark) {
  let [u, v] = board.geometry.ends[edge];
  let mk = mark;
  if (mk === Mark.BACKWARD) {
    [u, v] = [v, u];
    mk = Mark.FORWARD;
  }
  return `${cellName(board, u)}${MARK_OP[mk]}${cellName(board, v)}`;
}

/** The position after one move (pure). */
export function executeMove(pos, move) {
  const { edge, mark } = parseMove(pos.board, move);
  return setMark(pos, edge, mark);
}

/** Split a move sequence on (Python) whitespace, commas and semicolons. */
export function splitMoves(text) {
  const out = [];
  let cur = '';
  for (const ch of String(text)) {
    if (ch === ',' || ch === ';' || !pyStrip(ch)) {
      if (cur) out.push(cur);
      cur = '';
    } else {
      cur += ch;
    }
  }
  if (cur) out.push(cur);
  return out;
}

/** Apply a whole move sequence (Python's execute_moves). */
export function applyMoves(pos, movesText) {
  let p = pos;
  for (const mv of splitMoves(movesText)) p = executeMove(p, mv);
  return p;
}

/** 'won' | 'lost' | 'playing' (exact, never a guess). May throw CountLimitError on a very open board. */
export function status(pos) {
  if (isSolution(pos.board, arrowsOf(pos.marks))) return 'won';
  if (isLost(pos.board, masksOf(pos.marks))) return 'lost';
  return 'playing';
}

/**
 * What a cell shows the player: arrows in and out as drawn, `satisfied` when
 * its clue holds with the drawn arrows (free and crossed edges unused), and
 * `broken` when no way of settling its still-free edges can meet the clue
 * (its own arc-consistency check fails).
 */
export function cellReport(pos, cell) {
  const arrows = arrowsOf(pos.marks);
  const { inCount, outCount } = cellFlow(pos.board, cell, arrows);
  return {
    inCount,
    outCount,
    satisfied: cellOk(pos.board, cell, arrows),
    broken: cellSupport(pos.board, cell, masksOf(pos.marks)).length === 0,
  };
}
