// Kirchhoff statistics: the daily's numbers and hint distribution, best
// times per preset, and moving saved data to another device as a code (the
// shared Store's export/import).

import { button, el, toast } from '../app/ui.js';
import { localISO } from '../app/dates.js';
import { HINT_BUCKETS, summarizeDaily } from './daily-stats.js';
import { DAILY_KEY, KIRCHHOFF_KEYS, PRESET_LABELS, PRESET_NAMES, TIMES_KEY } from './records.js';
import { formatMs } from './timer.js';

/** The daily stats block (here and under a finished daily). */
export function dailyStatsPanel(stats) {
  const figure = (value, label, cls) => el('div', { class: `figure ${cls}` }, el('strong', {}, String(value)), el('span', {}, label));
  const max = Math.max(1, ...stats.distribution);
  const bars = stats.distribution.map((n, i) => el('li', {},
    el('span', { class: 'bar-label' }, HINT_BUCKETS[i]),
    el('progress', { class: 'bar', max, value: n, 'aria-label': `${HINT_BUCKETS[i]}: ${n}` }),
    el('span', { class: 'bar-n' }, String(n))));
  return el('div', { class: 'stats k-stats' },
    el('div', { class: 'figures' },
      figure(stats.played, 'Played', 'played'),
      figure(`${stats.cleanPct}%`, 'No hints', 'clean-pct'),
      figure(stats.current, 'Current streak', 'current'),
      figure(stats.best, 'Best streak', 'best')),
    el('h4', {}, 'Hints used'),
    el('ol', { class: 'distribution', 'aria-label': 'Distribution of hints used' }, ...bars),
    stats.fastest !== null ? el('p', { class: 'muted fastest' }, `Fastest daily without a hint: ${formatMs(stats.fastest)}`) : null);
}

export function kirchhoffStatsView(store) {
  const daily = store.get(DAILY_KEY);
  const times = store.get(TIMES_KEY).best;
  const stats = summarizeDaily(daily.records, localISO());
  const codeOut = el('textarea', { class: 'code-out', readonly: true, rows: 3, 'aria-label': 'Your saved-data code' });
  const codeIn = el('textarea', { class: 'code-in', rows: 3, 'aria-label': 'Paste a saved-data code', placeholder: 'PG1.…' });
  const status = el('p', { class: 'import-status', role: 'status', 'aria-live': 'polite' });
  const rows = PRESET_NAMES.map((p) => el('tr', {},
    el('th', { scope: 'row' }, PRESET_LABELS[p]),
    el('td', { class: `best-${p}` }, times[p] ? formatMs(times[p]) : '—')));
  const root = el('section', { class: 'stats-view kirchhoff-stats', 'aria-labelledby': 'kstats-h' },
    el('header', { class: 'view-head' }, el('h2', { id: 'kstats-h' }, 'Kirchhoff statistics')),
    el('h3', {}, 'Daily Kirchhoff'),
    dailyStatsPanel(stats),
    el('h3', {}, 'Best times'),
    el('p', { class: 'muted' }, 'With the timer on, solves without a hint or a shown solution set best times.'),
    el('table', { class: 'best-times' }, el('tbody', {}, ...rows)),
    el('h3', {}, 'Move your data'),
    el('p', { class: 'muted' }, 'Your Kirchhoff results live only in this browser. Copy this code to carry them to another device.'),
    button('Make export code', async () => {
      codeOut.value = store.exportCode(KIRCHHOFF_KEYS);
      codeOut.select();
      try {
        await navigator.clipboard.writeText(codeOut.value);
        toast('Export code copied to the clipboard.');
      } catch {
        toast('Export code ready — copy it from the box.');
      }
    }, { class: 'export' }),
    codeOut,
    codeIn,
    button('Import code', () => {
      try {
        const got = store.importCode(codeIn.value);
        status.textContent = `Imported ${got.length} saved ${got.length === 1 ? 'item' : 'items'}.`;
        status.className = 'import-status ok';
        toast('Imported.');
      } catch (err) {
        status.textContent = `Could not import: ${err.message}.`;
        status.className = 'import-status bad';
      }
    }, { class: 'import' }),
    status);
  root.dataset.mode = 'kirchhoff-stats';
  return root;
}
