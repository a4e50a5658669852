// Duels by post: #duel/<game ID>/<moves> carries the game so far, so two people
// play one board by sending links — no server, no account, works offline.
// Opening a link replays and checks every move (a shell on this board, not yet
// lit, the movers alternating from Player 1), shows whose turn it is; a tap
// only proposes your move (drawn, with Undo), and "Confirm move" makes the new
// link to send. The game ends with the review of the live duel (exact
// minimax, in the duel worker) and a rematch. Rule: fewest shells wins.
//
// Link form (duelPostHash): moves are cell names joined by '.', then '~' and a
// check of 8 hex digits, CRC-32 (js/core/result.js) of "<game ID>/<moves>", so a
// damaged or hand-edited list is refused in plain words rather than replayed as
// another game. The check catches accidents and casual edits, not a forger who
// recomputes it; each player still sees the whole game replayed on the board.

import { encodeId } from '../../app/router.js';
import { copyLinkButton } from '../../app/share-view.js';
import { button, el, setPageTitle } from '../../app/ui.js';
import { WorkerClient } from '../../app/worker-client.js';
import { attachBoardInput } from '../../app/board-input.js';
import { crc32 } from '../../core/result.js';
import { BoardView } from './board-view.js';
import { duelMove, duelOutcome, headline, moveSentence, newDuel, shellCount } from './duel-match.js';
import { reviewItems } from './duel-review.js';
import { reviewReplay } from './duel-replay.js';
import { shellOfMove } from './result-replay.js';

const RULE = 'fewest';
const NAMES = ['Player 1', 'Player 2'];
const REVIEW_BUDGET_MS = 4000;

let reviewer = null;

function check(id, moves) {
  const text = `${id}/${moves.join('.')}`;
  return crc32([...new TextEncoder().encode(text)]).toString(16).padStart(8, '0');
}

/** The hash of a duel by post after `moves` (cell names) on the board `id`. */
export function duelPostHash(id, moves) {
  return `#duel/${encodeId(id)}/${moves.join('.')}~${check(id, moves)}`;
}

/**
 * The moves of a post segment ("b1.c3~1a2b3c4d", or "" for a new duel), checked
 * against `id`; throws an Error with a plain message when it was damaged.
 */
export function parsePost(id, post) {
  const text = String(post || '');
  if (!text || text === '~' + check(id, [])) return [];
  const tilde = text.lastIndexOf('~');
  if (tilde < 0) throw new Error('its move list has no check mark at the end');
  const moves = text.slice(0, tilde).split('.').filter(Boolean);
  if (text.slice(tilde + 1) !== check(id, moves)) throw new Error('its move list was changed after it was sent');
  return moves;
}

/** The line under the title, in plain words: what the link holds and that it was checked. */
export function postSummary(board, n) {
  const size = `${board.rows}×${board.cols}`;
  if (n === 0) return `A new duel by post on a ${size} board: no moves yet. Player 1 starts.`;
  return `Duel by post on a ${size} board. ${n === 1 ? 'The first move was' : `All ${n} moves so far were`} checked on this board: the game is as your opponent left it.`;
}

