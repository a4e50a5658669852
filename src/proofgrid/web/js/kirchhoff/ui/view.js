// The Kirchhoff play screen for one board (a new puzzle, the daily, a shared
// link): wires the manager (rules + history), the board view (drawing), the
// input (intents), the hint panel, the lost-position alarm, the timer and the
// HUD. Hints and lost verdicts come from the worker (service.js); the page
// only draws them.

import { button, el, firstLine, listenWhileConnected, toast } from '../../app/ui.js';
import { listenShortcuts } from '../../app/shortcuts.js';
import { AlarmPanel, alarmEnabled, withAlarm } from './alarm.js';
import { KirchhoffBoardView } from './board-view.js';
import { HintPanel, explainHint } from './hint-view.js';
import { attachKirchhoffInput } from './input.js';
import { KirchhoffManager } from './manager.js';
import { PRESET_LABELS, PRESET_NAMES, SETTINGS_KEY, TIMES_KEY } from './records.js';
import { kirchhoffHash } from './routes.js';
import { Stopwatch, formatMs, recordTime } from './timer.js';

export class KirchhoffPlayView {
  /**
   * @param engine the engine module; service a KirchhoffService; store the Store
   * @param board an engine board
   * @param opts {mode: 'play'|'daily'|'shared', title, subtitle, gameId, preset,
   *   banner, saved: {marks, hints, ms, revealed}, onChange({marks, hints, ms, revealed}),
   *   onWin({hints, ms, clean, revealed}) -> node | null, timePreset}
   */
  constructor(engine, service, store, board, opts = {}) {
    this.engine = engine;
    this.service = service;
    this.store = store;
    this.board = board;
    this.opts = opts;
    this.gameId = opts.gameId || engine.formatGameId(board);
    this.preset = opts.preset || 'other';
    this.manager = new KirchhoffManager(engine, board);
    this.hints = new WeakMap(); // position -> Promise of the engine's hint
    this.hintShown = null; // {pos, info} while a reason is on screen
    this.solutionPending = false;
    this.announcedWin = false;
    this.latest = 0;
    const saved = opts.saved || null;
    if (saved?.marks) this.manager.restore(saved.marks);
    if (saved?.hints) this.manager.hintsShown = saved.hints;
    if (saved?.revealed) this.manager.solutionShown = true;
    this.watch = new Stopwatch(saved?.ms || 0);
    this.boardView = new KirchhoffBoardView({ mode: 'play', label: opts.title || 'Kirchhoff board' });
    this.boardView.setBoard(board);
    this._build();
    attachKirchhoffInput(this.boardView, {
      cycle: (edge) => this.act(() => this.manager.cycle(edge)),
      setMark: (edge, mark) => this.act(() => this.manager.set(edge, mark)),
      beginStroke: () => this.manager.beginStroke(),
      strokeArrow: (tail, head, retrace) => {
        if (this.manager.strokeArrow(tail, head, { retrace }) >= 0) this.update();
      },
      endStroke: () => {
        this.manager.endStroke();
        this.afterChange();
      },
    });
    this.announcedWin = this.manager.won;
    this.update();
    if (this.manager.won) this._showResult(false);
    else this._startClock();
    this.analyse();
  }

  get settings() { return this.store.get(SETTINGS_KEY); }

