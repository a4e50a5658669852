// What a finished duel proves, in player words (pure; no DOM). The numbers come
// from engine/duel.js reviewDuel (exact minimax): for every ply, the mover's
// final margin with perfect play before and after the move. A move "turned"
// the result when the outcome it leaves (win > 0, draw 0, loss < 0, from the
// mover's side) is worse than the one it had.

/** 'win', 'draw' or 'loss' for a margin seen from one side. */
export function outcomeWord(margin) {
  if (margin > 0) return 'win';
  return margin < 0 ? 'loss' : 'draw';
}

/** Who made ply `ply` when `first` (0 or 1) started. */
export function moverOf(first, ply) {
  return (first + ply) % 2;
}

/**
 * The first move by `player` that made that player's outcome worse, or null:
 * {ply, number (that player's own move count, from 1), shell, from, to, keep}
 * where from/to are outcome words and keep is a shell that kept the result.
 */
export function turningMove(review, first, player) {
  let number = 0;
  for (const p of review.plies) {
    if (moverOf(first, p.ply) !== player) continue;
    number += 1;
    if (Math.sign(p.after) < Math.sign(p.before)) {
      return { ply: p.ply, number, shell: p.shell, from: outcomeWord(p.before), to: outcomeWord(p.after), keep: p.best[0] };
    }
  }
  return null;
}

const AN = { win: 'a win', draw: 'a draw', loss: 'a loss' };

/**
 * The review of a finished game, in the order of the game: [{text, ply?,
 * shells?}], where a sentence about a move has the ply it was made at and the
 * shells it names (the move, then the one that kept the result), so the board
 * can replay the game up to it. The proved result comes first, the turning
 * moves follow by ply (whoever made them), and a player with no turning move
 * is said last. names: [player 0, player 1] as shown ("You", "Bot"); first:
 * who started; name(shell): a cell name; human: the player the text speaks to
 * as "you" (null in pass-and-play: both are described).
 */
export function reviewItems(review, { names, first, name, human = null }) {
  const margin = review.start;
  const shells = (k) => `${k} ${k === 1 ? 'shell' : 'shells'}`;
  const who = (p) => (names[p] === 'You' ? 'you' : names[p]);
  const winner = margin > 0 ? first : 1 - first;
  const proved = margin === 0
    ? 'With perfect play on both sides this board is a draw.'
    : `With perfect play on both sides ${who(winner)} ${names[winner] === 'You' ? 'win' : 'wins'} by ${shells(Math.abs(margin))} (${who(first)} moved first).`;
  const moves = [];
  const after = [];
  const players = human === null ? [first, 1 - first] : [human, 1 - human];
  for (const p of players) {
    const t = turningMove(review, first, p);
    const you = p === human;
    if (!t) {
      if (you) after.push({ text: 'None of your moves changed the result.' });
      continue;
    }
    const whose = you ? 'Your' : `${names[p]}'s`;
    moves.push({
      text: `${whose} move ${t.number} (${name(t.shell)}) turned ${AN[t.from]} into ${AN[t.to]}; ${name(t.keep)} kept it.`,
      ply: t.ply,
      shells: [t.shell, t.keep],
    });
  }
  moves.sort((a, b) => a.ply - b.ply);
  const items = [{ text: proved }, ...moves, ...after];
  if (items.length === 1) items.push({ text: 'No move changed the result.' });
  return items;
}

/** The review's sentences alone (reviewItems' texts, in the order of the game). */
export function reviewLines(review, opts) {
  return reviewItems(review, opts).map((item) => item.text);
}