/** The duel-by-post view of board `board` (game ID `id`) after the link's `post` segment. */
export function postDuelView(engine, store, { id, board, post }) {
  setPageTitle('Duel by post');
  const root = el('section', { class: 'duel duel-post', 'aria-label': 'Duel by post' });
  root.dataset.mode = 'duel-post';
  let moves;
  let duel = newDuel(engine, board, RULE, 0);
  const sentences = [];
  try {
    moves = parsePost(id, post);
    moves.forEach((m, i) => {
      const shell = shellOfMove(board, m);
      if (duel.owner[shell] !== -1) throw new Error(`move ${i + 1} (${m}) strikes a shell that was already lit`);
      const mover = duel.turn;
      const res = duelMove(engine, duel, shell);
      duel = res.duel;
      sentences.push(moveSentence(NAMES[mover], engine.moveName(board, shell), res.depths.size));
    });
  } catch (err) {
    root.dataset.refused = 'true';
    root.append(
      el('p', { class: 'notice bad', role: 'alert' },
        `This duel link is damaged or was altered, so its game cannot be trusted: ${err.message}. Ask your opponent to send it again.`),
      el('p', {}, el('a', { class: 'button-link', href: `#duel/${encodeId(id)}/` }, 'Start a new duel by post on this board')));
    return root;
  }
  const view = new BoardView({ mode: 'play', label: 'Duel board' });
  view.setBoard(board);
  view.setLabels(true); // the moves so far and the review name squares ("Player 1 struck c4")
  const lastShell = () => (duel.moves.length ? duel.moves[duel.moves.length - 1] : -1);
  const draw = () => view.render({
    lit: duel.owner.map((o) => o !== -1), owners: duel.owner, struck: duel.moves, last: lastShell(),
  });
  const scores = el('p', { class: 'scoreboard' });
  const turn = el('p', { class: 'turn', role: 'status', 'aria-live': 'polite' });
  const send = el('div', { class: 'duel-send', hidden: true });
  const end = el('div', { class: 'duel-end', hidden: true, role: 'region', 'aria-label': 'Duel result', tabindex: '-1' });
  const history = el('ol', { class: 'duel-moves' }, ...sentences.map((t) => el('li', {}, t)));
  let moved = false;

  const update = () => {
    const out = duelOutcome(duel);
    scores.textContent = `${NAMES[0]} ${shellCount(duel.scores[0])} · ${NAMES[1]} ${shellCount(duel.scores[1])} · fewest shells wins`;
    if (!before) delete root.dataset.proposed;
    root.dataset.plies = String(duel.moves.length);
    root.dataset.turn = out.over ? '' : String(duel.turn + 1);
    if (out.over) {
      turn.textContent = `Game over: ${headline(RULE, out.scores, NAMES)}`;
      root.dataset.over = 'true';
      end.hidden = false;
      showReview(end);
    } else if (before) {
      turn.textContent = 'Your move is not sent yet: confirm it or undo it.';
    } else if (moved) {
      turn.textContent = `Now it is ${NAMES[duel.turn]}'s turn — send them the link below.`;
    } else {
      turn.textContent = `${NAMES[duel.turn]} to move (move ${duel.moves.length + 1}). Strike an unlit shell.`;
    }
    draw();
  };

  // A rematch: the same board from the start (a fresh link to send), or a new duel.
  const rematch = () => el('div', { class: 'controls rematch' },
    el('a', { class: 'button-link primary rematch-same', href: `#duel/${encodeId(id)}/` }, 'Rematch on this board'),
    el('a', { class: 'button-link', href: '#duel' }, 'New duel'));

  const showReview = async (node) => {
    node.replaceChildren(el('h3', {}, headline(RULE, duel.scores, NAMES)),
      el('p', { class: 'muted' }, 'Working out what perfect play gives…'), rematch());
    let items;
    try {
      reviewer ||= new WorkerClient(new URL('./duel-worker.js', import.meta.url));
      const { result } = await reviewer.call({
        kind: 'review', succ: board.succ, rule: RULE, moves: [...duel.moves], budgetMs: REVIEW_BUDGET_MS,
      }, { timeoutMs: REVIEW_BUDGET_MS + 8000 });
      items = result
        ? reviewItems(result, { names: NAMES, first: 0, name: (s) => engine.moveName(board, s), human: null })
        : [{ text: 'This board is too big to prove quickly, so there is no review of this game.' }];
    } catch {
      items = [{ text: 'The review could not be worked out this time.' }];
    }
    if (!root.isConnected) return;
    const game = { rule: RULE, first: 0, moves: [...duel.moves] };
    const replay = reviewReplay({ engine, board, game, view, items, nameOf: (p) => NAMES[p] });
    node.replaceChildren(node.firstChild, el('div', { class: 'duel-review', 'aria-live': 'polite' }, replay.node), rematch());
    root.dataset.reviewed = 'true';
    replay.start();
  };

  // A tap proposes a move: drawn on the board with Undo and Confirm; only a
  // confirmed move makes the link (one move a link).
  let before = null; // {duel, item} while a move waits for Confirm
  const pending = el('div', { class: 'duel-confirm', hidden: true });
  const undo = () => {
    if (!before) return;
    duel = before.duel;
    before.item.remove();
    before = null;
    pending.hidden = true;
    update();
    view.svg.querySelector('.cell[tabindex="0"]')?.focus();
  };
  const confirm = () => {
    if (!before) return;
    before = null;
    pending.hidden = true;
    moved = true;
    const names = duel.moves.map((s) => engine.moveName(board, s));
    const href = `${location.origin}${location.pathname}${duelPostHash(id, names)}`;
    const field = el('input', { class: 'share-link duel-link', type: 'text', readonly: true, value: href, 'aria-label': 'Link to send' });
    send.replaceChildren(el('p', {}, duelOutcome(duel).over ? 'The game is over — send the link so your opponent sees the end:' : 'Your move is made. Send this link to your opponent:'),
      el('div', { class: 'share-row' }, field, copyLinkButton(field)));
    send.hidden = false;
    root.dataset.link = href;
    update();
    field.focus();
  };
  attachBoardInput(view, {
    activate: (cell) => {
      if (moved || before || duelOutcome(duel).over) return; // one move a link: confirm it, then send it
      const shell = view.shellOf[cell];
      if (shell < 0 || duel.owner[shell] !== -1) return;
      const mover = duel.turn;
      const res = duelMove(engine, duel, shell);
      const sentence = moveSentence(NAMES[mover], engine.moveName(board, shell), res.depths.size);
      const item = el('li', {}, sentence);
      before = { duel, item };
      duel = res.duel;
      history.append(item);
      const yes = button('Confirm move', confirm, { class: 'primary confirm-move' });
      pending.replaceChildren(el('p', {}, `${sentence} Confirm it to make the link, or undo it.`),
        el('div', { class: 'controls' }, yes, button('Undo', undo, { class: 'undo-move' })));
      pending.hidden = false;
      root.dataset.proposed = 'true';
      update();
      yes.focus();
    },
  });

  root.append(
    el('p', { class: 'sub' }, postSummary(board, moves.length)),
    scores, turn,
    el('div', { class: 'board-wrap' }, view.svg),
    pending, send, end,
    el('details', { class: 'duel-history' }, el('summary', {}, 'Moves so far'), history));
  update();
  return root;
}
