// The board: the server's drawing of a position, its squares made buttons for
// a keyboard and a screen reader, and a move chosen by click, drag or key.

const SVG_NS = 'http://www.w3.org/2000/svg';
const $ = (id) => document.getElementById(id);

// Taken from the rest of the page when it is wired (`wireBoard`), as no
// module of the page reads another's names itself.
let say, ranksOf, letterAt, sideOfLetter, nameOf, shown, foldLegend, drawArrow, cancelPremove;

/** Gives this module what it takes from the rest of the page. */
export function wireBoard(page) {
  ({ say, ranksOf, letterAt, sideOfLetter, nameOf, shown, foldLegend, drawArrow, cancelPremove } = page);
}

export const board = {
  flipped: false,
  fen: null,
  /** The legal moves when the board takes a move, else null. */
  moves: null,
  /** What a whole move chosen on the board is given to. */
  onMove: null,
  selected: null,
  chain: null,
  /** The ply whose squares and effects are marked. */
  last: null,
  drawn: null,
  drag: null,
  /** The premove waiting, marked on the board (play only). */
  premove: null,
  /** congo's best move, drawn as an arrow (study and analysis). */
  arrow: null,
  /** Counts draws, so that only the latest picture is shown. */
  token: 0,
};

/** The server's drawings of boards, by FEN and side up: each fetched
 * once (two draws of one position in a row share one request), the last
 * few kept for stepping back and forth. */
const pictures = new Map();
const PICTURES_KEPT = 32;

function pictureOf(key, query) {
  if (!pictures.has(key)) {
    if (pictures.size >= PICTURES_KEPT) {
      pictures.delete(pictures.keys().next().value);
    }
    const picture = fetch('/api/board.svg?fen=' + query).then((response) => {
      if (!response.ok) {
        throw new Error(response.statusText);
      }
      return response.text();
    });
    picture.catch(() => pictures.delete(key));
    pictures.set(key, picture);
  }
  return pictures.get(key);
}

/** The server's drawing of `fen`, turned as the board is. */
export function svgOf(fen) {
  const query = encodeURIComponent(fen) + (board.flipped ? '&flip=1' : '');
  return pictureOf(fen + (board.flipped ? ' flipped' : ''), query);
}

/** Draws `fen`, taking moves from `moves` (null: none) with `onMove`, and
 * marking the ply `last`; the keyboard's square keeps its focus, and a
 * piece chosen stays chosen when the same position is drawn again with
 * the same moves (a view that brings nothing new). */
export async function draw(fen, { moves = null, onMove = null, last = null, premove = null, arrow = null } = {}) {
  const token = ++board.token;
  const focused = document.activeElement && document.activeElement.closest
    && document.activeElement.closest('#board .square');
  const focusSquare = focused ? focused.dataset.square : null;
  const same = board.fen === fen && Boolean(moves) && Boolean(board.moves)
    && board.moves.join() === moves.join() && board.onMove === onMove;
  const [selected, chain] = same ? [board.selected, board.chain] : [null, null];
  board.fen = fen;
  board.moves = moves;
  board.onMove = moves ? onMove : null;
  board.last = last;
  board.premove = premove;
  board.arrow = arrow;
  board.selected = selected;
  board.chain = chain;
  const key = fen + (board.flipped ? ' flipped' : '');
  if (board.drawn !== key) {
    let picture;
    try {
      picture = await svgOf(fen);
    } catch {
      if (token === board.token) {
        say('the board could not be drawn: the server could not be reached');
      }
      return;
    }
    if (token !== board.token) {
      return;
    }
    $('board').innerHTML = picture;
    $('board').setAttribute('aria-busy', 'false');
    board.drawn = key;
    prepareSquares();
  }
  $('board').classList.toggle('takes-moves', Boolean(board.onMove));
  labelSquares();
  mark();
  if (focusSquare) {
    const square = squareElement(focusSquare);
    for (const rect of squares()) {
      rect.setAttribute('tabindex', rect === square ? '0' : '-1');
    }
    square.focus();
  }
}

function squares() {
  return [...$('board').querySelectorAll('.square')];
}

function squareElement(square) {
  return $('board').querySelector(`.square[data-square="${square}"]`);
}

function describeSquare(square) {
  const letter = letterAt(ranksOf(board.fen), square);
  return letter === '.' ? `${square}, empty` : `${square}, ${sideOfLetter(letter).toLowerCase()} ${nameOf(letter)}`;
}

