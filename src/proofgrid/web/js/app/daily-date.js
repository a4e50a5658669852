// A daily's date from a link (#…/daily/YYYY-MM-DD), checked before any board
// is built: a day from the launch to today opens its board; anything else
// gets a plain page that says why and links to today's daily and the archive
// (never an error page). Any puzzle's dated daily goes through dailyGate.
// Also what every puzzle's daily says about time: the countdown to the next
// daily (nextDailyCountdown) and which daily a game ID is (findDaily, for
// the result page's title).

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

/** "3 h 05 min", "12 min", "under a minute" until local midnight (the next daily) from `now`. */
export function untilMidnight(now = new Date()) {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const ms = midnight - now;
  if (ms < 60000) return 'under a minute';
  const min = Math.ceil(ms / 60000);
  const h = Math.floor(min / 60);
  return h ? `${h} h ${String(min % 60).padStart(2, '0')} min` : `${min} min`;
}

/**
 * The countdown to the next daily (local midnight, the date rule's), for every
 * puzzle's finished daily: "Next daily in 3 h 05 min (midnight, your time).",
 * updated in a polite live region (announced only when its words change); it
 * never takes focus and stops once it leaves the page.
 */
export function nextDailyCountdown() {
  const out = el('p', { class: 'muted next-daily', 'aria-live': 'polite', 'aria-atomic': 'true' });
  const tick = () => {
    if (!out.isConnected && out.dataset.started) {
      clearInterval(timer);
      return;
    }
    out.dataset.started = 'true';
    const text = `Next daily in ${untilMidnight()} (midnight, your time).`;
    if (out.textContent !== text) out.textContent = text;
  };
  const timer = setInterval(tick, 15000);
  tick();
  return out;
}

/**
 * The daily whose board is the game `gid` ({date, number}), or null: asks
 * `ask('daily', {date})` (the puzzle's worker through its midend,
 * js/app/midend.js: the engine's contract `daily(dateISO)` -> {id, seedId?,
 * number}, built off the page's thread) for the days around today first (a
 * result link is mostly shared on its day, and a friend's today may be a day
 * off), then back towards `launch` (the engine's LAUNCH), one board at a time,
 * stopping after `budgetMs` (a board can take a few hundred milliseconds to
 * build), when `alive()` turns false, or when the worker cannot answer.
 * O(days tried × one board).
 */
export async function findDaily(ask, gid, { launch, today = localISO(), budgetMs = 1500, alive = () => true } = {}) {
  if (typeof ask !== 'function' || !launch) return null;
  const shift = (iso, days) => {
    const [y, m, d] = iso.split('-').map(Number);
    return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
  };
  const order = [today, shift(today, -1), shift(today, 1)];
  for (let back = 2; back < 400; back++) {
    const day = shift(today, -back);
    if (day < launch) break;
    order.push(day);
  }
  const t0 = Date.now();
  for (const day of order) {
    await new Promise((r) => { setTimeout(r, 0); }); // the page shows (and mounts the caller) first
    if (!alive() || Date.now() - t0 > budgetMs) return null;
    if (day < launch) continue;
    let d;
    try {
      d = await ask('daily', { date: day });
    } catch {
      return null; // no dailies here, or no worker to ask
    }
    if (d.id === gid || d.seedId === gid) return { date: d.date || day, number: d.number };
  }
  return null;
}
