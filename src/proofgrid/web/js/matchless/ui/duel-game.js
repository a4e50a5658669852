// One game of a duel on the page: the scoreboard, the turn line, the board
// (every struck shell marked, each cascade animated), the bot's turn (asked
// of its worker, duel-bot.js), and the end of the game with its exact review.
// The rules are duel-match.js's; the match around the games is duel-view.js's.

import { button, el, prefersReducedMotion, randomSeed } from '../../app/ui.js';
import { attachBoardInput } from '../../app/board-input.js';
import { BoardView } from './board-view.js';
import { askBotMove, askReview } from './duel-bot.js';
import {
  RULES, duelMove, duelOutcome, headline, moveSentence, newDuel, shellCount, unlitMask, winnerOf,
} from './duel-match.js';
import { reviewItems } from './duel-review.js';
import { reviewReplay } from './duel-replay.js';
import { DUEL_KEY, OPPONENT_LABELS } from './records.js';

const BOT_PAUSE_MS = 350; // the player's cascade is seen before the bot answers

export class DuelGame {
  /**
   * @param ctx {engine, store, root, settings, names: [n1, n2], seriesLine(), setup(),
   *   next(match) (the next game), rematch(match), newBoard(), saved(settings)}
   * @param match {board, gameId, games: 1 | 2, first, played: [{first, scores, rule, moves}]}
   */
  constructor(ctx, match) {
    this.ctx = ctx;
    this.match = match;
    this.engine = ctx.engine;
    this.root = ctx.root;
    this.board = match.board;
    this.index = match.played.length;
    this.first = this.index === 0 ? match.first : 1 - match.first;
    this.duel = newDuel(this.engine, this.board, ctx.settings.rule, this.first);
    this.vsBot = ctx.settings.opponent !== 'friend';
    this.busy = false;
    this.botFailed = false; // the player may then take the bot's turn
    this.last = -1;
    this.cascade = Promise.resolve();
    this._build();
  }

  nameOf(p) { return this.ctx.names[p ? 1 : 0]; }

  _build() {
    const view = new BoardView({ mode: 'play', label: 'Duel board' });
    this.view = view;
    view.setBoard(this.board);
    view.setLabels(true); // every move is announced by its square ("Bot struck c1"), and the review names squares
    // The number (a <strong>) and its word, which follows it: "1 shell", "4 shells" (duel-match.js shellCount).
    this.score = [el('strong', {}, '0'), el('strong', {}, '0')];
    this.word = [el('span', { class: 'shell-word' }, ' shells'), el('span', { class: 'shell-word' }, ' shells')];
    this.cards = [0, 1].map((p) => el('div', { class: `player player-${p}` },
      el('span', { class: 'swatch', 'aria-hidden': 'true' }, String(p + 1)), el('span', {}, this.nameOf(p)), ' ', this.score[p], this.word[p]));
    this.turn = el('p', { class: 'turn', role: 'status', 'aria-live': 'polite' });
    this.end = el('div', { class: 'duel-end', hidden: true, role: 'region', 'aria-label': 'Duel result', tabindex: '-1' });
    this.quit = button('Quit to settings', () => this.ctx.setup(), { class: 'quit' });
    this.review = el('div', { class: 'duel-review', 'aria-live': 'polite' });
    attachBoardInput(view, { activate: (cell, t0) => this.activate(cell, t0) });
  }

  /** Show the game and play its first turn. */
  start() {
    const root = this.root;
    root.dataset.over = 'false';
    root.dataset.game = String(this.index + 1);
    root.dataset.first = String(this.first);
    const gameWord = this.match.games === 2 ? `Game ${this.index + 1} of 2 · ` : '';
    root.replaceChildren(
      el('p', { class: 'sub' }, `${gameWord}${RULES[this.duel.rule]} · ${OPPONENT_LABELS[this.ctx.settings.opponent]}`),
      el('div', { class: 'scoreboard' }, ...this.cards),
      this.turn,
      el('div', { class: 'board-wrap' }, this.view.svg),
      this.end,
      el('div', { class: 'controls' }, this.quit));
    this.draw();
    this.afterMove();
  }