/** Makes each square a button a keyboard and a screen reader can use. */
function prepareSquares() {
  const svg = $('board').querySelector('svg');
  svg.setAttribute('role', 'group');
  svg.setAttribute('aria-label', 'Board');
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  foldLegend(svg, $('legend-list'));
  const top = document.createElementNS(SVG_NS, 'g');
  top.id = 'over';
  svg.insertBefore(top, squares()[0]);
  for (const [index, rect] of squares().entries()) {
    rect.setAttribute('role', 'button');
    rect.setAttribute('tabindex', index === 0 ? '0' : '-1');
  }
  svg.addEventListener('click', (event) => {
    const rect = event.target.closest('.square');
    if (board.premove) {
      cancelPremove();
    } else if (rect && !board.drag?.moved) {
      choose(rect.dataset.square);
    }
  });
  svg.addEventListener('contextmenu', (event) => {
    if (board.premove || board.selected) {
      event.preventDefault();
      if (board.premove) {
        cancelPremove();
      } else {
        board.selected = null;
        board.chain = null;
        mark();
      }
    }
  });
  svg.addEventListener('keydown', onBoardKey);
  // A click leaves the keyboard with the page, not on a square: after a
  // move made with the mouse the arrow keys browse the moves.
  svg.addEventListener('mousedown', (event) => {
    event.preventDefault();
    if (document.activeElement && document.activeElement.closest('#board')) {
      document.activeElement.blur();
    }
  });
  svg.addEventListener('pointerdown', onPointerDown);
  svg.addEventListener('pointermove', onPointerMove);
  svg.addEventListener('pointerup', onPointerUp);
}

function labelSquares() {
  for (const rect of squares()) {
    rect.setAttribute('aria-label', describeSquare(rect.dataset.square));
  }
}

function rectOf(square) {
  const rect = squareElement(square);
  const at = (name) => Number(rect.getAttribute(name));
  return { x: at('x'), y: at('y'), size: at('width') };
}

/** Adds a mark on `square` to `group` (under the pieces unless told). */
function shape(kind, square, className, inset, group = 'marks') {
  const { x, y, size } = rectOf(square);
  const element = document.createElementNS(SVG_NS, kind);
  if (kind === 'rect') {
    element.setAttribute('x', x + inset);
    element.setAttribute('y', y + inset);
    element.setAttribute('width', size - 2 * inset);
    element.setAttribute('height', size - 2 * inset);
  } else {
    element.setAttribute('cx', x + size / 2);
    element.setAttribute('cy', y + size / 2);
    element.setAttribute('r', size / 2 - inset);
  }
  element.setAttribute('class', className);
  $(group).appendChild(element);
  return element;
}

/** The squares the chosen piece (or chain so far) can go on to next. */
function targets() {
  const prefix = board.chain || board.selected;
  if (!prefix || !board.moves) {
    return [];
  }
  const next = new Set();
  for (const move of board.moves) {
    if (move.startsWith(prefix) && move.length > prefix.length) {
      next.add(move.slice(prefix.length, prefix.length + 2));
    }
  }
  return [...next];
}

/** Marks the last ply and what it did, the chosen piece, its chain and
 * targets: under the pieces, all but the signs of what was lost. */
export function mark() {
  if (!$('marks')) {
    return;
  }
  $('marks').replaceChildren();
  $('over').replaceChildren();
  const last = board.last;
  if (last) {
    for (const square of last.move.match(/../g)) {
      shape('rect', square, 'mark-last', 0);
    }
    for (const square of last.captured) {
      shape('rect', square, 'mark-taken', 2);
      shape('path', square, 'sign-taken', 0, 'over').setAttribute('d', cross(square));
    }
    for (const square of last.drowned) {
      shape('rect', square, 'mark-drowned', 2);
      shape('path', square, 'sign-drowned', 0, 'over').setAttribute('d', waves(square));
    }
    if (last.promoted) {
      shape('circle', last.move.slice(-2), 'mark-promoted', 3);
    }
  }
  if (board.premove) {
    for (const square of board.premove.match(/../g)) {
      shape('rect', square, 'mark-premove', 0);
    }
  }
  if (board.selected) {
    shape('rect', board.selected, 'mark-selected', 0);
  }
  if (board.chain) {
    for (let at = 2; at < board.chain.length; at += 2) {
      shape('circle', board.chain.slice(at, at + 2), 'mark-chain', 8);
    }
  }
  drawArrow(board.arrow);
  const ranks = ranksOf(board.fen);
  for (const square of targets()) {
    if (letterAt(ranks, square) === '.') {
      shape('circle', square, 'mark-target', 22);
    } else {
      shape('circle', square, 'mark-capture', 2);
    }
  }
}

/** An × in the corner of `square`: a piece was taken there. */
function cross(square) {
  const { x, y } = rectOf(square);
  return `M${x + 4},${y + 4} l12,12 m0,-12 l-12,12`;
}

/** Waves along the foot of `square`: a piece drowned there. */
function waves(square) {
  const { x, y, size } = rectOf(square);
  return `M${x + 4},${y + size - 8} q6,-6 12,0 q6,6 12,0 q6,-6 12,0 q6,6 12,0`;
}

