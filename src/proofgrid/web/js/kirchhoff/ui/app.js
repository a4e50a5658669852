// Kirchhoff in the browser: route -> view (after 2048's application.js), and
// mount, the entry the site shell calls (js/app/puzzles.js describes it). The
// shell hands mount the engine and its midend (js/app/midend.js: the game's
// record, hints and solutions asked of worker.js). The engine mirror builds
// every board in a worker, offline; a corrupted link
// never leaves a blank page (a friendly message, then the daily). Views other
// than play and the daily are loaded on first use.

import { keepOffline } from '../../app/offline.js';
import { el, firstLine, setPageTitle } from '../../app/ui.js';
import { Building, buildFailure } from './building.js';
import { kirchhoffDailyView } from './daily-view.js';
import { HOWTO } from './howto.js';
import { OPTIONS, migrateOldOptions, optionDefault } from './options.js';
import { PLAY_KEY, PRESET_LABELS, defineKirchhoffKeys, presetOfSize } from './records.js';
import { kirchhoffHash, parseKirchhoffRoute } from './routes.js';
import { KirchhoffGames, continueHref, continueLabel } from './saved.js';
import { useEngine } from './layout.js';
import { KirchhoffService } from './service.js';
import { KirchhoffPlayView } from './view.js';
import { replayResult } from './result-replay.js';
import { card } from './card.js';

export { card };

const LAZY = {
  edit: () => import('./editor.js').then((m) => m.kirchhoffEditorView),
  rules: () => import('./rules.js').then((m) => m.kirchhoffRulesView),
  stats: () => import('./stats-view.js').then((m) => m.kirchhoffStatsView),
  why: () => import('./why.js').then((m) => m.kirchhoffWhyView),
};

const TITLES = { edit: 'Kirchhoff editor', rules: 'How to play Kirchhoff', stats: 'Kirchhoff statistics', why: 'Why Kirchhoff works' };

/** The navigation and footer Kirchhoff shows in the site's header (the shell swaps them in). */
export const CHROME = {
  name: 'Kirchhoff',
  nav: [
    { href: '#kirchhoff/daily', view: 'daily', label: 'Daily' },
    { href: '#kirchhoff', view: 'play', label: 'Play' },
    { href: '#kirchhoff/edit', view: 'edit', label: 'Editor' },
    { href: '#kirchhoff/rules', view: 'rules', label: 'Rules' },
    { href: '#kirchhoff/stats', view: 'stats', label: 'Stats' },
    { href: '#kirchhoff/why', view: 'why', label: 'Why it works' },
  ],
  foot: 'Draw arrows so that every cell balances: a circled +n sends out n more than it takes in, a circled −n takes in n more, a plain number is how many arrows pass through, and every other cell gives out what it takes in. The game always knows whether your board can still be finished.',
};

export class KirchhoffApp {
  constructor(engine, store, midend) {
    this.engine = engine;
    this.midend = midend;
    this.store = store;
    defineKirchhoffKeys(store);
    migrateOldOptions(store);
    this.games = new KirchhoffGames(store, { grades: engine.GRADES });
    this.games.adoptOldSlot(store);
    this.service = new KirchhoffService(engine, midend);
    keepOffline('kirchhoff'); // every Kirchhoff file offline after this first visit (sw.js GROUPS)
  }

  /** The view for a Kirchhoff route ({view, id?, preset?}); resolves {node, replaceHash?}. */
  async render(route) {
    const e = this.engine;
    if (TITLES[route.view]) setPageTitle(TITLES[route.view]);
    switch (route.view) {
      case 'daily':
        return { node: kirchhoffDailyView(e, this.service, this.store, route.date !== undefined ? { dateISO: route.date } : {}) };
      case 'edit': {
        const editor = await LAZY.edit();
        if (route.id === undefined) return { node: editor(e, this.service) };
        const got = this.fixedBoard(route.id);
        if (got.error) return this.badLink(got.error);
        return { node: editor(e, this.service, { board: got.board }) };
      }
      case 'rules':
        return { node: (await LAZY.rules())() };
      case 'why':
        return { node: (await LAZY.why())() };
      case 'stats':
        return { node: (await LAZY.stats())(this.store) };
      default:
        return this.play(route);
    }
  }

  /** The preset of the Kirchhoff board on screen (the daily's included), else the last one played. */
  shownPreset() {
    const view = globalThis.document?.querySelector('#main .kirchhoff-play');
    return view?.dataset.preset || this.store.get(PLAY_KEY).preset;
  }

  /** Parse a fixed game ID (params:desc) on the page: {board} or {error}. */
  fixedBoard(id) {
    if (String(id).includes('#')) return { error: 'a generated (seeded) ID cannot be edited; play it first' };
    try {
      return { board: this.engine.parseGameId(id) };
    } catch (err) {
      return { error: firstLine(err) };
    }
  }

  badLink(error) {
    const banner = el('p', { class: 'notice bad', role: 'alert' },
      "That link's board could not be read — it may be damaged or cut short. Here is today's Kirchhoff instead.");
    banner.dataset.reason = error;
    return { node: kirchhoffDailyView(this.engine, this.service, this.store, { banner }), replaceHash: '#kirchhoff/daily' };
  }

