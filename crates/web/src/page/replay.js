// The Replay tab: a record (congo's or PGN) read by the server, and one of its
// games picked and stepped through.

const $ = (id) => document.getElementById(id);

// Taken from the rest of the page when it is wired (`wireReplay`), as no
// module of the page reads another's names itself.
let api, say, banner, happened, draw, lastWords;

/** Gives this module what it takes from the rest of the page. */
export function wireReplay(page) {
  ({ api, say, banner, happened, draw, lastWords } = page);
}

export const replay = {
  text: '',
  games: [],
  game: null,
  ply: 0,
  list: null,
  token: 0,
};

export async function readRecord(text) {
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
export async function pickGame(index) {
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

export function step(ply) {
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
