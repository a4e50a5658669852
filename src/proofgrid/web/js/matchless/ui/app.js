// Matchless in the browser: route -> view, and mount, the entry the site
// shell calls (js/app/puzzles.js describes it). The shell hands mount the
// engine and its midend (js/app/midend.js: the game's record, the answers in
// the worker, worker.js); the engine builds every board here, offline; a damaged link never leaves a blank page (a plain sentence,
// then today's daily). Every board a player touches is a saved game under its
// game ID (saved.js); #play without an ID resumes the last unfinished random
// board, and only "New puzzle" starts another. Views other than the daily are
// loaded on first use (the service worker has them all cached after one visit).

import { el, randomSeed } from '../../app/ui.js';
import { encodeId } from '../../app/router.js';
import { build, boardOfId } from './build.js';
import { dailyView } from './daily-view.js';
import { HOWTO, MODE_FOOT } from './howto.js';
import { PlayView } from './play-view.js';
import { card } from './card.js';
import { defineMatchlessKeys } from './records.js';
import { parseRoute } from './routes.js';
import {
  PRESET_LABELS, RANDOM_PRESETS, continueHref, continueLabel, loadState, savedGames, saveState,
} from './saved.js';
import { replayResult } from './result-replay.js';
import { OPTIONS, useStore } from './options.js';

const LAZY = {
  duel: () => import('./duel-view.js').then((m) => m.duelView),
  edit: () => import('./editor-view.js').then((m) => m.editorView),
  practice: () => import('./practice-view.js').then((m) => m.practiceView),
  stats: () => import('./stats-view.js').then((m) => m.statsView),
  why: () => import('./why-view.js').then((m) => m.whyView),
};

export { card };

/** The navigation and footer Matchless shows in the site's header and footer (the shell swaps them in). */
export const CHROME = Object.freeze({
  name: 'Matchless',
  nav: [
    { href: '#daily', view: 'daily', label: 'Daily' },
    { href: '#practice', view: 'practice', label: 'Practice' },
    { href: '#duel', view: 'duel', label: 'Duel' },
    { href: '#edit', view: 'edit', label: 'Editor' },
    { href: '#stats', view: 'stats', label: 'Stats' },
    { href: '#why', view: 'why', label: 'Why it works' },
  ],
  foot: [
    'Strike a shell to light it and every shell its fuses reach. Clear the sky in as few matches as you can. Par is not a guess: it is proved, and the X-ray shows why.',
    'Keyboard: arrow keys move, Enter or Space strikes, Ctrl+Z undoes, Ctrl+Y redoes, X toggles the X-ray.',
  ],
});

export const DAMAGED_LINK = "This link is damaged — here is today's board instead.";

export class MatchlessApp {
  constructor(engine, store, midend) {
    this.engine = engine;
    this.store = store;
    this.midend = midend;
    this.games = savedGames(store);
    defineMatchlessKeys(store);
  }

  /** Parse a game ID from a link: {board} or {error} (the engine's reason, kept off the page). */
  async board(id) {
    try {
      return { board: await boardOfId(this.engine, this.midend, id) };
    } catch (err) {
      return { error: String((err && err.message) || err) };
    }
  }

  /** The view for a route ({view, id?, index?}); resolves {node, replaceHash?}. */
  async render(route) {
    const e = this.engine;
    const s = this.store;
    if (route.id !== undefined && ['play', 'duel', 'edit'].includes(route.view)) {
      const got = await this.board(route.id);
      if (got.error) {
        const banner = el('p', { class: 'notice bad', role: 'alert', dataset: { reason: got.error } }, DAMAGED_LINK);
        return { node: await dailyView(e, s, { banner, midend: this.midend }), replaceHash: '#daily' };
      }
      if (route.view === 'play') return { node: this.boardView(got.board) };
      if (route.view === 'duel' && route.post !== undefined) {
        return { node: (await import('./duel-post.js')).postDuelView(e, s, { id: route.id, board: got.board, post: route.post }) };
      }
      if (route.view === 'duel') return { node: (await LAZY.duel())(e, s, { id: route.id, board: got.board, midend: this.midend }) };
      return { node: (await LAZY.edit())(e, { board: got.board, midend: this.midend }) };
    }
    switch (route.view) {
      case 'play': return this.resume();
      case 'practice': return { node: (await LAZY.practice())(e, s, route.index ?? null, this.midend) };
      case 'duel': return { node: (await LAZY.duel())(e, s, { midend: this.midend }) };
      case 'edit': return { node: (await LAZY.edit())(e, { midend: this.midend }) };
      case 'stats': return { node: (await LAZY.stats())(e, s) };
      case 'why': return { node: (await LAZY.why())(e) };
      default: return { node: await dailyView(e, s, route.date !== undefined ? { dateISO: route.date, midend: this.midend } : { midend: this.midend }) };
    }
  }

