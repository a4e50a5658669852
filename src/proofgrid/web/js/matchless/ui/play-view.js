// The play screen for one board (daily, practice, shared link): wires the
// manager (rules + history), the board view (drawing), the input (intents)
// and the HUD. The game itself — its record (moves, hints, X-ray, finished)
// and the history the manager keeps its positions in — is the midend's
// (js/app/midend.js Game, opts.game); par with its X-ray, the remaining par
// after each strike and the Hint are asked of the worker through it (the
// manager asks for the first two), never computed here. Until par is in, the
// board is drawn but not ready (svg data-ready="false", the section
// aria-busy, "Working out par…"); after a strike the meter keeps its words,
// aria-busy, until the worker's remaining par is in — the board answers every
// strike at once either way. The counter "matches vs par" is always visible;
// the meter says whether par is still reachable (matches used + remaining par
// == par). The page's h1 is the view's title (setPageTitle); the HUD keeps its
// size so the board never moves under a finger.

import {
  bringResultIntoView, button, el, firstLine, listenWhileConnected, prefersReducedMotion, setPageTitle,
} from '../../app/ui.js';
import { SETTINGS_EVENT } from '../../app/settings.js';
import { listenShortcuts } from '../../app/shortcuts.js';
import { encodeId } from '../../app/router.js';
import { attachBoardInput } from '../../app/board-input.js';
import { BoardView } from './board-view.js';
import { helped, verdictWords } from '../../app/record.js';
import { PlayManager } from './manager.js';
import { explainPar } from './xray.js';
import { PUZZLE, coordinatesOn } from './options.js';

export class PlayView {
  /**
   * @param engine the Matchless engine module
   * @param board an engine board
   * @param opts {title, subtitle, gameId, moves (to restore), onMove(moves, view),
   *   onWin({score, par, fresh}) -> node?, verdict({score, par}) -> text? (the result line),
   *   game (the midend's Game of this board: its record holds the X-ray and the
   *   hints, restored), confirmXray() -> Promise<boolean> (asked before the first X-ray),
   *   onXray(view) (the X-ray was shown for the first time), confirmHint() -> Promise<boolean>
   *   (asked before the first hint),
   *   onHint(count, view) (a hint was shown), controls (extra nodes)}
   */
  constructor(engine, board, opts = {}) {
    this.engine = engine;
    this.opts = opts;
    this.game = opts.game;
    this.manager = new PlayManager(engine, board, { game: this.game });
    this.xrayOn = false;
    this.shownHint = null;
    this.named = false; // a sentence has named a square: the coordinates stay, so the board never shrinks back under a finger
    this.announcedWin = false;
    this.boardView = new BoardView({ mode: 'play', label: opts.title || 'Board' });
    this.boardView.setBoard(board);
    attachBoardInput(this.boardView, { activate: (cell, t0) => this.strikeCell(cell, t0) });
    this._build();
    if (opts.moves && opts.moves.length) {
      this.manager.replay(opts.moves);
      this.announcedWin = this.manager.won;
    }
    this._working(true);
    this.update();
    this.manager.start().then(() => this._started(), (err) => this._failed(err));
  }

  /** While par is being worked out: the board is drawn but not ready, the view busy. */
  _working(on) {
    this.boardView.svg.dataset.ready = on ? 'false' : 'true';
    if (on) this.root.setAttribute('aria-busy', 'true');
    else this.root.removeAttribute('aria-busy');
  }

  /** Par and every position's remaining par are in: the game is ready (a restored finish shows its result). */
  _started() {
    this._working(false);
    this.parEl.textContent = String(this.manager.par);
    this.update();
    if (this.manager.won) {
      this.game.finish({ moves: this.manager.used, par: this.manager.par });
      this._showResult(false);
    }
  }

  /** The worker could not work out par: say so plainly (the board stays drawn). */
  _failed(err) {
    this.root.removeAttribute('aria-busy');
    this.root.dataset.failed = 'true';
    this.meter.textContent = `Par could not be worked out (${firstLine(err)}). Reload to try again.`;
    this.meter.className = 'meter over';
  }

  /** Ask the worker for the remaining par of the positions that lack it, then redraw the meter. */
  _answer() {
    this.manager.answer().then(() => {
      if (this.root.isConnected) this.update();
    }, () => {
      if (this.root.isConnected) this.update(); // asked again after the next move
    });
  }

  /** Whether the X-ray was shown on this game (the record's). */
  get xrayUsed() { return this.game.record.xray; }

  /** Hints looked at on this game (the record's). */
  get hintsUsed() { return this.game.record.hints; }

