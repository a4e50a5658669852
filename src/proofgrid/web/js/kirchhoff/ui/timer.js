// The solve timer and best times per preset. No DOM: the view feeds it the
// clock (performance.now()), pauses it while the page is hidden, and shows it
// only when the player turned the timer on. Times are whole milliseconds.

export class Stopwatch {
  /** @param {number} [elapsed] milliseconds already on the clock (a restored game) */
  constructor(elapsed = 0) {
    this.base = Math.max(0, Math.floor(elapsed));
    this.since = null; // clock reading when it last started, or null while stopped
  }

  get running() { return this.since !== null; }

  start(now) {
    if (this.since === null) this.since = now;
  }

  stop(now) {
    if (this.since !== null) {
      this.base += Math.max(0, Math.floor(now - this.since));
      this.since = null;
    }
  }

  /** Milliseconds on the clock at `now`. */
  elapsed(now) {
    return this.since === null ? this.base : this.base + Math.max(0, Math.floor(now - this.since));
  }

  reset() {
    this.base = 0;
    this.since = null;
  }
}

/** "m:ss" below an hour, else "h:mm:ss". */
export function formatMs(ms) {
  const s = Math.floor(Math.max(0, ms) / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/**
 * Best times after a solve of `preset` in `ms`: a new best only for a known
 * preset and a clean solve (no hint drawn, no solution shown). Returns
 * {best, improved}.
 */
export function recordTime(best, preset, ms, { clean = true } = {}) {
  const known = ['easy', 'medium', 'hard', 'expert', 'giant'].includes(preset);
  if (!known || !clean || !Number.isInteger(ms) || ms <= 0) return { best: { ...best }, improved: false };
  const old = best[preset];
  if (old !== undefined && old <= ms) return { best: { ...best }, improved: false };
  return { best: { ...best, [preset]: ms }, improved: true };
}
