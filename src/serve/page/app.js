// The web board: draws what the server says and reads clicks, drags and
// keys. It holds no rules: the legal moves, the position after a move and
// the end of the game all come from the API; a monkey's chain is built by
// matching the landings clicked so far against the legal moves' texts.
'use strict';

const START_FULL = 'gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0';
const START_2022 = 'g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0';
const SVG_NS = 'http://www.w3.org/2000/svg';
const NAMES = {
  p: 'pawn', s: 'superpawn', g: 'giraffe', m: 'monkey',
  e: 'elephant', l: 'lion', c: 'crocodile', z: 'zebra',
};
const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------- the API

/** Calls the API; its JSON, or an Error with the server's words. */
async function api(path, body) {
  const options = body === undefined ? {} : {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
  const response = await fetch(path, options);
  const data = await response.json();
  if (!response.ok) {
    throw new Error(data.error || `the server answered ${response.status}`);
  }
  return data;
}

const positionOf = (fen) => api('/api/position?fen=' + encodeURIComponent(fen));
const played = (fen, moves) => api('/api/play', { fen, moves });

function say(text) {
  $('status').textContent = text;
}

function banner(position) {
  const element = $('banner');
  element.hidden = !position.result;
  element.textContent = position.result
    ? `Game over: ${position.result}, ${position.reason}.` : '';
}

// -------------------------------------------------------------- the board

const view = {
  flipped: false,
  position: null,
  /** What a whole move chosen on the board is given to, if anything. */
  onMove: null,
  /** The square of the piece chosen, and the chain of landings so far. */
  selected: null,
  chain: null,
  /** The last move and what it did, to mark. */
  last: null,
  drawn: null,
  drag: null,
};

/** The piece letter on `square` ('.' for none), from the position's ranks. */
function pieceAt(square) {
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square[1]);
  return view.position.board[7 - rank][file];
}

function describe(square) {
  const letter = pieceAt(square);
  if (letter === '.') {
    return `${square}, empty`;
  }
  const side = letter === letter.toUpperCase() ? 'white' : 'black';
  return `${square}, ${side} ${NAMES[letter.toLowerCase()]}`;
}

/** Draws `position`, fetching its picture when it changed. */
async function draw(position, last) {
  view.position = position;
  view.last = last || null;
  view.selected = null;
  view.chain = null;
  const key = position.fen + (view.flipped ? ' flipped' : '');
  if (view.drawn !== key) {
    const query = encodeURIComponent(position.fen) + (view.flipped ? '&flip=1' : '');
    const picture = await (await fetch('/api/board.svg?fen=' + query)).text();
    if (view.position !== position) {
      return;
    }
    $('board').innerHTML = picture;
    $('board').setAttribute('aria-busy', 'false');
    view.drawn = key;
    prepareSquares();
  }
  labelSquares();
  mark(true);
}

function squares() {
  return [...$('board').querySelectorAll('.square')];
}

/** Makes each square a button a keyboard and a screen reader can use. */
function prepareSquares() {
  const svg = $('board').querySelector('svg');
  svg.setAttribute('role', 'group');
  svg.setAttribute('aria-label', 'Board');
  const marks = document.createElementNS(SVG_NS, 'g');
  marks.id = 'marks';
  svg.insertBefore(marks, squares()[0]);
  for (const [index, rect] of squares().entries()) {
    rect.setAttribute('role', 'button');
    rect.setAttribute('tabindex', index === 0 ? '0' : '-1');
  }
  svg.addEventListener('click', (event) => {
    const rect = event.target.closest('.square');
    if (rect && !view.drag?.moved) {
      choose(rect.dataset.square);
    }
  });
  svg.addEventListener('keydown', onKey);
  svg.addEventListener('pointerdown', onPointerDown);
  svg.addEventListener('pointermove', onPointerMove);
  svg.addEventListener('pointerup', onPointerUp);
}

function labelSquares() {
  for (const rect of squares()) {
    rect.setAttribute('aria-label', describe(rect.dataset.square));
  }
}

