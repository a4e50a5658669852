// The X-ray: how the par proof is drawn. Every component gets a colour from
// the Okabe–Ito palette (safe for the common colour-vision deficiencies), a
// letter label and — past the seventh component — a fill pattern, so colour
// is never the only cue. Source components are ringed.

/** Okabe & Ito, "Color Universal Design" (2008), without black. */
export const PALETTE = ['#E69F00', '#56B4E9', '#009E73', '#F0E442', '#0072B2', '#D55E00', '#CC79A7'];
/** Patterns cycle after the palette: none, stripes, dots, cross-hatch. */
export const PATTERNS = 4;

/** A, B, …, Z, AA, AB, … */
export function componentLabel(c) {
  let n = c + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** Colour class index, pattern index and label of component `c`. */
export function componentStyle(c) {
  return {
    colour: c % PALETTE.length,
    pattern: Math.floor(c / PALETTE.length) % PATTERNS,
    label: componentLabel(c),
  };
}

/** Number of components in a solution (labels are 0 .. count-1). */
export function componentCount(solution) {
  let max = -1;
  for (const c of solution.labels) if (c > max) max = c;
  return max + 1;
}

/** One sentence: why par is what it is, in the X-ray's own terms. */
export function explainPar(solution) {
  const shells = solution.labels.length;
  const comps = componentCount(solution);
  const k = solution.par;
  const shellWord = shells === 1 ? 'shell' : 'shells';
  const group = comps === shells
    ? `no loop of fuses joins any two of these ${shells} ${shellWord}, so each is its own component`
    : `the fuses group these ${shells} ${shellWord} into ${comps} ${comps === 1 ? 'component' : 'components'} (a loop of fuses lights as one)`;
  const which = k === 1
    ? 'only 1 of them — the ringed one — has no fuse coming in from another component, so it needs a match and that one match reaches everything'
    : `exactly ${k} of them — the ringed ones — have no fuse coming in from another component, so each needs its own match and one match in each reaches everything`;
  return `Par is ${k} because ${group}, and ${which}.`;
}
