// The daily stats block: shown under a finished daily and on the stats page
// (js/app/stats-panel.js draws it; this adds Matchless's words and X-ray line).
// Kept apart from stats-view.js so the daily, on a first visit, does not load
// the stats page and its "move your data" code.

import { el } from '../../app/ui.js';
import { statsPanel as sharedStatsPanel } from '../../app/stats-panel.js';

const BUCKETS = ['At par', '+1', '+2', '+3 or more'];

/** The daily stats block; `stats` from daily-result.js dailyStats. */
export function statsPanel(stats) {
  const n = stats.xray || 0;
  const xray = n
    ? el('p', { class: 'xray-count' },
      `🔍 X-ray used on ${n} ${n === 1 ? 'daily' : 'dailies'}: played, but not counted at par (the “With help” bar).`)
    : null;
  const k = stats.hinted || 0;
  const hinted = k
    ? el('p', { class: 'hint-count' },
      `💡 Hints used on ${k} ${k === 1 ? 'daily' : 'dailies'}: played, but not counted at par (the “With help” bar).`)
    : null;
  return sharedStatsPanel({
    stats,
    rate: [`${stats.winPct}%`, 'At par', 'win-pct'],
    heading: 'Matches over par',
    listLabel: 'Distribution of results',
    buckets: BUCKETS,
    helped: { label: 'With help', n: n + k },
  }, xray, hinted);
}