function rectOf(square) {
  const rect = $('board').querySelector(`.square[data-square="${square}"]`);
  const at = (name) => Number(rect.getAttribute(name));
  return { x: at('x'), y: at('y'), size: at('width') };
}

function shape(kind, square, className, inset) {
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
  $('marks').appendChild(element);
}

/** The squares the chosen piece (or chain so far) can go on to next. */
function targets() {
  const prefix = view.chain || view.selected;
  if (!prefix || !view.onMove) {
    return [];
  }
  const next = new Set();
  for (const move of view.position.moves) {
    if (move.startsWith(prefix) && move.length > prefix.length) {
      next.add(move.slice(prefix.length, prefix.length + 2));
    }
  }
  return [...next];
}

/** Marks the last move, what it did (when `fresh`), the chosen piece and
 * its targets. */
function mark(fresh) {
  const marks = $('marks');
  if (!marks) {
    return;
  }
  marks.replaceChildren();
  if (view.last) {
    const move = view.last.move;
    shape('rect', move.slice(0, 2), 'mark-last', 0);
    shape('rect', move.slice(-2), 'mark-last', 0);
    if (fresh) {
      for (const square of view.last.captured || []) {
        shape('circle', square, 'mark-taken', 4);
      }
      for (const square of view.last.drowned || []) {
        shape('circle', square, 'mark-drowned', 6);
      }
      if (view.last.promoted) {
        shape('circle', move.slice(-2), 'mark-promoted', 2);
      }
    }
  }
  if (view.selected) {
    shape('rect', view.selected, 'mark-selected', 0);
  }
  if (view.chain) {
    for (let at = 2; at < view.chain.length; at += 2) {
      shape('circle', view.chain.slice(at, at + 2), 'mark-chain', 6);
    }
  }
  for (const square of targets()) {
    if (pieceAt(square) === '.') {
      shape('circle', square, 'mark-target', 21);
    } else {
      shape('circle', square, 'mark-capture', 3);
    }
  }
}

/** A click (or Enter) on `square`. */
function choose(square) {
  if (!view.onMove) {
    return;
  }
  const position = view.position;
  if (view.chain) {
    if (square === view.chain.slice(-2) || square === view.chain.slice(0, 2)) {
      // The monkey stops here.
      if (position.moves.includes(view.chain)) {
        submit(view.chain);
      }
      return;
    }
    if (targets().includes(square)) {
      extend(view.chain + square);
      return;
    }
    view.chain = null;
  } else if (view.selected && targets().includes(square)) {
    extend(view.selected + square);
    return;
  }
  const own = position.moves.some((move) => move.startsWith(square));
  view.selected = own && square !== view.selected ? square : null;
  mark(false);
  if (view.selected) {
    const count = targets().length;
    say(`${describe(square)}: ${count} target square${count === 1 ? '' : 's'}`);
  }
}

/** Goes on with a move written `prefix` so far: plays it if nothing can
 * follow, or waits for the monkey's next landing. */
function extend(prefix) {
  const position = view.position;
  const longer = position.moves.some((move) => move.startsWith(prefix) && move.length > prefix.length);
  if (!longer) {
    if (position.moves.includes(prefix)) {
      submit(prefix);
    }
    return;
  }
  view.selected = prefix.slice(0, 2);
  view.chain = prefix;
  mark(false);
  say(`chain ${prefix}: jump on, or click the monkey or ${prefix.slice(-2)} again to stop`);
}

function submit(move) {
  const onMove = view.onMove;
  view.selected = null;
  view.chain = null;
  if (onMove) {
    onMove(move);
  }
}

function onKey(event) {
  const rect = event.target.closest('.square');
  if (!rect) {
    return;
  }
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
  const sign = view.flipped ? -1 : 1;
  const file = square.charCodeAt(0) - 97 + sign * step[0];
  const rank = Number(square[1]) + sign * step[1];
  if (file < 0 || file > 6 || rank < 1 || rank > 7) {
    return;
  }
  const next = $('board').querySelector(`.square[data-square="${String.fromCharCode(97 + file)}${rank}"]`);
  rect.setAttribute('tabindex', '-1');
  next.setAttribute('tabindex', '0');
  next.focus();
}

