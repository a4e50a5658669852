// The shell's #result/<code> page: a result code (js/core/result.js) replayed
// on its puzzle's board, step by step, with the verdict — offline, from the
// link alone. The shell names no puzzle: the code says which registry row it
// belongs to, and that puzzle's app supplies replayResult(result) -> a promise of
// {svg, count, show(k), stepText(k), verdict, solved, record} (its ui/result-replay.js:
// the moves are replayed on the page, par and status are asked of its worker).
// What the replay proves (the moves, the outcome) is said as proved; the hint
// count and the X-ray flag are the player's own record and are said as such.
//
// The page reads top down as a friend's result should: a title naming the
// puzzle (and, for a daily, its number and date: js/app/daily-date.js
// findDaily, through the engine's contract, asked of the puzzle's worker), the summary at once (who
// finished, in how many, hints and X-ray), then a "Play it yourself first"
// step — "Play today's daily", "Play this board" — with the replay (the whole
// solution) behind "Show the solution".

import { decodeResult } from '../core/result.js';
import { encodeId } from './router.js';
import { findDaily } from './daily-date.js';
import { button, el, firstLine, setPageTitle } from './ui.js';

function refused(message) {
  setPageTitle('Result link');
  const node = el('section', { class: 'result-view' },
    el('p', { class: 'notice bad', role: 'alert' }, message),
    el('p', {}, el('a', { class: 'button-link', href: '#home' }, 'Go to the home page')));
  return { node, view: 'result', nav: '', title: 'Result link', puzzle: null };
}

/** "1 hint" / "2 hints". */
const hintWords = (n) => `${n} ${n === 1 ? 'hint' : 'hints'}`;

/** The unit of a replay's moves in the puzzle's words (its record names it: matches, arrows), else "moves". */
function movesWords(replay, n) {
  const rec = replay.record || {};
  if (rec.matches !== undefined) return `${n} ${n === 1 ? 'match' : 'matches'}`;
  if (rec.arrows !== undefined) return `${n} ${n === 1 ? 'arrow' : 'arrows'}`;
  return `${n} ${n === 1 ? 'move' : 'moves'}`;
}

/** The page's title: "Daily <Puzzle> #N, YYYY-MM-DD — a result" for a daily, else "<Puzzle> result". */
export function resultTitle(puzzleTitle, daily) {
  return daily ? `Daily ${puzzleTitle} #${daily.number}, ${daily.date} — a result` : `${puzzleTitle} result`;
}

/**
 * The summary said at once: who finished, in how many, the hints and the X-ray
 * (the player's own record). `what` names the board ("Daily <Puzzle> #N of
 * 2026-12-04" or "this <Puzzle> board").
 */
export function resultSummary({ what, solved, moves, hints, xray }) {
  const help = `${hints ? `with ${hintWords(hints)}` : 'with no hints'} and ${xray ? 'the X-ray used' : 'no X-ray'}`;
  return solved
    ? `A player finished ${what} in ${moves}, ${help}.`
    : `A player played ${moves} on ${what} without finishing it, ${help}.`;
}