  /** #play: the newest unfinished random board, else a new one of the standard size. */
  async resume() {
    const last = this.games.list().find((g) => !g.finished && !g.daily && RANDOM_PRESETS.includes(g.preset));
    const got = last ? await this.board(last.gid) : null;
    const board = got && got.board ? got.board : await this.newBoard('default');
    const gid = this.engine.formatGameId(board);
    return { node: this.boardView(board, last ? last.preset : 'default'), replaceHash: `#play/${encodeId(gid)}` };
  }

  /** A new random board of the preset's size, by the default generator (v2, fitted to the seed). */
  async newBoard(preset) {
    const { rows, cols } = this.engine.PRESETS[preset] || this.engine.PRESETS.default;
    return (await build(this.engine, this.midend, 'generate', { rows, cols, seed: randomSeed() })).board;
  }

  /** "New puzzle": the only way a new random board starts. */
  newPuzzleControls(current) {
    const pick = el('select', { class: 'preset-pick', 'aria-label': 'Size of the new puzzle' },
      ...RANDOM_PRESETS.map((p) => el('option', { value: p, selected: p === current }, PRESET_LABELS[p])));
    const go = el('button', {
      type: 'button',
      class: 'new-puzzle',
      onclick: async () => {
        const preset = pick.value;
        go.disabled = true;
        go.setAttribute('aria-busy', 'true');
        let board;
        try {
          board = await this.newBoard(preset);
        } finally {
          go.disabled = false;
          go.removeAttribute('aria-busy');
        }
        this.pendingPreset = { gid: this.engine.formatGameId(board), preset };
        rememberPending(this.pendingPreset);
        location.hash = `#play/${encodeId(this.pendingPreset.gid)}`;
      },
    }, 'New puzzle');
    return [pick, go];
  }

  /** A board from #play/ID (a link, the editor, a random board): saved under its ID once touched. */
  boardView(board, presetHint = null) {
    const gid = this.engine.formatGameId(board);
    const saved = loadState(this.games, gid);
    const pending = this.pendingPreset || pendingOfTab();
    const fresh = pending && pending.gid === gid ? pending.preset : null;
    const preset = saved.preset || fresh || presetHint || 'shared';
    const random = RANDOM_PRESETS.includes(preset);
    const size = `${board.rows}×${board.cols}`;
    const save = (view) => saveState(this.games, gid, {
      preset, moves: view.manager.snapshot.moves, xray: view.xrayUsed, hints: view.hintsUsed, finished: view.manager.won,
    });
    const v = new PlayView(this.engine, board, {
      title: random ? `${size} puzzle` : 'Shared board',
      subtitle: `${size} · ${board.shells.length} shells`,
      gameId: gid,
      game: this.midend.open({ gid, board, record: { xray: saved.xray, hints: saved.hints } }),
      moves: saved.moves,
      controls: this.newPuzzleControls(random ? preset : 'default'),
      onMove: (moves, view) => save(view),
      onXray: save,
      onHint: (n, view) => save(view),
    });
    v.root.dataset.mode = random ? 'random' : 'shared';
    return v.root;
  }
}

/**
 * The shell's entry (js/app/puzzles.js): Matchless is the default puzzle, so
 * render receives the whole fragment and parses it with routes.js. `engine`
 * and `midend` are the shell's (the registry row's engine and worker).
 */
export function mount({ store, engine, midend }) {
  useStore(store);
  const app = new MatchlessApp(engine, store, midend);
  return {
    app,
    chrome: CHROME,
    fallback: 'daily',
    card,
    howto: HOWTO,
    settings: OPTIONS,
    replayResult: (result) => replayResult(engine, midend, result), // #result/<code> (js/app/result-view.js): a promise
    continueHref: (gid, record) => continueHref(gid, record, engine.PRACTICE),
    continueLabel: (gid, record) => continueLabel(gid, record, engine.PRACTICE),
    async render(rest) {
      const route = parseRoute(rest);
      const out = await app.render(route);
      const view = out.replaceHash === '#daily' ? 'daily' : route.view;
      if (route.date !== undefined) return { ...out, view: 'daily', nav: 'daily' };
      // Duel and the editor have their own words in the footer, not the solo game's.
      const foot = view === 'duel' || view === 'edit' ? MODE_FOOT[view] : null;
      return { ...out, view: route.view, nav: view === 'play' ? '' : view, foot };
    },
  };
}

// The random board this tab last made, kept for the tab's life (sessionStorage)
// so a reload before the first move still knows it is the player's own board
// of that preset, not a shared one.
const PENDING_KEY = 'proofgrid.matchless.pending';

function rememberPending(p) {
  try { sessionStorage.setItem(PENDING_KEY, JSON.stringify(p)); } catch { /* storage refused: the title falls back */ }
}

function pendingOfTab() {
  try {
    const p = JSON.parse(sessionStorage.getItem(PENDING_KEY) || 'null');
    return p && typeof p.gid === 'string' && typeof p.preset === 'string' ? p : null;
  } catch {
    return null;
  }
}