/** Where a pointer event is, in the picture's own units. */
function pointOf(event) {
  const svg = $('board').querySelector('svg');
  const point = new DOMPoint(event.clientX, event.clientY);
  return point.matrixTransform(svg.getScreenCTM().inverse());
}

function onPointerDown(event) {
  const rect = event.target.closest('.square');
  if (!rect || !view.onMove || view.chain) {
    view.drag = null;
    return;
  }
  const square = rect.dataset.square;
  if (!view.position.moves.some((move) => move.startsWith(square))) {
    view.drag = null;
    return;
  }
  const { x, y, size } = rectOf(square);
  const ghost = document.createElementNS(SVG_NS, 'circle');
  ghost.setAttribute('cx', x + size / 2);
  ghost.setAttribute('cy', y + size / 2);
  ghost.setAttribute('r', size * 0.4);
  ghost.setAttribute('class', 'ghost mark-selected');
  view.drag = { from: square, start: pointOf(event), ghost, moved: false };
}

function onPointerMove(event) {
  const drag = view.drag;
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
    view.selected = drag.from;
    mark(false);
    $('marks').appendChild(drag.ghost);
  }
  drag.ghost.setAttribute('transform', `translate(${dx} ${dy})`);
}

function onPointerUp(event) {
  const drag = view.drag;
  if (!drag || !drag.moved) {
    return;
  }
  drag.ghost.remove();
  const under = document.elementFromPoint(event.clientX, event.clientY);
  const rect = under && under.closest('.square');
  if (rect && targets().includes(rect.dataset.square)) {
    extend(drag.from + rect.dataset.square);
  } else {
    view.selected = null;
    mark(false);
  }
  // The click that follows the release is the drag's, not a choice.
  setTimeout(() => { view.drag = null; }, 0);
}

// ----------------------------------------------------------------- play

const game = {
  start: START_2022,
  moves: [],
  position: null,
  /** Counts changes, so that an answer meant for an older game is dropped. */
  turn: 0,
};

function opponent() {
  return $('opponent').value;
}

/** Starts the game `moves` make from `fen`, keeping the one on the board
 * if the server finds either wrong. */
async function newGame(fen, moves) {
  try {
    await played(fen, moves || []);
  } catch (error) {
    say(error.message);
    return;
  }
  game.start = fen;
  game.moves = moves || [];
  await refresh();
}

/** Asks the server where the game stands, and draws it. */
async function refresh() {
  const turn = ++game.turn;
  let position;
  try {
    position = await played(game.start, game.moves);
  } catch (error) {
    say(error.message);
    return;
  }
  if (turn !== game.turn) {
    return;
  }
  game.position = position;
  const wantsClicks = $('tab-play').getAttribute('aria-pressed') === 'true';
  if (wantsClicks) {
    view.onMove = position.result ? null : (move) => {
      game.moves.push(move);
      refresh();
    };
    await draw(position, position.last);
    banner(position);
  }
  showGame();
  if (position.last) {
    const { move, captured, drowned, promoted } = position.last;
    const what = [
      captured.length ? `takes on ${captured.join(' ')}` : '',
      drowned.length ? `drowns on ${drowned.join(' ')}` : '',
      promoted ? 'promotes' : '',
    ].filter(Boolean).join(', ');
    say(`${move}${what ? ': ' + what : ''}`);
  }
  if (!position.result && opponent() === position.side && wantsClicks) {
    think(turn);
  }
}

/** The engine's reply, without stopping the page. */
async function think(turn) {
  view.onMove = null;
  $('board').classList.add('thinking');
  say('congo is thinking…');
  try {
    const movetime = Math.min(10000, Math.max(1, Number($('movetime').value) || 1000));
    const best = await api('/api/best', { fen: game.start, moves: game.moves, movetime });
    if (turn === game.turn) {
      game.moves.push(best.move);
      $('board').classList.remove('thinking');
      await refresh();
    }
  } catch (error) {
    say(`congo did not move: ${error.message}; change the opponent to try again`);
  } finally {
    $('board').classList.remove('thinking');
  }
}