  /** Redraw the board and the scoreboard; animate the cascade `depths` when given. */
  draw(depths = null, t0 = 0) {
    const d = this.duel;
    const v = { lit: d.owner.map((o) => o !== -1), owners: d.owner, struck: d.moves, last: this.last };
    if (depths) {
      this.view.view = { ...this.view.view, ...v };
      this.cascade = this.view.cascade(depths, { t0, reduced: prefersReducedMotion() });
    }
    this.view.render(v);
    for (const p of [0, 1]) {
      this.score[p].textContent = String(d.scores[p]);
      this.word[p].textContent = shellCount(d.scores[p]).slice(String(d.scores[p]).length);
    }
    this.cards.forEach((c, p) => c.classList.toggle('active', d.turn === p && !duelOutcome(d).over));
  }

  /** Strike `shell` for the player whose turn it is; the sentence that says so. */
  strike(shell, t0) {
    const mover = this.duel.turn;
    const res = duelMove(this.engine, this.duel, shell);
    this.duel = res.duel;
    this.last = shell;
    this.draw(res.depths, t0);
    return moveSentence(this.nameOf(mover), this.engine.moveName(this.board, shell), res.depths.size);
  }

  /** The player's intent on `cell` (from the board's input). */
  activate(cell, t0) {
    if (this.busy || (this.vsBot && this.duel.turn === 1 && !this.botFailed) || duelOutcome(this.duel).over) return;
    this.botFailed = false;
    const shell = this.view.shellOf[cell];
    if (shell < 0 || this.duel.owner[shell] !== -1) return;
    this.view.finish();
    this.afterMove(this.strike(shell, t0));
  }

  /** After a move (or at the start): the game's end, or the next turn (the bot's, asked of its worker). */
  afterMove(sentence = '') {
    const root = this.root;
    root.dataset.lastMove = sentence;
    root.dataset.plies = String(this.duel.moves.length);
    if (duelOutcome(this.duel).over) {
      this.finish();
      this.turn.textContent = `${sentence} ${this.turn.textContent}`.trim();
      return;
    }
    const who = this.nameOf(this.duel.turn);
    const botNext = this.vsBot && this.duel.turn === 1;
    const next = botNext ? `${who} is thinking…` : who === 'You' ? 'Your turn.' : `${who}'s turn.`;
    this.turn.textContent = sentence ? `${sentence} ${next}` : next;
    if (botNext) this.botTurn();
  }

  async botTurn() {
    const root = this.root;
    this.busy = true;
    root.dataset.thinking = 'true';
    let sentence;
    try {
      const d = this.duel;
      const ask = askBotMove({ succ: this.board.succ, unlit: unlitMask(d), rule: d.rule, level: this.ctx.settings.opponent, seed: randomSeed() });
      const pause = prefersReducedMotion() ? 0 : BOT_PAUSE_MS;
      const [{ result, ms }] = await Promise.all([ask, this.cascade, new Promise((r) => setTimeout(r, pause))]);
      root.dataset.botMs = ms.toFixed(1);
      root.dataset.botWorkerMs = Number(result.ms).toFixed(1);
      if (!root.isConnected) return;
      sentence = this.strike(result.shell, performance.now());
    } catch (err) {
      this.turn.textContent = 'The bot could not move this time; take its turn for it.';
      this.botFailed = true;
      root.dataset.botError = String(err && err.message);
      this.busy = false;
      root.dataset.thinking = 'false';
      return;
    }
    this.busy = false;
    root.dataset.thinking = 'false';
    this.afterMove(sentence);
  }

