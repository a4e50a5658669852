// The Kirchhoff play screen for one board (a new puzzle, the daily, a shared
// link): wires the manager (rules + history), the board view (drawing), the
// input (intents), the hint panel, the lost-position alarm, the timer and the
// HUD. Hints, lost verdicts and the obvious empties come from the worker
// (service.js, through the midend); the page only draws them. The game's record (hints, the solution
// shown, finished) is the midend's (js/app/midend.js Game, opts.game), told
// after every change.
//
// One role a file around it: crosses.js keeps the crosses the game drew
// itself ("Mark obvious empties"), answers.js what the worker says of each
// position (hints, lost verdicts, the solution), pin.js where the board sits
// while the alarm shows, finish.js the finish's own lines.

import { bringResultIntoView, button, el, firstLine, listenWhileConnected, setPageTitle, toast } from '../../app/ui.js';
import { SETTINGS_EVENT } from '../../app/settings.js';
import { flowPulse } from '../../app/celebrate.js';
import { listenShortcuts } from '../../app/shortcuts.js';
import { AlarmPanel } from './alarm.js';
import { PositionAnswers } from './answers.js';
import { KirchhoffBoardView } from './board-view.js';
import { HintPanel, explainHint } from './hint-view.js';
import { attachKirchhoffInput } from './input.js';
import { GameCrosses, crossedToText } from './crosses.js';
import { finishLines } from './finish.js';
import { edgeBetween } from './layout.js';
import { KirchhoffManager } from './manager.js';
import { PUZZLE, options, setOption } from './options.js';
import { pinBoard, revealBoard, revealStep } from './pin.js';
import { PRESET_LABELS, PRESET_NAMES } from './records.js';
import { kirchhoffHash } from './routes.js';
import { Stopwatch, formatMs } from './timer.js';
import { BoardZoom } from './zoom.js';

export class KirchhoffPlayView {
  /**
   * @param engine the engine module; service a KirchhoffService; store the Store
   * @param board an engine board
   * @param opts {mode: 'play'|'daily'|'shared', title, subtitle, gameId, game (the midend's Game), preset,
   *   banner, saved: {marks, hints, ms, revealed, alarm}, onChange({marks, hints, ms, revealed, alarm, won}),
   *   onWin({hints, ms, clean, revealed, alarm, fresh}) -> node | null, timePreset,
   *   confirmHint() -> Promise<boolean> (asked before the first hint)}
   * `alarm` records whether the lost alarm was on at any time during the game
   * (the daily's share card says so).
   */
  constructor(engine, service, store, board, opts = {}) {
    this.engine = engine;
    this.service = service;
    this.store = store;
    this.board = board;
    this.opts = opts;
    this.gameId = opts.gameId || engine.formatGameId(board);
    this.game = opts.game;
    this.preset = opts.preset || 'other';
    this.manager = new KirchhoffManager(engine, board, { keep: (start) => this.game.keep(start) });
    this.hintShown = null; // {pos, info, step} while a reason is on screen
    this.solutionPending = false;
    this.announcedWin = false;
    this.latest = 0;
    this.emptiesWanted = null; // {pos, merge} while a position waits for its obvious empties
    const saved = opts.saved || null;
    if (saved?.marks) this.manager.restore(saved.marks);
    this.crosses = new GameCrosses(this.manager.start, this.manager.position, saved?.crossedByGame);
    this.answers = new PositionAnswers(service, this.gameId, this.crosses, (pos, h) => {
      this.manager.noteVerdict(pos, h.kind === 'lost');
      this.root.dataset.hintMs = Number(h.ms).toFixed(1);
    });
    if (saved?.hints) this.manager.hintsShown = saved.hints;
    if (saved?.revealed) this.manager.solutionShown = true;
    this.alarmUsed = Boolean(saved?.alarm);
    this.labelsChoice = null; // null: labels shown while a hint or the alarm names a cell
    this.watch = new Stopwatch(saved?.ms || 0);
    this.boardView = new KirchhoffBoardView({ mode: 'play', label: opts.title || 'Kirchhoff board' });
    this.boardView.setBoard(board);
    this.zoom = new BoardZoom(this.boardView.svg, () => this.boardView.widthInCells());
    if (opts.title) setPageTitle(opts.title);
    this._build();
    attachKirchhoffInput(this.boardView, {
      cycle: (edge) => this.act(() => this.manager.cycle(edge), edge),
      setMark: (edge, mark) => this.act(() => this.manager.set(edge, mark), edge),
      beginStroke: () => this.manager.beginStroke(),
      strokeArrow: (tail, head, retrace) => {
        const edge = this.manager.strokeArrow(tail, head, { retrace });
        if (edge >= 0) {
          this.strokeEdge = edge;
          this.update();
        }
      },
      endStroke: () => {
        this.manager.endStroke();
        if (this.strokeEdge >= 0) this._moved(this.strokeEdge);
        this.strokeEdge = -1;
        this.afterChange();
      },
      cellArrow: (tail, head) => this.act(() => this.manager.cellArrow(tail, head), edgeBetween(board.rows, board.cols, tail, head)),
    });
    if (this.settings.empties) this._wantEmpties({ merge: false, save: false }); // crossed as the board opens, not yet a touched game
    this.announcedWin = this.manager.won;
    this.update();
    if (this.manager.won) this._showResult(false);
    else this._startClock();
    this.analyse();
  }

