// Matchless in the browser: route -> view, and mount, the entry the site
// shell calls (js/app/registry.js describes it). The engine builds every board
// here, offline; a corrupted link never leaves a blank page (a friendly
// message, then today's daily). Views other than the daily are loaded on
// first use (the service worker has them all cached after one visit).

import { el, firstLine } from '../../app/ui.js';
import * as engine from '../engine/index.js';
import { dailyView } from './daily-view.js';
import { PlayView } from './play-view.js';
import { defineMatchlessKeys } from './records.js';
import { parseRoute } from './routes.js';

const LAZY = {
  duel: () => import('./duel-view.js').then((m) => m.duelView),
  edit: () => import('./editor-view.js').then((m) => m.editorView),
  practice: () => import('./practice-view.js').then((m) => m.practiceView),
  stats: () => import('./stats-view.js').then((m) => m.statsView),
};

export class MatchlessApp {
  constructor(engine, store) {
    this.engine = engine;
    this.store = store;
    defineMatchlessKeys(store);
  }

  /** Parse a game ID from a link: {board} or {error} (one line). */
  board(id) {
    try {
      return { board: this.engine.parseGameId(id) };
    } catch (err) {
      return { error: firstLine(err) };
    }
  }

  /** The view for a route ({view, id?, index?}); resolves {node, replaceHash?}. */
  async render(route) {
    const e = this.engine;
    const s = this.store;
    if (route.id !== undefined && ['play', 'duel', 'edit'].includes(route.view)) {
      const got = this.board(route.id);
      if (got.error) {
        const banner = el('p', { class: 'notice bad', role: 'alert' },
          `That link's board could not be read (${got.error}). Here is today's daily instead.`);
        return { node: dailyView(e, s, { banner }), replaceHash: '#daily' };
      }
      if (route.view === 'play') return { node: this.sharedView(got.board) };
      if (route.view === 'duel') return { node: (await LAZY.duel())(e, s, { id: route.id, board: got.board }) };
      return { node: (await LAZY.edit())(e, { board: got.board }) };
    }
    switch (route.view) {
      case 'practice': return { node: (await LAZY.practice())(e, s, route.index ?? null) };
      case 'duel': return { node: (await LAZY.duel())(e, s) };
      case 'edit': return { node: (await LAZY.edit())(e) };
      case 'stats': return { node: (await LAZY.stats())(e, s) };
      default: return { node: dailyView(e, s) };
    }
  }

  sharedView(board) {
    const v = new PlayView(this.engine, board, {
      title: 'Shared board',
      subtitle: `${board.rows}×${board.cols} · ${board.shells.length} shells`,
      gameId: this.engine.formatGameId(board),
    });
    v.root.dataset.mode = 'shared';
    return v.root;
  }
}

/**
 * The shell's entry (js/app/registry.js): Matchless is the default puzzle, so
 * render receives the whole fragment and parses it with routes.js.
 */
export function mount({ store }) {
  const app = new MatchlessApp(engine, store);
  return {
    app,
    chrome: null, // the page's own header and footer are Matchless's
    async render(rest) {
      const route = parseRoute(rest);
      const out = await app.render(route);
      const view = out.replaceHash ? 'daily' : route.view;
      return { ...out, view: route.view, nav: view === 'play' ? '' : view };
    },
  };
}