/** A click (or Enter) on `square`. */
function choose(square) {
  if (!board.onMove) {
    return;
  }
  if (board.chain) {
    if (square === board.chain.slice(-2) || square === board.chain.slice(0, 2)) {
      // The monkey stops here.
      if (board.moves.includes(board.chain)) {
        submit(board.chain);
      }
      return;
    }
    if (targets().includes(square)) {
      extend(board.chain + square);
      return;
    }
    board.chain = null;
  } else if (board.selected && targets().includes(square)) {
    extend(board.selected + square);
    return;
  }
  const own = board.moves.some((move) => move.startsWith(square));
  board.selected = own && square !== board.selected ? square : null;
  mark();
  if (board.selected) {
    const count = targets().length;
    say(`${describeSquare(square)}: ${count} square${count === 1 ? '' : 's'} to go to`);
  }
}

/** Goes on with a move written `prefix` so far: plays it if nothing can
 * follow, or waits for the monkey's next landing. */
function extend(prefix) {
  const longer = board.moves.some((move) => move.startsWith(prefix) && move.length > prefix.length);
  if (!longer) {
    if (board.moves.includes(prefix)) {
      submit(prefix);
    }
    return;
  }
  board.selected = prefix.slice(0, 2);
  board.chain = prefix;
  mark();
  say(`chain ${shown(prefix)}: jump on, or click the monkey or ${prefix.slice(-2)} again to stop`);
}

function submit(move) {
  const onMove = board.onMove;
  board.selected = null;
  board.chain = null;
  board.onMove = null;
  if (onMove) {
    onMove(move);
  }
}

function onBoardKey(event) {
  const rect = event.target.closest('.square');
  if (!rect) {
    return;
  }
  event.stopPropagation();
  const square = rect.dataset.square;
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    choose(square);
    return;
  }
  const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
  const step = steps[event.key];
  if (!step) {
    return;
  }
  event.preventDefault();
  const sign = board.flipped ? -1 : 1;
  const file = square.charCodeAt(0) - 97 + sign * step[0];
  const rank = Number(square[1]) + sign * step[1];
  if (file < 0 || file > 6 || rank < 1 || rank > 7) {
    return;
  }
  const next = squareElement(String.fromCharCode(97 + file) + rank);
  rect.setAttribute('tabindex', '-1');
  next.setAttribute('tabindex', '0');
  next.focus();
}

/** Where a pointer event is, in the picture's own units. */
function pointOf(event) {
  const svg = $('board').querySelector('svg');
  return new DOMPoint(event.clientX, event.clientY).matrixTransform(svg.getScreenCTM().inverse());
}

function onPointerDown(event) {
  const rect = event.target.closest('.square');
  board.drag = null;
  if (!rect || !board.onMove || board.chain) {
    return;
  }
  const square = rect.dataset.square;
  const { x, y, size } = rectOf(square);
  const within = (value, from) => value >= from && value < from + size;
  const piece = [...$('board').querySelectorAll('use.piece')].find((use) =>
    within(Number(use.getAttribute('x')), x) && within(Number(use.getAttribute('y')), y));
  if (!piece || !board.moves.some((move) => move.startsWith(square))) {
    return;
  }
  board.drag = {
    from: square, start: pointOf(event), piece, home: [piece.parentNode, piece.nextSibling], moved: false,
  };
}

function onPointerMove(event) {
  const drag = board.drag;
  if (!drag || !(event.buttons & 1)) {
    return;
  }
  const at = pointOf(event);
  const [dx, dy] = [at.x - drag.start.x, at.y - drag.start.y];
  if (!drag.moved && Math.hypot(dx, dy) < 8) {
    return;
  }
  if (!drag.moved) {
    drag.moved = true;
    board.selected = drag.from;
    mark();
    // The piece itself follows the pointer, above the others.
    $('over').appendChild(drag.piece);
  }
  drag.piece.setAttribute('transform', `translate(${dx} ${dy})`);
}

function onPointerUp(event) {
  const drag = board.drag;
  if (!drag || !drag.moved) {
    return;
  }
  // The piece goes back where it stood: it moves when the server says so.
  drag.piece.removeAttribute('transform');
  drag.home[0].insertBefore(drag.piece, drag.home[1]);
  const under = document.elementFromPoint(event.clientX, event.clientY);
  const rect = under && under.closest('.square');
  if (rect && targets().includes(rect.dataset.square)) {
    extend(drag.from + rect.dataset.square);
  } else {
    board.selected = null;
    mark();
  }
  // The click that follows the release is the drag's, not a choice.
  setTimeout(() => { board.drag = null; }, 0);
}
