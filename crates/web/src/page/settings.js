// A game's settings: read from and shown in the New game form, and written in
// and read from the page's address.

const $ = (id) => document.getElementById(id);

// Taken from the rest of the page when it is wired (`wireSettings`), as no
// module of the page reads another's names itself.
let play, board;

/** Gives this module what it takes from the rest of the page. */
export function wireSettings(page) {
  ({ play, board } = page);
}

export const STARTS = {
  2022: 'g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0',
  full: 'gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0',
};

/** The settings of the New game form, or an error for the field that is
 * wrong. */
export function readSettings() {
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
export function fillForm(settings) {
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
export function showLevel() {
  $('level-row').hidden = !$('opponent').value.startsWith('congo');
}

/** The settings a link names, or null when it names none. */
export function settingsOfLink(query) {
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

/** The settings a kept game was made with, as far as its view tells. */
export function settingsOfView(view) {
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

/** The address of this game: the server's game, how to set it up again,
 * and which way the board is turned. */
export function updateLink() {
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
