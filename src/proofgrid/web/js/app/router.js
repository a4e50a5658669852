// Routes live in the URL fragment, so a link carries a whole board and any
// static host can serve the site. Forms:
//   #daily  #practice  #practice/N  #stats  #duel  #duel/ID  #edit  #edit/ID
//   #play/ID  and a bare #ID (a shared game ID, e.g. #6x6:AbCd or #5x5%235)
//   #home (both puzzles); #kirchhoff/... (js/kirchhoff/routes.js parses the rest)
// IDs are percent-encoded except ':' (kept readable).

import { kirchhoffHash, parseKirchhoffRoute } from '../kirchhoff/routes.js';

const VIEWS = new Set(['daily', 'practice', 'stats', 'duel', 'edit', 'play']);

export function encodeId(id) {
  return encodeURIComponent(id).replace(/%3A/gi, ':');
}

function decodeId(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text; // malformed escapes: hand the raw text on, the codec rejects it
  }
}

/** Parse a location hash into {view, id?, index?}; unknown text becomes a play route. */
export function parseRoute(hash) {
  let h = String(hash || '');
  if (h.startsWith('#')) h = h.slice(1);
  if (h.startsWith('/')) h = h.slice(1);
  if (!h) return { view: 'daily' };
  const slash = h.indexOf('/');
  const head = (slash < 0 ? h : h.slice(0, slash)).toLowerCase();
  const rest = slash < 0 ? '' : h.slice(slash + 1);
  if (head === 'home' && !rest) return { view: 'home' };
  if (head === 'kirchhoff') return parseKirchhoffRoute(rest);
  if (VIEWS.has(head)) {
    if (head === 'practice' && rest) {
      const n = Number(rest);
      if (Number.isInteger(n) && n >= 1 && n <= 99) return { view: 'practice', index: n - 1 };
      return { view: 'practice' };
    }
    if (head === 'daily' || head === 'stats' || head === 'practice') return { view: head };
    if (head === 'play' && !rest) return { view: 'daily' };
    return rest ? { view: head, id: decodeId(rest) } : { view: head };
  }
  return { view: 'play', id: decodeId(h) };
}

/** The hash for a route (inverse of parseRoute on the routes it produces). */
export function routeHash(route) {
  if (route.puzzle === 'kirchhoff') return kirchhoffHash(route);
  switch (route.view) {
    case 'practice':
      return Number.isInteger(route.index) ? `#practice/${route.index + 1}` : '#practice';
    case 'play':
    case 'duel':
    case 'edit':
      return route.id ? `#${route.view}/${encodeId(route.id)}` : `#${route.view === 'play' ? 'daily' : route.view}`;
    default:
      return `#${route.view}`;
  }
}