  _build() {
    const o = this.opts;
    if (o.title) setPageTitle(o.title);
    this.used = el('strong', { class: 'used' }, '0');
    this.parEl = el('strong', { class: 'par' }, '…');
    this.meter = el('span', { class: 'meter', role: 'status', 'aria-live': 'polite' });
    this.hud = el('p', { class: 'hud matchless-hud' },
      el('span', { class: 'count' }, 'Matches ', this.used, ' · par ', this.parEl), this.meter);
    this.undoBtn = button('Undo', () => this.act(() => this.manager.undo()), { 'aria-keyshortcuts': 'Control+Z', class: 'undo' });
    this.redoBtn = button('Redo', () => this.act(() => this.manager.redo()), { 'aria-keyshortcuts': 'Control+Y', class: 'redo' });
    this.rewindBtn = button('Rewind to par', () => this.act(() => this.manager.rewind()), {
      class: 'rewind', title: 'Go back to the last move from which par was still reachable',
    });
    this.xrayBtn = button('X-ray', () => this.toggleXray(), { 'aria-pressed': 'false', class: 'xray-toggle', 'aria-keyshortcuts': 'X' });
    this.hintBtn = button('Hint', () => this.showHint(), {
      class: 'hint-btn', 'aria-keyshortcuts': 'H', title: 'Name the next shell to strike and why (never strikes for you)',
    });
    this.restartBtn = button('Restart', () => this.act(() => this.manager.restart()), { class: 'restart' });
    const id = o.gameId;
    const links = id ? [
      el('a', { href: `#edit/${encodeId(id)}`, class: 'button-link' }, 'Edit'),
      el('a', { href: `#duel/${encodeId(id)}`, class: 'button-link' }, 'Duel on it'),
    ] : [];
    this.note = el('p', { class: 'xray-note', hidden: true });
    this.hintNote = el('div', { class: 'hint-note', hidden: true, role: 'status', 'aria-live': 'polite' });
    this.result = el('div', { class: 'result', hidden: true, role: 'region', 'aria-label': 'Result', tabindex: '-1' });
    this.root = el('section', { class: 'play', 'aria-label': o.title || 'Matchless' },
      el('header', { class: 'view-head' },
        o.subtitle ? el('p', { class: 'sub' }, o.subtitle) : null),
      o.banner || null,
      this.hud,
      el('div', { class: 'board-wrap' }, this.boardView.svg),
      id ? el('p', { class: 'print-id' }, `ID ${id}`) : null,
      el('div', { class: 'controls', role: 'toolbar', 'aria-label': 'Game controls' },
        this.undoBtn, this.redoBtn, this.rewindBtn, this.hintBtn, this.xrayBtn, this.restartBtn, ...links),
      o.controls ? el('div', { class: 'controls more' }, ...o.controls) : null,
      this.hintNote,
      this.note,
      this.result);
    this.root.dataset.xray = String(this.xrayUsed);
    // Shortcuts work wherever focus is; the listener goes with the view.
    listenShortcuts(this.root, {
      undo: () => this.act(() => this.manager.undo()),
      redo: () => this.act(() => this.manager.redo()),
      keys: { x: () => this.toggleXray(), h: () => this.showHint() },
    });
    listenWhileConnected(this.root, window, SETTINGS_EVENT, (e) => {
      if (e.detail?.puzzle === PUZZLE) this.update();
    });
  }

  /** Run a history action (undo/redo/rewind/restart) and redraw. */
  act(fn) {
    this.boardView.finish();
    if (fn()) {
      if (!this.manager.won) this.announcedWin = false;
      this._noteMoves();
      this.update();
      this.opts.onMove?.(this.manager.snapshot.moves, this);
    }
  }

  /** Show or hide the X-ray; the first time, ask first when the view wants it asked. */
  async toggleXray() {
    if (!this.manager.solution) return; // par's proof is not in yet
    if (!this.xrayOn && !this.xrayUsed && this.opts.confirmXray) {
      if (this.asking) return;
      this.asking = true;
      const ok = await this.opts.confirmXray(this);
      this.asking = false;
      if (!ok) return;
    }
    this.xrayOn = !this.xrayOn;
    if (this.xrayOn && !this.xrayUsed) {
      this.game.noteXray();
      this.root.dataset.xray = 'true';
      this.opts.onXray?.(this);
    }
    this.update();
  }

  /**
   * Show the proved hint of the present position, asked of the worker through
   * the midend (its engine/hint.js): its words, the move by coordinate, its
   * component outlined on the board. It never strikes; every press counts as
   * a hint used in the game's record (onHint).
   */
  async showHint() {
    const m = this.manager;
    if (m.won || this.askingHint || !m.solution) return;
    if (!this.hintsUsed && this.opts.confirmHint) { // the first hint asks first, as the X-ray does
      this.askingHint = true;
      const ok = await this.opts.confirmHint(this);
      this.askingHint = false;
      if (!ok) return;
    }
    const snap = m.snapshot;
    this.askingHint = true;
    this.hintBtn.setAttribute('aria-busy', 'true');
    let h;
    try {
      h = (await this.game.hint({ moves: [...snap.moves] })).hint;
    } catch {
      h = null;
    } finally {
      this.askingHint = false;
      this.hintBtn.removeAttribute('aria-busy');
    }
    if (!h || m.snapshot !== snap || !this.root.isConnected) return;
    this.shownHint = { h, snap };
    this.game.noteHint();
    this.root.dataset.hints = String(this.hintsUsed);
    this.opts.onHint?.(this.hintsUsed, this);
    this.update();
  }

