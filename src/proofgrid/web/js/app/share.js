// The share action (Web Share API, clipboard fallback, and a manual-copy
// fallback the UI shows when both are missing). Each puzzle writes its own
// spoiler-free share card and hands the text to shareText (or to
// js/app/share-view.js's shareBlock, which draws the button).

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
