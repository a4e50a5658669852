// A duel on one board (pure; no DOM). Two players alternate matches; each is
// credited with the shells their match lights; the game ends when the sky is
// clear. Rule "fewest" (the shipped default: fewest shells wins) or "most".

export const RULES = Object.freeze({
  fewest: 'Fewest shells wins',
  most: 'Most shells wins',
});

export function newDuel(engine, board, rule = 'fewest') {
  if (!(rule in RULES)) throw new RangeError(`unknown duel rule ${rule}`);
  const n = board.shells.length;
  return Object.freeze({
    board,
    rule,
    game: engine.newGame(board),
    owner: Object.freeze(new Array(n).fill(-1)),
    scores: Object.freeze([0, 0]),
    turn: 0,
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

/** {over, winner: 0 | 1 | -1 (draw) | null (not over), scores}. */
export function duelOutcome(duel) {
  const over = duel.owner.every((o) => o !== -1);
  const [a, b] = duel.scores;
  let winner = null;
  if (over) {
    if (a === b) winner = -1;
    else if (duel.rule === 'fewest') winner = a < b ? 0 : 1;
    else winner = a > b ? 0 : 1;
  }
  return { over, winner, scores: [a, b] };
}
