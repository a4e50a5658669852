// Duel: two players alternate matches on one board; each is credited with the
// shells their match lights. Pass-and-play or against the bot (in a worker),
// "fewest shells wins" by default. The players choose who starts, and a match
// is two games on one board with the starts swapped (total shells decide), so
// the first mover's edge cancels out. Every struck shell is marked, the bot's
// move is animated and announced, and after each game the exact minimax says
// what perfect play gives and which move changed the result.

import { button, el, prefersReducedMotion, randomSeed, setPageTitle } from '../../app/ui.js';
import { WorkerClient } from '../../app/worker-client.js';
import { attachBoardInput } from '../../app/board-input.js';
import { encodeId } from '../../app/router.js';
import { BoardView } from './board-view.js';
import {
  RULES, duelMove, duelOutcome, headline, moveSentence, newDuel, unlitMask, winnerOf,
} from './duel-match.js';
import { reviewItems } from './duel-review.js';
import { reviewReplay } from './duel-replay.js';
import { DUEL_KEY, OPPONENT_LABELS } from './records.js';

let botClient = null;
function bot() {
  botClient ||= new WorkerClient(new URL('./duel-worker.js', import.meta.url));
  return botClient;
}

const BOT_BUDGET_MS = 900;
const REVIEW_BUDGET_MS = 4000;
const BOT_PAUSE_MS = 350; // the player's cascade is seen before the bot answers

const radio = (name, value, checked, ...label) => el('label', {},
  el('input', { type: 'radio', name, value, checked }), ' ', ...label);