  /** The game is over: its result (and the match's, after its last game), the controls, the review. */
  finish() {
    const out = duelOutcome(this.duel);
    const game = { first: this.first, scores: out.scores, rule: this.duel.rule, moves: [...this.duel.moves] };
    const { match } = this;
    match.played.push(game);
    const done = match.played.length >= match.games;
    this.root.dataset.reviewed = 'false';
    const title = headline(this.duel.rule, out.scores, this.ctx.names);
    const parts = [
      el('h3', {}, match.games === 2 ? `Game ${match.played.length} of 2: ${title}` : title),
      el('p', {}, `${RULES[this.duel.rule]}.`), this.review,
    ];
    const controls = done ? this._matchOver(parts, out) : this._nextGame();
    this.end.replaceChildren(...parts, controls);
    this.end.hidden = false;
    this.quit.remove();
    this.root.dataset.over = done ? 'true' : 'between';
    this.end.focus();
    this.showReview(game);
  }

  /** Between the two games of a match: the controls. */
  _nextGame() {
    const other = this.nameOf(1 - this.first);
    this.turn.textContent = `Game 1 over. In game 2 ${other} ${other === 'You' ? 'start' : 'starts'}.`;
    return el('div', { class: 'controls' },
      button('Play game 2', () => this.ctx.next(this.match), { class: 'primary next-game' }),
      button('Duel settings', () => this.ctx.setup(), { class: 'settings' }));
  }

  /** After the last game: the running score kept, the match's result added to `parts`; the controls. */
  _matchOver(parts, out) {
    const { match, ctx } = this;
    const [n1, n2] = ctx.names;
    const rule = this.duel.rule;
    const totals = [0, 1].map((p) => match.played.reduce((t, g) => t + g.scores[p], 0));
    const w = winnerOf(rule, match.games === 2 ? totals : out.scores);
    const key = w === -1 ? 'draws' : w === 0 ? 'p1' : 'p2';
    ctx.saved(ctx.store.update(DUEL_KEY, (d) => ({ ...d, series: { ...d.series, [key]: d.series[key] + 1 } })));
    if (match.games === 2) {
      parts.unshift(el('h3', { class: 'match-result' }, headline(rule, totals, ctx.names, ' the match')));
      parts.splice(1, 1, el('h4', {}, `Game 2 of 2: ${headline(rule, out.scores, ctx.names)}`));
      parts.push(el('p', { class: 'games' }, match.played.map((g, i) => `Game ${i + 1} (${this.nameOf(g.first)} started): ${n1} ${g.scores[0]}, ${n2} ${g.scores[1]}`).join(' · ')));
    }
    this.turn.textContent = 'Game over.';
    parts.push(el('p', { class: 'series' }, ctx.seriesLine()));
    return el('div', { class: 'controls' },
      button('Rematch', () => ctx.rematch(match), { class: 'primary rematch' }),
      button('New board', () => ctx.newBoard(), { class: 'new-board' }),
      button('Duel settings', () => ctx.setup(), { class: 'settings' }));
  }

  /** The exact review of `game` (asked of the bot's worker), replayed move by move under the result. */
  async showReview(game) {
    const { engine, board, review, view } = this;
    review.replaceChildren(el('p', { class: 'muted' }, 'Working out what perfect play gives…'));
    let items;
    try {
      const { result } = await askReview({ succ: board.succ, rule: game.rule, moves: game.moves });
      items = result
        ? reviewItems(result, {
          names: this.ctx.names, first: game.first, name: (s) => engine.moveName(board, s), human: this.vsBot ? 0 : null,
        })
        : [{ text: 'This board is too big to prove quickly, so there is no review of this game.' }];
    } catch {
      items = [{ text: 'The review could not be worked out this time.' }];
    }
    if (!this.root.isConnected || !view.svg.isConnected) return;
    const replay = reviewReplay({ engine, board, game, view, items, nameOf: (p) => this.nameOf(p) });
    review.replaceChildren(replay.node);
    this.root.dataset.reviewed = 'true';
    replay.start();
  }
}
