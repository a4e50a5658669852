// The daily's result, honestly kept (pure; no DOM): the first finish of a date
// is the one result (the panel and the share card both read it), an X-ray
// shown before that finish is recorded with it, and so is the number of hints
// asked for; such a day counts as played (the streak goes on) but never as "at
// par" in the stats — a hinted par is the hint's, not the player's.

import { recordFirst, isRecord, summarize } from '../../app/streak.js';
import { plural } from '../../app/ui.js';

const FIELDS = ['number', 'score', 'par', 'xray', 'hints'];

/** Records with today's first finish added (an existing date is never replaced). */
export function recordDaily(records, dateISO, { number, score, par, xray = false, hints = 0 }) {
  const result = xray ? { number, score, par, xray: true } : { number, score, par };
  if (hints > 0) result.hints = hints;
  return recordFirst(records, dateISO, result, isRecord, FIELDS.filter((k) => k in result));
}

/** "💡 1 hint", "💡 3 hints". */
export function hintWords(hints) {
  return `💡 ${plural(hints, 'hint', 'hints')}`;
}

/**
 * "7 matches (at par)", "8 matches (par 7, +1)", with X-ray "7 matches (par 7, X-ray used)",
 * with hints "7 matches (par 7, 2 hints)".
 */
export function resultWords({ score, par, xray = false, hints = 0 }) {
  const over = score - par;
  if (hints > 0 && !xray) return `${plural(score, 'match', 'matches')} (par ${par}${over ? `, +${over}` : ''}, ${plural(hints, 'hint', 'hints')})`;
  if (xray) return `${plural(score, 'match', 'matches')} (par ${par}${over ? `, +${over}` : ''}, X-ray used)`;
  return `${plural(score, 'match', 'matches')} (${over === 0 ? 'at par' : `par ${par}, +${over}`})`;
}

/**
 * The result line of a daily finished again after its first finish (a replay):
 * null when nothing differs from the kept result, the kept result alone when it
 * was made with the X-ray or hints, else the kept result then this finish ("This time"),
 * which says "X-ray used" when the X-ray was shown on this board, even if only
 * on the replay.
 */
export function replayVerdict(first, { score, par, xray = false }) {
  const kept = resultWords(first);
  if (first.score === score && Boolean(first.xray) === Boolean(xray)) {
    return first.xray || first.hints ? `${kept[0].toUpperCase()}${kept.slice(1)}.` : null;
  }
  return `Today's result: ${kept} — your first finish counts. This time: ${resultWords({ score, par, xray })}.`;
}

/**
 * The daily share card: puzzle number, matches vs par, streak — never a
 * position, a coordinate or the board code. A past day's card (the archive)
 * names its `date` and has no streak line (`streak` null): it never changed one.
 */
export function dailyShareText({ puzzle = 'Matchless', number, score, par, streak, date = null, url = '' }) {
  const over = score - par;
  const verdict = over === 0 ? 'at par' : `par ${par}, +${over}`;
  const row = '🎆'.repeat(Math.min(score, par)) + '🧨'.repeat(Math.max(0, Math.min(over, 12)));
  const lines = [
    date ? `${puzzle} #${number} · ${date}` : `${puzzle} #${number}`,
    `${score} ${score === 1 ? 'match' : 'matches'} (${verdict})`,
    row,
  ];
  if (streak !== null && streak !== undefined) lines.push(`🔥 Streak ${streak}`);
  if (url) lines.push(url);
  return lines.join('\n');
}

/**
 * The share card of a recorded result: the shared card, with "🔍 X-ray used"
 * and "💡 2 hints" when they were, and then never claiming "at par"; `date`
 * and a null `streak` as for dailyShareText (a past day's card).
 */
export function shareCard({ number, score, par, xray = false, hints = 0, streak, date = null, url = '' }) {
  const lines = dailyShareText({ number, score, par, streak, date }).split('\n');
  if (xray || hints > 0) {
    lines[1] = `${plural(score, 'match', 'matches')} (par ${par}${score > par ? `, +${score - par}` : ''})`;
    const marks = [xray ? '🔍 X-ray used' : null, hints > 0 ? hintWords(hints) : null].filter(Boolean);
    lines.splice(3, 0, marks.join(' · '));
  }
  if (url) lines.push(url);
  return lines.join('\n');
}

/**
 * Stats as js/app/streak.js summarize gives them, where a day finished after
 * the X-ray or with hints counts as played and for the streak but not at par:
 * atPar, winPct and the distribution count only unaided days; `xray` counts
 * the X-ray days, `hinted` the days with hints (and no X-ray).
 */
export function dailyStats(records, todayISO) {
  const all = summarize(records, todayISO);
  const honest = Object.fromEntries(Object.entries(records).filter(([, r]) => !r.xray && !r.hints));
  const h = summarize(honest, todayISO);
  return {
    ...all,
    atPar: h.atPar,
    winPct: all.played ? Math.round((100 * h.atPar) / all.played) : 0,
    distribution: h.distribution,
    xray: Object.values(records).filter((r) => r.xray).length,
    hinted: Object.values(records).filter((r) => r.hints && !r.xray).length,
  };
}
