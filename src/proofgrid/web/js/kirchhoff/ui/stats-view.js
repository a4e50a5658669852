// Kirchhoff statistics: the daily's numbers and hint distribution, best
// times per preset, and moving saved data to another device as a code (the
// shared js/app/data-transfer.js block); the panel is js/app/stats-panel.js.

import { el } from '../../app/ui.js';
import { moveDataSection } from '../../app/data-transfer.js';
import { statsPanel } from '../../app/stats-panel.js';
import { localISO } from '../../app/dates.js';
import { HINT_BUCKETS, summarizeDaily } from './daily-stats.js';
import { DAILY_KEY, KIRCHHOFF_KEYS, PRESET_LABELS, PRESET_NAMES, TIMES_KEY } from './records.js';
import { formatMs } from './timer.js';

/** The daily stats block (here and under a finished daily). */
export function dailyStatsPanel(stats) {
  return statsPanel({
    className: 'stats k-stats',
    stats,
    rate: [`${stats.cleanPct}%`, 'No hints', 'clean-pct'],
    heading: 'Hints used',
    listLabel: 'Distribution of hints used',
    buckets: HINT_BUCKETS,
  }, stats.fastest !== null ? el('p', { class: 'muted fastest' }, `Fastest daily without a hint: ${formatMs(stats.fastest)}`) : null);
}

export function kirchhoffStatsView(store) {
  const daily = store.get(DAILY_KEY);
  const times = store.get(TIMES_KEY).best;
  const stats = summarizeDaily(daily.records, localISO());
  const rows = PRESET_NAMES.map((p) => el('tr', {},
    el('th', { scope: 'row' }, PRESET_LABELS[p]),
    el('td', { class: `best-${p}` }, times[p] ? formatMs(times[p]) : '—')));
  const root = el('section', { class: 'stats-view kirchhoff-stats', 'aria-labelledby': 'kstats-h' },
    el('header', { class: 'view-head' }, el('h2', { id: 'kstats-h', class: 'visually-hidden' }, 'Kirchhoff statistics')),
    el('h3', {}, 'Daily Kirchhoff'),
    dailyStatsPanel(stats),
    el('h3', {}, 'Best times'),
    el('p', { class: 'muted' }, 'With the timer on, solves without a hint or a shown solution set best times.'),
    el('table', { class: 'best-times' }, el('tbody', {}, ...rows)),
    ...moveDataSection(store, KIRCHHOFF_KEYS,
      'Your Kirchhoff results live only in this browser. Copy this code to carry them to another device.'));
  root.dataset.mode = 'kirchhoff-stats';
  return root;
}