  /** The Kirchhoff options ({indicators, alarm, timer, empties}, options.js). */
  get settings() { return options(this.store, this.preset); }

  _build() {
    const o = this.opts;
    this.status = el('span', { class: 'k-status', role: 'status', 'aria-live': 'polite' });
    this.clock = el('span', { class: 'k-clock', hidden: true, 'aria-label': 'Time' });
    this.hud = el('p', { class: 'hud k-hud' }, this.status, this.clock);
    this.hintBtn = button('Hint', () => this.hint(), { class: 'hint', 'aria-keyshortcuts': 'H' });
    this.solveBtn = button('Show solution', () => this.showSolution(), { class: 'show-solution' });
    this.clearBtn = button('Clear', () => this.act(() => this.manager.clear()), { class: 'clear' });
    this.undoBtn = button('Undo', () => this.act(() => this.manager.undo()), { class: 'undo', 'aria-keyshortcuts': 'Control+Z' });
    this.redoBtn = button('Redo', () => this.act(() => this.manager.redo()), { class: 'redo', 'aria-keyshortcuts': 'Control+Y' });
    const newBtn = o.mode === 'play'
      ? el('a', { class: 'button-link primary new-puzzle', href: kirchhoffHash({ view: 'play', preset: this.preset, fresh: true }) }, 'New puzzle')
      : null;
    this.hintPanel = new HintPanel();
    this.alarm = new AlarmPanel(() => this.rewindToCompletable(), () => this.takeBackWrong(),
      (overlay) => this.boardView.setOverlay(overlay), (item) => revealStep(this, item));
    if (o.mode === 'daily') this.alarm.takeBack.textContent = 'Take back the wrong marks (counts as a hint)';
    this.result = el('div', { class: 'result', hidden: true, role: 'region', 'aria-label': 'Result', tabindex: '-1' });
    const s = this.settings;
    const toggle = (label, cls, on, fn) => button(label, fn, { class: `toggle ${cls}`, 'aria-pressed': String(on) });
    this.indBtn = toggle('Clue counts', 'toggle-indicators', s.indicators, () => this._setting('indicators'));
    this.alarmBtn = toggle('Lost alarm', 'toggle-alarm', s.alarm, () => this._setting('alarm'));
    this.timerBtn = toggle('Timer', 'toggle-timer', s.timer, () => this._setting('timer'));
    this.labelsBtn = toggle('Labels', 'toggle-labels', false, () => {
      this.labelsChoice = !this.boardView.labelsOn;
      this.update();
    });
    const presets = o.mode === 'play'
      ? el('nav', { class: 'presets', 'aria-label': 'Presets' }, ...PRESET_NAMES.map((p) => el('a', {
        class: 'button-link preset', href: kirchhoffHash({ view: 'play', preset: p }),
        'aria-current': p === this.preset ? 'true' : null,
      }, PRESET_LABELS[p])))
      : null;
    // Named by the page's one <h1> (the shell's #page-title, which this view sets to its
    // title above): a hidden <h2> repeating it gave screen readers the title twice.
    this.root = el('section', { class: 'kirchhoff-play', 'aria-labelledby': 'page-title' },
      el('header', { class: 'view-head' },
        o.subtitle ? el('p', { class: 'sub' }, o.subtitle) : null),
      o.banner || null,
      presets,
      this.hud,
      el('div', { class: 'board-wrap', 'data-skip-target': '' }, this.zoom.root),
      el('p', { class: 'print-id' }, `ID ${this.gameId}`),
      el('div', { class: 'controls', role: 'toolbar', 'aria-label': 'Game controls' },
        newBtn, this.hintBtn, this.solveBtn, this.clearBtn, this.undoBtn, this.redoBtn),
      this.hintPanel.root,
      this.alarm.why,
      this.alarm.root,
      this.result,
      el('div', { class: 'controls options', role: 'group', 'aria-label': 'Options' },
        this.labelsBtn, this.indBtn, this.alarmBtn, this.timerBtn,
        el('a', { class: 'button-link edit-board', href: kirchhoffHash({ view: 'edit', id: this.gameId }) }, 'Edit'),
        button('Copy link', () => this.copyLink(), { class: 'copy-link' })),
      el('p', { class: 'muted k-legend' },
        'Tap the line between two cells: arrow one way, the other way, none. Drag across cells to draw a path, or tap a cell, then its neighbours. ',
        'Small numbers under a clue: arrows in ▸ ▸ arrows out.'));
    this.root.dataset.gameId = this.gameId;
    this.root.dataset.preset = this.preset;
    listenShortcuts(this.root, {
      undo: () => this.act(() => this.manager.undo()),
      redo: () => this.act(() => this.manager.redo()),
      keys: { h: () => this.hint() },
    });
    listenWhileConnected(this.root, window, SETTINGS_EVENT, (e) => {
      if (e.detail?.puzzle !== PUZZLE) return;
      if (this.settings.empties && !this.emptiesWanted) {
        this._wantEmpties({ merge: false, save: true });
        this.analyse(); // the crosses first, then the verdict
      }
      this.update();
      this._showAlarm();
    });
    listenWhileConnected(this.root, window, 'resize', () => {
      this.zoom.refresh();
      pinBoard(this);
    });
    if (typeof ResizeObserver === 'function') new ResizeObserver(() => this.zoom.refresh()).observe(this.zoom.scroller);
    listenWhileConnected(this.root, document, 'visibilitychange', () => {
      if (document.hidden) this.watch.stop(performance.now());
      else if (!this.manager.won) this.watch.start(performance.now());
    });
  }

