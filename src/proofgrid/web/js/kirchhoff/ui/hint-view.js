// HINT, drawn: the engine's hint carries a checkable proof (docs/proofs.md) and one
// plain sentence per step (engine/words.js). The first press shows the
// headline and the first step's sentence and outlines the cells and edges that
// step reads; further presses walk the proof step by step; the press after the
// last step draws the mark. A lost verdict is one alarm sentence that outlines
// the marks the proof uses and the cell or region of its contradiction. While
// a proof is walked, what its earlier steps deduced (arrows, empties, "carries
// an arrow") is drawn on the board as ghosts (overlay.ghosts); they go with
// the overlay when the walk ends.
// explainHint() is pure (tested in node); HintPanel only shows its result.

import { el } from '../../app/ui.js';
import { cellEdges, edgeBetween } from './layout.js';

function cellOf(board, name) {
  return (Number.parseInt(name.slice(1), 10) - 1) * board.cols + name.charCodeAt(0) - 97;
}

function edgeOf(board, name) {
  const [a, b] = name.split('-');
  return edgeBetween(board.rows, board.cols, cellOf(board, a), cellOf(board, b));
}

function moveEdge(board, move) {
  const m = /^([a-p]\d+)[<>x]([a-p]\d+)$/.exec(move);
  return m ? edgeBetween(board.rows, board.cols, cellOf(board, m[1]), cellOf(board, m[2])) : -1;
}

/** The cells of a region's nodes ("c3", "c3:in", "c3:out"), each once, ascending. */
function regionCells(board, nodes) {
  return [...new Set(nodes.map((t) => cellOf(board, t.split(':')[0])))].sort((x, y) => x - y);
}

/** How many sentences (engine/words.js) a step, a case and an end take. */
function stepLines(st) {
  return 1 + (st.refute || []).reduce((n, p) => n + caseLines(p), 0);
}
function caseLines(p) {
  return 1 + p.steps.reduce((n, st) => n + stepLines(st), 0) + endLines(p.ends);
}
function endLines(end) {
  return 1 + (end.cases || []).reduce((n, p) => n + caseLines(p), 0);
}

/** What a contradiction reads: {cell, region, edge} to outline. */
function endOverlay(board, end) {
  if ('cell' in end) return { cell: cellOf(board, end.cell), region: null, edge: -1 };
  if ('region' in end) return { cell: -1, region: regionCells(board, end.region), edge: -1 };
  return { cell: -1, region: null, edge: edgeOf(board, end.split) };
}

const STATE_BIT = { '>': 1, '<': 2, x: 0 };

/** A step's states as a mask (bit 0 unused, 1 forward = low cell to high, 2 backward). */
function statesMask(states) {
  return states.reduce((m, s) => m | (1 << STATE_BIT[s]), 0);
}

/**
 * The proof's top-level steps (and its end) as [{text, overlay}]: the step's
 * sentences (a supposition's nested ones included) and what it reads — a cell
 * step its cell and the cell's edges already known, a region step the region,
 * a refutation its edge; every overlay also marks the step's own edge, and
 * carries `ghosts` ([{edge, mask}]): what the steps before it deduced, to be
 * drawn faintly so the reader need not hold them in mind.
 */
export function proofSteps(hint, board) {
  const proof = hint?.proof;
  const words = Array.isArray(hint?.words) ? hint.words : [];
  if (!proof || !Array.isArray(proof.steps)) return [];
  const known = new Set(proof.uses.map((mv) => moveEdge(board, mv)).filter((e) => e >= 0));
  const out = [];
  const ghosts = [];
  let at = 0;
  const kind = hint.kind === 'lost' ? 'alarm' : 'hint';
  for (const st of proof.steps) {
    const n = stepLines(st);
    const edge = edgeOf(board, st.edge);
    let overlay;
    if ('cell' in st) {
      const cell = cellOf(board, st.cell);
      const edges = cellEdges(board.rows, board.cols, cell).filter((e) => e !== edge && known.has(e));
      overlay = { kind, cell, region: null, edge, edges };
    } else if ('region' in st) {
      overlay = { kind, cell: -1, region: regionCells(board, st.region), edge, edges: [] };
    } else {
      overlay = { kind, cell: -1, region: null, edge, edges: [] };
    }
    overlay.ghosts = ghosts.slice();
    out.push({ text: words.slice(at, at + n).join('\n'), overlay });
    at += n;
    known.add(edge); // a step always narrows its edge: later sentences call it known
    if (edge >= 0) {
      const i = ghosts.findIndex((g) => g.edge === edge);
      if (i >= 0) ghosts.splice(i, 1);
      ghosts.push({ edge, mask: statesMask(st.states) });
    }
  }
  if (proof.ends) {
    const n = endLines(proof.ends);
    out.push({ text: words.slice(at, at + n).join('\n'), overlay: { kind, edges: [], ghosts: ghosts.slice(), ...endOverlay(board, proof.ends) } });
  }
  return out;
}

/** The lost verdict as one sentence: "This position can no longer be completed: …". */
function lostHeadline(hint) {
  const reason = String(hint?.reason || hint?.text || '');
  const rest = reason.startsWith('lost — ') ? reason.slice('lost — '.length) : '';
  if (!rest) return 'This position can no longer be completed.';
  if (rest.startsWith('the proof is too long')) return `This position can no longer be completed (${rest}).`;
  return `This position can no longer be completed: ${rest}.`;
}

/**
 * {kind, headline, detail, overlay, steps, proof, edge, mark, actionable} for
 * an engine hint {kind, edge, mark, cell, regions, reason, proof, words}.
 * `steps` walks the proof ([{text, overlay}], at least one for a hint that
 * names an edge); `overlay` is the first step's. `actionable` means the press
 * after the last step draws `mark` on `edge`.
 */
