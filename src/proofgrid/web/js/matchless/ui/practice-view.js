// Practice: the twelve curated boards, easy to expert, with progress saved
// (fewest matches per board; each game in progress is a saved game under its ID).

import { el, setPageTitle } from '../../app/ui.js';
import { helped } from '../../app/record.js';
import { PlayView } from './play-view.js';
import { PRACTICE_KEY } from './records.js';
import { loadState, savedGames, saveState } from './saved.js';

const TIERS = ['Easy', 'Medium', 'Hard', 'Expert'];

/** The level of practice board `index`: the engine's own, else by position in the list. */
export function tierOf(engine, index) {
  const level = engine.PRACTICE_BOARDS?.[index]?.level;
  if (typeof level === 'string' && level) return level[0].toUpperCase() + level.slice(1);
  return TIERS[Math.min(TIERS.length - 1, Math.floor((index * TIERS.length) / engine.PRACTICE.length))];
}

/**
 * Practice progress with a finish of board `index` in `score` matches added:
 * the fewest matches stay the best; `helped` marks a best reached only with a
 * hint or the X-ray (js/app/record.js: never at par), and an unaided finish of
 * the same score clears the mark. O(boards).
 */
export function recordBest(d, index, score, help) {
  const key = String(index);
  const prev = d.best[key];
  const marks = { ...(d.helped || {}) };
  if (prev !== undefined && score > prev) return d;
  if (prev === undefined || score < prev) {
    if (help) marks[key] = true;
    else delete marks[key];
  } else if (!help) delete marks[key];
  const { helped: _old, ...rest } = d;
  return { ...rest, best: { ...d.best, [key]: score }, ...(Object.keys(marks).length ? { helped: marks } : {}) };
}

function listView(engine, store) {
  const { best, helped: withHelp = {} } = store.get(PRACTICE_KEY);
  const items = engine.PRACTICE.map((id, i) => {
    const board = engine.parseGameId(id);
    const { par } = engine.PRACTICE_BOARDS[i]; // proved when the list was made (the Python engine's solve)
    const b = best[String(i)];
    const help = withHelp[String(i)] === true; // the best came with a hint or the X-ray: never at par
    let status = b === par ? `solved at par (${b})` : `best ${b}, par ${par}`;
    if (b === undefined) status = 'not solved yet';
    else if (help) status = `solved with help (${b}), par ${par}`;
    const kind = b === undefined ? '' : b === par && !help ? 'par' : 'done';
    return el('li', { class: `practice-item ${kind}` },
      el('a', { href: `#practice/${i + 1}`, class: 'practice-link' },
        el('span', { class: 'practice-n' }, String(i + 1)),
        el('span', { class: 'practice-tier' }, tierOf(engine, i)),
        el('span', { class: 'practice-size' }, `${board.rows}×${board.cols} · par ${par}`),
        el('span', { class: 'practice-status' }, status)));
  });
  const solved = Object.keys(best).length;
  setPageTitle('Practice');
  return el('section', { class: 'practice-list', 'aria-label': 'Practice boards' },
    el('header', { class: 'view-head' },
      el('p', { class: 'sub' }, `${solved} of ${engine.PRACTICE.length} solved · twelve curated boards, easy to expert`)),
    el('ol', { class: 'practice-grid' }, ...items));
}

/**
 * What comes after finishing board `index`, counting what was done: the next
 * board, else the first one not solved yet, else "every practice board done".
 */
export function nextPractice(index, total, best) {
  const solved = Object.keys(best).filter((k) => Number(k) < total).length;
  if (solved >= total) return { solved, next: null, text: 'That was the last one — every practice board done.' };
  if (index + 1 < total) return { solved, next: index + 1, text: `${solved} of ${total} solved.` };
  let open = 0;
  while (open < total && best[String(open)] !== undefined) open += 1;
  return { solved, next: open, text: `That was the last board: ${solved} of ${total} solved, so some are still open.` };
}

function practiceNext(index, total, best) {
  const n = nextPractice(index, total, best);
  const link = n.next === null ? null
    : el('a', { href: `#practice/${n.next + 1}`, class: 'button-link primary next-board' },
      n.next === index + 1 ? 'Next board' : `Board ${n.next + 1}, not solved yet`);
  return el('div', { class: 'practice-result' },
    el('p', { class: 'practice-count' }, n.text), link, ' ',
    el('a', { href: '#practice', class: 'button-link' }, 'All boards'));
}

export function practiceView(engine, store, index = null, midend = null) {
  if (index === null || index === undefined || index < 0 || index >= engine.PRACTICE.length) {
    return listView(engine, store);
  }
  const id = engine.PRACTICE[index];
  const board = engine.parseGameId(id);
  const games = savedGames(store);
  const legacy = store.get(PRACTICE_KEY);
  const saved = loadState(games, id);
  let { moves } = saved;
  if (saved.preset === null && legacy.current && legacy.current.index === index) {
    moves = legacy.current.moves; // saved before games were kept by ID
    saveState(games, id, { preset: 'practice', moves });
    store.update(PRACTICE_KEY, (d) => ({ ...d, current: null }));
  }
  const total = engine.PRACTICE.length;
  const save = (v) => saveState(games, id, {
    preset: 'practice', moves: v.manager.snapshot.moves, xray: v.xrayUsed, hints: v.hintsUsed, finished: v.manager.won,
  });
  const view = new PlayView(engine, board, {
    title: `Practice ${index + 1} of ${total}`,
    subtitle: tierOf(engine, index),
    gameId: id,
    game: midend.open({ gid: id, board, record: { xray: saved.xray, hints: saved.hints } }),
    moves,
    onMove: (m, v) => save(v),
    onXray: save,
    onHint: (n, v) => save(v),
    onWin: ({ score }, v) => {
      const data = store.update(PRACTICE_KEY, (d) => ({ ...recordBest(d, index, score, helped(v.game.record)), current: null }));
      return practiceNext(index, total, data.best);
    },
  });
  view.root.dataset.mode = 'practice';
  return view.root;
}
