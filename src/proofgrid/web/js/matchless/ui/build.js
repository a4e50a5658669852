// Boards built in Matchless's worker (ui/worker.js): the generator calls the
// solver, so the daily, a new random board and a seeded game ID ("5x5#seed")
// are built there, never on the page; the page reads the fixed ID it gets back
// by the rules (parseGameId of "RxC:desc" runs no solver).

const BUILD = { timeoutMs: 60000 };

/** The worker's `op` answer ({id, ...}) with the board of its fixed ID. */
export async function build(engine, midend, op, args) {
  const result = await midend.ask(op, args, BUILD);
  return { ...result, board: engine.parseGameId(result.id) };
}

/** The board of any game ID: a seeded one is read in the worker. */
export async function boardOfId(engine, midend, id) {
  if (!String(id).includes('#')) return engine.parseGameId(id);
  return (await build(engine, midend, 'board', { gameId: id })).board;
}
