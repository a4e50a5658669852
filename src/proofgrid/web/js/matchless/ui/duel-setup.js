// The duel's setup form: opponent, rule, who starts, one game or a match,
// the board (a new random 5×5 or the link's), and the way to a duel by post.
// It only draws the choices and hands them to onStart; duel-view.js saves them.

import { button, el } from '../../app/ui.js';
import { encodeId } from '../../app/router.js';
import { RULES } from './duel-match.js';
import { OPPONENT_LABELS } from './records.js';

const radio = (name, value, checked, ...label) => el('label', {},
  el('input', { type: 'radio', name, value, checked }), ' ', ...label);

/**
 * The setup's nodes: `settings` the saved duel settings, `board`/`id` the
 * link's board (or null), `series` the running score's line; onStart(choices)
 * with {opponent, rule, first (0 | 1), match (boolean)} read from the form.
 */
export function duelSetup(engine, { settings, board, id, series, onStart, newId }) {
  const opp = el('fieldset', { class: 'choice' }, el('legend', {}, 'Opponent'),
    ...Object.entries(OPPONENT_LABELS).map(([k, label]) => radio('opponent', k, settings.opponent === k, label)));
  const rule = el('fieldset', { class: 'choice' }, el('legend', {}, 'Rule'),
    ...Object.entries(RULES).map(([k, label]) => radio('rule', k, settings.rule === k, label, k === 'fewest' ? ' (default)' : '')));
  const first = settings.first ?? 0;
  const starts = el('fieldset', { class: 'choice' }, el('legend', {}, 'Who starts'),
    radio('first', '0', first === 0, 'You (or Player 1)'),
    radio('first', '1', first === 1, 'The bot (or Player 2)'));
  const length = el('fieldset', { class: 'choice' }, el('legend', {}, 'Length'),
    radio('length', 'match', settings.match !== false, 'A match: two games, starts swapped, total shells decide'),
    radio('length', 'one', settings.match === false, 'One game'));
  const which = board
    ? el('p', { class: 'muted' }, `Board: ${board.rows}×${board.cols} from the link (${board.shells.length} shells).`)
    : el('p', { class: 'muted' }, 'Board: a new random 5×5.');
  // A new board's fixed ID is built in the worker when the link is followed.
  const byPost = el('p', {}, el('a', {
    class: 'button-link by-post',
    href: id ? `#duel/${encodeId(id)}/` : '#duel',
    onclick: id ? null : async (ev) => {
      ev.preventDefault();
      const a = ev.currentTarget;
      a.setAttribute('aria-busy', 'true');
      try {
        location.hash = `#duel/${encodeId(await newId())}/`;
      } finally {
        a.removeAttribute('aria-busy');
      }
    },
  }, 'Duel a friend by post (send links)'));
  let form = null;
  const start = button('Start duel', () => {
    const pick = (n, d) => form.querySelector(`input[name=${n}]:checked`)?.value || d;
    onStart({
      opponent: pick('opponent', 'greedy'),
      rule: pick('rule', 'fewest'),
      first: pick('first', '0') === '1' ? 1 : 0,
      match: pick('length', 'match') === 'match',
    });
  }, { class: 'primary start' });
  form = el('div', { class: 'duel-setup' }, opp, rule, starts, length, which, start, byPost,
    el('p', { class: 'series' }, series));
  return [el('p', { class: 'sub' }, 'Take turns striking matches; you score every shell your match lights.'), form];
}
