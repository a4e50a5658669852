// The board editor: place and remove shells, toggle fuses, watch par and the
// X-ray recompute live, share the board as a link (#play/<game ID>), play it
// or duel on it. The URL keeps the board as you edit (#edit/<game ID>).
// Par and the X-ray of each board are asked of the worker through the midend
// (js/app/midend.js solve), never computed on the page: the board and its
// link change at once; the summary keeps its words, aria-busy, until the
// worker's answer for the board now shown is in (an answer for a board
// edited away is dropped).
// Every edit (a shell, a fuse, a size, Clear, a random board) is one step of
// undo/redo (js/app/history.js over the immutable models); "Start from a
// random board" asks the engine's own generator (its contract's generate) for
// a board of the size picked.

import { button, el, firstLine, randomSeed, setPageTitle } from '../../app/ui.js';
import { build } from './build.js';
import { History } from '../../app/history.js';
import { sizePickers } from '../../app/grid-size.js';
import { copyLinkButton } from '../../app/share-view.js';
import { encodeId } from '../../app/router.js';
import { attachBoardInput } from '../../app/board-input.js';
import { BoardView, cellName } from './board-view.js';
import {
  MAX_SIZE, MIN_SIZE, directionBetween, emptyModel, fromBoard, hasFuse, resize, shellCount, toBoard,
  toggleFuse, toggleShell,
} from './editor-model.js';
import { componentCount, explainPar } from './xray.js';

