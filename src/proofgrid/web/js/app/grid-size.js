// Board sizes in both editors: the range check their models share and the
// Rows / Columns pickers their toolbars show. Each puzzle passes its own
// range (its engine's limits); nothing here knows a puzzle.

import { el } from './ui.js';

/** Throw a RangeError unless rows and cols are integers in min..max. */
export function checkSize(rows, cols, min, max) {
  if (!(Number.isInteger(rows) && Number.isInteger(cols)
    && rows >= min && rows <= max && cols >= min && cols <= max)) {
    throw new RangeError(`board size must be ${min}..${max} each way`);
  }
}

/** A labelled <select> of the sizes min..max with `value` selected; class `cls` on the select. */
export function sizeSelect(label, cls, value, min, max) {
  return el('label', { class: 'size' }, label, ' ',
    el('select', { class: cls },
      ...Array.from({ length: max - min + 1 }, (_, i) => {
        const n = i + min;
        return el('option', { value: n, selected: n === value }, String(n));
      })));
}

/**
 * The Rows and Columns pickers for a `model` ({rows, cols}); a change calls
 * onSize(rows, cols) with both picked values. Returns [rows, columns].
 */
export function sizePickers(model, min, max, onSize) {
  const rowsSel = sizeSelect('Rows', 'rows', model.rows, min, max);
  const colsSel = sizeSelect('Columns', 'cols', model.cols, min, max);
  const changed = () => onSize(Number(rowsSel.querySelector('select').value), Number(colsSel.querySelector('select').value));
  rowsSel.addEventListener('change', changed);
  colsSel.addEventListener('change', changed);
  return [rowsSel, colsSel];
}