export function duelView(engine, store, { id = null, board = null } = {}) {
  const root = el('section', { class: 'duel', 'aria-label': 'Duel' });
  root.dataset.mode = 'duel';
  let settings = store.get(DUEL_KEY);
  let fixedId = id;
  let fixedBoard = board;
  setPageTitle('Duel');
  // A link to the route already shown (the menu's "Duel" after a game) fires no
  // hashchange; it still means "back to the duel's setup".
  const sameRoute = (ev) => {
    if (!root.isConnected) {
      document.removeEventListener('click', sameRoute);
      return;
    }
    const a = ev.target instanceof Element ? ev.target.closest('a[href]') : null;
    if (a && !root.contains(a) && a.getAttribute('href') === location.hash && location.hash.startsWith('#duel')) {
      ev.preventDefault();
      setup();
    }
  };
  document.addEventListener('click', sameRoute);

  const names = () => (settings.opponent === 'friend' ? ['Player 1', 'Player 2'] : ['You', 'Bot']);

  function seriesLine() {
    const s = settings.series;
    const [n1, n2] = names();
    return `Running score: ${n1} ${s.p1} · ${n2} ${s.p2}${s.draws ? ` · ${s.draws} drawn` : ''}`;
  }

  function setup() {
    setPageTitle('Duel');
    const opp = el('fieldset', { class: 'choice' }, el('legend', {}, 'Opponent'),
      ...Object.entries(OPPONENT_LABELS).map(([k, label]) => radio('opponent', k, settings.opponent === k, label)));
    const rule = el('fieldset', { class: 'choice' }, el('legend', {}, 'Rule'),
      ...Object.entries(RULES).map(([k, label]) => radio('rule', k, settings.rule === k, label, k === 'fewest' ? ' (default)' : '')));
    const first = settings.first ?? 0;
    const starts = el('fieldset', { class: 'choice' }, el('legend', {}, 'Who starts'),
      radio('first', '0', first === 0, 'You (or Player 1)'),
      radio('first', '1', first === 1, 'The bot (or Player 2)'));
    const length = el('fieldset', { class: 'choice' }, el('legend', {}, 'Length'),
      radio('length', 'match', settings.match !== false, 'A match: two games, starts swapped, total shells decide'),
      radio('length', 'one', settings.match === false, 'One game'));
    const which = fixedBoard
      ? el('p', { class: 'muted' }, `Board: ${fixedBoard.rows}×${fixedBoard.cols} from the link (${fixedBoard.shells.length} shells).`)
      : el('p', { class: 'muted' }, 'Board: a new random 5×5.');
    const byPost = el('p', {}, el('a', {
      class: 'button-link by-post',
      href: `#duel/${encodeId(fixedId || engine.formatGameId(engine.parseGameId(`5x5#${randomSeed()}`)))}/`,
    }, 'Duel a friend by post (send links)'));
    const start = button('Start duel', () => {
      const pick = (n, d) => root.querySelector(`input[name=${n}]:checked`)?.value || d;
      settings = store.update(DUEL_KEY, (d) => ({
        ...d,
        opponent: pick('opponent', 'greedy'),
        rule: pick('rule', 'fewest'),
        first: pick('first', '0') === '1' ? 1 : 0,
        match: pick('length', 'match') === 'match',
      }));
      startMatch();
    }, { class: 'primary start' });
    root.dataset.over = 'false';
    root.replaceChildren(
      el('p', { class: 'sub' }, 'Take turns striking matches; you score every shell your match lights.'),
      el('div', { class: 'duel-setup' }, opp, rule, starts, length, which, start, byPost,
        el('p', { class: 'series' }, seriesLine())));
  }

  /** A match: one or two games on one board; game 2 swaps who starts. */
  function startMatch() {
    const b = fixedBoard || engine.parseGameId(`5x5#${randomSeed()}`);
    const gameId = fixedId || engine.formatGameId(b);
    const match = {
      board: b, gameId, games: settings.match === false ? 1 : 2, first: settings.first ?? 0, played: [],
    };
    playGame(match);
  }

  function playGame(match) {
    const b = match.board;
    const index = match.played.length;
    const first = index === 0 ? match.first : 1 - match.first;
    let duel = newDuel(engine, b, settings.rule, first);
    const [n1, n2] = names();
    const nameOf = (p) => (p ? n2 : n1);
    const vsBot = settings.opponent !== 'friend';
    const view = new BoardView({ mode: 'play', label: 'Duel board' });
    view.setBoard(b);
    view.setLabels(true); // every move is announced by its square ("Bot struck c1"), and the review names squares
    const score = [el('strong', {}, '0'), el('strong', {}, '0')];
    const cards = [0, 1].map((p) => el('div', { class: `player player-${p}` },
      el('span', { class: 'swatch', 'aria-hidden': 'true' }, String(p + 1)), el('span', {}, nameOf(p)), ' ', score[p], ' shells'));
    const turn = el('p', { class: 'turn', role: 'status', 'aria-live': 'polite' });
    const end = el('div', { class: 'duel-end', hidden: true, role: 'region', 'aria-label': 'Duel result', tabindex: '-1' });
    const quit = button('Quit to settings', setup, { class: 'quit' });
    let busy = false;
    let botFailed = false; // the player may then take the bot's turn
    let last = -1;
    let cascade = Promise.resolve();

    const draw = (depths = null, t0 = 0) => {
      const v = { lit: duel.owner.map((o) => o !== -1), owners: duel.owner, struck: duel.moves, last };
      if (depths) {
        view.view = { ...view.view, ...v };
        cascade = view.cascade(depths, { t0, reduced: prefersReducedMotion() });
      }
      view.render(v);
      score[0].textContent = String(duel.scores[0]);
      score[1].textContent = String(duel.scores[1]);
      cards.forEach((c, p) => c.classList.toggle('active', duel.turn === p && !duelOutcome(duel).over));
    };

    const strike = (shell, t0) => {
      const mover = duel.turn;
      const res = duelMove(engine, duel, shell);
      duel = res.duel;
      last = shell;
      draw(res.depths, t0);
      return moveSentence(nameOf(mover), engine.moveName(b, shell), res.depths.size);
    };

    const review = el('div', { class: 'duel-review', 'aria-live': 'polite' });
    const showReview = async (game) => {
      review.replaceChildren(el('p', { class: 'muted' }, 'Working out what perfect play gives…'));
      let items;
      try {
        const { result } = await bot().call({
          kind: 'review', succ: b.succ, rule: game.rule, moves: game.moves, budgetMs: REVIEW_BUDGET_MS,
        }, { timeoutMs: REVIEW_BUDGET_MS + 8000 });
        items = result
          ? reviewItems(result, {
            names: [n1, n2], first: game.first, name: (s) => engine.moveName(b, s), human: vsBot ? 0 : null,
          })
          : [{ text: 'This board is too big to prove quickly, so there is no review of this game.' }];
      } catch {
        items = [{ text: 'The review could not be worked out this time.' }];
      }
      if (!root.isConnected || !view.svg.isConnected) return;
      const replay = reviewReplay({ engine, board: b, game, view, items, nameOf });
      review.replaceChildren(replay.node);
      root.dataset.reviewed = 'true';
      replay.start();
    };

    const finishGame = () => {
      const out = duelOutcome(duel);
      const game = { first, scores: out.scores, rule: duel.rule, moves: [...duel.moves] };
      match.played.push(game);
      const done = match.played.length >= match.games;
      const names2 = [n1, n2];
      const parts = [];
      root.dataset.reviewed = 'false';
      if (match.games === 2) {
        parts.push(el('h3', {}, `Game ${match.played.length} of 2: ${headline(duel.rule, out.scores, names2)}`));
      } else {
        parts.push(el('h3', {}, headline(duel.rule, out.scores, names2)));
      }
      parts.push(el('p', {}, `${RULES[duel.rule]}.`), review);
      let controls;
      if (!done) {
        turn.textContent = `Game 1 over. In game 2 ${nameOf(1 - first)} ${nameOf(1 - first) === 'You' ? 'start' : 'starts'}.`;
        controls = el('div', { class: 'controls' },
          button('Play game 2', () => playGame(match), { class: 'primary next-game' }),
          button('Duel settings', setup, { class: 'settings' }));
      } else {
        const totals = [0, 1].map((p) => match.played.reduce((t, g) => t + g.scores[p], 0));
        const final = match.games === 2 ? totals : out.scores;
        const w = winnerOf(duel.rule, final);
        const key = w === -1 ? 'draws' : w === 0 ? 'p1' : 'p2';
        settings = store.update(DUEL_KEY, (d) => ({ ...d, series: { ...d.series, [key]: d.series[key] + 1 } }));
        if (match.games === 2) {
          parts.unshift(el('h3', { class: 'match-result' }, headline(duel.rule, totals, names2, ' the match')));
          parts.splice(1, 1, el('h4', {}, `Game 2 of 2: ${headline(duel.rule, out.scores, names2)}`));
          parts.push(el('p', { class: 'games' }, match.played.map((g, i) => `Game ${i + 1} (${nameOf(g.first)} started): ${n1} ${g.scores[0]}, ${n2} ${g.scores[1]}`).join(' · ')));
        }
        turn.textContent = 'Game over.';
        parts.push(el('p', { class: 'series' }, seriesLine()));
        controls = el('div', { class: 'controls' },
          button('Rematch', () => { fixedBoard = b; fixedId = match.gameId; startMatch(); }, { class: 'primary rematch' }),
          button('New board', () => { fixedBoard = null; fixedId = null; startMatch(); }, { class: 'new-board' }),
          button('Duel settings', setup, { class: 'settings' }));
      }
      end.replaceChildren(...parts, controls);
      end.hidden = false;
      quit.remove();
      root.dataset.over = done ? 'true' : 'between';
      end.focus();
      showReview(game);
    };

    const botTurn = async () => {
      busy = true;
      root.dataset.thinking = 'true';
      let sentence;
      try {
        const ask = bot().call({
          succ: b.succ, unlit: unlitMask(duel), rule: duel.rule, level: settings.opponent,
          seed: randomSeed(), budgetMs: BOT_BUDGET_MS,
        }, { timeoutMs: 15000 });
        const pause = prefersReducedMotion() ? 0 : BOT_PAUSE_MS;
        const [{ result, ms }] = await Promise.all([ask, cascade, new Promise((r) => setTimeout(r, pause))]);
        root.dataset.botMs = ms.toFixed(1);
        root.dataset.botWorkerMs = Number(result.ms).toFixed(1);
        if (!root.isConnected) return;
        sentence = strike(result.shell, performance.now());
      } catch (err) {
        turn.textContent = 'The bot could not move this time; take its turn for it.';
        botFailed = true;
        root.dataset.botError = String(err && err.message);
        busy = false;
        root.dataset.thinking = 'false';
        return;
      }
      busy = false;
      root.dataset.thinking = 'false';
      afterMove(sentence);
    };

    const afterMove = (sentence = '') => {
      root.dataset.lastMove = sentence;
      root.dataset.plies = String(duel.moves.length);
      if (duelOutcome(duel).over) {
        finishGame();
        turn.textContent = `${sentence} ${turn.textContent}`.trim();
        return;
      }
      const who = nameOf(duel.turn);
      const botNext = vsBot && duel.turn === 1;
      const next = botNext ? `${who} is thinking…` : who === 'You' ? 'Your turn.' : `${who}'s turn.`;
      turn.textContent = sentence ? `${sentence} ${next}` : next;
      if (botNext) botTurn();
    };

    attachBoardInput(view, {
      activate: (cell, t0) => {
        if (busy || (vsBot && duel.turn === 1 && !botFailed) || duelOutcome(duel).over) return;
        botFailed = false;
        const shell = view.shellOf[cell];
        if (shell < 0 || duel.owner[shell] !== -1) return;
        view.finish();
        afterMove(strike(shell, t0));
      },
    });

    root.dataset.over = 'false';
    root.dataset.game = String(index + 1);
    root.dataset.first = String(first);
    const gameWord = match.games === 2 ? `Game ${index + 1} of 2 · ` : '';
    root.replaceChildren(
      el('p', { class: 'sub' }, `${gameWord}${RULES[duel.rule]} · ${OPPONENT_LABELS[settings.opponent]}`),
      el('div', { class: 'scoreboard' }, ...cards),
      turn,
      el('div', { class: 'board-wrap' }, view.svg),
      end,
      el('div', { class: 'controls' }, quit));
    draw();
    afterMove();
  }

  setup();
  return root;
}