  /** Flip an option (stored in the site's settings; every open view hears it). */
  _setting(key) {
    setOption(this.store, key, !this.settings[key]);
  }

  _startClock() {
    if (!document.hidden) this.watch.start(performance.now());
    const tick = () => {
      if (!this.root.isConnected) {
        clearInterval(this.ticker);
        this.watch.stop(performance.now());
        return;
      }
      if (this.settings.timer) this.clock.textContent = `⏱ ${formatMs(this.watch.elapsed(performance.now()))}`;
    };
    clearInterval(this.ticker);
    this.ticker = setInterval(tick, 500);
  }

  /** Run an action on the manager (a move, undo, redo, clear) and redraw if it changed anything. */
  act(fn, edge = -1) {
    if (!fn()) return;
    if (edge >= 0) this._moved(edge);
    this.afterChange();
  }

  /** After the player's mark on `edge`: the obvious empties (when that option is on) will join the same step. */
  _moved(edge) {
    this.answers.lastEdges.set(this.manager.position, edge);
    if (this.settings.empties) this._wantEmpties({ merge: true, save: true });
  }

  /**
   * The present position wants its obvious empties crossed ("Mark obvious
   * empties"): analyse() asks the worker (service.js empties) before it asks
   * for the verdict, and crosses.js draws them — in the same undo step as the
   * mark that led here when `merge`; `save` false for the board as it opens
   * (crosses alone do not make a game the player touched). The player keeps
   * playing meanwhile: an answer for a position that is no longer the
   * present one is dropped (the present position's own answer crosses
   * whatever still follows).
   */
  _wantEmpties({ merge, save }) {
    this.emptiesWanted = { pos: this.manager.position, merge, save };
  }

  /**
   * Ask the worker for the obvious empties of the position wanted, and cross
   * them if it is still the present one: the want when crossed, false when
   * nothing was, null when the answer came too late.
   */
  async _fillEmpties(token) {
    const want = this.emptiesWanted;
    const m = this.manager;
    if (!want || want.pos !== m.position || !this.settings.empties) {
      this.emptiesWanted = null;
      return false;
    }
    let edges;
    try {
      edges = await this.service.empties(this.gameId, want.pos.marks);
    } catch {
      edges = []; // no crosses this time; the verdict still comes
    }
    if (token !== this.latest || this.emptiesWanted !== want) return null; // the player moved on: that position asks again
    this.emptiesWanted = null;
    if (m.position !== want.pos || !this.crosses.fill(m, edges, want.merge)) return false;
    const last = this.answers.lastEdges.get(want.pos); // hints start near the player's last mark
    if (last !== undefined) this.answers.lastEdges.set(m.position, last);
    return want;
  }