function showGame() {
  $('fen').textContent = game.position.fen;
  const list = $('move-list');
  list.replaceChildren(...game.moves.map((move) => {
    const item = document.createElement('li');
    item.textContent = move;
    return item;
  }));
  const query = new URLSearchParams({ fen: game.start });
  if (game.moves.length) {
    query.set('moves', game.moves.join(' '));
  }
  if (opponent() !== 'black') {
    query.set('opponent', opponent());
  }
  $('link').href = '/?' + query.toString();
}

function takeBack() {
  if (!game.moves.length) {
    return;
  }
  game.moves.pop();
  // Against the engine, back to the person's own turn.
  const engineSide = opponent();
  if (engineSide !== 'none' && game.moves.length && game.position) {
    const sideAfter = (game.moves.length % 2 === 0) === (sideOf(game.start) === 'white') ? 'white' : 'black';
    if (sideAfter === engineSide) {
      game.moves.pop();
    }
  }
  refresh();
}

function sideOf(fen) {
  return fen.split(/\s+/)[1] === 'b' ? 'black' : 'white';
}

function copyFen() {
  const fen = game.position ? game.position.fen : '';
  const done = () => say('FEN copied');
  if (navigator.clipboard) {
    navigator.clipboard.writeText(fen).then(done, () => say(fen));
  } else {
    say(fen);
  }
}

// ---------------------------------------------------------------- study

const study = { position: null };

async function showStudy(fen) {
  $('study-error').textContent = '';
  $('study-best-result').textContent = '';
  let position;
  try {
    position = await positionOf(fen.trim());
  } catch (error) {
    $('study-error').textContent = error.message;
    return;
  }
  study.position = position;
  $('study-fen').value = position.fen;
  $('study-eval').textContent = String(position.evaluation);
  $('study-moves').textContent = position.moves.length
    ? position.moves.join(' ') : (position.result ? `none: ${position.result}, ${position.reason}` : 'none');
  view.onMove = position.result ? null : async (move) => {
    try {
      const next = await played(position.fen, [move]);
      showStudy(next.fen);
    } catch (error) {
      $('study-error').textContent = error.message;
    }
  };
  await draw(position, null);
  banner(position);
  probe(position.fen);
}

async function studyBest() {
  if (!study.position) {
    return;
  }
  const movetime = Math.min(10000, Math.max(1, Number($('study-time').value) || 1000));
  $('study-best-result').textContent = 'thinking…';
  try {
    const best = await api('/api/best', { fen: study.position.fen, movetime });
    const table = best.tablebase ? ` (endgame tables: ${best.tablebase})` : '';
    $('study-best-result').textContent =
      `${best.move}, score ${best.score}, depth ${best.depth}, ${best.nodes} nodes${table}; line: ${best.pv.join(' ')}`;
  } catch (error) {
    $('study-best-result').textContent = error.message;
  }
}

async function probe(fen) {
  try {
    const verdict = await api('/api/probe?fen=' + encodeURIComponent(fen));
    const plies = verdict.plies === null ? '' : ` in ${verdict.plies} plies`;
    $('study-probe').textContent =
      `${verdict.value}${plies}; moves that keep it: ${verdict.moves.join(' ') || 'none'}`;
  } catch (error) {
    $('study-probe').textContent = error.message;
  }
}

// --------------------------------------------------------------- replay

const replay = {
  games: [],
  game: null,
  ply: 0,
  /** Counts steps, so that only the latest one draws. */
  token: 0,
};

async function readRecord(text) {
  $('record-error').textContent = '';
  let answer;
  try {
    answer = await api('/api/record', text);
  } catch (error) {
    $('record-error').textContent = error.message;
    return;
  }
  replay.games = answer.games;
  const select = $('record-game');
  select.replaceChildren(...answer.games.map((game, index) => {
    const option = document.createElement('option');
    option.value = String(index);
    option.textContent = `game ${game.game} (${game.white} white): ${game.result}, ${game.reason}`;
    return option;
  }));
  if (answer.games.length) {
    pickGame(0);
  } else {
    $('record-error').textContent = 'the record holds no game';
  }
}

