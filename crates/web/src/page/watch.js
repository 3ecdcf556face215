// The Watch tab: the match the server watches, its games listed and one
// followed ply by ply, the next one when it ends.

const $ = (id) => document.getElementById(id);

// Taken from the rest of the page when it is wired (`wireWatch`), as no
// module of the page reads another's names itself.
let say, banner, happened, draw, lastWords, withoutPaths, isHidden, isTab;

/** Gives this module what it takes from the rest of the page. */
export function wireWatch(page) {
  ({ say, banner, happened, draw, lastWords, withoutPaths, isHidden, isTab } = page);
}

export const watch = {
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
export function watchMatch(game) {
  closeWatchStream();
  watch.game = game;
  watch.browsing = null;
  watch.following = true;
  if (!isHidden()) {
    openWatchStream();
  }
}

export function closeWatchStream() {
  if (watch.source) {
    watch.source.close();
    watch.source = null;
  }
}

/** Opens the stream of the match watched, with game `watch.game` in full. */
export function openWatchStream() {
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

export function showWatch() {
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

export function browseWatch(ply) {
  const game = watch.view && watch.view.game;
  if (!game) {
    return;
  }
  const clamped = Math.max(0, Math.min(game.plies.length, ply));
  watch.browsing = clamped === game.plies.length ? null : clamped;
  showWatch();
}