export function editorView(engine, { board = null, midend } = {}) {
  let model = board ? fromBoard(board) : emptyModel(5, 5);
  const edits = new History(model);
  let tool = 'shell';
  let selected = -1;
  let current = null; // {board, id, solution (the worker's; null until it answers)}
  let lastFuse = ''; // what the last fuse click did, said in the help line

  const view = new BoardView({ mode: 'edit', label: 'Editor board' });
  view.setLabels(true); // the help line names squares ("Fuse b2 → c2 added")
  const [rowsSel, colsSel] = sizePickers(model, MIN_SIZE, MAX_SIZE, (rows, cols) => {
    commit(resize(model, rows, cols));
  });
  const undoBtn = button('Undo', () => step(() => edits.undo()), { class: 'undo', 'aria-keyshortcuts': 'Control+Z' });
  const redoBtn = button('Redo', () => step(() => edits.redo()), { class: 'redo', 'aria-keyshortcuts': 'Control+Y' });
  const randomBtn = button('Start from a random board', () => randomBoard(), { class: 'random-board' });

  /** Make `next` the board (one undoable step) and redraw. */
  function commit(next) {
    if (next === model) return;
    edits.push(next);
    model = next;
    selected = -1;
    refresh();
  }

  /** Undo or redo one edit (`move` returns false at either end). */
  function step(move) {
    if (!move()) return;
    model = edits.present;
    selected = -1;
    lastFuse = '';
    for (const [sel, n] of [[rowsSel, model.rows], [colsSel, model.cols]]) sel.querySelector('select').value = String(n);
    refresh();
  }

  /** A board from the engine's generator at the picked size (default density and fuses), built in the worker. */
  async function randomBoard() {
    const { rows, cols } = model;
    randomBtn.disabled = true;
    randomBtn.setAttribute('aria-busy', 'true');
    help.textContent = `Building a random ${rows}×${cols} board…`;
    try {
      const { board: b } = await build(engine, midend, 'generate', { rows, cols, seed: randomSeed() });
      commit(fromBoard(b));
      lastFuse = '';
      help.textContent = `A random ${rows}×${cols} board: change it as you like (Undo takes you back).`;
    } catch (err) {
      help.textContent = `No random board of this size: ${err && err.message ? err.message : err}.`;
    } finally {
      randomBtn.disabled = false;
      randomBtn.removeAttribute('aria-busy');
    }
  }
  const toolBtns = {
    shell: button('Shells', () => setTool('shell'), { class: 'tool tool-shell', 'aria-pressed': 'true' }),
    fuse: button('Fuses', () => setTool('fuse'), { class: 'tool tool-fuse', 'aria-pressed': 'false' }),
  };
  const help = el('p', { class: 'muted editor-help', role: 'status', 'aria-live': 'polite' });
  const summary = el('p', { class: 'editor-summary', role: 'status', 'aria-live': 'polite' });
  const note = el('p', { class: 'xray-note' });
  const link = el('input', { class: 'share-link', readonly: true, 'aria-label': 'Link to this board' });
  const playLink = el('a', { class: 'button-link primary play-it' }, 'Play it');
  const duelLink = el('a', { class: 'button-link duel-it' }, 'Duel on it');
  const copyBtn = copyLinkButton(link);

  function setTool(t) {
    tool = t;
    selected = -1;
    lastFuse = '';
    for (const [k, b] of Object.entries(toolBtns)) b.setAttribute('aria-pressed', String(k === t));
    refresh(false);
  }

  function describe() {
    if (tool === 'shell') return 'Click or press Enter on a cell to add or remove a shell.';
    if (selected < 0) {
      const done = lastFuse ? `${lastFuse} ` : '';
      return `${done}Pick the shell a fuse starts from, then a neighbouring shell to add or remove the fuse.`;
    }
    return `From ${cellName(model.cols, selected)}: pick a neighbouring shell to toggle a fuse, or ${cellName(model.cols, selected)} again to stop.`;
  }

  /** Draw the board; the X-ray once the worker's solution of the board shown is in. */
  function draw() {
    const s = current?.solution;
    view.render({ lit: [], xray: s ? { labels: s.labels, sources: s.sources } : null, selected });
  }

  /** Say par and the groups of the board shown (its solution is in). */
  function summarize() {
    const s = current.solution;
    const n = shellCount(model);
    const groups = componentCount(s);
    const loops = s.hiddenSources
      ? ` · ${s.hiddenSources} ${s.hiddenSources === 1 ? 'loop needs' : 'loops need'} a match of ${s.hiddenSources === 1 ? 'its' : 'their'} own`
      : '';
    summary.textContent = `Par ${s.par} · ${n} ${n === 1 ? 'shell' : 'shells'} · ${groups} ${groups === 1 ? 'group' : 'groups'}${loops}`;
    summary.dataset.par = String(s.par);
    summary.removeAttribute('aria-busy');
    note.textContent = explainPar(s);
  }

  /** Ask the worker for the solution of the board shown; drawn and said when it is still the one shown. */
  function solveShown() {
    const asked = current;
    summary.setAttribute('aria-busy', 'true');
    delete summary.dataset.par;
    midend.solve({ gameId: asked.id }).then((solution) => {
      if (current !== asked) return; // edited meanwhile: the new board has its own question out
      current = { ...asked, solution };
      draw();
      summarize();
    }, (err) => {
      if (current !== asked) return;
      summary.removeAttribute('aria-busy');
      summary.textContent = `Par could not be worked out just now (${firstLine(err)}).`;
    });
  }

  function refresh(redraw = true) {
    const raw = toBoard(model);
    const id = raw ? engine.formatGameId(raw) : null;
    if (current?.id !== id) {
      // round trip: what a link will load
      current = raw ? { board: engine.parseGameId(id), id, solution: null } : null;
      if (current) solveShown();
    }
    if (redraw) view.setBoard(current ? current.board : { rows: model.rows, cols: model.cols, shells: [], succ: [], fuses: [] });
    draw();
    help.textContent = describe();
    undoBtn.disabled = !edits.canUndo;
    redoBtn.disabled = !edits.canRedo;
    const enabled = Boolean(current);
    for (const a of [playLink, duelLink]) {
      if (enabled) a.removeAttribute('aria-disabled');
      else a.setAttribute('aria-disabled', 'true');
    }
    if (!current) {
      summary.textContent = 'An empty board: add some shells.';
      summary.removeAttribute('aria-busy');
      delete summary.dataset.par;
      note.textContent = '';
      link.value = '';
      playLink.removeAttribute('href');
      duelLink.removeAttribute('href');
      history.replaceState(null, '', '#edit');
      return;
    }
    if (current.solution) summarize();
    const enc = encodeId(current.id);
    link.value = `${location.origin}${location.pathname}#play/${enc}`;
    playLink.href = `#play/${enc}`;
    duelLink.href = `#duel/${enc}`;
    history.replaceState(null, '', `#edit/${enc}`);
  }

  attachBoardInput(view, {
    activate: (cell) => {
      if (tool === 'shell') {
        commit(toggleShell(model, cell));
        view.setFocus(cell, true);
        return;
      }
      lastFuse = '';
      if (model.cells[cell] === null) {
        selected = -1;
      } else if (selected < 0 || selected === cell) {
        selected = selected === cell ? -1 : cell;
      } else if (directionBetween(model, selected, cell) >= 0) {
        // One fuse per pair of clicks: the start is let go, so the next click
        // starts a new fuse instead of silently toggling another from the old start.
        const had = hasFuse(model, selected, cell);
        const from = selected;
        lastFuse = `Fuse ${cellName(model.cols, from)} → ${cellName(model.cols, cell)} ${had ? 'removed' : 'added'}.`;
        commit(toggleFuse(model, from, cell));
        view.setFocus(cell, true);
        return;
      } else {
        selected = cell;
      }
      refresh(false);
    },
  });

  setPageTitle('Editor');
  const root = el('section', { class: 'editor', 'aria-label': 'Editor' },
    el('header', { class: 'view-head' },
      el('p', { class: 'sub' }, 'Build a board; par and the X-ray follow every change.')),
    el('div', { class: 'editor-tools', role: 'toolbar', 'aria-label': 'Editor tools' },
      rowsSel, colsSel, toolBtns.shell, toolBtns.fuse, undoBtn, redoBtn,
      button('Clear', () => commit(emptyModel(model.rows, model.cols)), { class: 'clear' }), randomBtn),
    help,
    summary,
    el('div', { class: 'board-wrap' }, view.svg),
    note,
    el('div', { class: 'share-row' }, link, copyBtn),
    el('div', { class: 'controls' }, playLink, duelLink));
  root.dataset.mode = 'editor';
  // Ctrl+Z undoes an edit, Ctrl+Y or Ctrl+Shift+Z redoes it (not while a size picker has focus)
  root.addEventListener('keydown', (e) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || e.target.closest('select, input')) return;
    const k = e.key.toLowerCase();
    if (k === 'z' && !e.shiftKey) step(() => edits.undo());
    else if (k === 'y' || (k === 'z' && e.shiftKey)) step(() => edits.redo());
    else return;
    e.preventDefault();
  });
  refresh();
  return root;
}
