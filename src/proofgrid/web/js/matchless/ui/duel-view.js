// Duel: two players alternate matches on one board; each is credited with the
// shells their match lights. Pass-and-play or against the bot (in a worker),
// "fewest shells wins" by default, a running score and a clear end screen.

import { button, el, prefersReducedMotion } from '../../app/ui.js';
import { WorkerClient } from '../../app/worker-client.js';
import { attachBoardInput } from '../../app/board-input.js';
import { BoardView } from './board-view.js';
import { duelMove, duelOutcome, newDuel, RULES, unlitMask } from './duel-match.js';
import { DUEL_KEY, OPPONENT_LABELS } from './records.js';

let botClient = null;
function bot() {
  botClient ||= new WorkerClient(new URL('./duel-worker.js', import.meta.url));
  return botClient;
}

function randomSeed() {
  const a = new Uint32Array(2);
  crypto.getRandomValues(a);
  return (BigInt(a[0]) << 32n) | BigInt(a[1]);
}

const BOT_BUDGET_MS = 900;

export function duelView(engine, store, { id = null, board = null } = {}) {
  const root = el('section', { class: 'duel', 'aria-labelledby': 'duel-h' });
  root.dataset.mode = 'duel';
  let settings = store.get(DUEL_KEY);
  let fixedId = id;
  let fixedBoard = board;

  const names = () => (settings.opponent === 'friend' ? ['Player 1', 'Player 2'] : ['You', 'Bot']);

  function setup() {
    const opp = el('fieldset', { class: 'choice' }, el('legend', {}, 'Opponent'),
      ...Object.entries(OPPONENT_LABELS).map(([k, label]) => el('label', {},
        el('input', { type: 'radio', name: 'opponent', value: k, checked: settings.opponent === k }), ' ', label)));
    const rule = el('fieldset', { class: 'choice' }, el('legend', {}, 'Rule'),
      ...Object.entries(RULES).map(([k, label]) => el('label', {},
        el('input', { type: 'radio', name: 'rule', value: k, checked: settings.rule === k }),
        ' ', label, k === 'fewest' ? ' (default)' : '')));
    const which = fixedBoard
      ? el('p', { class: 'muted' }, `Board: ${fixedBoard.rows}×${fixedBoard.cols} from the link (${fixedBoard.shells.length} shells).`)
      : el('p', { class: 'muted' }, 'Board: a new random 5×5.');
    const start = button('Start duel', () => {
      const o = root.querySelector('input[name=opponent]:checked')?.value || 'greedy';
      const r = root.querySelector('input[name=rule]:checked')?.value || 'fewest';
      settings = store.update(DUEL_KEY, (d) => ({ ...d, opponent: o, rule: r }));
      play();
    }, { class: 'primary start' });
    const s = settings.series;
    root.replaceChildren(
      el('header', { class: 'view-head' }, el('h2', { id: 'duel-h' }, 'Duel'),
        el('p', { class: 'sub' }, 'Take turns striking matches; you score every shell your match lights.')),
      el('div', { class: 'duel-setup' }, opp, rule, which, start,
        el('p', { class: 'series' }, `Running score: ${s.p1}–${s.p2}${s.draws ? `, ${s.draws} drawn` : ''}`)));
  }

  function play() {
    const b = fixedBoard || engine.parseGameId(`5x5#${randomSeed()}`);
    const gameId = fixedId || engine.formatGameId(b);
    let duel = newDuel(engine, b, settings.rule);
    const [n1, n2] = names();
    const vsBot = settings.opponent !== 'friend';
    const view = new BoardView({ mode: 'play', label: 'Duel board' });
    view.setBoard(b);
    const score = [el('strong', {}, '0'), el('strong', {}, '0')];
    const cards = [0, 1].map((p) => el('div', { class: `player player-${p}` },
      el('span', { class: 'swatch', 'aria-hidden': 'true' }, String(p + 1)), el('span', {}, p ? n2 : n1), ' ', score[p], ' shells'));
    const turn = el('p', { class: 'turn', role: 'status', 'aria-live': 'polite' });
    const end = el('div', { class: 'duel-end', hidden: true, role: 'region', 'aria-label': 'Duel result', tabindex: '-1' });
    const quit = button('Quit to settings', setup, { class: 'quit' });
    let busy = false;

    const draw = (depths = null, t0 = 0) => {
      const v = { lit: duel.owner.map((o) => o !== -1), owners: duel.owner };
      if (depths) {
        view.view = { ...view.view, ...v };
        view.cascade(depths, { t0, reduced: prefersReducedMotion() });
      }
      view.render(v);
      score[0].textContent = String(duel.scores[0]);
      score[1].textContent = String(duel.scores[1]);
      cards.forEach((c, p) => c.classList.toggle('active', duel.turn === p && !duelOutcome(duel).over));
    };

    const finishGame = () => {
      const out = duelOutcome(duel);
      const key = out.winner === -1 ? 'draws' : out.winner === 0 ? 'p1' : 'p2';
      settings = store.update(DUEL_KEY, (d) => ({ ...d, series: { ...d.series, [key]: d.series[key] + 1 } }));
      const [a, c] = out.scores;
      const headline = out.winner === -1 ? `A draw, ${a}–${c}.`
        : `${out.winner === 0 ? n1 : n2} ${out.winner === 0 && n1 === 'You' ? 'win' : 'wins'}, ${a}–${c}!`;
      const s = settings.series;
      turn.textContent = 'Game over.';
      end.replaceChildren(
        el('h3', {}, headline),
        el('p', {}, `${RULES[duel.rule]}.`),
        el('p', { class: 'series' }, `Running score: ${n1} ${s.p1} · ${n2} ${s.p2}${s.draws ? ` · ${s.draws} drawn` : ''}`),
        el('div', { class: 'controls' },
          button('Rematch', () => { fixedBoard = b; fixedId = gameId; play(); }, { class: 'primary rematch' }),
          button('New board', () => { fixedBoard = null; fixedId = null; play(); }, { class: 'new-board' }),
          button('Settings', setup, { class: 'settings' })));
      end.hidden = false;
      quit.hidden = true;
      root.dataset.over = 'true';
      end.focus();
    };

    const botTurn = async () => {
      busy = true;
      turn.textContent = `${n2} is thinking…`;
      root.dataset.thinking = 'true';
      try {
        const { result, ms } = await bot().call({
          succ: b.succ, unlit: unlitMask(duel), rule: duel.rule, level: settings.opponent,
          seed: randomSeed(), budgetMs: BOT_BUDGET_MS,
        }, { timeoutMs: 15000 });
        root.dataset.botMs = ms.toFixed(1);
        root.dataset.botWorkerMs = Number(result.ms).toFixed(1);
        if (!root.isConnected) return;
        const res = duelMove(engine, duel, result.shell);
        duel = res.duel;
        draw(res.depths, performance.now());
      } catch (err) {
        turn.textContent = `The bot failed (${err.message}); take its turn for it.`;
        busy = false;
        root.dataset.thinking = 'false';
        return;
      }
      busy = false;
      root.dataset.thinking = 'false';
      afterMove();
    };

    const afterMove = () => {
      if (duelOutcome(duel).over) {
        finishGame();
        return;
      }
      const who = duel.turn === 0 ? n1 : n2;
      turn.textContent = duel.turn === 0 && n1 === 'You' ? 'Your turn.' : `${who}'s turn.`;
      if (vsBot && duel.turn === 1) botTurn();
    };

    attachBoardInput(view, {
      activate: (cell, t0) => {
        if (busy || (vsBot && duel.turn === 1) || duelOutcome(duel).over) return;
        const shell = view.shellOf[cell];
        if (shell < 0 || duel.owner[shell] !== -1) return;
        view.finish();
        const res = duelMove(engine, duel, shell);
        duel = res.duel;
        draw(res.depths, t0);
        afterMove();
      },
    });

    root.dataset.over = 'false';
    root.replaceChildren(
      el('header', { class: 'view-head' }, el('h2', { id: 'duel-h' }, 'Duel'),
        el('p', { class: 'sub' }, `${RULES[duel.rule]} · ${OPPONENT_LABELS[settings.opponent]}`)),
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