  _build() {
    const o = this.opts;
    const headingId = `kh-${Math.random().toString(36).slice(2, 8)}`;
    this.status = el('span', { class: 'k-status', role: 'status', 'aria-live': 'polite' });
    this.clock = el('span', { class: 'k-clock', hidden: true, 'aria-label': 'Time' });
    this.hud = el('p', { class: 'hud k-hud' }, this.status, this.clock);
    this.hintBtn = button('Hint', () => this.hint(), { class: 'hint', 'aria-keyshortcuts': 'H' });
    this.solveBtn = button('Show solution', () => this.showSolution(), { class: 'show-solution' });
    this.clearBtn = button('Clear', () => this.act(() => this.manager.clear()), { class: 'clear' });
    this.undoBtn = button('Undo', () => this.act(() => this.manager.undo()), { class: 'undo', 'aria-keyshortcuts': 'Control+Z' });
    this.redoBtn = button('Redo', () => this.act(() => this.manager.redo()), { class: 'redo', 'aria-keyshortcuts': 'Control+Y' });
    const newBtn = o.mode === 'play'
      ? el('a', { class: 'button-link primary new-puzzle', href: kirchhoffHash({ view: 'play', preset: this.preset }) }, 'New puzzle')
      : null;
    this.hintPanel = new HintPanel();
    this.alarm = new AlarmPanel(() => this.rewindToCompletable());
    this.result = el('div', { class: 'result', hidden: true, role: 'region', 'aria-label': 'Result', tabindex: '-1' });
    const s = this.settings;
    const toggle = (label, cls, on, fn) => button(label, fn, { class: `toggle ${cls}`, 'aria-pressed': String(on) });
    this.indBtn = toggle('Clue counts', 'toggle-indicators', s.indicators, () => this._setting((d) => ({ ...d, indicators: !d.indicators })));
    this.alarmBtn = toggle('Lost alarm', 'toggle-alarm', alarmEnabled(s, this.preset),
      () => this._setting((d) => withAlarm(d, this.preset, !alarmEnabled(d, this.preset))));
    this.timerBtn = toggle('Timer', 'toggle-timer', s.timer, () => this._setting((d) => ({ ...d, timer: !d.timer })));
    const presets = o.mode === 'play'
      ? el('nav', { class: 'presets', 'aria-label': 'Presets' }, ...PRESET_NAMES.map((p) => el('a', {
        class: 'button-link preset', href: kirchhoffHash({ view: 'play', preset: p }),
        'aria-current': p === this.preset ? 'true' : null,
      }, PRESET_LABELS[p])))
      : null;
    this.root = el('section', { class: 'kirchhoff-play', 'aria-labelledby': headingId },
      el('header', { class: 'view-head' },
        el('h2', { id: headingId }, o.title || 'Kirchhoff'),
        o.subtitle ? el('p', { class: 'sub' }, o.subtitle) : null),
      o.banner || null,
      presets,
      this.hud,
      el('div', { class: 'board-wrap' }, this.boardView.svg),
      el('div', { class: 'controls', role: 'toolbar', 'aria-label': 'Game controls' },
        newBtn, this.hintBtn, this.solveBtn, this.clearBtn, this.undoBtn, this.redoBtn),
      this.hintPanel.root,
      this.alarm.root,
      this.result,
      el('div', { class: 'controls options', role: 'group', 'aria-label': 'Options' },
        this.indBtn, this.alarmBtn, this.timerBtn,
        el('a', { class: 'button-link edit-board', href: kirchhoffHash({ view: 'edit', id: this.gameId }) }, 'Edit'),
        button('Copy link', () => this.copyLink(), { class: 'copy-link' })),
      el('p', { class: 'muted k-legend' },
        'Tap an edge: arrow one way, the other way, none. Drag across cells to draw a path. ',
        'Small numbers under a clue: arrows in ▸ ▸ arrows out.'));
    this.root.dataset.gameId = this.gameId;
    this.root.dataset.preset = this.preset;
    listenShortcuts(this.root, {
      undo: () => this.act(() => this.manager.undo()),
      redo: () => this.act(() => this.manager.redo()),
      keys: { h: () => this.hint() },
    });
    listenWhileConnected(this.root, document, 'visibilitychange', () => {
      if (document.hidden) this.watch.stop(performance.now());
      else if (!this.manager.won) this.watch.start(performance.now());
    });
  }

