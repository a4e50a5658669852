// Kirchhoff's routes, under #kirchhoff/ in the URL fragment (its registry row's
// route; js/app/router.js hands everything after "kirchhoff/" here):
//   #kirchhoff                 the last preset played: its last unfinished game, else a new one
//   #kirchhoff/play/<preset>   a preset (easy, medium, hard, expert, giant): the same
//   #kirchhoff/new/<preset>    a new puzzle of a preset (the "New puzzle" button; the only way)
//   #kirchhoff/play/<ID>       a given board (params:desc, or params#seed)
//   #kirchhoff/daily  #kirchhoff/daily/YYYY-MM-DD (that day's board: the archive)
//   #kirchhoff/edit  #kirchhoff/edit/<ID>  #kirchhoff/rules  #kirchhoff/stats
//   #kirchhoff/why             why it works (the theory behind the game)
// IDs are percent-encoded except ':' (kept readable).

import { decodeId, encodeId } from '../../app/router.js';
import { PRESET_NAMES } from './records.js';

const VIEWS = new Set(['play', 'new', 'daily', 'edit', 'rules', 'stats', 'why']);

/** Parse the part of the hash after "kirchhoff/" into {puzzle, view, id?, preset?, fresh?}. */
export function parseKirchhoffRoute(rest) {
  const text = String(rest || '');
  const slash = text.indexOf('/');
  const head = (slash < 0 ? text : text.slice(0, slash)).toLowerCase();
  const tail = slash < 0 ? '' : text.slice(slash + 1);
  const out = { puzzle: 'kirchhoff' };
  if (!head) return { ...out, view: 'play' };
  if (!VIEWS.has(head)) return { ...out, view: 'play', id: decodeId(text) };
  if (head === 'play' && tail) {
    const name = tail.toLowerCase();
    if (PRESET_NAMES.includes(name)) return { ...out, view: 'play', preset: name };
    return { ...out, view: 'play', id: decodeId(tail) };
  }
  if (head === 'new') {
    const name = tail.toLowerCase();
    return { ...out, view: 'play', preset: PRESET_NAMES.includes(name) ? name : undefined, fresh: true };
  }
  if (head === 'edit' && tail) return { ...out, view: 'edit', id: decodeId(tail) };
  if (head === 'daily' && tail) return { ...out, view: 'daily', date: decodeId(tail) };
  return { ...out, view: head };
}

/** The hash of a Kirchhoff route (inverse of parseKirchhoffRoute on what it produces). */
export function kirchhoffHash({ view = 'play', id, preset, fresh = false, date } = {}) {
  if (view === 'daily' && date) return `#kirchhoff/daily/${date}`;
  if (view === 'play' && preset && fresh) return `#kirchhoff/new/${preset}`;
  if (view === 'play' && preset) return `#kirchhoff/play/${preset}`;
  if ((view === 'play' || view === 'edit') && id) return `#kirchhoff/${view}/${encodeId(id)}`;
  if (view === 'play') return '#kirchhoff';
  return `#kirchhoff/${view}`;
}
