// Matchless's routes. Matchless is the site's default puzzle (its registry row's
// route is ""), so js/app/router.js hands it the whole fragment. Forms:
//   #daily  #daily/YYYY-MM-DD (that day's board: the archive)  #practice  #practice/N  #stats
//   #duel  #duel/ID  #duel/ID/MOVES (by post)  #edit  #edit/ID  #why
//   #play (the last unfinished random board, or a new one)  #play/ID
//   and a bare #ID (a shared game ID, e.g. #6x6:AbCd or #5x5%235)
// IDs are percent-encoded except ':' (kept readable).

import { decodeId, encodeId } from '../../app/router.js';

const VIEWS = new Set(['daily', 'practice', 'stats', 'duel', 'edit', 'play', 'why']);

/** Parse a fragment into {view, id?, index?}; unknown text becomes a play route. */
export function parseRoute(hash) {
  let h = String(hash || '');
  if (h.startsWith('#')) h = h.slice(1);
  if (h.startsWith('/')) h = h.slice(1);
  if (!h) return { view: 'daily' };
  const slash = h.indexOf('/');
  const head = (slash < 0 ? h : h.slice(0, slash)).toLowerCase();
  const rest = slash < 0 ? '' : h.slice(slash + 1);
  if (VIEWS.has(head)) {
    if (head === 'practice' && rest) {
      const n = Number(rest);
      if (Number.isInteger(n) && n >= 1 && n <= 99) return { view: 'practice', index: n - 1 };
      return { view: 'practice' };
    }
    if (head === 'daily' && rest) return { view: 'daily', date: decodeId(rest) };
    if (head === 'daily' || head === 'stats' || head === 'practice' || head === 'why') return { view: head };
    const cut = rest.indexOf('/'); // #duel/ID/moves: a duel by post (duel-post.js)
    if (head === 'duel' && cut >= 0) return { view: 'duel', id: decodeId(rest.slice(0, cut)), post: rest.slice(cut + 1) };
    return rest ? { view: head, id: decodeId(rest) } : { view: head };
  }
  return { view: 'play', id: decodeId(h) };
}

/** The hash for a route (inverse of parseRoute on the routes it produces). */
export function routeHash(route) {
  switch (route.view) {
    case 'practice':
      return Number.isInteger(route.index) ? `#practice/${route.index + 1}` : '#practice';
    case 'duel':
      if (route.id && route.post !== undefined) return `#duel/${encodeId(route.id)}/${route.post}`;
      return route.id ? `#duel/${encodeId(route.id)}` : '#duel';
    case 'play':
    case 'edit':
      return route.id ? `#${route.view}/${encodeId(route.id)}` : `#${route.view}`;
    case 'daily':
      return route.date ? `#daily/${route.date}` : '#daily';
    default:
      return `#${route.view}`;
  }
}
