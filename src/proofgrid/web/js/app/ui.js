// Small DOM helpers shared by every view. No inline styles or scripts are ever
// created (the Content-Security-Policy forbids them): presentation is CSS
// classes, and SVG uses presentation attributes.

const SVG_NS = 'http://www.w3.org/2000/svg';

function apply(node, attrs) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') node.setAttribute('class', Array.isArray(v) ? v.filter(Boolean).join(' ') : v);
    else if (k === 'text') node.textContent = v;
    else if (k === 'dataset') Object.assign(node.dataset, v);
    else if (k.startsWith('on') && typeof v === 'function') node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  return node;
}

function append(node, children) {
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

/** el('button', {class: 'x', onclick: f}, 'Label') */
export function el(tag, attrs = {}, ...children) {
  return append(apply(document.createElement(tag), attrs), children);
}

/** An SVG element with attributes. */
export function svgEl(tag, attrs = {}, ...children) {
  return append(apply(document.createElementNS(SVG_NS, tag), attrs), children);
}

/** A button; `pressed` (boolean) makes it a toggle with aria-pressed. */
export function button(label, onclick, attrs = {}) {
  const b = el('button', { type: 'button', ...attrs, onclick }, label);
  return b;
}

let toastTimer = 0;

/** A short visible confirmation, also announced to screen readers. */
export function toast(message, { ms = 3200 } = {}) {
  const box = document.getElementById('toast');
  if (!box) return;
  box.textContent = message;
  box.classList.add('show');
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => box.classList.remove('show'), ms);
}

/** True when the person asked for less motion. */
export function prefersReducedMotion() {
  return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/**
 * A fresh finish: scroll `result` into view and focus its main action (the
 * Share button when there is one, else the result itself), kept on screen even
 * when the result is taller than the viewport. Both puzzles' play views call it.
 */
export function bringResultIntoView(result) {
  const target = result.querySelector('button.share') || result;
  const behavior = prefersReducedMotion() ? 'auto' : 'smooth';
  result.scrollIntoView({ block: 'start', behavior });
  target.focus({ preventScroll: true });
  target.scrollIntoView({ block: 'nearest', behavior });
}

/** Replace the children of `node`. */
export function mount(node, ...children) {
  node.replaceChildren();
  return append(node, children);
}

/** The first line of an error's message (at most 160 characters), fit for a sentence. */
export function firstLine(err) {
  return String((err && err.message) || err).split('\n')[0].slice(0, 160);
}

/** "1 match", "3 matches": `n` and the word that goes with it. */
export function plural(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

/** A fresh random 64-bit seed (a BigInt) for a new board or a bot's move. */
export function randomSeed() {
  const a = new Uint32Array(2);
  crypto.getRandomValues(a);
  return (BigInt(a[0]) << 32n) | BigInt(a[1]);
}

/**
 * Listen for `type` on `target` while `root` is in the document: the listener
 * removes itself at the first event after the view is gone.
 */
export function listenWhileConnected(root, target, type, fn) {
  const handler = (e) => {
    if (!root.isConnected) {
      target.removeEventListener(type, handler);
      return;
    }
    fn(e);
  };
  target.addEventListener(type, handler);
}

// --- the page's one level-one heading ------------------------------------------------

export const SITE_NAME = 'proofgrid';
let titleSetAt = 0; // bumped by every setPageTitle, so the shell knows a view chose its title

/**
 * Set the page's one <h1> (#page-title, kept by the shell) and document.title.
 * Views call it with the route's title (e.g. 'Daily #3'); their own
 * headings are <h2> and below.
 */
export function setPageTitle(text) {
  const title = String(text || SITE_NAME);
  titleSetAt += 1;
  const h1 = globalThis.document?.getElementById('page-title');
  if (h1) h1.textContent = title;
  if (globalThis.document) document.title = title === SITE_NAME ? SITE_NAME : `${title} — ${SITE_NAME}`;
  return title;
}

/** A counter that changes whenever setPageTitle is called (for the shell). */
export function pageTitleStamp() {
  return titleSetAt;
}
