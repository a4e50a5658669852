// The one record of a game (pure; no DOM, no storage), owned by the midend
// (js/app/midend.js) and read by every page that speaks of a game: the home's
// tiles, the archive, the stats, the streak, the share card, the result code
// and the result page. It names no puzzle: what differs between puzzles (a
// par or none, matches or arrows) is a field, not a branch.
//
//   {puzzle, gid, date, number, moves, par, hints, xray, revealed, finished,
//    started, updated, finishedAt}
//
// date/number: the daily's, null for any other game; moves: how many moves
// the finish took (or the game has so far); par: the proved best (null for a
// puzzle without one); hints: hints the player looked at; xray: the X-ray
// shown; revealed: the solution shown; the times are epoch milliseconds.
//
// The rule for help, decided once (HELP_RULE): a game finished after a hint,
// the X-ray or a shown solution is "solved with help". It counts as played
// and keeps the streak, and it never counts as "at par" — anywhere.

/** The rule every page that shows a result states where it matters. */
export const HELP_RULE = 'A game finished after a hint or the X-ray is “solved with help”: it keeps your streak, but it never counts as at par.';

const isObject = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);
const count = (x) => (Number.isInteger(x) && x >= 0 ? x : 0);
const time = (x) => (Number.isFinite(x) ? x : null);

/**
 * A record with every field present and of its type (missing or bad fields
 * take their empty value), so every reader sees one shape. O(1).
 */
export function makeRecord(fields = {}) {
  const f = isObject(fields) ? fields : {};
  return Object.freeze({
    puzzle: typeof f.puzzle === 'string' ? f.puzzle : '',
    gid: typeof f.gid === 'string' ? f.gid : '',
    date: typeof f.date === 'string' ? f.date : null,
    number: Number.isInteger(f.number) ? f.number : null,
    moves: count(f.moves),
    par: Number.isInteger(f.par) && f.par >= 0 ? f.par : null,
    hints: count(f.hints),
    xray: f.xray === true,
    revealed: f.revealed === true,
    finished: f.finished === true,
    started: time(f.started),
    updated: time(f.updated),
    finishedAt: time(f.finishedAt),
  });
}

/** True when the record's game had help: a hint, the X-ray or the shown solution. */
export function helped(r) {
  return r.hints > 0 || r.xray || r.revealed;
}

/** True when the game is finished at par by the player alone (HELP_RULE); no par: finished without help. */
export function atPar(r) {
  return r.finished && !helped(r) && (r.par === null || r.moves === r.par);
}

/**
 * What the record comes to, one word every page maps to its own mark:
 * 'new' (nothing played), 'playing', 'revealed' (the solution was shown),
 * 'xray', 'hints' (solved with help), 'par' (atPar) or 'solved' (over par).
 */
export function outcome(r) {
  if (!r.finished) return r.moves > 0 || r.hints > 0 || r.xray || r.revealed ? 'playing' : 'new';
  if (r.revealed) return 'revealed';
  if (r.xray) return 'xray';
  if (r.hints > 0) return 'hints';
  return atPar(r) ? 'par' : 'solved';
}

/** "1 hint", "2 hints". */
export function hintCount(n) {
  return `${n} ${n === 1 ? 'hint' : 'hints'}`;
}

/**
 * The help a record had, in words: "with 1 hint and the X-ray", "with the
 * solution shown", or '' when none.
 */
export function helpWords(r) {
  const parts = [];
  if (r.hints > 0) parts.push(hintCount(r.hints));
  if (r.xray) parts.push('the X-ray');
  if (r.revealed) parts.push('the solution shown');
  if (!parts.length) return '';
  return `with ${parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : parts[0]}`;
}

/**
 * The verdict on a finished record in a few words, the same on every page:
 * "at par", "par 6, +1", "solved with help (1 hint)"; for a puzzle without a
 * par, "no hints" or "solved with help (2 hints)". '' while unfinished.
 */
export function verdictWords(r) {
  if (!r.finished) return '';
  if (helped(r)) {
    const what = [r.hints > 0 ? hintCount(r.hints) : null, r.xray ? 'X-ray' : null, r.revealed ? 'solution shown' : null]
      .filter(Boolean).join(', ');
    return `solved with help (${what})`;
  }
  if (r.par === null) return 'no hints';
  return r.moves === r.par ? 'at par' : `par ${r.par}, +${r.moves - r.par}`;
}

/**
 * The result code's fields of a record ({puzzle, id, moves, hints, xray}, for
 * js/core/result.js encodeResult): `moveNames` are the moves in the puzzle's
 * notation. Every puzzle's code carries the record's hints and X-ray.
 */
export function resultFields(r, moveNames) {
  return { puzzle: r.puzzle, id: r.gid, moves: [...moveNames], hints: r.hints, xray: r.xray };
}
