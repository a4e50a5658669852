// The one error type the browser engines throw for bad input (game IDs, board
// codes, params, dates, moves), mirroring src/proofgrid/errors.py (where every
// user error subclasses ValueError). Its message is one line, fit to show a player.

export class GameIdError extends Error {
  constructor(message) {
    super(String(message).split('\n')[0]);
    this.name = 'GameIdError';
  }
}
