// Buttons that step through a game's plies: the start, one back, one on,
// the end, and the ply shown between them; the same on each tab that
// shows a game.

const ARROWS = {
  first: ['The start', 'M4 3v14M16 3 7 10l9 7z'],
  back: ['One ply back', 'M14 3 5 10l9 7z'],
  forward: ['One ply on', 'm6 3 9 7-9 7z'],
  last: ['The end', 'M16 3v14M4 3l9 7-9 7z'],
};

/** Fills `row` with the buttons; each calls `go` with the ply to show,
 * from the ply `current()` shows now (Infinity for the end). Returns a
 * function that says which ply of how many is shown. */
export function stepButtons(row, current, go) {
  const target = {
    first: () => 0,
    back: () => current() - 1,
    forward: () => current() + 1,
    last: () => Infinity,
  };
  const shown = document.createElement('output');
  shown.id = `${row.id}-ply`;
  const buttons = Object.entries(ARROWS).map(([name, [label, path]]) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.id = `${row.id}-${name}`;
    button.setAttribute('aria-label', label);
    button.innerHTML = `<svg viewBox="0 0 20 20" aria-hidden="true"><path d="${path}"/></svg>`;
    button.addEventListener('click', () => go(target[name]()));
    return button;
  });
  row.replaceChildren(...buttons.slice(0, 2), shown, ...buttons.slice(2));
  return (ply, plies) => {
    shown.textContent = `ply ${ply} of ${plies}`;
  };
}
