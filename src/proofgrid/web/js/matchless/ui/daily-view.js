// Daily mode: the same board for everyone on a calendar date (built offline by
// the engine), a puzzle number, a streak by calendar date, stats and a
// spoiler-free share card. The first finish of the day is its one result (the
// panel and the card agree); the X-ray asks once before showing the answer and
// is recorded with the result. The game in progress is a saved game (today's
// daily only; older ones are dropped). A past day's daily (#daily/YYYY-MM-DD,
// the archive) is the same board the CLI and API give for that date, saved
// under its own game ID; its result goes to the archive's records, so it never
// changes the streak (today's daily is the one that counts).

import { el, setPageTitle } from '../../app/ui.js';
import { HELP_RULE, helped } from '../../app/record.js';
import { localISO } from '../../app/dates.js';
import { dailyGate, nextDailyCountdown } from '../../app/daily-date.js';
import { confirmDailyHint } from '../../app/dialogs.js';
import { LAUNCH } from '../../core/dates.js';
import { ARCHIVE_KEY, ARCHIVE_SCHEMA } from './card.js';
import { shareBlock } from '../../app/share-view.js';
import { ask } from './confirm.js';
import { dailyStats, recordDaily, replayVerdict, resultWords, shareCard } from './daily-result.js';
import { PlayView } from './play-view.js';
import { DAILY_KEY } from './records.js';
import { dropOldDailies, loadState, savedGames, saveState } from './saved.js';
import { statsPanel } from './daily-panel.js';
import { build } from './build.js';

const XRAY_QUESTION = {
  title: 'Show the X-ray?',
  text: "The X-ray shows the exact answer. Today's result will say “X-ray used” on the share card, and it will not count as at par in your stats. Your streak goes on.",
  yes: 'Show the X-ray',
  no: 'Not now',
};

/**
 * The rule for help, said under a result it touches (js/app/record.js
 * HELP_RULE): null when the kept result had no help.
 */
function helpNote(first, rec) {
  return helped(rec) || first.hints || first.xray ? el('p', { class: 'muted help-rule' }, HELP_RULE) : null;
}

/** The "Check it" line of a share card: the game's result link (its moves, hints and X-ray). */
function checkLine(game, engine, board, moves) {
  const link = game.resultLink(moves.map((sh) => engine.moveName(board, sh)));
  return `Check it (shows my moves): ${location.origin}${location.pathname}${link}`;
}

export async function dailyView(engine, store, { banner = null, dateISO = localISO(), midend } = {}) {
  const today = localISO();
  if (dateISO !== today) {
    const gate = dailyGate(dateISO, { launch: LAUNCH, title: 'Daily Matchless', todayHref: '#daily', today });
    if (gate) return gate;
    return archiveDailyView(engine, store, dateISO, midend);
  }
  const { number, board, id } = await build(engine, midend, 'daily', { date: dateISO });
  const games = savedGames(store);
  dropOldDailies(games, id);
  const legacy = store.get(DAILY_KEY);
  let restored = loadState(games, id);
  if (restored.preset === null && legacy.current && legacy.current.date === dateISO) {
    restored = { ...restored, moves: legacy.current.moves.slice() }; // saved before games were kept by ID
    saveState(games, id, { preset: 'daily', moves: restored.moves, daily: true, date: dateISO });
  }
  if (legacy.current) store.update(DAILY_KEY, (d) => ({ ...d, current: null })); // now a saved game
  const already = legacy.records[dateISO];
  const notice = already
    ? el('p', { class: 'notice' },
      `You finished today's daily with ${resultWords(already)}. Play again for fun — your first result is the one that counts.`)
    : null;
  const bannerBox = banner || notice ? el('div', { class: 'banners' }, banner, notice) : null;
  const save = (view) => saveState(games, id, {
    preset: 'daily', moves: view.manager.snapshot.moves, xray: view.xrayUsed, hints: view.hintsUsed, finished: view.manager.won, daily: true, date: dateISO,
  });
  const recorded = () => store.get(DAILY_KEY).records[dateISO];
  const game = midend.open({ gid: id, board, record: { date: dateISO, number, xray: restored.xray, hints: restored.hints } });
  const view = new PlayView(engine, board, {
    title: `Daily #${number}`,
    subtitle: dateISO,
    gameId: id,
    game,
    banner: bannerBox,
    moves: restored.moves,
    // Asked only while today's result is still open: after it, the X-ray changes nothing.
    confirmXray: (v) => (recorded() ? Promise.resolve(true) : ask(v.root, XRAY_QUESTION)),
    confirmHint: (v) => (recorded() ? Promise.resolve(true) : confirmDailyHint(v.root)),
    onXray: (v) => save(v),
    onHint: (n, v) => save(v),
    onMove: (moves, v) => save(v),
    verdict: ({ score, par }, v) => {
      const first = recorded();
      if (first) return replayVerdict(first, { score, par, xray: v.xrayUsed });
      return v.hintsUsed ? `${resultWords({ score, par, hints: v.hintsUsed })}.` : null;
    },
    onWin: (_, v) => {
      const rec = game.record; // the midend's record of this finish: moves, par, hints, X-ray
      const data = store.update(DAILY_KEY, (d) => ({
        ...d,
        current: null,
        records: recordDaily(d.records, dateISO, { number, score: rec.moves, par: rec.par, xray: rec.xray, hints: rec.hints }),
      }));
      const first = data.records[dateISO];
      const stats = dailyStats(data.records, localISO());
      const text = shareCard({
        number, score: first.score, par: first.par, xray: Boolean(first.xray), hints: first.hints || 0, streak: stats.current,
        url: `${location.origin}${location.pathname}`,
      });
      // The result link (js/core/result.js) replays this finish anywhere; it shows the moves.
      const card = `${text}\n${checkLine(game, engine, board, v.manager.snapshot.moves)}`;
      return el('div', { class: 'daily-result' },
        el('p', { class: 'streak' }, `🔥 Streak ${stats.current} · best ${stats.best}`),
        ...shareBlock(card), helpNote(first, rec), statsPanel(stats),
        nextDailyCountdown(),
        el('p', {}, el('a', { href: '#play', class: 'button-link' }, 'Play a random board')));
    },
  });
  setPageTitle(`Daily #${number}`);
  view.root.dataset.mode = 'daily';
  view.root.dataset.puzzle = String(number);
  return view.root;
}

