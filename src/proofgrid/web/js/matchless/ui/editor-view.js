// The board editor: place and remove shells, toggle fuses, watch par and the
// X-ray recompute live, share the board as a link (#play/<game ID>), play it
// or duel on it. The URL keeps the board as you edit (#edit/<game ID>).

import { button, el, setPageTitle } from '../../app/ui.js';
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

export function editorView(engine, { board = null } = {}) {
  let model = board ? fromBoard(board) : emptyModel(5, 5);
  let tool = 'shell';
  let selected = -1;
  let current = null; // {board, id, solution}
  let lastFuse = ''; // what the last fuse click did, said in the help line

  const view = new BoardView({ mode: 'edit', label: 'Editor board' });
  view.setLabels(true); // the help line names squares ("Fuse b2 → c2 added")
  const [rowsSel, colsSel] = sizePickers(model, MIN_SIZE, MAX_SIZE, (rows, cols) => {
    model = resize(model, rows, cols);
    selected = -1;
    refresh();
  });
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

  function refresh(redraw = true) {
    const raw = toBoard(model);
    current = null;
    if (raw) {
      const id = engine.formatGameId(raw);
      const b = engine.parseGameId(id); // round trip: what a link will load
      current = { board: b, id, solution: engine.solve(b) };
    }
    if (redraw) view.setBoard(current ? current.board : { rows: model.rows, cols: model.cols, shells: [], succ: [], fuses: [] });
    view.render({
      lit: [],
      xray: current ? { labels: current.solution.labels, sources: current.solution.sources } : null,
      selected,
    });
    help.textContent = describe();
    const enabled = Boolean(current);
    for (const a of [playLink, duelLink]) {
      if (enabled) a.removeAttribute('aria-disabled');
      else a.setAttribute('aria-disabled', 'true');
    }
    if (!current) {
      summary.textContent = 'An empty board: add some shells.';
      note.textContent = '';
      link.value = '';
      playLink.removeAttribute('href');
      duelLink.removeAttribute('href');
      history.replaceState(null, '', '#edit');
      return;
    }
    const s = current.solution;
    const n = shellCount(model);
    const groups = componentCount(s);
    const loops = s.hiddenSources
      ? ` · ${s.hiddenSources} ${s.hiddenSources === 1 ? 'loop needs' : 'loops need'} a match of ${s.hiddenSources === 1 ? 'its' : 'their'} own`
      : '';
    summary.textContent = `Par ${s.par} · ${n} ${n === 1 ? 'shell' : 'shells'} · ${groups} ${groups === 1 ? 'group' : 'groups'}${loops}`;
    summary.dataset.par = String(s.par);
    note.textContent = explainPar(s);
    const enc = encodeId(current.id);
    link.value = `${location.origin}${location.pathname}#play/${enc}`;
    playLink.href = `#play/${enc}`;
    duelLink.href = `#duel/${enc}`;
    history.replaceState(null, '', `#edit/${enc}`);
  }

  attachBoardInput(view, {
    activate: (cell) => {
      if (tool === 'shell') {
        model = toggleShell(model, cell);
        refresh();
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
        model = toggleFuse(model, selected, cell);
        lastFuse = `Fuse ${cellName(model.cols, selected)} → ${cellName(model.cols, cell)} ${had ? 'removed' : 'added'}.`;
        selected = -1;
        refresh();
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
      rowsSel, colsSel, toolBtns.shell, toolBtns.fuse,
      button('Clear', () => { model = emptyModel(model.rows, model.cols); selected = -1; refresh(); }, { class: 'clear' })),
    help,
    summary,
    el('div', { class: 'board-wrap' }, view.svg),
    note,
    el('div', { class: 'share-row' }, link, copyBtn),
    el('div', { class: 'controls' }, playLink, duelLink));
  root.dataset.mode = 'editor';
  refresh();
  return root;
}
