// The site's home (#home, and a bare "/"): today's daily of every puzzle that
// has one, with this player's state (not played / in progress / solved) one
// tap away, the archive of past dailies, the games to continue (every
// registered puzzle's saved, unfinished games, newest first), then one card
// per puzzle. It names no puzzle: every word about one comes from that
// puzzle's `card` export (js/app/puzzles.js), read through cardOf. The page's
// <h1> is the shell's (setPageTitle).
//
// A card's optional `daily` is {label, launch, href(iso?), today(store, iso),
// results(store)}: href() is today's daily, href(iso) that day's; today()
// resolves {state: 'new' | 'playing' | 'solved' | ..., kind?, words, streak?}
// (the tile shows the words and, when given, the streak); results() is read
// by the archive (js/app/archive.js).

import { localISO } from './dates.js';
import { SavedGames } from './saved-games.js';
import { encodeId } from './router.js';
import { el } from './ui.js';

const CONTINUE_MAX = 8;

/** The card a puzzle without a `card` export gets: its registry title and its first page. */
export function plainCard(row) {
  return { title: row.title, blurb: '', links: [{ href: `#${row.route}`, label: `Play ${row.title}`, primary: true }] };
}

function cardNode(row, c) {
  return el('article', { class: 'puzzle-card', dataset: { puzzle: row.name } },
    el('h3', {}, c.title || row.title),
    c.blurb ? el('p', {}, c.blurb) : null,
    el('div', { class: 'controls' }, ...(c.links || []).map((l) => el('a', {
      class: l.primary ? 'button-link primary' : 'button-link', href: l.href,
    }, l.label))));
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

/** Today's state of a puzzle's daily for this player; never throws. */
export function todayState(daily, store, iso = localISO()) {
  try {
    const s = daily.today(store, iso);
    if (s && typeof s.words === 'string') return s;
  } catch {
    // unreadable saved data: the daily itself still opens
  }
  return { state: 'new', words: 'Not played yet' };
}

/** "🔥 Streak 3" (a streak going), "No streak yet" (0), or null when the puzzle keeps none. */
export function streakWords(streak) {
  if (!Number.isInteger(streak) || streak < 0) return null;
  return streak ? `🔥 Streak ${streak}` : 'No streak yet';
}

function dailyTile(row, daily, store) {
  const s = todayState(daily, store);
  const streak = streakWords(s.streak);
  return el('li', { class: 'daily-tile', dataset: { puzzle: row.name, state: s.state, kind: s.kind || s.state } },
    el('a', { class: 'button-link primary', href: daily.href() }, daily.label),
    el('span', { class: 'daily-state' }, s.words),
    streak ? el('span', { class: 'daily-streak', dataset: { streak: String(s.streak) } }, streak) : null);
}

/**
 * The home page; `rows` the registry table, `cardOf(row)` a puzzle's card
 * (a promise), `appOf(row)` a puzzle's mounted app (for the Continue list only).
 */
export async function homeView({ rows = [], store = null, appOf = null, cardOf = async (row) => plainCard(row) } = {}) {
  const cards = await Promise.all(rows.map((row) => cardOf(row).catch(() => plainCard(row))));
  const withDaily = rows.map((row, i) => [row, cards[i]]).filter(([, c]) => c.daily);
  const games = store && appOf ? unfinishedGames(rows, store) : [];
  const items = await Promise.all(games.map((g) => continueItem(g, store, appOf)));
  const root = el('section', { class: 'home', 'aria-label': 'Every puzzle' },
    el('header', { class: 'view-head' },
      el('p', { class: 'sub' }, 'Daily puzzles whose answers are proved, not guessed. Every one works offline.')),
    withDaily.length ? el('section', { class: 'today', 'aria-labelledby': 'today-h' },
      el('h2', { id: 'today-h' }, "Today's dailies"),
      el('ul', { class: 'daily-tiles' }, ...withDaily.map(([row, c]) => dailyTile(row, c.daily, store))),
      el('p', {}, el('a', { href: '#archive', class: 'archive-link' }, 'Past dailies: the archive'))) : null,
    items.length ? el('section', { class: 'continue', 'aria-labelledby': 'continue-h' },
      el('h2', { id: 'continue-h' }, 'Continue'), el('ul', { class: 'continue-list' }, ...items)) : null,
    el('section', { 'aria-labelledby': 'puzzles-h' },
      el('h2', { id: 'puzzles-h' }, 'The puzzles'),
      el('div', { class: 'puzzle-cards' }, ...rows.map((row, i) => cardNode(row, cards[i])))));
  root.dataset.mode = 'home';
  return root;
}
