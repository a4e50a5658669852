// A daily's date from a link (#…/daily/YYYY-MM-DD), checked before any board
// is built: a day from the launch to today opens its board; anything else
// gets a plain page that says why and links to today's daily and the archive
// (never an error page). Any puzzle's dated daily goes through dailyGate.

import { isISODate, localISO } from './dates.js';
import { el, setPageTitle } from './ui.js';

/**
 * Where a date stands: 'today', 'past' (launch <= date < today), 'future',
 * 'early' (before the launch) or 'bad' (not a YYYY-MM-DD date). ISO dates
 * compare as text in calendar order.
 */
export function dateStanding(dateISO, launch, today = localISO()) {
  if (!isISODate(dateISO)) return 'bad';
  if (dateISO === today) return 'today';
  if (dateISO > today) return 'future';
  return dateISO < launch ? 'early' : 'past';
}

/** The sentence for a date that has no board (yet). */
export function notOutWords(standing, dateISO, launch) {
  if (standing === 'future') return `This daily isn't out yet — come back on ${dateISO}.`;
  if (standing === 'early') return `This daily isn't out: the dailies began on ${launch}, so ${dateISO} has none.`;
  return `“${String(dateISO).slice(0, 24)}” is not a date this daily knows (write it YYYY-MM-DD).`;
}

/**
 * null when `dateISO` has a board (today or a past day), else the plain page
 * for it: `title` names the daily (the page title), `todayHref` and
 * `archiveHref` are its links.
 */
export function dailyGate(dateISO, { launch, title, todayHref, archiveHref = '#archive', today = localISO() }) {
  const standing = dateStanding(dateISO, launch, today);
  if (standing === 'today' || standing === 'past') return null;
  setPageTitle(title);
  const root = el('section', { class: 'not-out', 'aria-label': title },
    el('p', { class: 'notice', role: 'status' }, notOutWords(standing, dateISO, launch)),
    el('div', { class: 'controls' },
      el('a', { class: 'button-link primary', href: todayHref }, "Play today's daily"),
      el('a', { class: 'button-link', href: archiveHref }, 'The archive')));
  root.dataset.mode = 'not-out';
  root.dataset.standing = standing;
  return root;
}
