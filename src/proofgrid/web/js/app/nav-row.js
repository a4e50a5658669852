// The header's navigation as one row on a phone (css/app.css: under 480 px the
// row scrolls sideways inside itself rather than wrap onto a ragged second
// line). This keeps every link of that row in view when it matters: the link
// that takes focus (Tab, a screen reader's cursor) and the current page's link
// (aria-current, set by the shell on every route) are scrolled fully into the
// row. The shell (main.js) calls keepNavLinksInView once; it names no puzzle
// and changes no link. O(links) per change.

/**
 * Scroll `link` fully into its row: the row alone moves, never the page (a
 * route change in the middle of a long page must not jump to the header).
 */
function reveal(link) {
  const row = link?.closest('.site-nav');
  if (!row || row.scrollWidth <= row.clientWidth) return;
  const r = link.getBoundingClientRect();
  const n = row.getBoundingClientRect();
  const pad = 8;
  if (r.left < n.left + pad) row.scrollLeft -= n.left + pad - r.left;
  else if (r.right > n.right - pad) row.scrollLeft += r.right - (n.right - pad);
}

/** Keep the focused and the current links of `nav` in view. */
export function keepNavLinksInView(nav) {
  nav.addEventListener('focusin', (e) => reveal(e.target.closest('a')));
  new MutationObserver(() => reveal(nav.querySelector('a[aria-current="page"]')))
    .observe(nav, { subtree: true, childList: true, attributeFilter: ['aria-current'] });
}
