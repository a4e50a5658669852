// "Why it works" (#why): the theory behind par and the duel, moved out of the
// player-facing rules. Plain prose with the proper names of the ideas, for the
// curious; nothing here is needed to play.

import { el, setPageTitle } from '../../app/ui.js';

const P = (...parts) => el('p', {}, ...parts);

export function whyView() {
  setPageTitle('Why Matchless works');
  const root = el('section', { class: 'why', 'aria-label': 'Why it works' },
    P('Par is not a guess or the best score anyone found. It is proved, and the X-ray shows the proof on every board.'),
    el('h2', {}, 'Shells and fuses are a graph'),
    P('Think of each shell as a point and each fuse as an arrow from one shell to another. Striking a shell lights every shell you can reach from it by following arrows — in graph terms, everything reachable from it.'),
    el('h2', {}, 'Loops light as one'),
    P('If fuses form a loop, lighting any shell of the loop lights all of it. Group the shells into the largest sets in which every shell reaches every other: these are the ',
      el('em', {}, 'strongly connected components'),
      ' of the graph, the coloured groups of the X-ray. A single shell that is on no loop is a group of its own.'),
    el('h2', {}, 'Why par is exactly the number of ringed groups'),
    P('Shrink every group to one point and keep the arrows between groups: the result, the ',
      el('em', {}, 'condensation'),
      ', has no loops at all, so some groups have no arrow coming in from another group. These are the ',
      el('em', {}, 'source components'),
      ', ringed in the X-ray.'),
    el('ul', {},
      el('li', {}, 'Nothing outside a source group can light it, so each one needs its own match: you can never do better than their number.'),
      el('li', {}, 'Every other group has an arrow coming in, and following arrows backwards always ends in a source group (there are no loops left), so one match in each source group lights the whole sky.')),
    P('Both bounds meet, so par equals the number of source groups. Finding the groups takes one pass over the shells and fuses (Tarjan’s or Kosaraju’s algorithm, time proportional to their number), so every board — even a daily — is checked instantly, offline.'),
    el('h2', {}, 'Why the obvious move can be wrong'),
    P('Striking the shell with the biggest cascade is tempting, but a loop with no way in looks like any other group until you follow its fuses; the dailies are chosen so that the greedy approach needs more matches than par.'),
    el('h2', {}, 'Duels are solved exactly'),
    P('In a duel both players strike in turn and score the shells their own matches light. Which shell is best depends on what the other player can do next, so the bot and the review after each game search every line of play to the end (minimax with memory of the positions already worked out). Within one group only one move matters, which keeps the search small enough for a phone. Who moves first can matter on a given board, which is why a match is two games with the starts swapped.'),
    P(el('a', { href: '#daily', class: 'button-link primary' }, "Play today's daily")));
  root.dataset.mode = 'why';
  return root;
}
