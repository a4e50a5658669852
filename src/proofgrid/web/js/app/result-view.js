// The shell's #result/<code> page: a result code (js/core/result.js) replayed
// on its puzzle's board, step by step, with the verdict — offline, from the
// link alone. The shell names no puzzle: the code says which registry row it
// belongs to, and that puzzle's app supplies replayResult(result) ->
// {svg, count, show(k), stepText(k), verdict, solved} (its ui/result-replay.js).
// What the replay proves (the moves, the outcome) is said as proved; the hint
// count and the X-ray flag are the player's own record and are said as such.

import { decodeResult } from '../core/result.js';
import { button, el, firstLine, setPageTitle } from './ui.js';

function refused(message) {
  setPageTitle('Result link');
  const node = el('section', { class: 'result-view' },
    el('p', { class: 'notice bad', role: 'alert' }, message),
    el('p', {}, el('a', { class: 'button-link', href: '#home' }, 'Go to the home page')));
  return { node, view: 'result', nav: '', title: 'Result link', puzzle: null };
}

/** The page of a result code: {node, view, nav, title, puzzle} for the shell's router. */
export async function resultView({ rows, appOf, code }) {
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
    replay = app.replayResult(result);
  } catch (err) {
    return refused(`This ${row.title} result does not replay, so it proves nothing: ${firstLine(err)}.`);
  }
  const title = `${row.title} result`;
  setPageTitle(title);
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
  const node = el('section', { class: 'result-view', 'aria-label': title },
    el('header', { class: 'view-head' }, el('p', { class: 'sub' }, `${result.moves.length} moves, replayed on this device`)),
    el('p', { class: `verdict ${replay.solved ? 'ok' : ''}`, role: 'status' },
      el('strong', {}, 'Verified by replay: '), replay.verdict),
    el('div', { class: 'board-wrap' }, replay.svg),
    el('p', { class: 'print-id' }, `ID ${result.id}`),
    caption,
    el('div', { class: 'controls', role: 'toolbar', 'aria-label': 'Replay' }, first, back, next, last),
    el('ul', { class: 'self-reported' }, ...own.map((t) => el('li', {}, t))),
    el('p', { class: 'muted' }, 'Game ID ', el('code', {}, result.id)));
  node.dataset.verified = 'true';
  node.dataset.solved = String(Boolean(replay.solved));
  go(replay.count);
  return { node, view: 'result', nav: '', title, puzzle: null };
}