  /** The edges of `pos` the game crossed that the player has not touched since (crosses.js). */
  crossedByGame(pos = this.manager.position) {
    return this.crosses.of(pos);
  }

  afterChange({ fromHint = false } = {}) {
    if (!fromHint) this._clearHint();
    this.update();
    this._save();
    if (this.manager.won && !this.announcedWin) {
      this.announcedWin = true;
      this._showResult(true);
    } else if (!this.manager.won) {
      this.announcedWin = false;
      this.result.hidden = true;
      if (!this.watch.running && !document.hidden) this.watch.start(performance.now());
    }
    this.analyse();
  }

  /** Tell the game's record where the game stands (arrows drawn, hints, the solution shown, finished). */
  _noteRecord() {
    const m = this.manager;
    const arrows = m.marks.filter((x) => x === 1 || x === 2).length;
    this.game.note({ hints: m.hintsShown, revealed: m.solutionShown });
    if (m.won) this.game.finish({ moves: arrows, par: null });
    else this.game.unfinish(arrows);
  }

  _save() {
    this._noteRecord();
    if (this.settings.alarm) this.alarmUsed = true;
    this.opts.onChange?.({
      marks: this.manager.marksText(),
      hints: this.manager.hintsShown,
      ms: this.watch.elapsed(performance.now()),
      revealed: this.manager.solutionShown,
      alarm: this.alarmUsed,
      won: this.manager.won,
      crossedByGame: crossedToText(this.crossedByGame(), this.manager.marks.length),
    });
  }

  _clearHint() {
    this.hintShown = null;
    this.hintPanel.hide();
    this.boardView.setOverlay(null);
  }

  /** The engine's hint for `pos` (answers.js: asked of the worker once per position). */
  hintFor(pos) { return this.answers.hintFor(pos); }

  /** The lost verdict to show for `pos`, on the player's own marks (answers.js). */
  verdictFor(pos) { return this.answers.verdictFor(pos); }

  /**
   * Ask the worker about the present position and raise the alarm if due:
   * first its obvious empties when they are wanted (crossed, then analysed
   * afresh), then whether it is lost (the next hint). data-analysed is
   * 'true' once both are in for the position on screen.
   */
  async analyse() {
    const token = ++this.latest;
    this.root.dataset.analysed = 'false';
    if (this.emptiesWanted) {
      const crossed = await this._fillEmpties(token);
      if (crossed === null || token !== this.latest || !this.root.isConnected) return;
      if (crossed && crossed.save) {
        this.afterChange(); // a new position: saved, and analysed afresh
        return;
      }
      if (crossed) {
        this.update();
        this.analyse();
        return;
      }
    }
    const pos = this.manager.position;
    let h;
    try {
      h = await this.verdictFor(pos);
    } catch (err) {
      if (token === this.latest) this.root.dataset.analysed = 'error';
      return;
    }
    if (token !== this.latest || !this.root.isConnected) return;
    this.verdict = { pos, hint: h };
    this.root.dataset.verdict = h.kind === 'lost' ? 'lost' : h.kind === 'solved' ? 'solved' : 'alive';
    this._showAlarm();
    this.root.dataset.analysed = 'true';
  }

  _showAlarm() {
    const pos = this.manager.position;
    const h = this.verdict && this.verdict.pos === pos ? this.verdict.hint : null;
    const asked = this.hintShown?.pos === pos && this.hintShown.info.kind === 'lost';
    if (h && h.kind === 'lost' && (asked || this.settings.alarm)) {
      const info = explainHint(h, this.board);
      const fresh = !this.alarm.shown;
      const step = fresh ? -1 : this.alarm.step;
      this.alarm.show(info);
      if (fresh) revealBoard(this);
      pinBoard(this);
      if (step < 0 || this.alarm.step < 0) this.boardView.setOverlay(info.overlay);
      this.root.dataset.alarm = 'on';
      this.root.dataset.proof = info.proof ? JSON.stringify(info.proof) : '';
      if (info.proof) window.__pgLastProof = info.proof;
    } else {
      const shown = this.hintShown?.pos === pos ? this.hintShown : null;
      if (this.alarm.shown) this.boardView.setOverlay(shown ? (shown.info.steps[shown.step]?.overlay ?? shown.info.overlay) : null);
      this.alarm.hide();
      this.root.dataset.alarm = 'off';
      pinBoard(this);
    }
    this.update();
  }

