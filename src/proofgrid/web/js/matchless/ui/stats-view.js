// Stats: daily numbers and the distribution, practice progress, and moving
// saved data to another device as a code.

import { el, setPageTitle } from '../../app/ui.js';
import { moveDataSection } from '../../app/data-transfer.js';
import { statsPanel as sharedStatsPanel } from '../../app/stats-panel.js';
import { localISO } from '../../app/dates.js';
import { dailyStats } from './daily-result.js';
import { DAILY_KEY, DUEL_KEY, PRACTICE_KEY } from './records.js';

const BUCKETS = ['At par', '+1', '+2', '+3 or more'];

/** The daily stats block (used here and under a finished daily); stats from dailyStats. */
export function statsPanel(stats) {
  const n = stats.xray || 0;
  const xray = n
    ? el('p', { class: 'xray-count' },
      `🔍 X-ray used on ${n} ${n === 1 ? 'daily' : 'dailies'}: played, but not counted at par or in the bars.`)
    : null;
  return sharedStatsPanel({
    stats,
    rate: [`${stats.winPct}%`, 'At par', 'win-pct'],
    heading: 'Matches over par',
    listLabel: 'Distribution of results',
    buckets: BUCKETS,
  }, xray);
}

export function statsView(engine, store) {
  const daily = store.get(DAILY_KEY);
  const practice = store.get(PRACTICE_KEY);
  const stats = dailyStats(daily.records, localISO());
  const solved = Object.keys(practice.best).length;
  const names = [DAILY_KEY, PRACTICE_KEY, DUEL_KEY];
  setPageTitle('Statistics');
  return el('section', { class: 'stats-view', 'aria-label': 'Statistics' },
    el('h2', {}, 'Daily'),
    statsPanel(stats),
    el('h2', {}, 'Practice'),
    el('p', {}, `${solved} of ${engine.PRACTICE.length} practice boards solved.`),
    ...moveDataSection(store, names,
      'Your results live only in this browser. Copy this code to carry them to another device.'));
}
