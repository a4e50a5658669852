// Where the Kirchhoff board sits while the lost alarm and its proof show
// (the play screen's geometry, nothing else): scroll the board clear of the
// alarm stuck to the bottom, stick the board under the score bar when the
// screen has room for the proof's longest sentence, and scroll a sentence of
// the proof between the two. `parts` = {root, hud, zoom, alarm} of the view.

/**
 * The alarm just appeared, stuck to the bottom of the screen: when it
 * covers the board's last rows and the page has room above the board,
 * scroll by as much, so the whole board and the alarm are in view.
 */
export function revealBoard({ hud, zoom, alarm }) {
  const board = zoom.scroller.getBoundingClientRect();
  const panel = alarm.root.getBoundingClientRect();
  const covered = board.bottom - panel.top + 4;
  if (covered <= 0 || board.bottom > window.innerHeight + 1) return; // not covered, or already below the fold
  const room = board.top - hud.getBoundingClientRect().height - 6; // the score bar sticks to the top
  const by = Math.min(covered, room);
  if (by > 0) window.scrollBy(0, by);
}

/**
 * While the alarm and its proof show, the board (at fit size) sticks under
 * the score bar when the screen leaves room between it and the alarm for
 * the proof's longest sentence: the sentences then scroll there, each read
 * beside its outline on the board (a phone held upright, a desktop window).
 */
export function pinBoard({ root, hud, zoom, alarm }) {
  const wrap = zoom.root.parentElement;
  const top = hud.getBoundingClientRect().height;
  let on = alarm.shown && !alarm.why.hidden && zoom.scroller.dataset.zoom === '1';
  if (on) {
    const room = window.innerHeight - top - wrap.getBoundingClientRect().height - alarm.root.getBoundingClientRect().height - 24;
    const longest = Math.max(0, ...[...alarm.list.children].map((li) => li.getBoundingClientRect().height));
    on = room >= longest;
  }
  if (!on) {
    delete root.dataset.pinBoard;
    return;
  }
  wrap.style.top = `${top}px`;
  // Whatever is scrolled to (a focused button, a sentence) stops below the stuck board.
  document.documentElement.style.setProperty('--k-pinned-bottom', `${Math.ceil(top + wrap.getBoundingClientRect().height + 8)}px`);
  root.dataset.pinBoard = 'on';
}

/** Scroll a sentence `item` of the alarm's proof into view: below the stuck board (if so) and above the alarm. */
export function revealStep({ root, zoom, alarm }, item) {
  if (root.dataset.pinBoard !== 'on') {
    item.scrollIntoView({ block: 'nearest' });
    return;
  }
  const wrap = zoom.root.parentElement;
  const stuckBottom = parseFloat(wrap.style.top) + wrap.getBoundingClientRect().height + 8;
  const bottom = alarm.root.getBoundingClientRect().top - 8;
  const r = item.getBoundingClientRect();
  if (r.top < stuckBottom) window.scrollBy(0, r.top - stuckBottom);
  else if (r.bottom > bottom) window.scrollBy(0, Math.min(r.bottom - bottom, r.top - stuckBottom));
}
