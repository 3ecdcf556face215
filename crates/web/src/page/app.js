// The web board: draws what the server says and reads clicks, drags and
// keys. It holds no rules: the legal moves, the position after a move, the
// end of the game and the clocks all come from the API; a monkey's chain is
// built by matching the landings clicked so far against the legal moves'
// texts, and a FEN is read only to name the pieces on its squares.
import { foldLegend } from './legend.js';
import { announce, LowTime, LOW_TIME_MS } from './announce.js';
import { isHidden, onVisibility } from './visibility.js';
import { playSound, soundOf, wireSoundSwitch } from './sound.js';
import { Premove } from './premove.js';
import { betweenFriends, Endings, NOT_DONE } from './endings.js';
import { endMyGames, noteView, onMyGamesChanged, rememberGame, showMyGames } from './mygames.js';
import { download, gifOf, pngOf } from './picture.js';
import { followGame } from './sharedstream.js';
import { withoutPaths } from './nopaths.js';
import { drawArrow, showBar } from './evalbar.js';
import { analyse, judge, MISTAKE, BLUNDER } from './analysis.js';
import { stepButtons } from './steps.js';

const STARTS = {
  2022: 'g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0',
  full: 'gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0',
};
const SVG_NS = 'http://www.w3.org/2000/svg';
const NAMES = {
  p: 'pawn', s: 'superpawn', g: 'giraffe', m: 'monkey',
  e: 'elephant', l: 'lion', c: 'crocodile', z: 'zebra',
};
const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------- the API

/** An answer that is not a success: the server's words and its status (0
 * when the server could not be reached). */
class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

/** How long a call waits for its answer before the page says so: past
 * the longest search a request may ask for and its wait for an engine. A
 * record (a string body) may take as long as its upload does. */
const PATIENCE_MS = 30000;

/** Calls the API: its JSON, or an ApiError. A body that is a string is
 * sent as it is. A call never hangs unseen: one not answered within
 * PATIENCE_MS (a browser out of connections to the server, say) fails
 * with words that say so. */
