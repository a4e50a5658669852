// The crosses the game drew itself ("Mark obvious empties"), per position:
// they follow from the clues and the player's marks, so they are no choice of
// the player's. For each position met, the set of those crosses the player
// has not touched since; a lost verdict is judged and proved on the player's
// own marks only (a position with such crosses is lost exactly when the
// player's marks are, so the proof holds for the board shown). No DOM.

import { CROSS } from './layout.js';

/** The game crosses saved with a game ('1' per edge the game crossed), those still crossed in `marks`. */
export function crossedFromText(text, marks) {
  const out = new Set();
  if (typeof text !== 'string' || text.length !== marks.length) return out;
  for (let e = 0; e < marks.length; e++) if (text[e] === '1' && marks[e] === CROSS) out.add(e);
  return out;
}

/** A set of edges as text, one digit per edge ('1' in the set). */
export function crossedToText(edges, n) {
  let s = '';
  for (let e = 0; e < n; e++) s += edges.has(e) ? '1' : '0';
  return s;
}

export class GameCrosses {
  /**
   * @param start the game's first position (no game cross)
   * @param present the position restored, with `saved` its saved crosses text
   */
  constructor(start, present, saved) {
    this.crossed = new WeakMap(); // position -> Set of edges the game crossed, untouched by the player since
    this.crossed.set(start, new Set());
    this.crossed.set(present, crossedFromText(saved, present.marks));
    this.tracked = present; // the last present position whose game crosses are known
  }

  /**
   * The edges of `pos` the game crossed that the player has not touched
   * since. A position met for the first time is one step from the last
   * present position tracked: it keeps that one's game crosses still crossed. O(edges).
   */
  of(pos) {
    let got = this.crossed.get(pos);
    if (!got) {
      const prev = this.tracked;
      got = new Set();
      for (const e of (prev && this.crossed.get(prev)) || []) {
        if (pos.marks[e] === CROSS) got.add(e);
      }
      this.crossed.set(pos, got);
    }
    return got;
  }

  /** Note `pos` as the present position (after every change, before the next). */
  track(pos) {
    this.of(pos);
    this.tracked = pos;
  }

  /**
   * Cross `edges` in the manager's present position: the edges cell steps
   * alone prove unused there (the engine's obviousEmpties, asked of the
   * worker: service.js empties); with `merge` they join the present history
   * step (undo takes both back). The crosses are drawn with the manager's
   * engine's setMark (rules, no search). True when anything was crossed.
   */
  fill(manager, edges, merge) {
    const m = manager;
    if (m.won || m.stroke || !edges.length) return false;
    const pos = m.position;
    const next = edges.reduce((p, e) => m.engine.setMark(p, e, CROSS), pos);
    if (next === pos) return false;
    this.crossed.set(next, new Set([...this.of(pos), ...edges]));
    if (merge && m.history.index > 0) m.history.rewindTo(m.history.index - 1);
    m.history.push(next);
    return true;
  }
}
