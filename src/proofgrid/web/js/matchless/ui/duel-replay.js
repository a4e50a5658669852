// The duel review on the board: after a game, its review sentences (in the
// order of the game, duel-review.js) and a replay that steps the duel's own
// board through the moves, from the empty sky up to and including the last
// move a sentence names, one move at a time; when a move a sentence is about
// comes up, that sentence is marked and the squares it names are drawn square
// on the board (the move, and the shell that would have kept the result). The
// player can then step back and forth, replay it or go to the final position. Positions are rebuilt with
// duel-match.js from the game's moves; nothing here decides a rule.

import { button, el, prefersReducedMotion } from '../../app/ui.js';
import { duelMove, moveSentence, newDuel } from './duel-match.js';

const STEP_MS = 700; // time each move of the replay stays on the board

/** Position after the first `k` moves of `game` ({rule, first, moves}): {duel, depths} (depths of move k). */
export function positionAfter(engine, board, game, k) {
  let duel = newDuel(engine, board, game.rule, game.first);
  let depths = new Map();
  for (const shell of game.moves.slice(0, k)) ({ duel, depths } = duelMove(engine, duel, shell));
  return { duel, depths };
}

/**
 * The review block: {node, start()}. items: reviewItems' [{text, ply?, shells?}];
 * view: the game's BoardView (showing its final position); nameOf(p): a player's
 * shown name. start() runs the replay once (call it when the node is on the page).
 */
export function reviewReplay({ engine, board, game, view, items, nameOf }) {
  const total = game.moves.length;
  const lines = items.map((item) => el('li', { dataset: item.ply === undefined ? {} : { ply: String(item.ply) } }, item.text));
  const list = el('ol', { class: 'review-lines' }, ...lines);
  const about = items.filter((item) => item.ply !== undefined);
  const node = el('div', { class: 'review-body' }, list);
  if (!about.length) return { node, start: () => {} };

  const upTo = Math.max(...about.map((item) => item.ply)) + 1; // the replay stops after this many moves
  const caption = el('p', { class: 'replay-line' }); // read out by the review's live region
  let shown = total;
  let timer = null;

  const show = (k) => {
    shown = Math.max(0, Math.min(total, k));
    const { duel, depths } = positionAfter(engine, board, game, shown);
    const ply = shown - 1;
    const item = about.find((it) => it.ply === ply);
    lines.forEach((li, i) => {
      const current = item !== undefined && items[i] === item;
      li.classList.toggle('current', current);
      if (current) li.setAttribute('aria-current', 'true');
      else li.removeAttribute('aria-current');
    });
    const named = item ? item.shells.map((s) => view.cellOfShell[s]) : [];
    view.finish();
    view.render({
      lit: duel.owner.map((o) => o !== -1), owners: duel.owner, struck: duel.moves,
      last: ply >= 0 ? game.moves[ply] : -1, named,
    });
    if (shown === 0) {
      caption.textContent = 'Before the first move.';
    } else {
      const shell = game.moves[ply];
      const mover = (game.first + ply) % 2;
      caption.textContent = `Move ${shown} of ${total}: ${moveSentence(nameOf(mover), engine.moveName(board, shell), depths.size)}`;
    }
    back.disabled = shown === 0;
    next.disabled = shown === total;
    end.disabled = shown === total;
    node.dataset.replayMoves = String(shown);
  };

  const stop = () => {
    clearTimeout(timer);
    timer = null;
  };
  const back = button('Previous move', () => { stop(); show(shown - 1); }, { class: 'replay-back' });
  const next = button('Next move', () => { stop(); show(shown + 1); }, { class: 'replay-next' });
  const again = button('Replay', () => start(), { class: 'replay-again' });
  const end = button('Final position', () => { stop(); show(total); }, { class: 'replay-end' });
  node.append(el('div', { class: 'controls replay', role: 'group', 'aria-label': 'Replay on the board' }, back, next, again, end), caption);

  function start() {
    stop();
    node.dataset.replay = 'running';
    const reduced = prefersReducedMotion();
    const step = (k) => {
      if (!view.svg.isConnected && k > 0) return stop();
      show(k);
      if (k >= upTo) {
        node.dataset.replay = 'done';
        return undefined;
      }
      timer = setTimeout(() => step(k + 1), reduced ? 0 : STEP_MS);
      return undefined;
    };
    step(reduced ? upTo - 1 : 0);
  }
  return { node, start };
}
