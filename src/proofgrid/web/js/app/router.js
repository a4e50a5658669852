// The shell's router. Routes live in the URL fragment, so a link carries a whole
// board and any static host can serve the site. The shell reads only the first
// segment: #home (and an empty fragment: the site's "/") is the home page,
// #archive the archive of past dailies (js/app/archive.js), #result/<code> a result link
// (js/app/result-view.js); #<route>/... belongs to the puzzle whose
// registry row (js/registry.json) has that route, and the rest of the fragment
// is that puzzle's to parse (its ui/routes.js); anything else belongs to the
// default puzzle (the row whose route is ""), which gets the whole fragment.
// IDs are percent-encoded except ':' (kept readable): encodeId/decodeId, for
// every puzzle's routes.

/** Percent-encode a game ID for a route, keeping ':' readable. */
export function encodeId(id) {
  return encodeURIComponent(id).replace(/%3A/gi, ':');
}

/** Inverse of encodeId; malformed escapes come back raw (the codec rejects them). */
export function decodeId(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Which page a location hash shows: {home: true}, {archive: true}, or {row, rest} with the
 * registry row of the puzzle it belongs to and the text that puzzle parses
 * (after "<route>/", or the whole fragment for the default puzzle).
 */
export function routeOf(rows, hash) {
  let h = String(hash || '');
  if (h.startsWith('#')) h = h.slice(1);
  if (h.startsWith('/')) h = h.slice(1);
  const slash = h.indexOf('/');
  const head = (slash < 0 ? h : h.slice(0, slash)).toLowerCase();
  const rest = slash < 0 ? '' : h.slice(slash + 1);
  if ((head === 'home' || head === '') && !rest) return { home: true };
  if (head === 'archive' && !rest) return { archive: true };
  if (head === 'result' && rest) return { result: rest }; // js/app/result-view.js
  const own = head ? rows.find((r) => r.route === head) : undefined;
  if (own) return { row: own, rest };
  const fallback = rows.find((r) => r.route === '');
  return fallback ? { row: fallback, rest: h } : { home: true };
}