  play(route) {
    if (route.id !== undefined) {
      const id = String(route.id);
      const hash = id.indexOf('#');
      if (hash > 0) return { node: this.build({ params: id.slice(0, hash), seed: id.slice(hash + 1) }) };
      const got = this.fixedBoard(id);
      if (got.error) return this.badLink(got.error);
      return { node: this.playView(this.engine.formatGameId(got.board), got.board, { origin: 'link' }) };
    }
    const preset = route.preset || this.store.get(PLAY_KEY).preset;
    this.store.update(PLAY_KEY, (d) => ({ ...d, preset }));
    if (!route.fresh) {
      const gid = this.games.lastUnfinished(preset);
      const got = gid ? this.fixedBoard(gid) : null;
      if (got && got.board) {
        history.replaceState(null, '', kirchhoffHash({ view: 'play', id: gid }));
        return { node: this.playView(gid, got.board, { origin: 'resumed' }) };
      }
    }
    return { node: this.build({ preset }) };
  }

  /** A new board from the worker (a preset, or params and seed), then its play view. */
  build(spec) {
    const title = spec.preset ? `Kirchhoff — ${PRESET_LABELS[spec.preset]}` : 'Kirchhoff';
    const host = new Building(title, 'kirchhoff-play');
    setPageTitle(title);
    this.service.cancelBuild();
    this.service.generate(spec, (p) => host.progress(p)).then(({ id, board, grade, ms }) => {
      if (!host.root.isConnected) return;
      // The tab's history entry remembers that this board is the player's own
      // new one and its grade, so a reload before the first mark still says so.
      history.replaceState({ [BUILT]: { gid: id, grade: gradeName(grade, this.engine.GRADES) } }, '', kirchhoffHash({ view: 'play', id }));
      const node = this.playView(id, board, { grade, origin: 'built' });
      node.dataset.generateMs = Number(ms).toFixed(1);
      node.dataset.progressUpdates = host.root.dataset.progress;
      host.done(node);
    }, (err) => {
      if (!host.root.isConnected) return;
      host.fail(buildFailure(firstLine(err), this.engine),
        el('a', { class: 'button-link', href: kirchhoffHash({ view: 'play', preset: spec.preset || 'easy', fresh: true }) }, 'Try a new one'));
    });
    return host.root;
  }

  /**
   * The play view of a fixed board `gid` (canonical params:desc), restoring
   * its saved game; every change is saved under `gid` (origin: 'built' a new
   * board, 'resumed' the last unfinished game of a preset, 'link' an ID in the URL).
   */
  playView(gid, board, { grade = null, origin = 'link' } = {}) {
    const saved = this.games.load(gid);
    const built = builtOfTab(gid, this.engine.GRADES);
    if (origin === 'link' && built) origin = 'built'; // this tab made it: a reload, not a shared link
    const known = gradeName(grade, this.engine.GRADES) || saved?.grade || built?.grade || null;
    const preset = presetOfSize(board.rows, board.cols);
    const label = PRESET_LABELS[preset] || `${board.rows}×${board.cols}`;
    const daily = Boolean(saved && saved.daily);
    const view = new KirchhoffPlayView(this.engine, this.service, this.store, board, {
      mode: 'play',
      title: `Kirchhoff — ${label}`,
      subtitle: known ? `Grade: ${known}` : `${board.rows}×${board.cols}`,
      gameId: gid,
      game: this.midend.open({ gid, board, record: { hints: saved?.hints, revealed: saved?.revealed } }),
      preset,
      timePreset: origin !== 'link' || saved ? preset : null,
      saved,
      onChange: (s) => this.games.save(gid, {
        ...s, ...(saved?.date ? { date: saved.date } : {}), ...(known ? { grade: known } : {}),
      }, { finished: s.won, daily }),
    });
    view.root.dataset.mode = origin === 'link' ? 'kirchhoff-shared' : 'kirchhoff-play';
    view.root.dataset.origin = origin;
    return view.root;
  }
}

// The history entry's mark of a board this tab built: {gid, grade}.
const BUILT = 'kirchhoffBuilt';

/** 'easy' | 'medium' | 'hard' of a grade (a name or the grader's report), or null. */
function gradeName(grade, grades) {
  const g = grade && typeof grade === 'object' ? grade.grade : grade;
  return grades.includes(g) ? g : null;
}

/** {gid, grade} when the tab's current history entry is the board `gid` this tab built, else null. */
function builtOfTab(gid, grades) {
  const b = history.state?.[BUILT];
  return b && b.gid === gid ? { gid, grade: gradeName(b.grade, grades) } : null;
}

/**
 * The shell's entry (js/app/puzzles.js): render receives the fragment after
 * "kirchhoff/"; `engine` and `midend` are the shell's (the registry row's).
 */
export function mount({ store, engine, midend }) {
  useEngine(engine); // the board helpers every view draws with (layout.js), from the engine handed in
  const app = new KirchhoffApp(engine, store, midend);
  return {
    app,
    chrome: CHROME,
    fallback: 'daily',
    card,
    howto: HOWTO,
    // Read when the settings panel opens: each option's default is the one the
    // board on screen plays with ("Mark obvious empties" is on by default on every preset).
    get settings() {
      const preset = app.shownPreset();
      return OPTIONS.map((o) => ({ key: o.key, label: o.label, help: o.help, default: optionDefault(o.key, preset) }));
    },
    replayResult: (result) => replayResult(engine, midend, result), // #result/<code> (js/app/result-view.js): a promise
    continueHref,
    continueLabel,
    async render(rest) {
      const route = parseKirchhoffRoute(rest);
      const out = await app.render(route);
      return { ...out, view: route.view, nav: out.replaceHash ? 'daily' : route.view };
    },
  };
}
