// The Kirchhoff editor: place sources, sinks and throughput clues; the
// worker counts completions live — "no solution", "unique" (with its grade)
// or "many (≥ 2)" — within a time budget, and says "still open — add clues"
// instead of freezing when a mostly blank board's state space is too large.
// Share the board as a link (#kirchhoff/play/<ID>) or play it. The URL keeps
// the board while editing (#kirchhoff/edit/<ID>).

import { button, el, firstLine } from '../../app/ui.js';
import { sizePickers } from '../../app/grid-size.js';
import { copyLinkButton } from '../../app/share-view.js';
import { attachBoardInput } from '../../app/board-input.js';
import { KirchhoffBoardView } from './board-view.js';
import {
  MAX_SIZE, MIN_SIZE, TOOLS, applyTool, balance, clueCount, emptyModel, fromBoard, resize, toClues,
} from './editor-model.js';
import { kirchhoffHash } from './routes.js';

const BUDGET_MS = 1500;
const TOOL_LABELS = { source: '+ Source', sink: '− Sink', throughput: 'Throughput', blank: 'Erase' };

export function kirchhoffEditorView(engine, service, { board = null } = {}) {
  let model = board ? fromBoard(board) : emptyModel(5, 5);
  let tool = 'source';
  let token = 0;
  let timer = 0;
  let currentId = null;

  const view = new KirchhoffBoardView({ mode: 'edit', label: 'Editor board' });
  const [rowsSel, colsSel] = sizePickers(model, MIN_SIZE, MAX_SIZE, (rows, cols) => {
    model = resize(model, rows, cols);
    refresh(true);
  });
  const toolBtns = Object.fromEntries(TOOLS.map((t) => [t, button(TOOL_LABELS[t], () => setTool(t), {
    class: `tool tool-${t}`, 'aria-pressed': String(t === tool),
  })]));
  const help = el('p', { class: 'muted editor-help' },
    'Pick a tool, then tap cells: a source or sink counts up 1 to 4, a throughput 0 to 2, then the cell is blank again.');
  const verdict = el('p', { class: 'editor-verdict', role: 'status', 'aria-live': 'polite' });
  const gradeLine = el('p', { class: 'editor-grade muted' });
  const link = el('input', { class: 'share-link', readonly: true, 'aria-label': 'Link to this board' });
  const playLink = el('a', { class: 'button-link primary play-it', 'aria-disabled': 'true' }, 'Play it');
  const copyBtn = copyLinkButton(link);

  function setTool(t) {
    tool = t;
    for (const [k, b] of Object.entries(toolBtns)) b.setAttribute('aria-pressed', String(k === t));
  }

  function say(kind, text) {
    verdict.textContent = text;
    verdict.dataset.verdict = kind;
  }

  function links(id) {
    currentId = id;
    if (!id) {
      link.value = '';
      playLink.removeAttribute('href');
      playLink.setAttribute('aria-disabled', 'true');
      history.replaceState(null, '', '#kirchhoff/edit');
      return;
    }
    const play = kirchhoffHash({ view: 'play', id });
    link.value = `${location.origin}${location.pathname}${play}`;
    playLink.href = play;
    playLink.removeAttribute('aria-disabled');
    history.replaceState(null, '', kirchhoffHash({ view: 'edit', id }));
  }

  async function analyse(mine, id) {
    service.cancelCount();
    let r;
    try {
      r = await service.count(id, null, { cap: 2, deadlineMs: BUDGET_MS });
    } catch (err) {
      if (mine !== token) return;
      say('error', `The counter stopped (${firstLine(err)}).`);
      return;
    }
    if (mine !== token) return;
    root.dataset.countMs = Number(r.ms).toFixed(1);
    if (r.timedOut || r.count === null || r.count === undefined) {
      say('open', `Still open — add clues (the counter gave no answer within ${(BUDGET_MS / 1000).toFixed(1)} s).`);
      return;
    }
    const n = BigInt(r.count);
    if (n === 0n) {
      say('none', 'No solution: no way to draw the arrows meets every clue.');
      return;
    }
    if (n === 1n && !r.capped) {
      say('unique', 'Unique: exactly one solution. Ready to share.');
      gradeLine.textContent = 'Grading…';
      try {
        const g = await service.grade(id);
        if (mine !== token) return;
        gradeLine.textContent = `Grade: ${g.grade}`;
        gradeLine.dataset.grade = String(g.grade);
      } catch (err) {
        if (mine === token) gradeLine.textContent = `No grade (${firstLine(err)}).`;
      }
      return;
    }
    say('many', 'Many (≥ 2) solutions: add clues until only one is left.');
  }

  function refresh(redraw = false) {
    const mine = ++token;
    clearTimeout(timer);
    gradeLine.textContent = '';
    delete gradeLine.dataset.grade;
    if (redraw) {
      view.setBoard({ rows: model.rows, cols: model.cols, clues: toClues(model) });
    } else {
      view.setClues(model.clues);
    }
    view.render({});
    const total = balance(model);
    root.dataset.clues = String(clueCount(model));
    if (total !== 0) {
      service.cancelCount();
      links(null);
      say('unbalanced', total > 0
        ? `No solution: the sources send ${total} more than the sinks take (every arrow leaves one cell and enters another).`
        : `No solution: the sinks take ${-total} more than the sources send (every arrow leaves one cell and enters another).`);
      return;
    }
    let id;
    try {
      id = engine.formatGameId(engine.boardFromClues(model.rows, model.cols, toClues(model)));
    } catch (err) {
      service.cancelCount();
      links(null);
      say('invalid', `Not a board yet: ${firstLine(err)}.`);
      return;
    }
    links(id);
    say('checking', 'Counting solutions…');
    timer = setTimeout(() => analyse(mine, id), 120);
  }

  attachBoardInput(view, {
    activate: (cell) => {
      model = applyTool(model, cell, tool);
      refresh();
      view.setFocus(cell, true);
    },
  });

  const root = el('section', { class: 'editor kirchhoff-editor', 'aria-labelledby': 'keditor-h' },
    el('header', { class: 'view-head' }, el('h2', { id: 'keditor-h', class: 'visually-hidden' }, 'Kirchhoff editor'),
      el('p', { class: 'sub' }, 'Place clues; the counter says whether the board has no, one or many solutions.')),
    el('div', { class: 'editor-tools', role: 'toolbar', 'aria-label': 'Editor tools' },
      rowsSel, colsSel, ...TOOLS.map((t) => toolBtns[t]),
      button('Clear', () => { model = emptyModel(model.rows, model.cols); refresh(); }, { class: 'clear' })),
    help,
    verdict,
    gradeLine,
    el('div', { class: 'board-wrap' }, view.svg),
    el('div', { class: 'share-row' }, link, copyBtn),
    el('div', { class: 'controls' }, playLink));
  root.dataset.mode = 'kirchhoff-editor';
  refresh(true);
  return root;
}
