// A duel on one board (pure; no DOM). Two players alternate matches; each is
// credited with the shells their match lights; the game ends when the sky is
// clear. Rule "fewest" (the shipped default: fewest shells wins) or "most".

export const RULES = Object.freeze({
  fewest: 'Fewest shells wins',
  most: 'Most shells wins',
});

/** A new duel; `first` (0 or 1) is the player who strikes first. */
export function newDuel(engine, board, rule = 'fewest', first = 0) {
  if (!(rule in RULES)) throw new RangeError(`unknown duel rule ${rule}`);
  if (first !== 0 && first !== 1) throw new RangeError(`first player must be 0 or 1, not ${first}`);
  const n = board.shells.length;
  return Object.freeze({
    board,
    rule,
    game: engine.newGame(board),
    owner: Object.freeze(new Array(n).fill(-1)),
    scores: Object.freeze([0, 0]),
    first,
    turn: first,
    moves: Object.freeze([]),
  });
}

/** Player `duel.turn` strikes `shell`; returns {duel, depths}. Throws on a lit shell. */
export function duelMove(engine, duel, shell) {
  if (duel.owner[shell] !== -1) throw new RangeError('that shell is already lit');
  const { state, depths } = engine.strike(duel.game, shell);
  const owner = duel.owner.slice();
  for (const v of depths.keys()) owner[v] = duel.turn;
  const scores = duel.scores.slice();
  scores[duel.turn] += depths.size;
  return {
    duel: Object.freeze({
      ...duel,
      game: state,
      owner: Object.freeze(owner),
      scores: Object.freeze(scores),
      turn: 1 - duel.turn,
      moves: Object.freeze([...duel.moves, shell]),
    }),
    depths,
  };
}

/** Bitmask (BigInt) of the unlit shells, bit v for shell v. */
export function unlitMask(duel) {
  let m = 0n;
  duel.owner.forEach((o, v) => {
    if (o === -1) m |= 1n << BigInt(v);
  });
  return m;
}

/** The winner of totals [a, b] under `rule`: 0, 1 or -1 (a draw). */
export function winnerOf(rule, [a, b]) {
  if (a === b) return -1;
  if (rule === 'fewest') return a < b ? 0 : 1;
  return a > b ? 0 : 1;
}

/** {over, winner: 0 | 1 | -1 (draw) | null (not over), scores}. */
export function duelOutcome(duel) {
  const over = duel.owner.every((o) => o !== -1);
  const [a, b] = duel.scores;
  return { over, winner: over ? winnerOf(duel.rule, [a, b]) : null, scores: [a, b] };
}

/**
 * The headline for totals under `rule`, the winner's score first:
 * "Bot wins, 10–8!", "You win, 8–10!", "A draw, 9–9."; `what` names the
 * contest ("" for a game, " the match" for a match of two).
 */
export function headline(rule, scores, names, what = '') {
  const w = winnerOf(rule, scores);
  if (w === -1) return `A draw, ${scores[0]}–${scores[1]}.`;
  const verb = names[w] === 'You' ? 'win' : 'wins';
  return `${names[w]} ${verb}${what}, ${scores[w]}–${scores[1 - w]}!`;
}

/** "1 shell", "4 shells" (a score, a cascade). */
export function shellCount(n) {
  return `${n} ${n === 1 ? 'shell' : 'shells'}`;
}

/** "Bot struck c1, lighting 4 shells." */
export function moveSentence(name, cell, lit) {
  return `${name} struck ${cell}, lighting ${shellCount(lit)}.`;
}