  /** HINT: the first press shows the reason and the proof's first step, further presses walk the proof, the last draws the mark. */
  async hint() {
    const m = this.manager;
    if (m.won) {
      this.hintPanel.show(explainHint({ kind: 'solved' }, this.board), { stage: 0 });
      return;
    }
    if (!m.hintsShown && !this.hintShown && this.opts.confirmHint) { // the first hint asks first
      if (this.askingHint) return;
      this.askingHint = true;
      const ok = await this.opts.confirmHint(this);
      this.askingHint = false;
      if (!ok) return;
    }
    const pos = m.position;
    if (this.hintShown && this.hintShown.pos === pos && this.hintShown.info.actionable) {
      const shown = this.hintShown;
      const { info } = shown;
      if (shown.step < info.steps.length - 1) { // the next step of the proof (not another hint)
        shown.step += 1;
        this.hintPanel.show(info, { stage: 1, step: shown.step });
        this.boardView.setOverlay(info.steps[shown.step].overlay);
        return;
      }
      if (m.applyHint({ edge: info.edge, mark: info.mark })) {
        this.hintShown = null;
        this.hintPanel.hide();
        this.boardView.setOverlay(null);
        this._moved(info.edge);
        this.afterChange({ fromHint: true });
      }
      return;
    }
    this.hintPanel.message('Thinking…', 'busy');
    let h;
    try {
      h = await this.hintFor(pos);
    } catch (err) {
      this.hintPanel.message(`No hint right now (${firstLine(err)}).`, 'error');
      return;
    }
    if (m.position !== pos || !this.root.isConnected) return;
    const info = explainHint(h, this.board);
    this.hintShown = { pos, info, step: 0 };
    if (info.kind === 'lost') { // one alarm text: the alarm panel says it, not the hint panel too
      this.hintPanel.hide();
      try {
        h = await this.verdictFor(pos); // on the player's own marks
      } catch (err) {
        this.hintPanel.message(`No hint right now (${firstLine(err)}).`, 'error');
        return;
      }
      if (m.position !== pos || !this.root.isConnected) return;
      this.hintShown = { pos, info: explainHint(h, this.board), step: 0 };
      this.verdict = { pos, hint: h };
      this._showAlarm();
      this._save();
      return;
    }
    // The daily's hint count (share card, stats): one per hint whose reason was shown.
    if (info.actionable) m.hintsShown += 1;
    this.hintPanel.show(info, { stage: info.actionable ? 1 : 0, step: 0 });
    this.boardView.setOverlay(info.overlay);
    this._save();
    this.update();
  }

  /** Undo to the last position from which the board could still be completed. */
  async rewindToCompletable() {
    const isLost = async (pos) => (await this.hintFor(pos)).kind === 'lost';
    let moved = false;
    try {
      moved = await this.manager.rewindToCompletable(isLost);
    } catch (err) {
      toast(`Could not check the earlier positions (${firstLine(err)}).`);
      return;
    }
    if (moved) {
      this._clearHint();
      this.afterChange();
      toast('Back to the last position that could still be completed.');
    }
  }

  /** The unique solution's edge states (answers.js), or null when the board has several. */
  solutionFor() { return this.answers.solutionFor(); }

  /** Remove exactly the marks that disagree with the unique solution; the correct ones stay. */
  async takeBackWrong() {
    const m = this.manager;
    const pos = m.position;
    let sol;
    try {
      sol = await this.solutionFor();
    } catch (err) {
      toast(`Could not check the marks (${firstLine(err)}).`);
      return;
    }
    if (m.position !== pos || !this.root.isConnected) return;
    if (!sol) {
      toast('This board has more than one solution, so no mark can be called wrong.');
      return;
    }
    const edges = this.engine.wrongEdges(pos.marks, sol);
    this.root.dataset.takenBack = edges.join(' ');
    if (!m.freeEdges(edges)) {
      toast('Every mark agrees with the solution.');
      return;
    }
    if (this.opts.mode === 'daily') m.hintsShown += 1;
    this._clearHint();
    this.afterChange();
    toast(`Took back ${edges.length} wrong ${edges.length === 1 ? 'mark' : 'marks'}; the rest stay.`);
  }

