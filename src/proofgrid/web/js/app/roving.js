// Roving tabindex for the SVG boards (WAI-ARIA Authoring Practices, "Managing
// focus within components using a roving tabindex"): exactly one part of a
// board is in the Tab order, and the arrow keys move which one. Both puzzles'
// board views keep `cellNodes` (cell -> {g, …}), `focusCell` and `_roving()`.

/** tabindex '0' on the node whose key is `current`, '-1' on every other; entries: [key, node]. */
export function rovingTabindex(entries, current) {
  for (const [key, node] of entries) node.setAttribute('tabindex', key === current ? '0' : '-1');
}

/** Move `view`'s roving focus to `cell` (ignored if it draws no such cell); `focus` also moves DOM focus. */
export function moveCellFocus(view, cell, focus) {
  if (!view.cellNodes.has(cell)) return;
  view.focusCell = cell;
  view._roving();
  if (focus) view.cellNodes.get(cell).g.focus();
}

/** [cell, g] pairs of a view's cell nodes, for rovingTabindex. */
export function cellGroups(cellNodes) {
  return Array.from(cellNodes, ([cell, parts]) => [cell, parts.g]);
}
