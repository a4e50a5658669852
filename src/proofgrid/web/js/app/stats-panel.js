// The daily stats block both puzzles draw (on the stats page and under a
// finished daily): played, the puzzle's rate, current and best streak, then
// the distribution of results as bars. Each puzzle names its rate and buckets.
// Games finished with help (a hint, the X-ray: js/app/record.js's rule) never
// count at par, but they were played: they get a bar of their own, so the bars
// show something after a hinted game.

import { el } from './ui.js';

/**
 * stats: {played, current, best, distribution} (as js/app/streak.js sums them);
 * rate: the puzzle's second figure [value, label, cls]; buckets: the
 * distribution's labels; helped: {label, n} the games finished with help and
 * kept out of the distribution (a last bar of their own), or null; `extra`
 * nodes follow the bars.
 */
export function statsPanel({ className = 'stats', stats, rate, heading, listLabel, buckets, helped = null }, ...extra) {
  const figure = (value, label, cls) => el('div', { class: `figure ${cls}` }, el('strong', {}, String(value)), el('span', {}, label));
  const rows = stats.distribution.map((n, i) => [buckets[i], n, '']);
  if (helped) rows.push([helped.label, helped.n, 'helped']);
  const max = Math.max(1, ...rows.map(([, n]) => n));
  const bars = rows.map(([label, n, cls]) => el('li', { class: cls || undefined },
    el('span', { class: 'bar-label' }, label),
    el('progress', { class: 'bar', max, value: n, 'aria-label': `${label}: ${n}` }),
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
