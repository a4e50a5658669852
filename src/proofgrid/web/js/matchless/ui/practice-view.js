// Practice: the twelve curated boards, easy to expert, with progress saved
// (fewest matches per board, and the game in progress).

import { el } from '../../app/ui.js';
import { PlayView } from './play-view.js';
import { PRACTICE_KEY } from './records.js';

const TIERS = ['Easy', 'Medium', 'Hard', 'Expert'];

/** The level of practice board `index`: the engine's own, else by position in the list. */
export function tierOf(engine, index) {
  const level = engine.PRACTICE_BOARDS?.[index]?.level;
  if (typeof level === 'string' && level) return level[0].toUpperCase() + level.slice(1);
  return TIERS[Math.min(TIERS.length - 1, Math.floor((index * TIERS.length) / engine.PRACTICE.length))];
}

function listView(engine, store) {
  const { best } = store.get(PRACTICE_KEY);
  const items = engine.PRACTICE.map((id, i) => {
    const board = engine.parseGameId(id);
    const par = engine.solve(board).par;
    const b = best[String(i)];
    const status = b === undefined ? 'not solved yet' : b === par ? `solved at par (${b})` : `best ${b}, par ${par}`;
    return el('li', { class: `practice-item ${b === undefined ? '' : b === par ? 'par' : 'done'}` },
      el('a', { href: `#practice/${i + 1}`, class: 'practice-link' },
        el('span', { class: 'practice-n' }, String(i + 1)),
        el('span', { class: 'practice-tier' }, tierOf(engine, i)),
        el('span', { class: 'practice-size' }, `${board.rows}×${board.cols} · par ${par}`),
        el('span', { class: 'practice-status' }, status)));
  });
  const solved = Object.keys(best).length;
  return el('section', { class: 'practice-list', 'aria-labelledby': 'practice-h' },
    el('header', { class: 'view-head' },
      el('h2', { id: 'practice-h' }, 'Practice'),
      el('p', { class: 'sub' }, `${solved} of ${engine.PRACTICE.length} solved · twelve curated boards, easy to expert`)),
    el('ol', { class: 'practice-grid' }, ...items));
}

export function practiceView(engine, store, index = null) {
  if (index === null || index === undefined || index < 0 || index >= engine.PRACTICE.length) {
    return listView(engine, store);
  }
  const id = engine.PRACTICE[index];
  const board = engine.parseGameId(id);
  const saved = store.get(PRACTICE_KEY);
  const moves = saved.current && saved.current.index === index ? saved.current.moves : [];
  const view = new PlayView(engine, board, {
    title: `Practice ${index + 1} of ${engine.PRACTICE.length}`,
    subtitle: tierOf(engine, index),
    gameId: id,
    moves,
    onMove: (m) => store.update(PRACTICE_KEY, (d) => ({ ...d, current: { index, moves: m.slice(0, 200) } })),
    onWin: ({ score }) => {
      store.update(PRACTICE_KEY, (d) => {
        const key = String(index);
        const prev = d.best[key];
        return { ...d, best: { ...d.best, [key]: prev === undefined ? score : Math.min(prev, score) } };
      });
      const next = index + 1 < engine.PRACTICE.length
        ? el('a', { href: `#practice/${index + 2}`, class: 'button-link primary' }, 'Next board')
        : el('p', {}, 'That was the last one — every practice board done.');
      return el('div', { class: 'practice-result' }, next, ' ', el('a', { href: '#practice', class: 'button-link' }, 'All boards'));
    },
  });
  view.root.dataset.mode = 'practice';
  return view.root;
}