/** The page of a result code: {node, view, nav, title, puzzle} for the shell's router. */
export async function resultView({ rows, appOf, engineOf, code }) {
  let result;
  try {
    result = decodeResult(code);
  } catch (err) {
    return refused(`This result link is damaged or was altered, so it proves nothing: ${firstLine(err)}.`);
  }
  const row = rows.find((r) => r.name === result.puzzle);
  if (!row) return refused(`This result is for a puzzle this site does not have (“${result.puzzle}”).`);
  const app = await appOf(row);
  if (typeof app.replayResult !== 'function') return refused(`${row.title} results cannot be replayed here yet.`);
  let replay;
  try {
    replay = await app.replayResult(result); // its verdict needs the worker's answer (par, status)
  } catch (err) {
    return refused(`This ${row.title} result does not replay, so it proves nothing: ${firstLine(err)}.`);
  }
  const title = resultTitle(row.title, null);
  setPageTitle(title);
  const prefix = row.route ? `#${row.route}/` : '#';
  const summary = el('p', { class: 'result-summary' });
  const sayWhat = (daily) => {
    summary.textContent = resultSummary({
      what: daily ? `Daily ${row.title} #${daily.number} of ${daily.date}` : `this ${row.title} board`,
      solved: replay.solved, moves: movesWords(replay, result.moves.length), hints: result.hints, xray: result.xray,
    });
  };
  sayWhat(null);

  let k = replay.count;
  const caption = el('p', { class: 'replay-step', role: 'status', 'aria-live': 'polite' });
  const go = (to) => {
    k = Math.max(0, Math.min(replay.count, to));
    replay.show(k);
    caption.textContent = replay.stepText(k);
    first.disabled = back.disabled = k === 0;
    next.disabled = last.disabled = k === replay.count;
    node.dataset.step = String(k);
  };
  const first = button('◀◀ Start', () => go(0), { class: 'replay-first' });
  const back = button('◀ Back', () => go(k - 1), { class: 'replay-back' });
  const next = button('Next ▶', () => go(k + 1), { class: 'replay-next' });
  const last = button('End ▶▶', () => go(replay.count), { class: 'replay-last' });
  const own = [
    `Hints: ${result.hints ? `${result.hints} taken` : 'none'} — the player's own record, not something the replay can check.`,
    `X-ray: ${result.xray ? 'used' : 'not used'} — the player's own record, not something the replay can check.`,
  ];
  const replayBox = el('div', { class: 'result-replay', id: 'result-replay', hidden: true },
    el('div', { class: 'board-wrap' }, replay.svg),
    el('p', { class: 'print-id' }, `ID ${result.id}`),
    caption,
    el('div', { class: 'controls', role: 'toolbar', 'aria-label': 'Replay' }, first, back, next, last));
  const reveal = button('Show the solution', () => {
    replayBox.hidden = false;
    reveal.setAttribute('aria-expanded', 'true');
    reveal.hidden = true;
    node.dataset.revealed = 'true';
    first.focus();
  }, { class: 'show-solution', 'aria-expanded': 'false', 'aria-controls': 'result-replay' });
  const playThis = el('a', { class: 'button-link play-this', href: `${prefix}play/${encodeId(result.id)}` }, 'Play this board');
  const node = el('section', { class: 'result-view', 'aria-label': title },
    summary,
    el('p', { class: `verdict ${replay.solved ? 'ok' : ''}`, role: 'status' },
      el('strong', {}, 'Verified by replay: '), replay.verdict),
    el('ul', { class: 'self-reported' }, ...own.map((t) => el('li', {}, t))),
    el('section', { class: 'play-first', 'aria-labelledby': 'play-first-h' },
      el('h2', { id: 'play-first-h' }, 'Play it yourself first'),
      el('p', {}, 'The replay shows every move of this result: the whole solution. Try the board yourself before you look.'),
      el('div', { class: 'controls' },
        el('a', { class: 'button-link primary play-daily', href: `${prefix}daily` }, "Play today's daily"),
        playThis, reveal)),
    replayBox,
    el('p', { class: 'muted' }, 'Game ID ', el('code', {}, result.id)));
  node.dataset.verified = 'true';
  node.dataset.solved = String(Boolean(replay.solved));
  go(replay.count);

  // A daily's number and date, from the engine's contract (daily, LAUNCH), the boards
  // built by the puzzle's worker: found after the page shows, so the summary never
  // waits for a board to be built, and the page never builds one.
  engineOf(row).then(({ engine, midend }) => findDaily(midend ? (op, args) => midend.ask(op, args, { timeoutMs: 10000 }) : null, result.id, {
    launch: engine?.LAUNCH, alive: () => node.isConnected,
  })).then((daily) => {
    if (!daily || !node.isConnected) return;
    const named = resultTitle(row.title, daily);
    setPageTitle(named);
    node.setAttribute('aria-label', named);
    node.dataset.date = daily.date;
    node.dataset.number = String(daily.number);
    playThis.href = `${prefix}daily/${daily.date}`;
    playThis.textContent = `Play the daily of ${daily.date}`;
    sayWhat(daily);
  }, () => {}); // no engine offline or no daily: the plain title stays
  return { node, view: 'result', nav: '', title, puzzle: null };
}
