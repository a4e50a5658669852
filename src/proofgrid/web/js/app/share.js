// Spoiler-free share cards and the share action (Web Share API, clipboard
// fallback, and a manual-copy fallback the UI shows when both are missing).

/**
 * The daily share card: puzzle number, matches vs par, streak — never a
 * position, a coordinate or the board code.
 */
export function dailyShareText({ puzzle = 'Matchless', number, score, par, streak, url = '' }) {
  const over = score - par;
  const verdict = over === 0 ? 'at par' : `par ${par}, +${over}`;
  const row = '🎆'.repeat(Math.min(score, par)) + '🧨'.repeat(Math.max(0, Math.min(over, 12)));
  const lines = [
    `${puzzle} #${number}`,
    `${score} ${score === 1 ? 'match' : 'matches'} (${verdict})`,
    row,
    `🔥 Streak ${streak}`,
  ];
  if (url) lines.push(url);
  return lines.join('\n');
}

/**
 * Share `text`: the Web Share API when present, else the clipboard.
 * Returns 'shared', 'copied', 'cancelled' (the user closed the share sheet)
 * or 'manual' (nothing worked; the caller shows the text to copy by hand).
 */
export async function shareText(text, nav = globalThis.navigator) {
  if (nav && typeof nav.share === 'function') {
    const ok = typeof nav.canShare !== 'function' || nav.canShare({ text });
    if (ok) {
      try {
        await nav.share({ text });
        return 'shared';
      } catch (err) {
        if (err && err.name === 'AbortError') return 'cancelled';
      }
    }
  }
  if (nav && nav.clipboard && typeof nav.clipboard.writeText === 'function') {
    try {
      await nav.clipboard.writeText(text);
      return 'copied';
    } catch {
      // fall through to manual copy
    }
  }
  return 'manual';
}

/** The confirmation a person sees for each share outcome. */
export function shareMessage(outcome) {
  return {
    shared: 'Shared!',
    copied: 'Copied to the clipboard — paste it anywhere.',
    cancelled: 'Sharing cancelled.',
    manual: 'Copy the text below by hand.',
  }[outcome] || '';
}