function pickGame(index) {
  replay.game = replay.games[index];
  $('record-moves').replaceChildren(...replay.game.moves.map((move) => {
    const item = document.createElement('li');
    item.textContent = move;
    return item;
  }));
  $('record-result').textContent = `${replay.game.result}, ${replay.game.reason}`;
  step(0);
}

async function step(ply) {
  const current = replay.game;
  if (!current) {
    return;
  }
  replay.ply = Math.max(0, Math.min(current.moves.length, ply));
  $('step-ply').textContent = `ply ${replay.ply} of ${current.moves.length}`;
  for (const [index, item] of [...$('record-moves').children].entries()) {
    item.classList.toggle('current', index === replay.ply - 1);
  }
  const token = ++replay.token;
  const position = await positionOf(current.positions[replay.ply]);
  if (token !== replay.token) {
    return;
  }
  $('record-fen').textContent = position.fen;
  view.onMove = null;
  const last = replay.ply ? { move: current.moves[replay.ply - 1] } : null;
  await draw(position, last);
  banner(position);
}

function onReplayKey(event) {
  const inField = /^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName);
  if (inField || $('tab-replay').getAttribute('aria-pressed') !== 'true') {
    return;
  }
  const moves = { ArrowLeft: -1, ArrowRight: 1 };
  if (event.key in moves) {
    step(replay.ply + moves[event.key]);
  } else if (event.key === 'Home') {
    step(0);
  } else if (event.key === 'End') {
    step(Infinity);
  } else {
    return;
  }
  event.preventDefault();
}

// ----------------------------------------------------------------- tabs

function showTab(name) {
  for (const tab of ['play', 'study', 'replay']) {
    $(`tab-${tab}`).setAttribute('aria-pressed', String(tab === name));
    $(`${tab}-panel`).hidden = tab !== name;
  }
  say('');
  if (name === 'play') {
    refresh();
  } else if (name === 'study') {
    showStudy($('study-fen').value || (game.position ? game.position.fen : START_2022));
  } else if (replay.game) {
    step(replay.ply);
  } else {
    view.onMove = null;
  }
}

function startFromLink() {
  const query = new URLSearchParams(location.search);
  const moves = (query.get('moves') || '').split(/\s+/).filter(Boolean);
  if (['white', 'black', 'none'].includes(query.get('opponent'))) {
    $('opponent').value = query.get('opponent');
  }
  newGame(query.get('fen') || START_2022, moves);
}

function wire() {
  $('tab-play').addEventListener('click', () => showTab('play'));
  $('tab-study').addEventListener('click', () => showTab('study'));
  $('tab-replay').addEventListener('click', () => showTab('replay'));
  $('new-full').addEventListener('click', () => newGame(START_FULL));
  $('new-2022').addEventListener('click', () => newGame(START_2022));
  $('new-from-fen').addEventListener('click', () => newGame($('new-fen').value.trim()));
  $('opponent').addEventListener('change', () => refresh());
  $('take-back').addEventListener('click', takeBack);
  $('flip').addEventListener('click', () => {
    view.flipped = !view.flipped;
    if (view.position) {
      draw(view.position, view.last);
    }
  });
  $('copy-fen').addEventListener('click', copyFen);
  $('study-show').addEventListener('click', () => showStudy($('study-fen').value));
  $('study-best').addEventListener('click', studyBest);
  $('record-load').addEventListener('click', () => readRecord($('record-text').value));
  $('record-file').addEventListener('change', async (event) => {
    const file = event.target.files[0];
    if (file) {
      const text = await file.text();
      $('record-text').value = text;
      readRecord(text);
    }
  });
  $('record-game').addEventListener('change', (event) => pickGame(Number(event.target.value)));
  $('step-first').addEventListener('click', () => step(0));
  $('step-back').addEventListener('click', () => step(replay.ply - 1));
  $('step-forward').addEventListener('click', () => step(replay.ply + 1));
  $('step-last').addEventListener('click', () => step(Infinity));
  document.addEventListener('keydown', onReplayKey);
}

wire();
startFromLink();