async function api(path, body, signal) {
  const patience = typeof body === 'string' ? null : AbortSignal.timeout(PATIENCE_MS);
  const signals = [signal, patience].filter(Boolean);
  const options = { signal: signals.length > 1 && AbortSignal.any ? AbortSignal.any(signals) : signals[0] };
  if (body !== undefined) {
    options.method = 'POST';
    options.headers = { 'Content-Type': typeof body === 'string' ? 'text/plain' : 'application/json' };
    options.body = typeof body === 'string' ? body : JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch (error) {
    if (error.name === 'TimeoutError') {
      throw new ApiError(`the server did not answer within ${PATIENCE_MS / 1000} s `
        + '(with many tabs of the board open, close some); try again', 0);
    }
    if (error.name === 'AbortError') {
      throw error;
    }
    throw new ApiError('the server could not be reached', 0);
  }
  let data;
  try {
    data = await response.json();
  } catch {
    throw new ApiError(`the server answered ${response.status} without JSON`, response.status);
  }
  if (!response.ok) {
    throw new ApiError(data.error || `the server answered ${response.status}`, response.status);
  }
  return data;
}

// --------------------------------------------------------- words and FENs

/** The ranks of a FEN's board, from rank 7 down, '.' for an empty square. */
function ranksOf(fen) {
  return fen.split(' ')[0].split('/').map((rank) => rank.replace(/\d/g, (n) => '.'.repeat(Number(n))));
}

/** The letter on `square` of `ranks` ('.' for none). */
function letterAt(ranks, square) {
  const rank = ranks[7 - Number(square[1])];
  return rank ? rank[square.charCodeAt(0) - 97] || '.' : '.';
}

const sideOfLetter = (letter) => (letter === letter.toUpperCase() ? 'White' : 'Black');
const nameOf = (letter) => NAMES[letter.toLowerCase()] || 'piece';

/** The side to move of a FEN, and the number its next White move has. */
function turnOf(fen) {
  const [, side, number] = fen.split(' ');
  return { white: side !== 'b', number: Number(number) + 1 };
}

/** A move as players read it: its squares joined, a chain as a chain. */
const shown = (move) => move.match(/../g).join('-');

/** A ply's marks in the move list: takes, drowns, promotes. */
function marksOf(ply) {
  return (ply.captured.length ? '×' : '') + (ply.drowned.length ? '≈' : '') + (ply.promoted ? '=S' : '');
}

/** What a ply did, in words, read from the position before it. */
function describe(ply, beforeFen) {
  const before = ranksOf(beforeFen);
  const to = ply.move.slice(-2);
  const mover = letterAt(before, ply.move.slice(0, 2));
  const parts = [`${sideOfLetter(mover)}'s ${nameOf(mover)} ${shown(ply.move)}`];
  if (ply.captured.length) {
    const taken = ply.captured.map((square) => `the ${nameOf(letterAt(before, square))} on ${square}`);
    parts.push(`takes ${taken.join(' and ')}`);
  }
  if (ply.promoted) {
    parts.push('becomes a superpawn');
  }
  for (const square of ply.drowned) {
    if (square === to) {
      parts.push('drowns in the river');
    } else {
      const letter = letterAt(before, square);
      parts.push(`${sideOfLetter(letter)}'s ${nameOf(letter)} on ${square} drowns in the river`);
    }
  }
  return parts.join(', ') + '.';
}

function say(text) {
  $('status').textContent = text;
}

/** A message that stays until the next one (or `null` to clear it). */
function notice(text) {
  $('notice').hidden = !text;
  $('notice').textContent = text || '';
}

/** A result in words: `White wins`, `Black wins`, `Drawn`. */
function resultWords(result) {
  const words = {
    'white wins': 'White wins', 'black wins': 'Black wins', draw: 'Drawn',
    '1-0': 'White wins', '0-1': 'Black wins', '1/2-1/2': 'Drawn',
  };
  return words[result] || result;
}

/** The banner for a game's result (`aborted` for a game aborted), or
 * none. */
function banner(result, reason) {
  $('banner').hidden = !result;
  $('banner').textContent = !result ? '' : ({
    aborted: 'The game was aborted.',
    '*': `The game was not finished (${reason}).`,
  }[result] || `${resultWords(result)}: ${reason}.`);
}

/** Whether a game's view is over: a result, or ended without one. */
const isOver = (view) => Boolean(view.result || view.ended);

/** The words for the last plies, the newest last. */
function happened(lines) {
  $('happened').replaceChildren(...lines.map((line) => {
    const item = document.createElement('p');
    item.textContent = line;
    return item;
  }));
}

// -------------------------------------------------------------- the board

const board = {
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
function svgOf(fen) {
  const query = encodeURIComponent(fen) + (board.flipped ? '&flip=1' : '');
  return pictureOf(fen + (board.flipped ? ' flipped' : ''), query);
}

/** Draws `fen`, taking moves from `moves` (null: none) with `onMove`, and
 * marking the ply `last`; the keyboard's square keeps its focus, and a
 * piece chosen stays chosen when the same position is drawn again with
 * the same moves (a view that brings nothing new). */
async function draw(fen, { moves = null, onMove = null, last = null, premove = null, arrow = null } = {}) {
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
function mark() {
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

// ------------------------------------------------------------ move lists

/** Scrolls `list`, and nothing around it (the window of a one-column
 * page included), so that `item` shows. */
function keepInView(list, item) {
  const box = list.getBoundingClientRect();
  const at = item.getBoundingClientRect();
  if (at.top < box.top) {
    list.scrollTop -= box.top - at.top;
  } else if (at.bottom > box.bottom) {
    list.scrollTop += at.bottom - box.bottom;
  }
}

/** A list of moves numbered as players read them, White's and Black's
 * plies side by side; a ply is picked by a click. */
class MoveList {
  constructor(element, onPick) {
    this.element = element;
    this.onPick = onPick;
    this.plies = [];
    this.start = null;
  }

  /** Shows the plies from `start` (a FEN), ply `current` (0: the start)
   * marked as the one on the board. */
  show(start, plies, current) {
    this.start = start;
    this.plies = plies;
    const { white, number } = turnOf(start);
    const items = [];
    let item = null;
    plies.forEach((ply, index) => {
      const whiteMoves = white ? index % 2 === 0 : index % 2 === 1;
      if (whiteMoves || item === null) {
        item = document.createElement('li');
        const label = document.createElement('span');
        label.className = 'number';
        label.textContent = `${number + Math.floor((index + (white ? 0 : 1)) / 2)}.`;
        item.append(label);
        if (!whiteMoves) {
          const gap = document.createElement('span');
          gap.className = 'ply empty';
          gap.textContent = '…';
          item.append(gap);
        }
        items.push(item);
      }
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'ply';
      button.dataset.ply = String(index + 1);
      button.textContent = shown(ply.move) + marksOf(ply);
      button.title = describe(ply, index ? plies[index - 1].fen : start);
      button.addEventListener('click', () => this.onPick(index + 1));
      item.append(button);
    });
    this.element.replaceChildren(...items);
    this.mark(current);
  }

  /** Marks ply `current` and keeps it in view. */
  mark(current) {
    for (const button of this.element.querySelectorAll('.ply[data-ply]')) {
      const here = Number(button.dataset.ply) === current;
      button.classList.toggle('current', here);
      button.setAttribute('aria-current', here ? 'step' : 'false');
      if (here) {
        keepInView(this.element, button);
      }
    }
    if (current === this.plies.length) {
      this.element.scrollTop = this.element.scrollHeight;
    }
  }

  /** Marks plies judged by an analysis: `marks` maps a ply's number to
   * `?` (a mistake) or `??` (a blunder). */
  annotate(marks) {
    for (const button of this.element.querySelectorAll('.ply[data-ply]')) {
      const mark = marks[Number(button.dataset.ply)];
      if (mark) {
        const judgement = document.createElement('span');
        judgement.className = 'judgement';
        judgement.textContent = mark;
        button.append(judgement);
        button.classList.add(mark === '??' ? 'blunder' : 'mistake');
        button.title += mark === '??' ? ' A blunder, by congo\'s analysis.' : ' A mistake, by congo\'s analysis.';
      }
    }
  }

  /** The FEN after `ply` plies. */
  fenAt(ply) {
    return ply === 0 ? this.start : this.plies[ply - 1].fen;
  }
}

/** The words for the plies up to `ply` that are worth telling: the last
 * two. */
function lastWords(list, ply) {
  const lines = [];
  for (let index = Math.max(0, ply - 2); index < ply; index += 1) {
    lines.push(describe(list.plies[index], list.fenAt(index)));
  }
  return lines;
}

// ------------------------------------------------------------------ clocks

const clocks = {
  /** The clock of the game on the board, when it has one, and when the
   * server read it. */
  clock: null,
  at: 0,
  timer: null,
  low: new LowTime(),
};

function formatTime(ms) {
  const total = Math.max(0, ms);
  if (total < 10000) {
    return `${(total / 1000).toFixed(1)} s`;
  }
  const seconds = Math.floor(total / 1000);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor(seconds / 60) % 60;
  const rest = String(seconds % 60).padStart(2, '0');
  return hours ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** Shows `clock` (null: none), White's at the bottom unless turned. */
function showClocks(clock) {
  clocks.clock = clock;
  clocks.at = performance.now();
  $('clock-top').hidden = !clock;
  $('clock-bottom').hidden = !clock;
  clearInterval(clocks.timer);
  if (clock) {
    tickClocks();
    clocks.timer = setInterval(tickClocks, 100);
  }
}

function tickClocks() {
  const clock = clocks.clock;
  const passed = performance.now() - clocks.at;
  const [top, bottom] = board.flipped ? ['white', 'black'] : ['black', 'white'];
  for (const [element, side] of [[$('clock-top'), top], [$('clock-bottom'), bottom]]) {
    const running = clock.running === side;
    const left = clock[side] - (running ? passed : 0);
    element.querySelector('.who').textContent = side === 'white' ? 'White' : 'Black';
    element.querySelector('.time').textContent = formatTime(left);
    element.classList.toggle('running', running);
    element.classList.toggle('low', running && left < LOW_TIME_MS);
    if (running && play.view) {
      clocks.low.check(play.view.id || play.view.start, side, left);
    }
  }
}

// -------------------------------------------------------------------- play

const play = {
  /** The kept game: its id and this page's key (none when watching). */
  id: null,
  key: null,
  /** The last view the server sent. */
  view: null,
  source: null,
  /** While hidden in a friend game: the timer that says its player is
   * here. */
  here: null,
  /** The settings the game was made with, to make it again if the server
   * lost it. */
  settings: null,
  /** The ply on the board while browsing, or null for the latest. */
  browsing: null,
  sending: false,
  /** Since when congo has waited for an engine (performance.now()). */
  waitingSince: null,
  list: null,
  links: null,
};

/** The one premove waiting while the other side is to move. */
const premove = new Premove();

/** The game-ending buttons (made when the page is wired). */
let endings = null;

/** The settings of the New game form, or an error for the field that is
 * wrong. */
function readSettings() {
  const start = $('start').value === 'fen' ? $('start-fen').value.trim() : STARTS[$('start').value];
  if (!start) {
    return { error: 'Write the FEN to start from.' };
  }
  const [who, side] = $('opponent').value.split('-');
  const settings = { start, moves: [], white: 'me', black: 'me', clock: null, movetime: 1000 };
  if (who !== 'hand') {
    settings[side] = who;
  }
  if ($('clock-on').checked) {
    const base = Number($('clock-base').value);
    const increment = Number($('clock-increment').value);
    if (!$('clock-base').value || !(base > 0) || base > 1440) {
      return { error: 'The clock needs minutes each from 0.1 to 1440.' };
    }
    if ($('clock-increment').value === '' || !(increment >= 0) || increment > 3600) {
      return { error: 'The seconds added a move must be from 0 to 3600.' };
    }
    settings.clock = { base: Math.round(base * 60000), increment: Math.round(increment * 1000) };
  }
  const movetime = Number($('movetime').value);
  if (!Number.isInteger(movetime) || movetime < 1 || movetime > 60000) {
    return { error: "congo's time a move must be a whole number of milliseconds from 1 to 60000." };
  }
  settings.movetime = movetime;
  if (settings.white === 'congo' || settings.black === 'congo') {
    settings.level = Number($('level').value);
  }
  return { settings };
}

/** Shows `settings` in the New game form, so that the next game starts
 * like this one unless changed. */
function fillForm(settings) {
  const start = Object.keys(STARTS).find((name) => STARTS[name] === settings.start) || 'fen';
  $('start').value = start;
  $('start-fen').value = start === 'fen' ? settings.start : '';
  $('start-fen-row').hidden = start !== 'fen';
  const other = settings.white === 'me' ? settings.black : settings.white;
  const side = settings.white === 'me' ? 'black' : 'white';
  $('opponent').value = other === 'me' ? 'hand' : `${other}-${side}`;
  $('clock-on').checked = Boolean(settings.clock);
  $('clock-fields').hidden = !settings.clock;
  if (settings.clock) {
    $('clock-base').value = String(settings.clock.base / 60000);
    $('clock-increment').value = String(settings.clock.increment / 1000);
  }
  $('movetime').value = String(settings.movetime);
  $('level').value = String(settings.level || 8);
  showLevel();
}

/** congo's level is asked for when congo plays. */
function showLevel() {
  $('level-row').hidden = !$('opponent').value.startsWith('congo');
}

/** A new game with `settings`: set up at once on the board, kept on the
 * server from its first move (or at once when congo moves first). */
async function newGame(settings) {
  leaveGame();
  play.settings = settings;
  fillForm(settings);
  $('friend-links').hidden = true;
  board.flipped = settings.white !== 'me' && settings.black === 'me';
  const position = await api('/api/position?fen=' + encodeURIComponent(settings.start));
  play.view = pendingView(settings, position);
  const congoFirst = settings[position.side] === 'congo';
  const friend = settings.white === 'friend' || settings.black === 'friend';
  if (congoFirst || friend || settings.moves.length) {
    await keep(settings);
  } else {
    showPlay();
    say(position.result ? '' : `${position.side === 'white' ? 'White' : 'Black'} to move: click a piece, then where it goes.`);
  }
  updateLink();
}

/** A view of a game not yet kept on the server. */
function pendingView(settings, position) {
  return {
    id: null,
    you: 'both',
    players: { white: settings.white === 'congo' ? 'engine' : 'person', black: settings.black === 'congo' ? 'engine' : 'person' },
    start: settings.start,
    moves: [],
    plies: [],
    position,
    clock: settings.clock ? { ...settings.clock, white: settings.clock.base, black: settings.clock.base, running: null } : null,
    congo: null,
    result: position.result,
  };
}

/** Has the server keep the game of `settings`, and follows it. */
async function keep(settings) {
  const created = await api('/api/games', {
    fen: settings.start,
    moves: settings.moves,
    white: settings.white,
    black: settings.black,
    clock: settings.clock,
    movetime: settings.movetime,
    level: settings.level,
  }).catch((error) => {
    if (error.status === 429) {
      tooMany(error.message, () => keep(settings).then(updateLink));
    }
    throw error;
  });
  rememberGame(created.id, created.key);
  $('too-many').hidden = true;
  play.links = created.links;
  if (created.links.friend) {
    $('friend-link').href = created.links.friend;
    $('friend-link').textContent = location.origin + created.links.friend;
  }
  $('friend-link-row').hidden = !created.links.friend;
  follow(created.id, created.key);
  onView(created.game);
}

/** Closes the game being followed: congo stops searching for it. */
function leaveGame() {
  if (play.source) {
    play.source.close();
    play.source = null;
  }
  play.id = null;
  play.key = null;
  play.browsing = null;
  play.sending = false;
  premove.clear();
  stopAnalysis();
}

/** Follows kept game `id` as the holder of `key` (none: watching). */
function follow(id, key) {
  closeGameStream();
  stopBeingHere();
  play.id = id;
  play.key = key;
  if (!isHidden()) {
    openGameStream();
  }
}

/** Opens the event stream of the game followed (the page is seen). */
function openGameStream() {
  const { id, key } = play;
  const source = followGame(id, key, {
    view: (view) => {
      if (source === play.source) {
        onView(view);
      }
    },
    lost: () => {
      if (source === play.source) {
        source.close();
        play.source = null;
        findAgain(id);
      }
    },
    trouble: () => {
      if (source === play.source) {
        say('The connection to the server was lost; trying again…');
      }
    },
  });
  play.source = source;
}

function closeGameStream() {
  if (play.source) {
    play.source.close();
    play.source = null;
  }
}

/** Whether this page plays a side of a game between friends still going
 * on: hidden, it says now and then that its player is here, since a
 * closed stream alone tells the server its player left (and the friend
 * may claim the win). */
function playsAFriend() {
  const view = play.view;
  return Boolean(view && play.key && view.you && view.you !== 'both'
    && !view.ended && view.players && view.players.white === 'person'
    && view.players.black === 'person');
}

/** How often a hidden page of a friend game says its player is here: a
 * browser may hold a hidden tab's timers to one a minute, and the server
 * believes the word for longer than that. */
const HERE_EVERY_MS = 20000;

/** The page is hidden: it follows no stream (a browser keeps six
 * connections to one server, and six tabs' streams would take them all);
 * a friend game's page says, before its stream closes and then now and
 * then, that its player is here, and shows the game as the answer has it. */
function goQuiet() {
  stopBeingHere();
  if (!playsAFriend()) {
    closeGameStream();
    return;
  }
  const { id, key } = play;
  const here = () => api(`/api/games/${encodeURIComponent(id)}/here`, { key });
  const heard = (view) => {
    if (id === play.id) {
      onView(view);
    }
  };
  // A tab being closed is hidden first: it must not say its player is
  // here. Its timers never run, so the word waits for the next task.
  play.here = setTimeout(() => {
    if (closing) {
      return;
    }
    here().then(heard, () => {}).finally(() => {
      if (isHidden() && id === play.id) {
        closeGameStream();
      }
    });
    play.here = setInterval(() => here().then(heard, () => {}), HERE_EVERY_MS);
  }, 0);
}

/** Whether the page is being closed or left (its streams go with it). */
let closing = false;
addEventListener('pagehide', () => { closing = true; });
addEventListener('pageshow', () => { closing = false; });

/** The page is seen: it stops saying its player is here (its stream says
 * it again). */
function stopBeingHere() {
  // The first word's timeout or the interval after it: one list of timers
  // holds both.
  clearTimeout(play.here);
  play.here = null;
}

/** The page is seen again: reads the game's whole state and follows it
 * again (the stream's first view may come first: the newer one stays). */
async function findGameAgain() {
  const { id, key } = play;
  if (!id || play.source) {
    return;
  }
  openGameStream();
  try {
    const view = await api(`/api/games/${encodeURIComponent(id)}${key ? `?key=${encodeURIComponent(key)}` : ''}`);
    if (id === play.id) {
      onView(view);
    }
  } catch {
    // The stream's own error says what became of the game.
  }
}

/** How long a page without its game's stream waits before it reads the
 * game again and asks for the stream anew: a server with no room for one
 * more stream still answers each move, and this page sees it. */
const READ_AGAIN_MS = 2000;

/** After the stream closed (refused by a server with no room for it, or
 * lost): reads game `id` again and follows it anew, or, when the server no
 * longer has the game (it restarted, or the game was left an hour), sets it
 * up again from what this page knows. */
async function findAgain(id) {
  if (id !== play.id) {
    return;
  }
  try {
    const query = play.key ? `?key=${encodeURIComponent(play.key)}` : '';
    onView(await api(`/api/games/${encodeURIComponent(id)}${query}`));
    // The stream was refused or lost: the game is read every so often
    // until a stream can be had again.
    setTimeout(() => {
      if (id === play.id && !play.source && !isHidden()) {
        openGameStream();
      }
    }, READ_AGAIN_MS);
  } catch (error) {
    if (id !== play.id) {
      return;
    }
    if (error.status === 404) {
      await lostGame(error.message);
    } else {
      say('The server could not be reached; trying again…');
      setTimeout(() => findAgain(id), 2000);
    }
  }
}

/** The server lost the game: this page's own games are set up again with
 * their moves; a friend's or a watched one cannot be. */
async function lostGame(why) {
  const view = play.view;
  const friend = view && (view.players.white === 'person' && view.players.black === 'person') && view.you !== 'both';
  if (!view || !play.key || friend || !play.settings) {
    leaveGame();
    notice(`This game is not on the server: ${why}.`);
    return;
  }
  const settings = { ...play.settings, start: view.start, moves: view.moves };
  notice('The server no longer had this game (it may have restarted); it was set up again from this page, with its moves. The clocks start again.');
  try {
    leaveGame();
    play.settings = settings;
    await keep(settings);
    updateLink();
  } catch (error) {
    notice(`The game could not be set up again: ${error.message}.`);
  }
}

/** Whether `view` is newer than the view shown: the server counts every
 * change of a game in its views' `version`, and the page never goes back
 * to an older one (the answer to a move, computed before congo's reply,
 * may reach the page after the reply's event). */
function isNewer(view, shown, orSame = false) {
  return !shown || shown.id !== view.id || typeof shown.version !== 'number'
    || view.version > shown.version || (orSame && view.version === shown.version);
}

/** A view from the server: the game as it stands, unless an older one. */
function onView(view, orSame = false) {
  if (!isNewer(view, play.view, orSame)) {
    // Nothing new: drawn again only to end a move's sending.
    const wasSending = play.sending;
    play.sending = false;
    if (wasSending && isTab('play')) {
      showPlay();
    }
    return;
  }
  const before = play.view;
  play.view = view;
  play.sending = false;
  if (view.congo !== 'waiting') {
    play.waitingSince = null;
  }
  const sameGame = before && (before.id === view.id || before.id === null);
  if (view.result && sameGame && !before.result) {
    announce(`${resultWords(view.result)}: ${view.position.reason}.`);
  }
  if (sameGame && view.plies.length > before.plies.length) {
    playSound(soundOf(view.plies[view.plies.length - 1]));
  }
  updateLink();
  showWatchLink(view);
  if (noteView(view, play.key)) {
    showMyGamesIfOpen();
  }
  if (play.browsing !== null && play.browsing > view.plies.length) {
    play.browsing = null;
  }
  if (isTab('play')) {
    showPlay();
  }
  playPremove(view);
}

/** congo's score for the side to move of `fen`, for White. */
const scoreForWhite = (score, fen) => (turnOf(fen).white ? score : -score);

/** congo's view of a position in words, from an /api/best answer. */
function evaluationWords(best, fen) {
  return `congo: ${pawns(scoreForWhite(best.score, fen))} for White; its move ${shown(best.move)}`;
}

/** congo's evaluation of every position of the finished game shown, a
 * short search each, with its progress; the plies that lost much are
 * marked in the move list. */
async function analyseGame() {
  const view = play.view;
  if (!view || !view.id || !isOver(view)) {
    return;
  }
  stopAnalysis();
  const controller = new AbortController();
  play.analysing = controller;
  $('analyse').disabled = true;
  $('analyse-stop').hidden = false;
  const fens = [view.start, ...view.plies.map((ply) => ply.fen)];
  const progress = (done, total) => {
    $('analysis-progress').textContent = `congo has looked at ${done} of ${total} positions…`;
  };
  progress(0, fens.length);
  try {
    const answers = await analyse(api, fens, {
      signal: controller.signal,
      onProgress: progress,
      over: (index) => index === view.plies.length && Boolean(view.position.result),
    });
    const marks = judge(answers);
    play.analysis = { id: view.id, answers, marks };
    const count = Object.keys(marks).length;
    $('analysis-progress').textContent = `Done: ${count} ${count === 1 ? 'ply' : 'plies'} marked `
      + `(? the mover's evaluation fell by ${MISTAKE / 100} pawns or more, ?? by ${BLUNDER / 100} or more). `
      + 'Browse the moves to see congo\'s evaluation and move.';
    showPlay();
  } catch (error) {
    $('analysis-progress').textContent = error.name === 'AbortError' ? 'Analysis stopped.' : `Analysis stopped: ${error.message}.`;
  } finally {
    if (play.analysing === controller) {
      play.analysing = null;
    }
    $('analyse').disabled = false;
    $('analyse-stop').hidden = true;
  }
}

function stopAnalysis() {
  if (play.analysing) {
    play.analysing.abort();
    play.analysing = null;
  }
}

/** The player's turn has come: the premove waiting is sent if it is legal
 * now, and dropped (and said so) if not. */
function playPremove(view) {
  if (!premove.move) {
    return;
  }
  const side = view.position.side;
  if (isOver(view) || !view.id) {
    premove.clear();
    return;
  }
  if (view.you !== side || view.players[side] !== 'person' || play.sending) {
    return;
  }
  const { send, dropped } = premove.due(view);
  if (send) {
    sendMove(send);
  } else if (dropped) {
    notice(`The premove ${shown(dropped)} is not legal after the reply: it was cancelled.`);
    showPlay();
  }
}

/** A move made on the board while congo thinks: kept to play when its
 * move arrives. */
function setPremove(move) {
  premove.set(move);
  showPlay();
}

function cancelPremove() {
  premove.clear();
  showPlay();
  say('Premove cancelled.');
}

/** Draws the play tab from the last view. */
function showPlay() {
  const view = play.view;
  if (!view) {
    return;
  }
  const list = play.list;
  list.show(view.start, view.plies, play.browsing ?? view.plies.length);
  const analysis = play.analysis && play.analysis.id === view.id ? play.analysis : null;
  if (analysis) {
    list.annotate(analysis.marks);
  }
  const latest = play.browsing === null || play.browsing === view.plies.length;
  const ply = latest ? view.plies.length : play.browsing;
  play.showSteps(ply, view.plies.length);
  const fen = list.fenAt(ply);
  const last = ply ? view.plies[ply - 1] : null;
  const side = view.position.side;
  const mine = view.you === 'both' || view.you === side;
  const takes = latest && !isOver(view) && mine && view.players[side] === 'person' && !play.sending;
  // The other side's turn (congo's or a friend's): a premove may be made.
  const ahead = latest && !isOver(view) && Boolean(view.premoves) && !play.sending;
  const judged = analysis && analysis.answers[ply];
  const premoving = ahead && !premove.move;
  draw(fen, {
    moves: takes ? view.position.moves : (premoving ? view.premoves : null),
    onMove: takes ? sendMove : setPremove,
    last,
    premove: ahead ? premove.move : null,
    arrow: judged ? judged.move : null,
  });
  showBar(judged ? scoreForWhite(judged.score, fen) : null, judged ? evaluationWords(judged, fen) : '');
  $('analysis-row').hidden = !(view.id && isOver(view) && view.plies.length);
  showClocks(view.clock);
  banner(view.result || (view.ended ? 'aborted' : null), view.ended || view.position.reason);
  happened(lastWords(list, ply));
  endings.show(view.id ? view : null);
  $('take-back').hidden = betweenFriends(view) || (view.can ? !view.can.takeback
    : !(view.you === 'both' || (view.you && view.players[view.you === 'white' ? 'black' : 'white'] === 'engine')));
  $('export-record').disabled = !view.id;
  $('save-gif').hidden = !view.plies.length;
  $('pgn').hidden = !view.id;
  if (view.id) {
    $('pgn').href = `/api/games/${encodeURIComponent(view.id)}/pgn`;
    $('pgn').download = `congo-${view.id}.pgn`;
  }
  if (!latest) {
    say(`Looking at ply ${ply} of ${view.plies.length}: press End or click the last move to come back.`);
  } else if (isOver(view)) {
    say('');
  } else if (ahead && premove.move) {
    const other = view.players[side] === 'engine' ? 'congo' : (side === 'white' ? 'White' : 'Black');
    say(`Premove ${shown(premove.move)}: played when ${other} has moved. Click the board or right-click to cancel it.`);
  } else if (view.congo) {
    say(congoWords(view));
  } else if (!view.you) {
    say(`Watching: ${side === 'white' ? 'White' : 'Black'} to move.`);
  } else if (mine && view.players[side] === 'person') {
    say(`${view.you === 'both' ? (side === 'white' ? 'White' : 'Black') : 'You'} to move.`);
  } else {
    say(`Waiting for ${side === 'white' ? 'White' : 'Black'} to move.`);
  }
}

/** How long congo may wait for an engine before the page says so: every
 * move waits a moment, and a status that flickers on each reply says
 * nothing. */
const WAIT_SHOWN_AFTER_MS = 700;

/** What congo is doing in `view` (`thinking` or `waiting`), in words:
 * a wait is told once it has lasted, and the status is drawn again then. */
function congoWords(view) {
  if (view.congo !== 'waiting') {
    return 'congo is thinking…';
  }
  play.waitingSince ??= performance.now();
  const waited = performance.now() - play.waitingSince;
  if (waited >= WAIT_SHOWN_AFTER_MS) {
    return 'congo waits for a free engine…';
  }
  setTimeout(() => {
    if (play.view === view && isTab('play')) {
      showPlay();
    }
  }, WAIT_SHOWN_AFTER_MS - waited);
  return 'congo is thinking…';
}

/** Sends a move chosen on the board; it is drawn when the server has
 * played it, and not at all if it refuses or cannot be reached. */
async function sendMove(move) {
  const view = play.view;
  play.sending = true;
  notice(null);
  say(`Sending ${shown(move)}…`);
  draw(board.fen, { last: board.last });
  try {
    if (!view.id) {
      // The game's first move: the server keeps it from now on.
      await keep({ ...play.settings, moves: [move] });
      updateLink();
      return;
    }
    const answer = await api(`/api/games/${encodeURIComponent(view.id)}/move`, { key: play.key, move });
    onView(answer);
  } catch (error) {
    play.sending = false;
    if (error.status === 404) {
      await lostGame(error.message);
      return;
    }
    notice(`${shown(move)} was not played: ${error.message}.`);
    showPlay();
  }
}

/** An action of the Play tab's game buttons (`resign`, `abort`, `draw`,
 * `accept`, `decline`, `claim`, `takeback`, `keepmoves`, `rematch`): the
 * answer is shown, and a rematch is followed at once. */
async function gameAction(action) {
  const view = play.view;
  if (!view || !view.id) {
    return;
  }
  try {
    const answer = await api(`/api/games/${encodeURIComponent(view.id)}/${action}`, { key: play.key });
    notice(null);
    if (action === 'rematch') {
      rememberGame(answer.id, answer.key);
      location.assign(answer.links.me);
      return;
    }
    onView(answer);
  } catch (error) {
    if (error.status === 404) {
      await lostGame(error.message);
    } else {
      notice(`${NOT_DONE[action]}: ${error.message}.`);
    }
  }
}

/** Asks for the game's view again (a countdown ran out). */
async function refreshGame() {
  const { id, key } = play;
  if (!id) {
    return;
  }
  try {
    const view = await api(`/api/games/${encodeURIComponent(id)}${key ? `?key=${encodeURIComponent(key)}` : ''}`);
    if (id === play.id) {
      // The same version, read later: what may be done now can differ.
      onView(view, true);
    }
  } catch {
    // The stream says what became of the game.
  }
}

/** The server refused a new game: too many in progress from here. The
 * page offers to end the games it made, then tries again with `retry`. */
function tooMany(why, retry) {
  $('too-many-words').textContent = `The server will not start another game now: ${why}. `
    + 'End the other games this browser made (aborted where they may be, resigned where not), then this one starts.';
  $('too-many').hidden = false;
  $('end-others').onclick = async () => {
    $('end-others').disabled = true;
    try {
      const ended = await endMyGames(api, play.id);
      $('too-many-words').textContent = `${ended} game${ended === 1 ? '' : 's'} ended; starting this one…`;
      await retry();
      $('too-many').hidden = true;
      notice(null);
      $('new-error').textContent = '';
    } catch (error) {
      $('too-many-words').textContent = `The game still cannot start: ${error.message}.`;
    } finally {
      $('end-others').disabled = false;
    }
  };
}

async function takeBack() {
  const view = play.view;
  if (!view || !view.id) {
    return;
  }
  premove.clear();
  try {
    onView(await api(`/api/games/${encodeURIComponent(view.id)}/takeback`, { key: play.key }));
    notice(null);
  } catch (error) {
    if (error.status === 404) {
      await lostGame(error.message);
    } else {
      notice(`Nothing was taken back: ${error.message}.`);
    }
  }
}

/** Shows ply `ply` of the game (its last: back to playing). */
/** The ply the Play tab shows. */
function playPly() {
  return play.browsing ?? (play.view ? play.view.plies.length : 0);
}

function browsePlay(ply) {
  const view = play.view;
  if (!view) {
    return;
  }
  const clamped = Math.max(0, Math.min(view.plies.length, ply));
  play.browsing = clamped === view.plies.length ? null : clamped;
  showPlay();
}

/** The link that lets anyone watch a kept game, on every page of it (a
 * friend's too): it carries no key, so it plays no side. */
function showWatchLink(view) {
  const watch = view.id ? `/?game=${encodeURIComponent(view.id)}` : null;
  if (watch) {
    $('watch-link').href = watch;
    $('watch-link').textContent = location.origin + watch;
    $('friend-link-row').hidden = !(play.links && play.links.friend && play.links.friend.includes(view.id));
  }
  $('friend-links').hidden = !watch;
}

/** The address of this game: the server's game, how to set it up again,
 * and which way the board is turned. */
function updateLink() {
  const query = new URLSearchParams();
  if (play.id) {
    query.set('game', play.id);
  }
  if (play.key) {
    query.set('key', play.key);
  }
  const settings = play.settings;
  if (settings) {
    query.set('fen', settings.start);
    const moves = play.view ? play.view.moves : settings.moves;
    if (moves.length) {
      query.set('moves', moves.join(' '));
    }
    query.set('white', settings.white);
    query.set('black', settings.black);
    if (settings.clock) {
      query.set('clock', `${settings.clock.base / 1000}+${settings.clock.increment / 1000}`);
    }
    if (settings.movetime !== 1000) {
      query.set('movetime', String(settings.movetime));
    }
    if (settings.level) {
      query.set('level', String(settings.level));
    }
  }
  if (board.flipped) {
    query.set('flip', '1');
  }
  const address = '/?' + query.toString();
  $('link').href = address;
  history.replaceState(null, '', address);
}

async function saveRecord() {
  const view = play.view;
  if (!view || !view.id) {
    return;
  }
  try {
    const response = await fetch(`/api/games/${encodeURIComponent(view.id)}/record`);
    if (!response.ok) {
      throw new Error((await response.json()).error);
    }
    const blob = new Blob([await response.text()], { type: 'text/plain' });
    const anchor = document.createElement('a');
    anchor.href = URL.createObjectURL(blob);
    anchor.download = `congo-${view.id}.txt`;
    anchor.click();
    URL.revokeObjectURL(anchor.href);
  } catch (error) {
    notice(`The record could not be saved: ${error.message}`);
  }
}

/** Fills the My games list when it is open (closed, it is filled when
 * opened). */
function showMyGamesIfOpen() {
  if ($('my-games').open) {
    showMyGames($('my-games-list'), $('my-games-none'));
  }
}

/** The name files saved from the Play tab take: the game's id, or the
 * position's. */
function fileName(extension) {
  return `congo-${play.view && play.view.id ? play.view.id : 'position'}.${extension}`;
}

/** Saves the position on the board as a PNG. */
async function savePicture() {
  try {
    download(await pngOf(await svgOf(board.fen)), fileName('png'));
  } catch (error) {
    notice(`The picture was not made: ${error.message || 'the board could not be drawn'}.`);
  }
}

/** Saves the Play tab's game, every position of it, as an animated GIF. */
async function saveGif() {
  const view = play.view;
  if (!view || !view.plies.length) {
    return;
  }
  const button = $('save-gif');
  button.disabled = true;
  say('Drawing the GIF…');
  try {
    const fens = [view.start, ...view.plies.map((ply) => ply.fen)];
    const svgs = [];
    for (const fen of fens) {
      svgs.push(await svgOf(fen));
    }
    download(await gifOf(svgs), fileName('gif'));
    say(`The GIF of ${fens.length} positions is saved.`);
  } catch (error) {
    notice(`The GIF was not made: ${error.message || 'a board could not be drawn'}.`);
  } finally {
    button.disabled = false;
  }
}

function copyFen() {
  const fen = board.fen || '';
  const done = () => say('FEN copied.');
  if (navigator.clipboard) {
    navigator.clipboard.writeText(fen).then(done, () => say(fen));
  } else {
    say(fen);
  }
}

/** The settings a link names, or null when it names none. */
function settingsOfLink(query) {
  if (!query.has('fen') && !query.has('moves') && !query.has('white')) {
    return null;
  }
  const seat = (name) => (['me', 'friend', 'congo'].includes(query.get(name)) ? query.get(name) : 'me');
  const settings = {
    start: query.get('fen') || STARTS.full,
    moves: (query.get('moves') || '').split(/\s+/).filter(Boolean),
    white: seat('white'),
    black: seat('black'),
    clock: null,
    movetime: 1000,
  };
  const clock = /^(\d+(?:\.\d+)?)\+(\d+(?:\.\d+)?)$/.exec(query.get('clock') || '');
  if (clock) {
    settings.clock = { base: Math.round(Number(clock[1]) * 1000), increment: Math.round(Number(clock[2]) * 1000) };
  }
  const movetime = Number(query.get('movetime'));
  if (Number.isInteger(movetime) && movetime >= 1 && movetime <= 60000) {
    settings.movetime = movetime;
  }
  const level = Number(query.get('level'));
  if (Number.isInteger(level) && level >= 1 && level <= 8) {
    settings.level = level;
  }
  return settings;
}

/** Starts from the page's address: a kept game, a game to set up, or a
 * fresh one; a bad link says what is wrong and shows the start. */
async function startFromLink() {
  const query = new URLSearchParams(location.search);
  board.flipped = query.get('flip') === '1';
  const settings = settingsOfLink(query);
  if (query.has('game')) {
    const id = query.get('game');
    const key = query.get('key');
    try {
      const view = await api(`/api/games/${encodeURIComponent(id)}${key ? `?key=${encodeURIComponent(key)}` : ''}`);
      play.settings = settings || settingsOfView(view);
      fillForm(play.settings);
      if (!query.has('flip')) {
        board.flipped = view.you === 'black';
      }
      follow(id, key);
      if (key && view.you === null) {
        notice('The key in this link plays no side of this game: you are watching it.');
      }
      onView(view);
      return;
    } catch (error) {
      if (!settings || error.status === 0) {
        notice(`This link's game cannot be shown: ${error.message}. The start position is shown instead.`);
        await fresh();
        return;
      }
      notice('The server no longer has this link\'s game (it may have restarted); it was set up again from the link.');
    }
  }
  if (settings) {
    try {
      await newGame(settings);
      return;
    } catch (error) {
      notice(`This link's game cannot be set up: ${error.message}. The start position is shown instead.`);
    }
  }
  await fresh();
}

/** The settings a kept game was made with, as far as its view tells. */
function settingsOfView(view) {
  const seat = (side) => (view.players[side] === 'engine' ? 'congo' : (view.you === side || view.you === 'both' ? 'me' : 'friend'));
  return {
    start: view.start,
    moves: view.moves,
    white: seat('white'),
    black: seat('black'),
    clock: view.clock ? { base: view.clock.base, increment: view.clock.increment } : null,
    movetime: 1000,
    level: view.level || undefined,
  };
}

/** A fresh game against congo from the full start. */
async function fresh() {
  try {
    await newGame({ start: STARTS.full, moves: [], white: 'me', black: 'congo', clock: null, movetime: 1000 });
  } catch (error) {
    say(`The board could not be set up: ${error.message}.`);
  }
}

async function startNewGame() {
  const { settings, error } = readSettings();
  $('new-error').textContent = error || '';
  if (error) {
    return;
  }
  notice(null);
  try {
    await newGame(settings);
    showBoard();
  } catch (failure) {
    $('new-error').textContent = `The game cannot start: ${failure.message}.`;
  }
}

/** Brings the board, both clocks and the status into view: on a phone the
 * form that started the game is below the board, and the page would
 * otherwise stay scrolled down at it. */
function showBoard() {
  $('board-area').scrollIntoView({ block: 'start', behavior: 'instant' });
}

// ------------------------------------------------------------------ study

const study = {
  start: STARTS.full,
  moves: [],
  plies: [],
  ply: 0,
  list: null,
  /** The search under way, to stop when the position changes. */
  search: null,
  token: 0,
};

/** Shows the position of `fen`, a new line of study from it. */
async function studyFrom(fen) {
  study.start = fen.trim();
  study.moves = [];
  await studyShow(0);
}

/** Shows the study line's position after `ply` plies. */
async function studyShow(ply) {
  stopSearch();
  const token = ++study.token;
  $('study-error').textContent = '';
  $('study-best-result').textContent = '';
  let answer;
  try {
    answer = await api('/api/play', { fen: study.start, moves: study.moves.slice(0, ply) });
  } catch (error) {
    if (token === study.token) {
      $('study-error').textContent = error.message;
    }
    return;
  }
  if (token !== study.token || !isTab('study')) {
    return;
  }
  study.ply = ply;
  if (ply === study.moves.length) {
    study.plies = answer.plies;
  }
  study.list.show(study.start, study.plies, ply);
  $('study-fen').value = answer.fen;
  const white = answer.side === 'white' ? answer.evaluation : -answer.evaluation;
  $('study-eval').textContent = pawns(white);
  $('study-moves').textContent = answer.moves.length
    ? answer.moves.map(shown).join(' ')
    : (answer.result ? `none: ${answer.reason}` : 'none');
  const last = ply ? study.plies[ply - 1] : null;
  showBar(null);
  await draw(answer.fen, { moves: answer.result ? null : answer.moves, onMove: studyMove, last });
  banner(answer.result, answer.reason);
  happened(lastWords(study.list, ply));
  say(answer.result ? '' : 'Click a piece to try its moves.');
  probe(answer.fen);
}

/** A move tried on the study board: the line goes on from here. */
function studyMove(move) {
  study.moves = study.moves.slice(0, study.ply).concat([move]);
  study.plies = study.plies.slice(0, study.ply);
  studyShow(study.moves.length);
}

/** A score in pawns, signed, from White's side. */
function pawns(score) {
  return `${score > 0 ? '+' : score < 0 ? '−' : ''}${(Math.abs(score) / 100).toFixed(2)}`;
}

function stopSearch() {
  if (study.search) {
    study.search.abort();
    study.search = null;
  }
}

async function studyBest() {
  const time = Number($('study-time').value);
  if (!Number.isInteger(time) || time < 1 || time > 10000) {
    $('study-best-result').textContent = 'The time must be a whole number of milliseconds from 1 to 10000.';
    return;
  }
  stopSearch();
  const search = new AbortController();
  study.search = search;
  const fen = board.fen;
  $('study-best-result').textContent = `congo is thinking for ${time} ms…`;
  try {
    const best = await api('/api/best', { fen, movetime: time }, search.signal);
    const white = turnOf(fen).white ? best.score : -best.score;
    if (board.fen === fen) {
      board.arrow = best.move;
      mark();
      showBar(white, evaluationWords(best, fen));
    }
    const table = best.tablebase ? `; the endgame tables say ${best.tablebase}` : '';
    $('study-best-result').textContent =
      `${shown(best.move)}, worth ${pawns(white)} for White by congo's own measure, `
      + `searched ${best.depth} plies deep (${best.nodes.toLocaleString('en')} positions)${table}. `
      + `The line it expects: ${best.pv.map(shown).join(' ')}.`;
  } catch (error) {
    if (error.name !== 'AbortError') {
      $('study-best-result').textContent = error.message;
    }
  } finally {
    if (study.search === search) {
      study.search = null;
    }
  }
}

async function probe(fen) {
  try {
    const verdict = await api('/api/probe?fen=' + encodeURIComponent(fen));
    const side = turnOf(fen).white ? 'White' : 'Black';
    const plies = verdict.plies === null ? '' : ` in ${verdict.plies} plies`;
    const words = { win: `${side}, to move, wins${plies}`, loss: `${side}, to move, loses${plies}`, draw: 'a draw' };
    $('study-probe').textContent = `${words[verdict.value]}; the moves that keep it: ${verdict.moves.map(shown).join(' ') || 'none'}`;
  } catch (error) {
    $('study-probe').textContent = error.message;
  }
}

// ----------------------------------------------------------------- replay

const replay = {
  text: '',
  games: [],
  game: null,
  ply: 0,
  list: null,
  token: 0,
};

async function readRecord(text) {
  $('record-error').textContent = '';
  replay.text = text;
  let answer;
  try {
    answer = await api('/api/record?summary=1', text);
  } catch (error) {
    $('record-error').textContent = error.message;
    return;
  }
  replay.games = answer.games;
  $('record-game').replaceChildren(...answer.games.map((game, index) => {
    const option = document.createElement('option');
    option.value = String(index);
    const players = game.black ? `${game.white} - ${game.black}` : `${game.white} White`;
    option.textContent = `game ${game.game} (${players}): ${game.result}, ${game.length} plies`;
    return option;
  }));
  if (answer.games.length) {
    pickGame(0);
  } else {
    $('record-error').textContent = 'The record holds no game.';
  }
}

/** Fetches one game of the record, by sending its lines alone (a PGN
 * game spans several). */
async function pickGame(index) {
  const summary = replay.games[index];
  const token = ++replay.token;
  const lines = replay.text.split('\n').slice(summary.line - 1, summary.line - 1 + (summary.lines || 1));
  let answer;
  try {
    answer = await api('/api/record', lines.join('\n') + '\n');
  } catch (error) {
    $('record-error').textContent = error.message;
    return;
  }
  if (token !== replay.token) {
    return;
  }
  replay.game = answer.games[0];
  $('record-result').textContent = `${replay.game.result}: ${replay.game.reason}`;
  step(0);
}

function step(ply) {
  const game = replay.game;
  if (!game) {
    return;
  }
  replay.ply = Math.max(0, Math.min(game.plies.length, ply));
  replay.showSteps(replay.ply, game.plies.length);
  replay.list.show(game.start, game.plies, replay.ply);
  const last = replay.ply ? game.plies[replay.ply - 1] : null;
  say('');
  draw(replay.list.fenAt(replay.ply), { last });
  banner(replay.ply === game.plies.length ? game.result : null, game.reason);
  happened(lastWords(replay.list, replay.ply));
}

// ------------------------------------------------------------------ watch

const watch = {
  source: null,
  /** Whether the Watch tab follows the match (its stream closed while the
   * page is hidden). */
  following: false,
  /** The game seen under way, followed by the next when it ends. */
  live: null,
  /** The game shown, and the ply while browsing (null: the latest). */
  game: null,
  browsing: null,
  view: null,
  list: null,
};

/** Follows the watched match, with game `game` in full. */
function watchMatch(game) {
  closeWatchStream();
  watch.game = game;
  watch.browsing = null;
  watch.following = true;
  if (!isHidden()) {
    openWatchStream();
  }
}

function closeWatchStream() {
  if (watch.source) {
    watch.source.close();
    watch.source = null;
  }
}

/** Opens the stream of the match watched, with game `watch.game` in full. */
function openWatchStream() {
  const game = watch.game;
  const source = new EventSource('/api/watch/events' + (game ? `?game=${game}` : ''));
  watch.source = source;
  source.onmessage = (event) => {
    if (source === watch.source) {
      watch.view = JSON.parse(event.data);
      if (isTab('watch')) {
        showWatch();
      }
    }
  };
  source.onerror = () => {
    if (source === watch.source && isTab('watch')) {
      say('The connection to the server was lost; trying again…');
    }
  };
}

function showWatch() {
  const view = watch.view;
  if (!view) {
    return;
  }
  // The record's path is the server's business: it is not shown.
  $('watch-match').textContent = view.engines.A
    ? `A match is being played: A is ${withoutPaths(view.engines.A)}; B is ${withoutPaths(view.engines.B)}.`
    : 'No match is writing the record now; its finished games are below.';
  $('watch-score').textContent = `Score after ${view.score.games} finished game${view.score.games === 1 ? '' : 's'}: A ${view.score.A}, B ${view.score.B}; ${view.playing} under way.`;
  $('watch-problem').textContent = withoutPaths(view.problem || '');
  $('watch-games').replaceChildren(...view.games.map((game) => {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = `game ${game.game} (${game.white} White): `
      + (game.state === 'playing' ? `under way, ${game.length} plies` : `${game.result}, ${game.reason}`);
    button.classList.toggle('current', game.game === watch.game);
    button.addEventListener('click', () => watchMatch(game.game));
    item.append(button);
    return item;
  }));
  if (!watch.game && view.games.length) {
    const playing = view.games.find((game) => game.state === 'playing');
    watchMatch((playing || view.games[view.games.length - 1]).game);
    return;
  }
  const game = view.game;
  if (!game) {
    say(view.games.length ? '' : 'No game yet: the match has not started, or its record is empty.');
    return;
  }
  if (!game.result) {
    // Seen under way: when it ends, the next game is followed.
    watch.live = game.game;
  } else if (watch.live === game.game && watch.browsing === null) {
    const next = view.games.find((other) => other.game > game.game && other.state === 'playing');
    if (next) {
      watchMatch(next.game);
      say(`Game ${game.game} ended (${game.result}, ${game.reason}): following game ${next.game}.`);
      return;
    }
  }
  $('watch-title').textContent = `Game ${game.game}: ${game.white} has White`;
  const ply = watch.browsing ?? game.plies.length;
  watch.list.show(game.start, game.plies, ply);
  draw(watch.list.fenAt(ply), { last: ply ? game.plies[ply - 1] : null });
  banner(ply === game.plies.length ? game.result : null, game.reason);
  happened(lastWords(watch.list, ply));
  say(game.result ? '' : (watch.browsing === null ? 'Under way: each ply is shown as it is played.' : `Looking at ply ${ply}: press End to follow the game again.`));
}

function browseWatch(ply) {
  const game = watch.view && watch.view.game;
  if (!game) {
    return;
  }
  const clamped = Math.max(0, Math.min(game.plies.length, ply));
  watch.browsing = clamped === game.plies.length ? null : clamped;
  showWatch();
}

// ------------------------------------------------------------------- tabs

const TABS = ['play', 'study', 'replay', 'watch'];

const isTab = (name) => $(`tab-${name}`).getAttribute('aria-pressed') === 'true';

function showTab(name) {
  for (const tab of TABS) {
    $(`tab-${tab}`).setAttribute('aria-pressed', String(tab === name));
    $(`${tab}-panel`).hidden = tab !== name;
  }
  say('');
  notice(null);
  banner(null);
  happened([]);
  stopSearch();
  showBar(null);
  if (name !== 'play') {
    showClocks(null);
  }
  if (name !== 'watch') {
    // The Watch tab's stream is closed when another tab is shown.
    closeWatchStream();
    watch.following = false;
  }
  if (name === 'play') {
    showPlay();
  } else if (name === 'study') {
    studyFrom($('study-fen').value || board.fen || STARTS.full);
  } else if (name === 'replay') {
    if (replay.game) {
      step(replay.ply);
    } else {
      board.onMove = null;
      say('Paste a record or open a file, then Read.');
    }
  } else if (name === 'watch') {
    watchMatch(watch.game);
    showWatch();
  }
}

/** The arrow keys, Home and End step through the moves of the tab shown,
 * wherever the keyboard is (a button, a move of the list, the page), unless
 * a field one types in or the board (reached by Tab) has it. */
function onPageKey(event) {
  const typing = event.target.matches && event.target.matches(
    'textarea, select, [contenteditable], input:not([type=checkbox]):not([type=radio]):not([type=button]):not([type=file])',
  );
  if (typing || event.altKey || event.ctrlKey || event.metaKey) {
    return;
  }
  const steppers = {
    play: [playPly, browsePlay],
    study: [() => study.ply, (ply) => studyShow(Math.max(0, Math.min(study.moves.length, ply)))],
    replay: [() => replay.ply, step],
    watch: [() => watch.browsing ?? (watch.view && watch.view.game ? watch.view.game.plies.length : 0), browseWatch],
  };
  const [current, go] = steppers[TABS.find(isTab)];
  const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1 };
  if (event.key in moves) {
    go(current() + moves[event.key]);
  } else if (event.key === 'Home') {
    go(0);
  } else if (event.key === 'End') {
    go(Infinity);
  } else {
    return;
  }
  event.preventDefault();
}

function wire() {
  play.list = new MoveList($('play-moves'), browsePlay);
  play.showSteps = stepButtons($('play-steps'), playPly, browsePlay);
  replay.showSteps = stepButtons($('replay-steps'), () => replay.ply, step);
  study.list = new MoveList($('study-line'), (ply) => studyShow(ply));
  replay.list = new MoveList($('replay-moves'), step);
  watch.list = new MoveList($('watch-moves'), browseWatch);
  for (const tab of TABS) {
    $(`tab-${tab}`).addEventListener('click', () => showTab(tab));
  }
  $('start').addEventListener('change', () => { $('start-fen-row').hidden = $('start').value !== 'fen'; });
  $('clock-on').addEventListener('change', () => { $('clock-fields').hidden = !$('clock-on').checked; });
  $('new-start').addEventListener('click', startNewGame);
  for (const field of ['start-fen', 'clock-base', 'clock-increment', 'movetime']) {
    $(field).addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        startNewGame();
      }
    });
  }
  $('take-back').addEventListener('click', takeBack);
  $('analyse').addEventListener('click', analyseGame);
  $('analyse-stop').addEventListener('click', stopAnalysis);
  $('opponent').addEventListener('change', showLevel);
  endings = new Endings({ act: gameAction, join: (link) => location.assign(link), refresh: refreshGame });
  $('flip').addEventListener('click', () => {
    board.flipped = !board.flipped;
    board.drawn = null;
    updateLink();
    const name = TABS.find(isTab);
    ({ play: showPlay, study: () => studyShow(study.ply), replay: () => step(replay.ply), watch: showWatch })[name]();
  });
  $('copy-fen').addEventListener('click', copyFen);
  $('save-picture').addEventListener('click', savePicture);
  $('save-gif').addEventListener('click', saveGif);
  $('my-games').addEventListener('toggle', showMyGamesIfOpen);
  onMyGamesChanged(showMyGamesIfOpen);
  $('export-record').addEventListener('click', saveRecord);
  for (const button of document.querySelectorAll('.copy')) {
    button.addEventListener('click', () => {
      const text = $(button.dataset.copy).textContent;
      if (navigator.clipboard) {
        navigator.clipboard.writeText(text).then(() => say('Link copied.'), () => say(text));
      }
    });
  }
  $('study-form').addEventListener('submit', (event) => {
    event.preventDefault();
    studyFrom($('study-fen').value);
  });
  $('study-best').addEventListener('click', studyBest);
  $('study-time').addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      studyBest();
    }
  });
  $('record-load').addEventListener('click', () => readRecord($('record-text').value));
  $('record-file').addEventListener('change', async (event) => {
    const file = event.target.files[0];
    if (file) {
      const text = await file.text();
      // A long record is read, not shown: the field stays light.
      $('record-text').value = text.length > 100000 ? '' : text;
      $('record-text').placeholder = `${file.name}: ${text.length.toLocaleString('en')} bytes`;
      readRecord(text);
    }
  });
  $('record-game').addEventListener('change', (event) => pickGame(Number(event.target.value)));
  document.addEventListener('keydown', onPageKey);
  wireSoundSwitch($('sound'));
  onVisibility(() => {
    goQuiet();
    closeWatchStream();
  }, () => {
    stopBeingHere();
    findGameAgain();
    if (watch.following && !watch.source) {
      openWatchStream();
    }
  });
  // The Watch tab is there when the server watches a match.
  api('/api/watch').then((answer) => { $('tab-watch').hidden = answer.watching === false; }, () => {});
}

wire();
startFromLink();
// For the browser test and a curious reader's console.
Object.assign(window, { play, onView, withoutPaths, gifOf, pngOf, svgOf, followGame });