  _setting(fn) {
    this.store.update(SETTINGS_KEY, fn);
    this.update();
    this._showAlarm();
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
  act(fn) {
    if (fn()) this.afterChange();
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

  _save() {
    this.opts.onChange?.({
      marks: this.manager.marksText(),
      hints: this.manager.hintsShown,
      ms: this.watch.elapsed(performance.now()),
      revealed: this.manager.solutionShown,
    });
  }

  _clearHint() {
    this.hintShown = null;
    this.hintPanel.hide();
    this.boardView.setOverlay(null);
  }

  /** The engine's hint for `pos`, asked of the worker once per position. */
  hintFor(pos) {
    let p = this.hints.get(pos);
    if (!p) {
      p = this.service.hint(this.gameId, pos.marks).then((h) => {
        this.manager.noteVerdict(pos, h.kind === 'lost');
        this.root.dataset.hintMs = Number(h.ms).toFixed(1);
        return h;
      });
      p.catch(() => this.hints.delete(pos));
      this.hints.set(pos, p);
    }
    return p;
  }

  /** Ask the worker about the present position (lost? next hint?) and raise the alarm if due. */
  async analyse() {
    const pos = this.manager.position;
    const token = ++this.latest;
    this.root.dataset.analysed = 'false';
    let h;
    try {
      h = await this.hintFor(pos);
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
    if (h && h.kind === 'lost' && (asked || alarmEnabled(this.settings, this.preset))) {
      const info = explainHint(h, this.board);
      this.alarm.show(info);
      this.boardView.setOverlay(info.overlay);
      this.root.dataset.alarm = 'on';
    } else {
      if (this.alarm.shown) this.boardView.setOverlay(this.hintShown?.pos === pos ? this.hintShown.info.overlay : null);
      this.alarm.hide();
      this.root.dataset.alarm = 'off';
    }
    this.update();
  }

  /** HINT: the first press shows the reason, the second draws the mark. */
  async hint() {
    const m = this.manager;
    if (m.won) {
      this.hintPanel.show(explainHint({ kind: 'solved' }, this.board), { stage: 0 });
      return;
    }
    const pos = m.position;
    if (this.hintShown && this.hintShown.pos === pos && this.hintShown.info.actionable) {
      const { info } = this.hintShown;
      if (m.applyHint({ edge: info.edge, mark: info.mark })) {
        this.hintShown = null;
        this.hintPanel.hide();
        this.boardView.setOverlay(null);
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
    this.hintShown = { pos, info };
    if (info.actionable) m.hintsShown += 1;
    this.hintPanel.show(info, { stage: info.actionable ? 1 : 0 });
    this.boardView.setOverlay(info.overlay);
    if (info.kind === 'lost') {
      this.verdict = { pos, hint: h };
      this._showAlarm();
    }
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
    this.watch.stop(performance.now());
    const ms = this.watch.elapsed(performance.now());
    const timed = this.settings.timer;
    const clean = m.hintsShown === 0 && m.hintsApplied === 0 && !m.solutionShown;
    const lines = [el('h3', {}, m.solutionShown ? 'Solution shown' : 'Solved!')];
    const hints = m.hintsShown;
    if (!m.solutionShown) {
      lines.push(el('p', { class: 'verdict' },
        hints === 0 ? 'Every clue is met — without a hint.' : `Every clue is met, with ${hints} ${hints === 1 ? 'hint' : 'hints'}.`));
    }
    if (timed && !m.solutionShown) {
      lines.push(el('p', { class: 'time' }, `Time ${formatMs(ms)}`));
      const preset = this.opts.timePreset;
      if (fresh && preset) {
        let improved = false;
        this.store.update(TIMES_KEY, (d) => {
          const r = recordTime(d.best, preset, ms, { clean });
          improved = r.improved;
          return { best: r.best };
        });
        const best = this.store.get(TIMES_KEY).best[preset];
        if (improved) lines.push(el('p', { class: 'best-time' }, `New best time for ${PRESET_LABELS[preset]}!`));
        else if (best) lines.push(el('p', { class: 'best-time muted' }, `Best for ${PRESET_LABELS[preset]}: ${formatMs(best)}${clean ? '' : ' (best times count solves without hints)'}`));
      }
    }
    this.result.replaceChildren(...lines);
    this.result.hidden = false;
    const extra = this.opts.onWin?.({ hints, ms: timed ? ms : null, clean, revealed: m.solutionShown, fresh });
    if (extra) this.result.append(extra);
    this._save();
  }

  /** Redraw HUD, buttons and board from the manager's present position. */
  update() {
    const m = this.manager;
    const s = this.settings;
    const reports = m.reports();
    this.boardView.render({ marks: m.marks, reports, indicators: s.indicators });
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
    this.alarmBtn.setAttribute('aria-pressed', String(alarmEnabled(s, this.preset)));
    this.timerBtn.setAttribute('aria-pressed', String(s.timer));
    this.clock.hidden = !s.timer;
    if (s.timer) this.clock.textContent = `⏱ ${formatMs(this.watch.elapsed(performance.now()))}`;
    this.root.dataset.hintsShown = String(m.hintsShown);
  }
}
