// Games set up: a new one on the board, kept by the server from its first
// move; a link's game opened; one the server lost made again; too many ended.

const $ = (id) => document.getElementById(id);

// Taken from the rest of the page when it is wired (`wireNewGame`), as no
// module of the page reads another's names itself.
let api, say, notice, play, premove, board, showPlay, onView, stopAnalysis, follow, STARTS,
  readSettings, fillForm, settingsOfLink, settingsOfView, updateLink, rememberGame, endMyGames;

/** Gives this module what it takes from the rest of the page. */
export function wireNewGame(page) {
  ({ api, say, notice, play, premove, board, showPlay, onView, stopAnalysis, follow, STARTS,
    readSettings, fillForm, settingsOfLink, settingsOfView, updateLink, rememberGame, endMyGames } = page);
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
export async function keep(settings) {
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

/** The server lost the game: this page's own games are set up again with
 * their moves; a friend's or a watched one cannot be. */
export async function lostGame(why) {
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

/** Starts from the page's address: a kept game, a game to set up, or a
 * fresh one; a bad link says what is wrong and shows the start. */
export async function startFromLink() {
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

/** A fresh game against congo from the full start. */
async function fresh() {
  try {
    await newGame({ start: STARTS.full, moves: [], white: 'me', black: 'congo', clock: null, movetime: 1000 });
  } catch (error) {
    say(`The board could not be set up: ${error.message}.`);
  }
}

export async function startNewGame() {
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
