// Stats: daily numbers and the distribution, practice progress, and moving
// saved data to another device as a code.

import { button, el, toast } from '../app/ui.js';
import { localISO } from '../app/dates.js';
import { summarize } from '../app/streak.js';
import { DAILY_KEY, DUEL_KEY, PRACTICE_KEY } from './records.js';

const BUCKETS = ['At par', '+1', '+2', '+3 or more'];

/** The daily stats block (used here and under a finished daily). */
export function statsPanel(stats) {
  const figure = (value, label, cls) => el('div', { class: `figure ${cls}` }, el('strong', {}, String(value)), el('span', {}, label));
  const max = Math.max(1, ...stats.distribution);
  const bars = stats.distribution.map((n, i) => {
    const bar = el('progress', { class: 'bar', max, value: n, 'aria-label': `${BUCKETS[i]}: ${n}` });
    return el('li', {}, el('span', { class: 'bar-label' }, BUCKETS[i]), bar, el('span', { class: 'bar-n' }, String(n)));
  });
  return el('div', { class: 'stats' },
    el('div', { class: 'figures' },
      figure(stats.played, 'Played', 'played'),
      figure(`${stats.winPct}%`, 'At par', 'win-pct'),
      figure(stats.current, 'Current streak', 'current'),
      figure(stats.best, 'Best streak', 'best')),
    el('h4', {}, 'Matches over par'),
    el('ol', { class: 'distribution', 'aria-label': 'Distribution of results' }, ...bars));
}

export function statsView(engine, store) {
  const daily = store.get(DAILY_KEY);
  const practice = store.get(PRACTICE_KEY);
  const stats = summarize(daily.records, localISO());
  const solved = Object.keys(practice.best).length;
  const codeOut = el('textarea', { class: 'code-out', readonly: true, rows: 3, 'aria-label': 'Your saved-data code' });
  const codeIn = el('textarea', { class: 'code-in', rows: 3, 'aria-label': 'Paste a saved-data code', placeholder: 'PG1.…' });
  const status = el('p', { class: 'import-status', role: 'status', 'aria-live': 'polite' });
  const names = [DAILY_KEY, PRACTICE_KEY, DUEL_KEY];
  return el('section', { class: 'stats-view', 'aria-labelledby': 'stats-h' },
    el('header', { class: 'view-head' }, el('h2', { id: 'stats-h' }, 'Statistics')),
    el('h3', {}, 'Daily'),
    statsPanel(stats),
    el('h3', {}, 'Practice'),
    el('p', {}, `${solved} of ${engine.PRACTICE.length} practice boards solved.`),
    el('h3', {}, 'Move your data'),
    el('p', { class: 'muted' }, 'Your results live only in this browser. Copy this code to carry them to another device.'),
    button('Make export code', async () => {
      codeOut.value = store.exportCode(names);
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
}
