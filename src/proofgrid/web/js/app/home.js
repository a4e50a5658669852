// The home page (#home): the games to continue (every registered puzzle's
// saved, unfinished games, newest first), then both puzzles and both dailies,
// one card each. The page's <h1> is the shell's (setPageTitle).

import { SavedGames } from './games.js';
import { encodeId } from './router.js';
import { el } from './ui.js';

const CONTINUE_MAX = 8;

function card(cls, title, blurb, links) {
  return el('article', { class: `puzzle-card ${cls}` },
    el('h3', {}, title),
    el('p', {}, blurb),
    el('div', { class: 'controls' }, ...links.map(([href, label, primary]) => el('a', {
      class: primary ? 'button-link primary' : 'button-link', href,
    }, label))));
}

/** How long ago `t` was, in plain words. */
export function ago(t, now = Date.now()) {
  const min = Math.max(0, Math.round((now - t) / 60000));
  if (min < 1) return 'just now';
  if (min < 60) return `${min} min ago`;
  const h = Math.round(min / 60);
  if (h < 24) return `${h} h ago`;
  const d = Math.round(h / 24);
  return d === 1 ? 'yesterday' : `${d} days ago`;
}

/**
 * The unfinished saved games of every puzzle, newest first (at most `max`):
 * [{row, gid, preset, daily, updated}]. Reads storage only; never throws.
 */
export function unfinishedGames(rows, store, max = CONTINUE_MAX) {
  return rows.flatMap((row) => new SavedGames(store, row.name).list().map((g) => ({ ...g, row })))
    .filter((g) => !g.finished)
    .sort((a, b) => b.updated - a.updated)
    .slice(0, max);
}

async function continueItem(g, store, appOf) {
  const route = g.row.route ? `${g.row.route}/` : '';
  let href = `#${route}play/${encodeId(g.gid)}`;
  let label = `${g.row.title} · ${g.preset}`;
  try {
    const app = await appOf(g.row);
    const record = new SavedGames(store, g.row.name).load(g.gid);
    if (record && typeof app.continueHref === 'function') href = app.continueHref(g.gid, record) || href;
    if (record && typeof app.continueLabel === 'function') label = app.continueLabel(g.gid, record) || label;
  } catch {
    // the puzzle's app could not load: the plain link still works when it can
  }
  return el('li', {}, el('a', { href }, el('span', {}, label), el('span', { class: 'continue-when' }, ago(g.updated))));
}

/** The home page; `rows` the registry table, `appOf(row)` a puzzle's mounted app. */
export async function homeView({ rows = [], store = null, appOf = null } = {}) {
  const games = store && appOf ? unfinishedGames(rows, store) : [];
  const items = await Promise.all(games.map((g) => continueItem(g, store, appOf)));
  const root = el('section', { class: 'home', 'aria-label': 'Both puzzles' },
    el('header', { class: 'view-head' },
      el('p', { class: 'sub' }, 'Two daily puzzles whose answers are proved, not guessed. Both work offline.')),
    items.length ? el('section', { class: 'continue', 'aria-labelledby': 'continue-h' },
      el('h2', { id: 'continue-h' }, 'Continue'), el('ul', { class: 'continue-list' }, ...items)) : null,
    el('div', { class: 'puzzle-cards' },
      card('card-matchless', 'Matchless',
        'Light the whole sky with the fewest matches. Par is proved, and the X-ray shows why.',
        [['#daily', "Today's Matchless", true], ['#practice', 'Practice'], ['#duel', 'Duel'], ['#edit', 'Editor'],
          ['#why', 'Why it works']]),
      card('card-kirchhoff', 'Kirchhoff',
        'Draw arrows so that every number balances. The board knows the moment a position can no longer be solved.',
        [['#kirchhoff/daily', 'Daily Kirchhoff', true], ['#kirchhoff', 'New puzzle'], ['#kirchhoff/rules', 'Rules'],
          ['#kirchhoff/edit', 'Editor'], ['#kirchhoff/why', 'Why it works']])));
  root.dataset.mode = 'home';
  return root;
}
