// HINT, drawn: what the engine's hint says, turned into a headline, a line
// of detail and an overlay for the board (the cell whose clue forces the
// edge, or the region whose surplus equals the edges leaving it, or just the
// edge when only the exact counter sees it). The first press shows the
// reason and the edge without its direction; the second press draws the mark.
// explainHint() is pure (tested in node); HintPanel only shows its result.

import { el } from '../../app/ui.js';
import { CROSS, cellName, edgeEnds } from './layout.js';

const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The edge as words: "b3–c3". */
function edgeName(board, edge) {
  const [u, v] = edgeEnds(board.rows, board.cols, edge);
  return `${cellName(board.cols, u)}–${cellName(board.cols, v)}`;
}

/** The Gale sentence for a region: "surplus 2, 2 edges leave: all must point out". */
export function regionSentence(hint) {
  const k = hint.surplus;
  const b = hint.boundary;
  if (!Number.isInteger(k) || !Number.isInteger(b)) return '';
  if (hint.outward === false) {
    return `deficit ${k}, ${plural(b, 'edge')} ${b === 1 ? 'enters' : 'enter'}: all must point in`;
  }
  return `surplus ${k}, ${plural(b, 'edge')} ${b === 1 ? 'leaves' : 'leave'}: all must point out`;
}

/**
 * {kind, headline, detail, overlay, edge, mark, actionable} for an engine hint
 * {kind, edge, mark, cell, region, surplus, boundary, text}. `actionable`
 * means a second press can draw `mark` on `edge`.
 */
export function explainHint(hint, board) {
  const kind = hint?.kind || 'none';
  const detail = hint?.text || '';
  const region = Array.isArray(hint?.region) && hint.region.length ? hint.region : null;
  const cell = Number.isInteger(hint?.cell) && hint.cell >= 0 ? hint.cell : -1;
  const edge = Number.isInteger(hint?.edge) && hint.edge >= 0 ? hint.edge : -1;
  const base = { kind, detail, edge, mark: hint?.mark ?? -1, actionable: false };
  switch (kind) {
    case 'local':
    case 'region':
    case 'exact': {
      const where = edge >= 0 ? edgeName(board, edge) : 'an edge';
      let headline;
      if (kind === 'local') {
        headline = cell >= 0
          ? `The clue of ${cellName(board.cols, cell)} forces ${where}.`
          : `The clues around ${where} force it.`;
      } else if (kind === 'region') {
        const gale = regionSentence(hint);
        headline = region
          ? `Look at the outlined region${gale ? `: ${gale}` : ''}. That settles ${where}.`
          : `A region cut settles ${where}.`;
      } else {
        headline = hint.mark === CROSS
          ? `Every completion leaves ${where} unused.`
          : `Every completion has this arrow on ${where}.`;
      }
      return {
        ...base,
        headline,
        overlay: { kind: 'hint', region: kind === 'region' ? region : null, cell: kind === 'exact' ? -1 : cell, edge },
        actionable: edge >= 0 && Number.isInteger(hint.mark),
      };
    }
    case 'lost': {
      const headline = region
        ? (region.length === 1
          ? `This position can no longer be completed: the clue of ${cellName(board.cols, region[0])} cannot be met.`
          : `This position can no longer be completed: the outlined region cannot balance its flow.`)
        : (cell >= 0
          ? `This position can no longer be completed: the clue of ${cellName(board.cols, cell)} cannot be met.`
          : 'This position can no longer be completed.');
      return { ...base, headline, overlay: { kind: 'alarm', region: region || (cell >= 0 ? [cell] : null), cell, edge: -1 } };
    }
    case 'solved':
      return { ...base, headline: 'Solved — every clue is met.', overlay: null };
    default:
      return { ...base, headline: 'No edge is forced here.', overlay: null };
  }
}

/** The hint's words under the board (aria-live), with the stage in data attributes for tests. */
export class HintPanel {
  constructor() {
    this.headline = el('p', { class: 'hint-headline' });
    this.detail = el('p', { class: 'hint-detail muted' });
    this.next = el('p', { class: 'hint-next muted' });
    this.root = el('div', { class: 'hint-panel', role: 'status', 'aria-live': 'polite', hidden: true },
      this.headline, this.detail, this.next);
    this.root.dataset.stage = '0';
  }

  /** Show an explained hint; stage 1 = reason shown, waiting for the second press. */
  show(info, { stage = 1 } = {}) {
    this.root.hidden = false;
    this.root.dataset.kind = info.kind;
    this.root.dataset.stage = String(stage);
    this.headline.textContent = info.headline;
    this.detail.textContent = info.detail && info.detail !== info.headline ? info.detail : '';
    this.next.textContent = info.actionable && stage === 1 ? 'Press HINT again to draw it.' : '';
  }

  /** A one-line message (e.g. "Thinking…" or an error). */
  message(text, kind = 'info') {
    this.root.hidden = false;
    this.root.dataset.kind = kind;
    this.root.dataset.stage = '0';
    this.headline.textContent = text;
    this.detail.textContent = '';
    this.next.textContent = '';
  }

  hide() {
    this.root.hidden = true;
    this.root.dataset.stage = '0';
    delete this.root.dataset.kind;
  }
}
