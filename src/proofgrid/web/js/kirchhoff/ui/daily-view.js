// Daily Kirchhoff: the same board for everyone on a calendar date (built
// offline by the engine, in the worker), a puzzle number, its own streak by
// calendar date (the shared js/app/streak.js), stats, and a spoiler-free
// share card (js/app/share.js, drawn by js/app/share-view.js). The first
// finished game of a date counts; a shown solution ends the day without a
// result. A past day's daily (#kirchhoff/daily/YYYY-MM-DD, the archive) is the
// board the CLI and API give for that date, saved under its own game ID, with
// its result kept in the archive's records: it never changes the streak.

import { button, el, firstLine, setPageTitle } from '../../app/ui.js';
import { localISO } from '../../app/dates.js';
import { HELP_RULE } from '../../app/record.js';
import { dailyGate, nextDailyCountdown } from '../../app/daily-date.js';
import { confirmDailyHint } from '../../app/dialogs.js';
import { LAUNCH } from '../../core/dates.js';
import { ARCHIVE_KEY, ARCHIVE_SCHEMA } from './card.js';
import { shareBlock } from '../../app/share-view.js';
import { Building } from './building.js';
import { kirchhoffShareText, recordDaily, summarizeDaily } from './daily-stats.js';
import { DAILY_KEY } from './records.js';
import { KirchhoffGames } from './saved.js';
import { dailyStatsPanel } from './stats-view.js';
import { KirchhoffPlayView } from './view.js';

/** The daily view: a placeholder now, the board when the worker has built it. */
export function kirchhoffDailyView(engine, service, store, { banner = null, dateISO = localISO() } = {}) {
  const today = localISO();
  if (dateISO !== today) {
    const gate = dailyGate(dateISO, { launch: LAUNCH, title: 'Daily Kirchhoff', todayHref: '#kirchhoff/daily', today });
    if (gate) return gate;
    return archiveDailyView(engine, service, store, dateISO);
  }
  const host = new Building('Daily Kirchhoff', 'kirchhoff-daily');
  setPageTitle('Daily Kirchhoff');
  const games = new KirchhoffGames(store, { grades: engine.GRADES });
  service.cancelBuild();
  service.daily(dateISO, (p) => host.progress(p)).then(({ id, number, board }) => {
    if (!host.root.isConnected) return;
    const saved = store.get(DAILY_KEY);
    const current = saved.current && saved.current.date === dateISO ? saved.current : null;
    const already = saved.records[dateISO];
    const notice = already
      ? el('p', { class: 'notice' },
        `You finished today's Kirchhoff with ${already.hints} ${already.hints === 1 ? 'hint' : 'hints'}. Play again for fun — your first result is the one that counts.`)
      : null;
    const banners = banner || notice ? el('div', { class: 'banners' }, banner, notice) : null;
    const game = service.midend.open({
      gid: id, board, record: { date: dateISO, number, hints: current?.hints, revealed: current?.revealed },
    });
    const view = new KirchhoffPlayView(engine, service, store, board, {
      mode: 'daily',
      title: `Daily Kirchhoff #${number}`,
      subtitle: dateISO,
      gameId: id,
      game,
      preset: 'hard',
      timePreset: 'hard',
      banner: banners,
      saved: current,
      confirmHint: (v) => (store.get(DAILY_KEY).records[dateISO] ? Promise.resolve(true) : confirmDailyHint(v.root)),
      onChange: (s) => {
        const current = { date: dateISO, marks: s.marks, hints: Math.min(s.hints, 1e6), ms: s.ms, revealed: s.revealed, alarm: s.alarm, crossedByGame: s.crossedByGame };
        store.update(DAILY_KEY, (d) => ({ ...d, current }));
        games.save(id, current, { finished: s.won, daily: true });
      },
      onWin: ({ hints, ms, revealed, alarm }) => {
        if (revealed) {
          return el('div', {},
            el('p', { class: 'muted' }, "The solution was shown, so today's daily has no result."),
            nextDailyCountdown());
        }
        const data = store.update(DAILY_KEY, (d) => ({ ...d, records: recordDaily(d.records, dateISO, { number, hints, ms, alarm }) }));
        const first = data.records[dateISO];
        const stats = summarizeDaily(data.records, localISO());
        const text = kirchhoffShareText({
          number, hints: first.hints, ms: first.ms, alarm: first.alarm, streak: stats.current,
          url: `${location.origin}${location.pathname}#kirchhoff/daily`,
        });
        const card = withResultLink(text, engine, board, game);
        return el('div', { class: 'daily-result' },
          el('p', { class: 'streak' }, `🔥 Streak ${stats.current} · best ${stats.best}`),
          ...shareBlock(card), helpNote(first), dailyStatsPanel(stats),
          nextDailyCountdown());
      },
    });
    view.root.dataset.mode = 'kirchhoff-daily';
    view.root.dataset.puzzle = String(number);
    view.root.dataset.date = dateISO;
    host.done(view.root);
  }, (err) => {
    if (!host.root.isConnected) return;
    host.fail(`Today's board could not be built (${firstLine(err)}).`,
      button('Try again', () => location.reload(), { class: 'retry' }));
  });
  return host.root;
}

