// Daily mode: the same board for everyone on a calendar date (built offline by
// the engine), a puzzle number, a streak by calendar date, stats and a
// spoiler-free share card.

import { el } from '../../app/ui.js';
import { localISO } from '../../app/dates.js';
import { dailyShareText } from '../../app/share.js';
import { shareBlock } from '../../app/share-view.js';
import { recordResult, summarize } from '../../app/streak.js';
import { PlayView } from './play-view.js';
import { DAILY_KEY } from './records.js';
import { statsPanel } from './stats-view.js';

export function dailyView(engine, store, { banner = null, dateISO = localISO() } = {}) {
  const { number, board, id } = engine.daily(dateISO);
  const saved = store.get(DAILY_KEY);
  const moves = saved.current && saved.current.date === dateISO ? saved.current.moves : [];
  const already = saved.records[dateISO];
  const notice = already
    ? el('p', { class: 'notice' },
      `You finished today's daily in ${already.score} (par ${already.par}). Play again for fun — your first result is the one that counts.`)
    : null;
  const bannerBox = banner || notice ? el('div', { class: 'banners' }, banner, notice) : null;
  const view = new PlayView(engine, board, {
    title: `Daily #${number}`,
    subtitle: dateISO,
    gameId: id,
    banner: bannerBox,
    moves,
    onMove: (m) => store.update(DAILY_KEY, (d) => ({ ...d, current: { date: dateISO, moves: m.slice(0, 200) } })),
    onWin: ({ score, par }) => {
      const data = store.update(DAILY_KEY, (d) => ({
        ...d,
        records: recordResult(d.records, dateISO, { number, score, par }),
      }));
      const first = data.records[dateISO];
      const stats = summarize(data.records, localISO());
      const text = dailyShareText({
        number, score: first.score, par: first.par, streak: stats.current,
        url: `${location.origin}${location.pathname}`,
      });
      return el('div', { class: 'daily-result' },
        el('p', { class: 'streak' }, `🔥 Streak ${stats.current} · best ${stats.best}`),
        ...shareBlock(text), statsPanel(stats),
        el('p', { class: 'muted' }, 'A new board arrives at midnight, your time.'));
    },
  });
  view.root.dataset.mode = 'daily';
  view.root.dataset.puzzle = String(number);
  return view.root;
}