  /** Strike the shell in `cell` (an intent from the input); t0 = the event's time. */
  strikeCell(cell, t0 = performance.now()) {
    const shell = this.boardView.shellOf[cell];
    if (shell < 0 || !this.manager.solution || this.manager.won || this.manager.isLit(shell)) return;
    const res = this.manager.strike(shell);
    if (!res) return;
    this.boardView.finish();
    this._noteMoves();
    this.update({ animate: res.depths, t0 });
    this._answer();
    this.opts.onMove?.(this.manager.snapshot.moves, this);
    if (this.manager.won && !this.announcedWin) {
      this.announcedWin = true;
      this._showResult(true);
    }
  }

  /** Tell the game's record where the game stands: finished (moves, par) or playing. */
  _noteMoves() {
    const m = this.manager;
    if (m.won) this.game.finish({ moves: m.used, par: m.par });
    else this.game.unfinish(m.used);
  }

  _showResult(fresh) {
    const m = this.manager;
    const over = m.used - m.par;
    // The record's rule (js/app/record.js): a hint or the X-ray makes it "solved with help", never at par.
    const rec = this.game.record;
    const verdict = helped(rec) ? `${verdictWords(rec)}${over ? `; par was ${m.par} (+${over})` : ''}.`
      : over === 0 ? 'at par — a perfect proof!' : `par was ${m.par} (+${over}).`;
    const extra = this.opts.onWin?.({ score: m.used, par: m.par, fresh }, this);
    const own = this.opts.verdict?.({ score: m.used, par: m.par, fresh }, this);
    this.result.replaceChildren(
      el('h3', {}, 'Sky clear!'),
      el('p', { class: 'verdict' }, own || `${m.used} ${m.used === 1 ? 'match' : 'matches'}, ${verdict}`));
    this.result.hidden = false;
    if (extra) this.result.append(extra);
    if (fresh) this._bringResultIntoView();
  }

  /**
   * A fresh finish: the result scrolls into view and its main action (the
   * Share button when there is one, else the result itself) takes focus, so
   * the next step is one key or tap away on any viewport.
   */
  _bringResultIntoView() {
    bringResultIntoView(this.result);
  }

  /** Redraw HUD, buttons and board from the manager's present position. */
  update({ animate = null, t0 = 0 } = {}) {
    const m = this.manager;
    this.used.textContent = String(m.used);
    const over = m.over;
    const help = helped(this.game.record);
    if (m.par === null) {
      if (!this.root.dataset.failed) this.meter.textContent = 'Working out par…';
    } else if (m.won) {
      this.meter.textContent = m.used === m.par && !help ? 'Solved at par' : `Solved${help ? ' with help' : ''}${m.used > m.par ? `, par +${m.used - m.par}` : ''}`;
    } else if (over !== null) {
      this.meter.textContent = over === 0 ? 'Par still reachable' : `Par +${over} now`;
    } // else: the worker's remaining par is still out; the meter keeps its words, busy
    const busy = m.par !== null && !m.won && over === null;
    if (busy) this.hud.setAttribute('aria-busy', 'true');
    else this.hud.removeAttribute('aria-busy');
    if (over !== null || m.won) {
      this.meter.className = `meter ${m.won ? (m.used === m.par ? 'ok' : 'over') : over === 0 ? 'ok' : 'over'}`;
      this.hud.dataset.over = String(m.won ? m.used - m.par : over);
    }
    this.undoBtn.disabled = !m.canUndo;
    this.redoBtn.disabled = !m.canRedo;
    this.rewindBtn.disabled = !m.canRewind;
    this.restartBtn.disabled = m.used === 0;
    this.xrayBtn.disabled = !m.solution;
    this.xrayBtn.setAttribute('aria-pressed', String(this.xrayOn));
    if (!m.won) {
      this.result.hidden = true;
    }
    const xray = this.xrayOn ? { labels: m.solution.labels, sources: m.solution.sources } : null;
    this.note.hidden = !this.xrayOn;
    if (this.xrayOn) {
      this.note.replaceChildren(explainPar(m.solution), ' ', el('a', { href: '#why' }, 'Why this is a proof'));
    }
    // a hint belongs to the position it was asked for; any move or undo retires it
    if (this.shownHint && this.shownHint.snap !== m.snapshot) this.shownHint = null;
    const h = this.shownHint ? this.shownHint.h : null;
    this.hintNote.hidden = !h;
    if (h) {
      this.hintNote.replaceChildren(
        el('p', { class: 'hint-move-line' }, el('strong', {}, `Hint: ${h.move}`)),
        ...h.words.map((w) => el('p', {}, w)));
    } else {
      this.hintNote.replaceChildren();
    }
    this.hintBtn.disabled = m.won || !m.solution;
    if (h) this.named = true;
    this.boardView.setLabels(this.named || coordinatesOn());
    const view = { lit: m.snapshot.lit, xray, hinted: h ? h.component : [], named: h ? [this.boardView.cellOfShell[h.shell]] : [] };
    if (animate) {
      this.boardView.view = { ...this.boardView.view, ...view };
      this.boardView.cascade(animate, { t0, reduced: prefersReducedMotion() });
    }
    this.boardView.render(view);
  }
}
