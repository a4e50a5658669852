// The archive (#archive, a page of the site's own): one calendar per puzzle
// with a daily, from its launch day to today, each day a link to that day's
// board with this player's result (not played / in progress / solved / at par /
// hints / X-ray). It names no puzzle: each puzzle's `card.daily` (js/app/home.js
// describes it) supplies the launch, the results per date and each day's href.
// Today's link is today's daily, the one that counts for the streak. Each
// month is a table, Monday first, with its weekdays as column headers (the
// short name shown, the full one in `abbr` for screen readers).

import { addDays, dayNumber, localISO } from './dates.js';
import { plainCard } from './home.js';
import { el } from './ui.js';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August',
  'September', 'October', 'November', 'December'];

/** What each kind of result shows in a day's cell (the words say it in full). */
export const MARKS = Object.freeze({
  none: '·', playing: '…', solved: '✓', par: '★', hints: '💡', xray: '🔍',
});

/** The weekdays, Monday first: [short name shown, full name]. */
export const WEEKDAYS = Object.freeze([['Mon', 'Monday'], ['Tue', 'Tuesday'], ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'], ['Fri', 'Friday'], ['Sat', 'Saturday'], ['Sun', 'Sunday']]);

/** "December 1, 2026" of an ISO date. */
export function longDate(iso) {
  const [y, m, d] = iso.split('-').map(Number);
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}

/** Monday = 0 … Sunday = 6 (1970-01-01 was a Thursday). */
export function weekday(iso) {
  return (((dayNumber(iso) + 3) % 7) + 7) % 7;
}

/** The days from `launch` to `today` (inclusive, oldest first), grouped by month: [{month, days}]. */
export function monthsBetween(launch, today) {
  const out = [];
  if (launch > today) return out;
  for (let d = launch; d <= today; d = addDays(d, 1)) {
    const month = d.slice(0, 7);
    if (!out.length || out[out.length - 1].month !== month) out.push({ month, days: [] });
    out[out.length - 1].days.push(d);
  }
  return out;
}

function dayCell(daily, iso, today, result) {
  const kind = result ? result.kind : 'none';
  const words = result ? result.words : 'not played';
  const label = `${longDate(iso)}${iso === today ? ' (today)' : ''}: ${words}`;
  return el('td', { class: `cal-day cal-${kind}${iso === today ? ' cal-today' : ''}`, dataset: { date: iso, kind } },
    el('a', { href: iso === today ? daily.href() : daily.href(iso), 'aria-label': label, title: label },
      el('span', { class: 'cal-num', 'aria-hidden': 'true' }, String(Number(iso.slice(8)))),
      el('span', { class: 'cal-mark', 'aria-hidden': 'true' }, MARKS[kind] || MARKS.solved)));
}

function monthBlock(daily, { month, days }, today, results, id) {
  const [y, m] = month.split('-').map(Number);
  const title = `${MONTHS[m - 1]} ${y}`;
  // weeks of seven cells, Monday first; the days before the first and after the last are empty
  const cells = [...Array(weekday(days[0])).fill(null), ...days.map((d) => dayCell(daily, d, today, results[d]))];
  while (cells.length % 7) cells.push(null);
  const weeks = [];
  for (let i = 0; i < cells.length; i += 7) {
    weeks.push(el('tr', {}, ...cells.slice(i, i + 7).map((c) => c || el('td', { class: 'cal-empty' }))));
  }
  return el('section', { class: 'cal-month', 'aria-labelledby': id },
    el('h4', { id }, title),
    el('table', { class: 'calendar', 'aria-label': `Dailies of ${title}` },
      el('thead', {}, el('tr', {}, ...WEEKDAYS.map(([short, full]) => el('th', { scope: 'col', abbr: full }, short)))),
      el('tbody', {}, ...weeks)));
}

function puzzleCalendar(row, c, store, today) {
  const daily = c.daily;
  let results = {};
  try {
    results = daily.results(store) || {};
  } catch {
    // unreadable saved data: every day still opens
  }
  const months = monthsBetween(daily.launch, today);
  const played = months.flatMap((mo) => mo.days).filter((d) => results[d] && results[d].kind !== 'playing').length;
  const total = months.reduce((n, mo) => n + mo.days.length, 0);
  const hid = `archive-${row.name}`;
  return el('section', { class: 'archive-puzzle', dataset: { puzzle: row.name }, 'aria-labelledby': hid },
    el('h2', { id: hid }, c.title || row.title),
    el('p', { class: 'muted' }, `${played} of ${total} ${total === 1 ? 'daily' : 'dailies'} solved since ${longDate(daily.launch)}.`),
    ...months.slice().reverse().map((mo) => monthBlock(daily, mo, today, results, `${hid}-${mo.month}`)));
}

/** The archive page; `rows` the registry table, `cardOf(row)` a puzzle's card (a promise). */
export async function archiveView({ rows = [], store = null, cardOf = async (row) => plainCard(row), today = localISO() } = {}) {
  const cards = await Promise.all(rows.map((row) => cardOf(row).catch(() => plainCard(row))));
  const withDaily = rows.map((row, i) => [row, cards[i]]).filter(([, c]) => c.daily);
  const legend = el('ul', { class: 'cal-legend', 'aria-label': 'What the marks mean' },
    ...[['none', 'not played'], ['playing', 'in progress'], ['solved', 'solved'], ['par', 'at par, or with no hints'],
      ['hints', 'with hints'], ['xray', 'X-ray used']]
      .map(([k, words]) => el('li', {}, el('span', { class: `cal-mark cal-${k}`, 'aria-hidden': 'true' }, MARKS[k]), ` ${words}`)));
  const root = el('section', { class: 'archive', 'aria-label': 'Archive of past dailies' },
    el('header', { class: 'view-head' },
      el('p', { class: 'sub' }, "Every past daily, with your result. Playing an old one never changes your streak: today's daily is the one that counts.")),
    legend,
    ...withDaily.map(([row, c]) => puzzleCalendar(row, c, store, today)));
  if (!withDaily.length) root.append(el('p', {}, 'No puzzle has a daily yet.'));
  root.dataset.mode = 'archive';
  return root;
}
