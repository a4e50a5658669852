// Duel: two players alternate matches on one board; each is credited with the
// shells their match lights. Pass-and-play or against the bot (in a worker),
// "fewest shells wins" by default. The players choose who starts, and a match
// is two games on one board with the starts swapped (total shells decide), so
// the first mover's edge cancels out. Every struck shell is marked, the bot's
// move is animated and announced, and after each game the exact minimax says
// what perfect play gives and which move changed the result.
//
// One role a file: duel-setup.js draws the choices, duel-game.js plays one
// game (its board, turns, bot and review, duel-bot.js asking the worker),
// duel-match.js holds the rules; this file runs the match around them.

import { el, randomSeed, setPageTitle } from '../../app/ui.js';
import { DuelGame } from './duel-game.js';
import { boardOfId } from './build.js';
import { duelSetup } from './duel-setup.js';
import { DUEL_KEY } from './records.js';

export function duelView(engine, store, { id = null, board = null, midend } = {}) {
  const root = el('section', { class: 'duel', 'aria-label': 'Duel' });
  root.dataset.mode = 'duel';
  let settings = store.get(DUEL_KEY);
  let fixedId = id;
  let fixedBoard = board;
  setPageTitle('Duel');
  const names = () => (settings.opponent === 'friend' ? ['Player 1', 'Player 2'] : ['You', 'Bot']);

  function seriesLine() {
    const s = settings.series;
    const [n1, n2] = names();
    return `Running score: ${n1} ${s.p1} · ${n2} ${s.p2}${s.draws ? ` · ${s.draws} drawn` : ''}`;
  }

  function setup() {
    setPageTitle('Duel');
    root.dataset.over = 'false';
    root.replaceChildren(...duelSetup(engine, {
      settings, board: fixedBoard, id: fixedId, series: seriesLine(), newId: newRandomId,
      onStart: (choices) => {
        settings = store.update(DUEL_KEY, (d) => ({ ...d, ...choices }));
        startMatch();
      },
    }));
  }

  /** One game of the match: game 2 swaps who starts. */
  function playGame(match) {
    new DuelGame({
      engine, store, root, settings, names: names(), seriesLine, setup,
      next: playGame,
      rematch: (m) => { fixedBoard = m.board; fixedId = m.gameId; startMatch(); },
      newBoard: () => { fixedBoard = null; fixedId = null; startMatch(); },
      saved: (s) => { settings = s; },
    }, match).start();
  }

  /** The fixed ID of a new random 5×5 (the worker reads the seeded ID). */
  async function newRandomId() {
    return engine.formatGameId(await boardOfId(engine, midend, `5x5#${randomSeed()}`));
  }

  /** A match: one or two games on one board. */
  async function startMatch() {
    root.setAttribute('aria-busy', 'true');
    let b = fixedBoard;
    try {
      b ||= await boardOfId(engine, midend, `5x5#${randomSeed()}`);
    } finally {
      root.removeAttribute('aria-busy');
    }
    const gameId = fixedId || engine.formatGameId(b);
    playGame({ board: b, gameId, games: settings.match === false ? 1 : 2, first: settings.first ?? 0, played: [] });
  }

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
  setup();
  return root;
}
