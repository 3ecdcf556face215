// The Play tab: the server's views of its game shown on the board and round
// it, browsed and analysed, and the moves, premoves and actions sent back.

const $ = (id) => document.getElementById(id);

// Taken from the rest of the page when it is wired (`wirePlay`), as no
// module of the page reads another's names itself.
let api, say, notice, banner, happened, resultWords, shown, scoreForWhite, evaluationWords,
  announce, playSound, soundOf, noteView, rememberGame, betweenFriends, NOT_DONE, showBar, analyse,
  judge, MISTAKE, BLUNDER, board, draw, lastWords, showClocks, updateLink, keep, lostGame, premove,
  endings, isTab, showMyGamesIfOpen;

/** Gives this module what it takes from the rest of the page. */
export function wirePlay(page) {
  ({ api, say, notice, banner, happened, resultWords, shown, scoreForWhite, evaluationWords,
    announce, playSound, soundOf, noteView, rememberGame, betweenFriends, NOT_DONE, showBar,
    analyse, judge, MISTAKE, BLUNDER, board, draw, lastWords, showClocks, updateLink, keep,
    lostGame, premove, endings, isTab, showMyGamesIfOpen } = page);
}

export const play = {
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

/** Whether a game's view is over: a result, or ended without one. */
const isOver = (view) => Boolean(view.result || view.ended);

/** Whether `view` is newer than the view shown: the server counts every
 * change of a game in its views' `version`, and the page never goes back
 * to an older one (the answer to a move, computed before congo's reply,
 * may reach the page after the reply's event). */
function isNewer(view, shown, orSame = false) {
  return !shown || shown.id !== view.id || typeof shown.version !== 'number'
    || view.version > shown.version || (orSame && view.version === shown.version);
}

/** A view from the server: the game as it stands, unless an older one. */
export function onView(view, orSame = false) {
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

/** congo's evaluation of every position of the finished game shown, a
 * short search each, with its progress; the plies that lost much are
 * marked in the move list. */
export async function analyseGame() {
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

export function stopAnalysis() {
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

export function cancelPremove() {
  premove.clear();
  showPlay();
  say('Premove cancelled.');
}

/** Draws the play tab from the last view. */
export function showPlay() {
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
export async function gameAction(action) {
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

export async function takeBack() {
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
export function playPly() {
  return play.browsing ?? (play.view ? play.view.plies.length : 0);
}

export function browsePlay(ply) {
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
