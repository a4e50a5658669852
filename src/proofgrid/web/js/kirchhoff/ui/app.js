// Kirchhoff in the browser: route -> view (after 2048's application.js), and
// mount, the entry the site shell calls (js/app/registry.js describes it). The
// engine mirror builds every board in a worker, offline; a corrupted link
// never leaves a blank page (a friendly message, then the daily). Views other
// than play and the daily are loaded on first use.

import { keepOffline } from '../../app/offline.js';
import { el } from '../../app/ui.js';
import * as engine from '../engine/index.js';
import { Building } from './building.js';
import { kirchhoffDailyView } from './daily-view.js';
import { PLAY_KEY, PRESET_LABELS, defineKirchhoffKeys, presetOfSize } from './records.js';
import { kirchhoffHash, parseKirchhoffRoute } from './routes.js';
import { KirchhoffService } from './service.js';
import { KirchhoffPlayView } from './view.js';

const LAZY = {
  edit: () => import('./editor.js').then((m) => m.kirchhoffEditorView),
  rules: () => import('./rules.js').then((m) => m.kirchhoffRulesView),
  stats: () => import('./stats-view.js').then((m) => m.kirchhoffStatsView),
};

function firstLine(err) {
  return String((err && err.message) || err).split('\n')[0].slice(0, 160);
}

/** The navigation and footer Kirchhoff shows in the site's header (the shell swaps them in). */
export const CHROME = {
  name: 'Kirchhoff',
  nav: [
    { href: '#kirchhoff/daily', view: 'daily', label: 'Daily' },
    { href: '#kirchhoff', view: 'play', label: 'Play' },
    { href: '#kirchhoff/edit', view: 'edit', label: 'Editor' },
    { href: '#kirchhoff/rules', view: 'rules', label: 'Rules' },
    { href: '#kirchhoff/stats', view: 'stats', label: 'Stats' },
    { href: '#daily', view: 'matchless', label: 'Matchless' },
  ],
  foot: 'Draw arrows so that flow is conserved: a circled +n sends out n more than it takes in, a circled −n takes in n more, a plain number is how many arrows pass through, and every other cell gives out what it takes in. The game always knows whether your position can still be completed.',
};

export class KirchhoffApp {
  constructor(engine, store) {
    this.engine = engine;
    this.store = store;
    defineKirchhoffKeys(store);
    this.service = new KirchhoffService(engine);
    keepOffline('kirchhoff'); // every Kirchhoff file offline after this first visit (sw.js GROUPS)
  }

  /** The view for a Kirchhoff route ({view, id?, preset?}); resolves {node, replaceHash?}. */
  async render(route) {
    const e = this.engine;
    switch (route.view) {
      case 'daily':
        return { node: kirchhoffDailyView(e, this.service, this.store) };
      case 'edit': {
        const editor = await LAZY.edit();
        if (route.id === undefined) return { node: editor(e, this.service) };
        const got = this.fixedBoard(route.id);
        if (got.error) return this.badLink(got.error);
        return { node: editor(e, this.service, { board: got.board }) };
      }
      case 'rules':
        return { node: (await LAZY.rules())() };
      case 'stats':
        return { node: (await LAZY.stats())(this.store) };
      default:
        return this.play(route);
    }
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
      `That link's board could not be read (${error}). Here is today's Kirchhoff instead.`);
    return { node: kirchhoffDailyView(this.engine, this.service, this.store, { banner }), replaceHash: '#kirchhoff/daily' };
  }

  play(route) {
    if (route.id !== undefined) {
      const id = String(route.id);
      const hash = id.indexOf('#');
      if (hash > 0) return { node: this.build({ params: id.slice(0, hash), seed: id.slice(hash + 1) }) };
      const got = this.fixedBoard(id);
      if (got.error) return this.badLink(got.error);
      return { node: this.playView(id, got.board) };
    }
    const preset = route.preset || this.store.get(PLAY_KEY).preset;
    return { node: this.build({ preset }) };
  }

  /** A new board from the worker (a preset, or params and seed), then its play view. */
  build(spec) {
    const title = spec.preset ? `Kirchhoff — ${PRESET_LABELS[spec.preset]}` : 'Kirchhoff';
    const host = new Building(title, 'kirchhoff-play');
    if (spec.preset) this.store.update(PLAY_KEY, (d) => ({ ...d, preset: spec.preset }));
    this.service.cancelBuild();
    this.service.generate(spec, (p) => host.progress(p)).then(({ id, board, grade, ms }) => {
      if (!host.root.isConnected) return;
      this.store.update(PLAY_KEY, (d) => ({ ...d, current: { id, marks: '' } }));
      history.replaceState(null, '', kirchhoffHash({ view: 'play', id }));
      const node = this.playView(id, board, { grade });
      node.dataset.generateMs = Number(ms).toFixed(1);
      node.dataset.progressUpdates = host.root.dataset.progress;
      host.done(node);
    }, (err) => {
      if (!host.root.isConnected) return;
      host.fail(`The board could not be built (${firstLine(err)}).`,
        el('a', { class: 'button-link', href: kirchhoffHash({ view: 'play', preset: spec.preset || 'easy' }) }, 'Try a new one'));
    });
    return host.root;
  }

  /** The play view of a fixed board; restores the saved game when it is the one in progress. */
  playView(id, board, { grade = null } = {}) {
    const saved = this.store.get(PLAY_KEY);
    const mine = saved.current && saved.current.id === id;
    const preset = presetOfSize(board.rows, board.cols);
    const label = PRESET_LABELS[preset];
    const view = new KirchhoffPlayView(this.engine, this.service, this.store, board, {
      mode: 'play',
      title: mine ? `Kirchhoff — ${label || `${board.rows}×${board.cols}`}` : 'Shared board',
      subtitle: grade ? `grade: ${typeof grade === 'object' ? grade.grade || '' : grade}` : `${board.rows}×${board.cols}`,
      gameId: id,
      preset,
      timePreset: mine ? preset : null,
      saved: mine ? { marks: saved.current.marks } : null,
      onChange: mine ? (s) => this.store.update(PLAY_KEY, (d) => ({ ...d, current: { id, marks: s.marks } })) : null,
    });
    view.root.dataset.mode = mine ? 'kirchhoff-play' : 'kirchhoff-shared';
    return view.root;
  }
}

/** The shell's entry (js/app/registry.js): render receives the fragment after "kirchhoff/". */
export function mount({ store }) {
  const app = new KirchhoffApp(engine, store);
  return {
    app,
    chrome: CHROME,
    async render(rest) {
      const route = parseKirchhoffRoute(rest);
      const out = await app.render(route);
      return { ...out, view: route.view, nav: out.replaceHash ? 'daily' : route.view };
    },
  };
}
