// The Kirchhoff finish's own lines (the daily adds its share card below
// them): solved or solution shown, the hints, the time when timed, and the
// best time of the preset, kept when this finish is fresh and clean.

import { el } from '../../app/ui.js';
import { PRESET_LABELS, TIMES_KEY } from './records.js';
import { formatMs, recordTime } from './timer.js';

/**
 * The result's lines of a finish: {lines, clean}. `hints` shown, `revealed`
 * (the solution was shown), `applied` (hints that drew a mark), `ms` the
 * time (null: untimed); a fresh finish of `preset` updates its best time in
 * `store` (clean finishes only count, timer.js recordTime).
 */
export function finishLines(store, { hints, applied, revealed, ms, preset, fresh }) {
  const clean = hints === 0 && applied === 0 && !revealed;
  const lines = [el('h3', {}, revealed ? 'Solution shown' : 'Solved!')];
  if (!revealed) {
    lines.push(el('p', { class: 'verdict' },
      hints === 0 ? 'Every clue is met — without a hint.' : `Every clue is met, with ${hints} ${hints === 1 ? 'hint' : 'hints'}.`));
  }
  if (ms !== null && !revealed) {
    lines.push(el('p', { class: 'time' }, `Time ${formatMs(ms)}`));
    if (fresh && preset) {
      let improved = false;
      store.update(TIMES_KEY, (d) => {
        const r = recordTime(d.best, preset, ms, { clean });
        improved = r.improved;
        return { best: r.best };
      });
      const best = store.get(TIMES_KEY).best[preset];
      if (improved) lines.push(el('p', { class: 'best-time' }, `New best time for ${PRESET_LABELS[preset]}!`));
      else if (best) lines.push(el('p', { class: 'best-time muted' }, `Best for ${PRESET_LABELS[preset]}: ${formatMs(best)}${clean ? '' : ' (best times count solves without hints)'}`));
    }
  }
  return { lines, clean };
}