/**
 * The share card `text` with the game's result link (the midend's Game: its
 * present position's arrows and the record's hints, js/core/result.js), which
 * replays the arrows on the board anywhere (it shows the solution); the card
 * alone when the game has no arrow. The game, not the view, is read: a
 * finished daily opened again finishes while its view is still being built.
 */
function withResultLink(text, engine, board, game) {
  const marks = game.history ? [...game.history.present.marks] : [];
  const arrows = marks.flatMap((m, e) => (m === 1 || m === 2 ? [engine.formatMove(board, e, m)] : []));
  return arrows.length ? `${text}\nCheck it (shows my arrows): ${location.origin}${location.pathname}${game.resultLink(arrows)}` : text;
}

/** The rule for help (js/app/record.js), said under a kept result that had hints; else null. */
function helpNote(first) {
  return first.hints ? el('p', { class: 'muted help-rule' }, HELP_RULE) : null;
}

/**
 * A past day's Daily Kirchhoff, from the archive: that date's board (built in
 * the worker, like today's), saved under its own game ID; the first finish
 * goes to the archive's records unless the day has its own result, and
 * neither the streak nor today's game in progress changes.
 */
function archiveDailyView(engine, service, store, dateISO) {
  store.define(ARCHIVE_KEY, ARCHIVE_SCHEMA);
  const host = new Building('Daily Kirchhoff', 'kirchhoff-daily-archive');
  setPageTitle('Daily Kirchhoff');
  const games = new KirchhoffGames(store, { grades: engine.GRADES });
  service.cancelBuild();
  service.daily(dateISO, (p) => host.progress(p)).then(({ id, number, board }) => {
    if (!host.root.isConnected) return;
    const kept = () => store.get(DAILY_KEY).records[dateISO] || store.get(ARCHIVE_KEY).records[dateISO];
    const first = kept();
    const hintWords = (n) => `${n} ${n === 1 ? 'hint' : 'hints'}`;
    const banners = el('div', { class: 'banners' },
      el('p', { class: 'notice' }, `The daily of ${dateISO}, from the archive. Playing it never changes your streak.`),
      first ? el('p', { class: 'notice' }, `You finished this daily with ${hintWords(first.hints)}; your first result is the one the archive keeps.`) : null);
    const saved = games.load(id);
    const restored = saved && !saved.finished ? saved : null;
    const game = service.midend.open({
      gid: id, board, record: { date: dateISO, number, hints: restored?.hints, revealed: restored?.revealed },
    });
    const view = new KirchhoffPlayView(engine, service, store, board, {
      mode: 'daily',
      title: `Daily Kirchhoff #${number}`,
      subtitle: `${dateISO} · archive`,
      gameId: id,
      game,
      preset: 'hard',
      timePreset: 'hard',
      banner: banners,
      saved: restored,
      confirmHint: (v) => (kept() ? Promise.resolve(true) : confirmDailyHint(v.root)),
      onChange: (s) => {
        const state = { date: dateISO, marks: s.marks, hints: Math.min(s.hints, 1e6), ms: s.ms, revealed: s.revealed, alarm: s.alarm, crossedByGame: s.crossedByGame };
        games.save(id, state, { finished: s.won, daily: true });
      },
      onWin: ({ hints, ms, revealed, alarm }) => {
        if (revealed) return el('p', { class: 'muted' }, 'The solution was shown, so this day keeps no result.');
        if (!kept()) {
          store.update(ARCHIVE_KEY, (d) => ({ ...d, records: recordDaily(d.records, dateISO, { number, hints, ms, alarm }) }));
        }
        const kept1 = kept();
        // The card of a past day names its date and no streak: playing it changed none.
        const text = kirchhoffShareText({
          number, hints: kept1.hints, ms: kept1.ms, alarm: kept1.alarm, streak: null, date: dateISO,
          url: `${location.origin}${location.pathname}#kirchhoff/daily/${dateISO}`,
        });
        const card = withResultLink(text, engine, board, game);
        return el('div', { class: 'daily-result' },
          el('p', {}, `Daily Kirchhoff #${number} of ${dateISO}: solved with ${hintWords(kept1.hints)}. Your streak is unchanged.`),
          ...shareBlock(card), helpNote(kept1),
          el('p', { class: 'controls' },
            el('a', { href: '#archive', class: 'button-link' }, 'Back to the archive'),
            el('a', { href: '#kirchhoff/daily', class: 'button-link primary' }, 'Daily Kirchhoff')));
      },
    });
    view.root.dataset.mode = 'kirchhoff-daily-archive';
    view.root.dataset.puzzle = String(number);
    view.root.dataset.date = dateISO;
    host.done(view.root);
  }, (err) => {
    if (!host.root.isConnected) return;
    host.fail(`The board of ${dateISO} could not be built (${firstLine(err)}).`,
      button('Try again', () => location.reload(), { class: 'retry' }));
  });
  return host.root;
}
