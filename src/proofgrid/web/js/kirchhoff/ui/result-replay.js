// Kirchhoff's replay hook for result links (#result/<code>, js/app/result-view.js):
// the board of the code's game ID, the marks drawn one by one through the
// engine's executeMove (the Python replay's rules), and the verdict from the
// exact status (won, lost, or still open), asked of the worker through the
// midend (js/app/midend.js), never computed on the page. A move that does not
// parse refuses the whole code.

import { KirchhoffBoardView } from './board-view.js';

/**
 * Replay a decoded result {id, moves}: resolves {svg, count, show(k), stepText(k), verdict, solved, record}.
 * Rejects with a plain Error when the ID or a move does not replay. `midend`
 * (the puzzle's Midend) answers the final position's status in the worker.
 */
export async function replayResult(engine, midend, result) {
  const board = engine.parseGameId(result.id);
  if (engine.formatGameId(board) !== result.id) throw new Error('its game ID is not in the canonical form');
  const positions = [engine.newPosition(board)];
  result.moves.forEach((move, i) => {
    try {
      positions.push(engine.executeMove(positions[i], move));
    } catch (err) {
      throw new Error(`move ${i + 1} (${move}) cannot be played: ${String(err && err.message).split('\n')[0]}`);
    }
  });
  const view = new KirchhoffBoardView({ mode: 'demo', label: 'Replayed board' });
  view.setBoard(board);
  const last = positions[positions.length - 1];
  const arrows = (p) => p.marks.filter((m) => m === 1 || m === 2).length;
  let status = null;
  try {
    ({ status } = await midend.status({ gameId: result.id, marks: Array.from(last.marks) }));
  } catch {
    status = null; // the worker could not answer: say so, claim nothing
  }
  const n = arrows(last);
  const verdict = status === 'won'
    ? `Solved: ${n} arrows meet every clue.`
    : status === 'lost'
      ? `Not solved, and no longer solvable: ${n} arrows drawn, at least one of them wrong.`
      : status === 'playing'
        ? `Not finished: ${n} arrows drawn so far; the board can still be completed.`
        : `${n} arrows drawn; whether they solve the board could not be checked just now.`;
  return {
    svg: view.svg,
    count: result.moves.length,
    show: (k) => view.render({ marks: positions[k].marks }),
    stepText: (k) => (k === 0 ? 'Start: every edge free.' : `Move ${k}: ${result.moves[k - 1]} — ${arrows(positions[k])} arrows.`),
    verdict,
    solved: status === 'won',
    record: { arrows: n },
  };
}
