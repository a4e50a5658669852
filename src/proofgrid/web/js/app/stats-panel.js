// The daily stats block both puzzles draw (on the stats page and under a
// finished daily): played, the puzzle's rate, current and best streak, then
// the distribution of results as bars. Each puzzle names its rate and buckets.

import { el } from './ui.js';

/**
 * stats: {played, current, best, distribution} (as js/app/streak.js sums them);
 * rate: the puzzle's second figure [value, label, cls]; buckets: the
 * distribution's labels; `extra` nodes follow the bars.
 */
export function statsPanel({ className = 'stats', stats, rate, heading, listLabel, buckets }, ...extra) {
  const figure = (value, label, cls) => el('div', { class: `figure ${cls}` }, el('strong', {}, String(value)), el('span', {}, label));
  const max = Math.max(1, ...stats.distribution);
  const bars = stats.distribution.map((n, i) => el('li', {},
    el('span', { class: 'bar-label' }, buckets[i]),
    el('progress', { class: 'bar', max, value: n, 'aria-label': `${buckets[i]}: ${n}` }),
    el('span', { class: 'bar-n' }, String(n))));
  return el('div', { class: className },
    el('div', { class: 'figures' },
      figure(stats.played, 'Played', 'played'),
      figure(...rate),
      figure(stats.current, 'Current streak', 'current'),
      figure(stats.best, 'Best streak', 'best')),
    el('h4', {}, heading),
    el('ol', { class: 'distribution', 'aria-label': listLabel }, ...bars),
    ...extra);
}
