// congo's view of a position, drawn: an evaluation bar (White's share,
// from congo's score for White in centipawns) and an arrow on the board
// for congo's best move. Both come from POST /api/best; the page computes
// nothing of the game.

const SVG_NS = 'http://www.w3.org/2000/svg';

/** White's share of the bar, 0 to 1, for a score for White (centipawns):
 * even is half, a pawn up about 0.6, a lion taken the whole bar. */
export const whiteShare = (score) => 1 / (1 + Math.exp(-score / 250));

/** Shows `score` for White (centipawns) in the bar, or hides it (null). */
export function showBar(score, words) {
  const bar = document.getElementById('eval-bar');
  if (score === null || score === undefined) {
    bar.hidden = true;
    return;
  }
  const share = whiteShare(score);
  bar.hidden = false;
  bar.querySelector('.white').style.width = `${(share * 100).toFixed(1)}%`;
  bar.setAttribute('aria-valuenow', String(Math.round(share * 100)));
  bar.setAttribute('aria-valuetext', words);
  bar.title = words;
}

/** Draws congo's `move` (squares joined, a chain as a chain) as an arrow
 * over the board; none when `move` is null. */
export function drawArrow(move) {
  const over = document.getElementById('over');
  if (!over) {
    return;
  }
  for (const old of over.querySelectorAll('.best-arrow')) {
    old.remove();
  }
  if (!move) {
    return;
  }
  const centres = move.match(/../g).map((square) => {
    const rect = document.querySelector(`#board .square[data-square="${square}"]`);
    const at = (name) => Number(rect.getAttribute(name));
    return `${at('x') + at('width') / 2},${at('y') + at('height') / 2}`;
  });
  const line = document.createElementNS(SVG_NS, 'polyline');
  line.setAttribute('class', 'best-arrow');
  line.setAttribute('points', centres.join(' '));
  line.setAttribute('marker-end', 'url(#arrowhead)');
  line.dataset.move = move;
  over.append(line);
}
