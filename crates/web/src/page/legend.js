// The legend of the pieces, folded away beside the board: the server's
// picture draws it (and a caption) under the board, where it would push
// the clocks and the status line out of the window. The page cuts the
// picture down to the board and its coordinates, and lists the kinds in a
// <details> of their own.

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Cuts `svg` (the server's board picture) down to the board and its
 * coordinates, and lists its legend's kinds in `list`. */
export function foldLegend(svg, list) {
  const legend = svg.querySelector('.legend');
  const items = [];
  if (legend) {
    for (const icon of legend.querySelectorAll('use.icon')) {
      const words = icon.nextElementSibling;
      const item = document.createElement('li');
      const picture = document.createElementNS(SVG_NS, 'svg');
      picture.setAttribute('viewBox', '0 0 100 100');
      picture.setAttribute('aria-hidden', 'true');
      const use = document.createElementNS(SVG_NS, 'use');
      use.setAttribute('href', icon.getAttribute('href'));
      use.setAttribute('width', '100');
      use.setAttribute('height', '100');
      picture.append(use);
      item.append(picture, document.createTextNode(words ? words.textContent : ''));
      items.push(item);
    }
    legend.remove();
  }
  for (const caption of svg.querySelectorAll('.caption')) {
    caption.remove();
  }
  list.replaceChildren(...items);
  const coordinates = [...svg.querySelectorAll('.coordinate')].map((text) => Number(text.getAttribute('y')));
  const [x, y, width] = (svg.getAttribute('viewBox') || '').split(/\s+/).map(Number);
  if (coordinates.length && Number.isFinite(width)) {
    const bottom = Math.max(...coordinates) + 8;
    svg.setAttribute('viewBox', `${x} ${y} ${width} ${bottom - y}`);
  }
}
