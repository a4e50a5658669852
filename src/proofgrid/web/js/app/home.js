// The home page (#home): both puzzles and both dailies, one card each.

import { el } from './ui.js';

function card(cls, title, blurb, links) {
  return el('article', { class: `puzzle-card ${cls}` },
    el('h3', {}, title),
    el('p', {}, blurb),
    el('div', { class: 'controls' }, ...links.map(([href, label, primary]) => el('a', {
      class: primary ? 'button-link primary' : 'button-link', href,
    }, label))));
}

export function homeView() {
  const root = el('section', { class: 'home', 'aria-labelledby': 'home-h' },
    el('header', { class: 'view-head' }, el('h2', { id: 'home-h' }, 'proofgrid'),
      el('p', { class: 'sub' }, 'Two daily puzzles whose answers are proved, not guessed. Both work offline.')),
    el('div', { class: 'puzzle-cards' },
      card('card-matchless', 'Matchless',
        'Light the whole sky with the fewest matches. Par is the number of source components of the fuse graph — a theorem, shown by the X-ray.',
        [['#daily', "Today's Matchless", true], ['#practice', 'Practice'], ['#duel', 'Duel'], ['#edit', 'Editor']]),
      card('card-kirchhoff', 'Kirchhoff',
        'Draw arrows so that flow is conserved. Feasibility is a max-flow question, so the board knows — exactly — when a position is lost.',
        [['#kirchhoff/daily', 'Daily Kirchhoff', true], ['#kirchhoff', 'New puzzle'], ['#kirchhoff/rules', 'Rules'], ['#kirchhoff/edit', 'Editor']])));
  root.dataset.mode = 'home';
  return root;
}
