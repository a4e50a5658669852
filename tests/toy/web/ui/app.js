// The toy puzzle's browser app (tests only): a row of lamps, click one to switch it off.
// It reaches the shell only through the registry table (js/registry.json) and the
// mount contract of js/app/registry.js: mount({store, row}) -> {chrome, render(rest)}.

const DEFAULT_ID = '5:10110';

function parseId(text) {
  const m = /^(\d{1,2}):([01]+)$/.exec(text);
  if (!m || Number(m[1]) !== m[2].length) throw new Error(`not a Lamps board: ${text.slice(0, 20)}`);
  return [...m[2]].map((c) => c === '1');
}

export function mount() {
  return {
    chrome: { name: 'Lamps', nav: [{ href: '#lamps/play', view: 'play', label: 'Play' }], foot: 'A toy puzzle.' },
    async render(rest) {
      const id = rest.startsWith('play/') ? decodeURIComponent(rest.slice(5)) : DEFAULT_ID;
      const lit = parseId(id);
      const node = document.createElement('section');
      node.className = 'lamps';
      const title = document.createElement('h1');
      title.textContent = 'Lamps';
      const status = document.createElement('p');
      status.setAttribute('role', 'status');
      const row = document.createElement('div');
      const draw = () => {
        row.replaceChildren(...lit.map((on, i) => {
          const b = document.createElement('button');
          b.type = 'button';
          b.textContent = on ? '●' : '○';
          b.setAttribute('aria-label', `lamp ${i + 1}, ${on ? 'lit' : 'dark'}`);
          b.disabled = !on;
          b.addEventListener('click', () => { lit[i] = false; draw(); });
          return b;
        }));
        const left = lit.filter(Boolean).length;
        status.textContent = left ? `${left} lamps lit` : 'All dark!';
      };
      draw();
      node.append(title, row, status);
      return { node, view: 'play', nav: 'play' };
    },
  };
}
