// What the Kirchhoff play screen asks about positions, each asked of the
// worker once (service.js, through the midend): the engine's hint of a
// position, the lost verdict on the player's own marks, and the unique
// solution. Promises are kept per position (a WeakMap), so going back and
// forth never asks twice; a failed question is forgotten, to be asked again.
// No DOM.

export class PositionAnswers {
  /**
   * @param service a KirchhoffService; gameId the board's game ID
   * @param crosses the view's GameCrosses (a verdict leaves the game's crosses free)
   * @param onHint (pos, hint) called with every hint the worker gives
   */
  constructor(service, gameId, crosses, onHint) {
    this.service = service;
    this.gameId = gameId;
    this.crosses = crosses;
    this.onHint = onHint;
    this.hints = new WeakMap(); // position -> Promise of the engine's hint
    this.lostVerdicts = new WeakMap(); // position -> Promise of the verdict on the player's own marks
    this.lastEdges = new WeakMap(); // position -> the edge of the player's last mark (hints start near it)
    this.solution = null;
  }

  /** The engine's hint for `pos`, asked of the worker once per position. */
  hintFor(pos) {
    let p = this.hints.get(pos);
    if (!p) {
      p = this.service.hint(this.gameId, pos.marks, this.lastEdges.get(pos) ?? -1).then((h) => {
        this.onHint(pos, h);
        return h;
      });
      p.catch(() => this.hints.delete(pos));
      this.hints.set(pos, p);
    }
    return p;
  }

  /**
   * The lost verdict to show for `pos`: the engine's hint for it, and when
   * that is 'lost' and the game crossed some of its edges, the verdict on the
   * player's own marks (those crosses left free), so no game cross is blamed
   * or leaned on. (Should a cross the game made no longer follow from the
   * marks, the player's marks alone may not be lost: then the board's is shown.)
   */
  verdictFor(pos) {
    let p = this.lostVerdicts.get(pos);
    if (!p) {
      const made = this.crosses.of(pos);
      p = this.hintFor(pos).then((h) => {
        if (h.kind !== 'lost' || !made.size) return h;
        const own = Array.from(pos.marks, (m, e) => (made.has(e) ? 0 : m));
        return this.service.hint(this.gameId, own, this.lastEdges.get(pos) ?? -1).then((o) => (o.kind === 'lost' ? o : h));
      });
      p.catch(() => this.lostVerdicts.delete(pos));
      this.lostVerdicts.set(pos, p);
    }
    return p;
  }

  /** The unique solution's edge states (asked of the worker once), or null when the board has several. */
  solutionFor() {
    if (!this.solution) {
      this.solution = Promise.all([
        this.service.solve(this.gameId),
        this.service.count(this.gameId, null, { cap: 2, deadlineMs: 20000 }),
      ]).then(([sol, c]) => (sol && c.count === 1n ? Array.from(sol) : null));
      this.solution.catch(() => { this.solution = null; });
    }
    return this.solution;
  }
}
