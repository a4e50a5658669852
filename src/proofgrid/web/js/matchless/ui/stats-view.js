// Stats: daily numbers and the distribution, practice progress, and moving
// saved data to another device as a code.

import { el, setPageTitle } from '../../app/ui.js';
import { moveDataSection } from '../../app/data-transfer.js';
import { localISO } from '../../app/dates.js';
import { dailyStats } from './daily-result.js';
import { statsPanel } from './daily-panel.js';
import { DAILY_KEY, DUEL_KEY, PRACTICE_KEY } from './records.js';

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
