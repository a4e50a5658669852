// The shared coordinate names (js/app/board-labels.js) against each engine's own
// cell names: the label over column c and beside row r must spell the name the
// engine gives cell r·cols + c, on every board size either puzzle allows.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { axisNames, labelMetrics } from '../../../src/proofgrid/web/js/app/board-labels.js';
import { cellName as kirchhoffName } from '../../../src/proofgrid/web/js/kirchhoff/engine/board.js';
import { cellName as matchlessName } from '../../../src/proofgrid/web/js/matchless/engine/board.js';

test('column letter + row number = the engines\' cell names (Matchless 2..12, Kirchhoff up to 16)', () => {
  for (let rows = 2; rows <= 16; rows++) {
    for (let cols = 2; cols <= 16; cols++) {
      const { columns, rowNames } = axisNames(rows, cols);
      assert.equal(columns.length, cols);
      assert.equal(rowNames.length, rows);
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) {
          const name = columns[c] + rowNames[r];
          assert.equal(name, kirchhoffName(cols, r * cols + c));
          if (rows <= 12 && cols <= 12) assert.equal(name, matchlessName(r, c));
        }
      }
    }
  }
});

test('labels grow with the board and their gutter holds them', () => {
  let last = 0;
  for (let n = 2; n <= 16; n++) {
    const { size, gutter } = labelMetrics(n, n);
    assert.ok(size >= last && size >= 24);
    assert.ok(gutter > size);
    // shrunk to a 370 px wide phone the board still prints its labels at 11 px or more
    assert.ok((370 / (n * 100 + 16 + gutter)) * size >= 11, `n=${n}`);
    last = size;
  }
});