export function explainHint(hint, board) {
  const kind = hint?.kind || 'none';
  const edge = Number.isInteger(hint?.edge) && hint.edge >= 0 ? hint.edge : -1;
  const base = { kind, edge, mark: hint?.mark ?? -1, actionable: false, proof: hint?.proof ?? null };
  const steps = proofSteps(hint, board);
  switch (kind) {
    case 'local':
    case 'region':
    case 'exact': {
      const headline = hint.reason || hint.text || '';
      if (!steps.length) steps.push({ text: '', overlay: { kind: 'hint', cell: -1, region: null, edge, edges: [] } });
      return {
        ...base,
        headline,
        steps,
        detail: steps[0].text,
        overlay: steps[0].overlay,
        actionable: edge >= 0 && Number.isInteger(hint.mark),
      };
    }
    case 'lost': {
      const uses = (hint.proof?.uses || []).map((mv) => moveEdge(board, mv)).filter((e) => e >= 0);
      const end = hint.proof?.ends ? endOverlay(board, hint.proof.ends) : { cell: -1, region: null, edge: -1 };
      const region = end.region || (end.cell >= 0 ? [end.cell] : null);
      const overlay = { kind: 'alarm', region, cell: end.cell, edge: end.edge, edges: uses };
      return { ...base, headline: lostHeadline(hint), detail: '', steps, overlay };
    }
    case 'solved':
      return { ...base, headline: 'Solved — every clue is met.', detail: '', steps: [], overlay: null };
    default:
      return { ...base, headline: 'No edge is forced here.', detail: '', steps: [], overlay: null };
  }
}

/** The few terms a proof's sentences use, each with what it means on the board. */
export const GLOSSARY = Object.freeze([
  ['+2 (circled)', 'a source: it sends out two more arrows than it takes in.'],
  ['\u22122 (circled)', 'a sink: it takes in two more arrows than it sends out.'],
  ['2 (plain)', 'two arrows enter the cell and two leave; 0: no arrow touches it.'],
  ['no clue', 'as many arrows enter the cell as leave it.'],
  ['a1\u2013b1, a1\u2192b1', 'the edge between cells a1 and b1; an arrow on it from a1 to b1.'],
  ['empty', 'no arrow on that edge (drawn as a cross).'],
  ['left, open', 'an edge not decided yet.'],
  ['carries an arrow', 'an arrow one way or the other.'],
  ['Take these cells together', 'count only the arrows crossing the group\u2019s border, as if the group were one big cell.'],
  ['Suppose \u2026 That cannot be', 'try it; it leads to something impossible, so the opposite holds.'],
  ['ghosts', 'dashed arrows and crosses on the board: what the steps before this one found.'],
]);

/** A closed <details> with the glossary and a link to the rules page. */
export function glossary() {
  const dl = el('dl', { class: 'k-glossary-list' });
  for (const [term, meaning] of GLOSSARY) dl.append(el('dt', {}, term), el('dd', {}, meaning));
  return el('details', { class: 'k-glossary' }, el('summary', {}, 'Words used in the proof'), dl,
    el('p', {}, el('a', { href: '#kirchhoff/rules' }, 'The rules, with a worked example')));
}

/** The hint's words under the board (aria-live), with the stage and step in data attributes for tests. */
export class HintPanel {
  constructor() {
    this.headline = el('p', { class: 'hint-headline' });
    this.detail = el('p', { class: 'hint-detail muted' });
    this.next = el('p', { class: 'hint-next muted' });
    this.glossary = glossary();
    this.glossary.hidden = true;
    this.root = el('div', { class: 'hint-panel', role: 'status', 'aria-live': 'polite', hidden: true },
      this.headline, this.detail, this.next, this.glossary);
    this.root.dataset.stage = '0';
    this.detail.style.whiteSpace = 'pre-line';
  }

  /**
   * Show an explained hint at proof step `step`; stage 1 = a reason is shown
   * and further presses walk on (then draw the mark), 0 = nothing to draw.
   * The proof is kept as JSON in data-proof (and window.__pgLastProof) for tests.
   */
  show(info, { stage = 1, step = 0 } = {}) {
    const steps = info.steps || [];
    this.root.hidden = false;
    this.root.dataset.kind = info.kind;
    this.root.dataset.stage = String(stage);
    this.root.dataset.step = String(step);
    this.root.dataset.steps = String(steps.length);
    this.root.dataset.proof = info.proof ? JSON.stringify(info.proof) : '';
    if (info.proof && typeof window !== 'undefined') window.__pgLastProof = info.proof;
    this.headline.textContent = info.headline;
    this.glossary.hidden = !steps.some((st) => st.text);
    const text = steps[step]?.text ?? info.detail ?? '';
    this.detail.textContent = text && text !== info.headline ? text : '';
    let next = '';
    if (info.actionable && stage === 1) {
      next = step < steps.length - 1
        ? `Step ${step + 1} of ${steps.length}. Press HINT again for the next step.`
        : 'Press HINT again to draw it.';
    }
    this.next.textContent = next;
  }

  /** A one-line message (e.g. "Thinking…" or an error). */
  message(text, kind = 'info') {
    this.root.hidden = false;
    this.root.dataset.kind = kind;
    this.root.dataset.stage = '0';
    this.root.dataset.step = '0';
    this.root.dataset.steps = '0';
    this.headline.textContent = text;
    this.detail.textContent = '';
    this.next.textContent = '';
    this.glossary.hidden = true;
  }

  hide() {
    this.root.hidden = true;
    this.root.dataset.stage = '0';
    delete this.root.dataset.kind;
  }
}