  async showSolution() {
    const m = this.manager;
    if (this.opts.mode === 'daily' && !m.solutionShown && !this.solutionPending && !m.won) {
      this.solutionPending = true;
      this.hintPanel.message('Showing the solution ends today\'s daily without a result. Press Show solution again to see it.', 'confirm');
      return;
    }
    this.solutionPending = false;
    const pos = m.position;
    let marks;
    try {
      marks = await this.service.solve(this.gameId);
    } catch (err) {
      this.hintPanel.message(`No solution could be shown (${firstLine(err)}).`, 'error');
      return;
    }
    if (!marks || m.position !== pos || !this.root.isConnected) return;
    m.showSolution(Array.from(marks));
    this._clearHint();
    this.afterChange();
  }

  async copyLink() {
    const url = `${location.origin}${location.pathname}${kirchhoffHash({ view: 'play', id: this.gameId })}`;
    try {
      await navigator.clipboard.writeText(url);
      toast('Link copied — send it to anyone.');
    } catch {
      toast(url, { ms: 8000 });
    }
  }

  _showResult(fresh) {
    const m = this.manager;
    this._noteRecord();
    this.watch.stop(performance.now());
    const ms = this.watch.elapsed(performance.now());
    const timed = this.settings.timer;
    const hints = m.hintsShown;
    const { lines, clean } = finishLines(this.store, {
      hints, applied: m.hintsApplied, revealed: m.solutionShown, ms: timed ? ms : null, preset: this.opts.timePreset, fresh,
    });
    this.result.replaceChildren(...lines);
    this.result.hidden = false;
    const extra = this.opts.onWin?.({ hints, ms: timed ? ms : null, clean, revealed: m.solutionShown, alarm: this.alarmUsed, fresh });
    if (extra) this.result.append(extra);
    this._save();
    if (fresh) {
      bringResultIntoView(this.result); // the result and its Share button in view, focused
      const svg = this.boardView.svg; // the arrows just drawn light up in turn (still under reduced motion)
      flowPulse(svg, [...svg.querySelectorAll('.edge[data-mark="1"], .edge[data-mark="2"]')]);
    }
  }

  /** Redraw HUD, buttons and board from the manager's present position. */
  update() {
    const m = this.manager;
    this.crosses.track(m.position);
    const s = this.settings;
    const reports = m.reports();
    this.boardView.render({ marks: m.marks, reports, indicators: s.indicators });
    const named = (this.alarm && this.alarm.shown) || Boolean(this.hintShown && this.hintShown.pos === m.position);
    this.boardView.setLabels(this.labelsChoice ?? named);
    this.labelsBtn.setAttribute('aria-pressed', String(this.boardView.labelsOn));
    const arrows = m.marks.filter((x) => x === 1 || x === 2).length;
    const lost = this.root?.dataset.alarm === 'on';
    const hinted = this.hintShown && this.hintShown.pos === m.position && !lost ? this.hintShown.info.headline : '';
    this.status.textContent = m.won
      ? (m.solutionShown ? 'Solution shown' : 'Solved — every clue is met')
      : lost ? 'No completion left' : hinted || `${arrows} ${arrows === 1 ? 'arrow' : 'arrows'} drawn`;
    this.status.className = `k-status ${m.won ? 'ok' : lost ? 'bad' : hinted ? 'hinting' : ''}`;
    this.root.dataset.won = String(m.won);
    this.root.dataset.moves = String(m.moves);
    this.undoBtn.disabled = !m.canUndo;
    this.redoBtn.disabled = !m.canRedo;
    this.clearBtn.disabled = m.marks.every((x) => x === 0);
    this.hintBtn.disabled = m.won;
    this.indBtn.setAttribute('aria-pressed', String(s.indicators));
    this.alarmBtn.setAttribute('aria-pressed', String(s.alarm));
    this.timerBtn.setAttribute('aria-pressed', String(s.timer));
    this.clock.hidden = !s.timer;
    if (s.timer) this.clock.textContent = `⏱ ${formatMs(this.watch.elapsed(performance.now()))}`;
    this.root.dataset.hintsShown = String(m.hintsShown);
  }
}
