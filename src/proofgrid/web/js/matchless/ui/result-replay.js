// Matchless's replay hook for result links (#result/<code>, js/app/result-view.js):
// the board of the code's game ID, the moves struck one by one through the
// engine (the same rules as the Python replay), and the verdict in the
// player's words; par is asked of the worker through the midend
// (js/app/midend.js), never computed on the page. A move that is not a legal
// strike refuses the whole code.

import { helped, makeRecord, verdictWords } from '../../app/record.js';
import { BoardView } from './board-view.js';
import { PlayManager } from './manager.js';

/** The shell a move names ("b3" or "3,2", as the Python parse_cell), or throws a plain Error. */
export function shellOfMove(board, move) {
  const t = String(move).trim().toLowerCase();
  let m = /^([a-l])\s*(\d{1,2})$/.exec(t);
  let row;
  let col;
  if (m) {
    col = m[1].charCodeAt(0) - 97; // 'a' is column 0, as the engine's cellName
    row = Number(m[2]) - 1;
  } else {
    m = /^(\d{1,2})\s*,\s*(\d{1,2})$/.exec(t);
    if (!m) throw new Error(`cannot read a cell from “${String(move).slice(0, 20)}”`);
    row = Number(m[1]) - 1;
    col = Number(m[2]) - 1;
  }
  if (row < 0 || row >= board.rows || col < 0 || col >= board.cols) throw new Error(`cell ${move} is outside the board`);
  const shell = board.shellOf[row * board.cols + col];
  if (shell < 0) throw new Error(`there is no shell at ${move}`);
  return shell;
}

/**
 * Replay a decoded result {id, moves}: resolves {svg, count, show(k), stepText(k), verdict, solved, record}.
 * Rejects with a plain Error when the ID or a move does not replay (before
 * anything is asked of the worker). `midend` is Matchless's Midend: the
 * replay is one of its games, and par comes from its worker.
 */
export async function replayResult(engine, midend, result) {
  // A result carries a fixed "RxC:desc" ID: a seeded one ("RxC#seed") would make the
  // page run the generator (and so the solver), so it is refused before parsing.
  if (String(result.id).includes('#')) throw new Error('its game ID is not in the canonical form');
  const board = engine.parseGameId(result.id);
  if (engine.formatGameId(board) !== result.id) throw new Error('its game ID is not in the canonical form');
  const manager = new PlayManager(engine, board, { game: midend.open({ gid: result.id, board }) });
  result.moves.forEach((move, i) => {
    const shell = shellOfMove(board, move);
    if (!manager.strike(shell)) throw new Error(`move ${i + 1} (${move}) strikes a shell that is already lit`);
  });
  const { par } = await manager.solve();
  const states = manager.history.states();
  const view = new BoardView({ mode: 'play', label: 'Replayed board' });
  view.setBoard(board);
  view.setLabels(true); // each step names its square ("Match 2: strike c4")
  const show = (k) => {
    const s = states[k];
    const last = k ? s.moves[k - 1] : -1;
    view.render({ lit: s.lit, struck: s.moves, last, named: last >= 0 ? [view.cellOfShell[last]] : [] });
  };
  const used = result.moves.length;
  const solved = manager.won;
  const lit = (k) => states[k].lit.filter(Boolean).length;
  // The code's record (its hints and X-ray): a hinted finish is "solved with help", never at par.
  const rec = makeRecord({ puzzle: result.puzzle, gid: result.id, moves: used, par, hints: result.hints, xray: result.xray, finished: solved });
  const tail = helped(rec) ? ` — ${verdictWords(rec)}, not at par`
    : used === par ? ' — solved at par' : ` — ${used - par} over par`;
  const verdict = solved
    ? `Every shell is lit in ${used} ${used === 1 ? 'match' : 'matches'}; par is ${par}${tail}.`
    : `Not finished: ${lit(used)} of ${board.shells.length} shells lit after ${used} ${used === 1 ? 'match' : 'matches'} (par is ${par}).`;
  return {
    svg: view.svg,
    count: used,
    show,
    stepText: (k) => (k === 0
      ? `Start: ${board.shells.length} shells, none lit.`
      : `Match ${k}: strike ${result.moves[k - 1]} — ${lit(k)} of ${board.shells.length} lit.`),
    verdict,
    solved,
    record: { matches: used, par },
  };
}