/**
 * A past day's daily, from the archive: that date's board (the worker's daily, the
 * CLI's and the API's board of the date), saved under its own game ID; the
 * first finish is kept in the archive's records (or the day's own result, if
 * it was played on the day), and neither the streak nor today's daily changes.
 */
async function archiveDailyView(engine, store, dateISO, midend) {
  store.define(ARCHIVE_KEY, ARCHIVE_SCHEMA);
  const { number, board, id } = await build(engine, midend, 'daily', { date: dateISO });
  const games = savedGames(store);
  const restored = loadState(games, id);
  const kept = () => store.get(DAILY_KEY).records[dateISO] || store.get(ARCHIVE_KEY).records[dateISO];
  const first = kept();
  const banner = el('div', { class: 'banners' },
    el('p', { class: 'notice' }, `The daily of ${dateISO}, from the archive. Playing it never changes your streak.`),
    first ? el('p', { class: 'notice' }, `You finished this daily with ${resultWords(first)}; your first result is the one the archive keeps.`) : null);
  const save = (view) => saveState(games, id, {
    preset: 'archive', moves: view.manager.snapshot.moves, xray: view.xrayUsed, hints: view.hintsUsed, finished: view.manager.won, date: dateISO,
  });
  const game = midend.open({ gid: id, board, record: { date: dateISO, number, xray: restored.xray, hints: restored.hints } });
  const view = new PlayView(engine, board, {
    title: `Daily #${number}`,
    subtitle: `${dateISO} · archive`,
    gameId: id,
    game,
    banner,
    moves: restored.moves,
    confirmXray: (v) => (kept() ? Promise.resolve(true) : ask(v.root, XRAY_QUESTION)),
    confirmHint: (v) => (kept() ? Promise.resolve(true) : confirmDailyHint(v.root)),
    onXray: (v) => save(v),
    onHint: (n, v) => save(v),
    onMove: (moves, v) => save(v),
    verdict: ({ score, par }, v) => {
      const r = kept();
      if (r) return replayVerdict(r, { score, par, xray: v.xrayUsed });
      return v.hintsUsed ? `${resultWords({ score, par, hints: v.hintsUsed })}.` : null;
    },
    onWin: (_, v) => {
      const rec = game.record;
      if (!kept()) {
        store.update(ARCHIVE_KEY, (d) => ({
          ...d, records: recordDaily(d.records, dateISO, { number, score: rec.moves, par: rec.par, xray: rec.xray, hints: rec.hints }),
        }));
      }
      const first = kept();
      // The card of a past day names its date and no streak: playing it changed none.
      const text = shareCard({
        number, score: first.score, par: first.par, xray: Boolean(first.xray), hints: first.hints || 0, streak: null,
        date: dateISO, url: `${location.origin}${location.pathname}#daily/${dateISO}`,
      });
      const card = `${text}\n${checkLine(game, engine, board, v.manager.snapshot.moves)}`;
      return el('div', { class: 'daily-result' },
        el('p', {}, `Daily #${number} of ${dateISO}: ${resultWords(first)}. Your streak is unchanged.`),
        ...shareBlock(card), helpNote(first, rec),
        el('p', { class: 'controls' },
          el('a', { href: '#archive', class: 'button-link' }, 'Back to the archive'),
          el('a', { href: '#daily', class: 'button-link primary' }, "Today's daily")));
    },
  });
  setPageTitle(`Daily #${number}`);
  view.root.dataset.mode = 'daily-archive';
  view.root.dataset.puzzle = String(number);
  view.root.dataset.date = dateISO;
  return view.root;
}
