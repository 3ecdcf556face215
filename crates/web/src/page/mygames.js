// The games this browser played, kept in localStorage (the newest last):
// the "My games" list links back to each with its key, and when the
// server refuses a new game because too many are in progress (429), the
// page can end the ones it made: abort where the server allows it,
// resign where not. Each entry: {id, key, made (here, not joined by a
// friend's link), at (ms since 1970), you, against, result}.

const KEY = 'congo.games';
const KEPT = 64;

/** The games played here, oldest first. */
export function myGames() {
  try {
    const games = JSON.parse(localStorage.getItem(KEY) || '[]');
    return Array.isArray(games) ? games.filter((game) => game && game.id && game.key) : [];
  } catch {
    return [];
  }
}

function store(games) {
  try {
    localStorage.setItem(KEY, JSON.stringify(games.slice(-KEPT)));
  } catch {
    // A browser that keeps nothing: the list holds for this page.
  }
}

/** Whether `game` is game `id` played with `key`: two windows of one
 * browser may play both sides of a friend game, each its own entry. */
const isGame = (game, id, key) => game.id === id && game.key === key;

/** Remembers game `id`, made here with `key`. */
export function rememberGame(id, key) {
  const others = myGames().filter((game) => !isGame(game, id, key));
  store(others.concat([{ id, key, made: true, at: Date.now() }]));
}

/** Notes what `view` of a game played here with `key` says: which side,
 * against whom, and its result once over. A game joined by a link is
 * remembered from its first view. Whether the list changed. */
export function noteView(view, key) {
  if (!view.id || !key || !view.you) {
    return false;
  }
  const games = myGames();
  const known = games.find((game) => isGame(game, view.id, key));
  const other = view.you === 'white' ? view.players.black : view.players.white;
  const against = view.you === 'both' ? 'yourself' : (other === 'engine' ? 'congo' : 'a friend');
  const result = view.result || (view.ended ? 'aborted' : null);
  const noted = { made: false, at: Date.now(), ...known, id: view.id, key, you: view.you, against, result };
  if (known && JSON.stringify(known) === JSON.stringify(noted)) {
    return false;
  }
  store(known ? games.map((game) => (game === known ? noted : game)) : games.concat([noted]));
  return true;
}

/** Calls `then()` when another tab of this browser changes the list. */
export function onMyGamesChanged(then) {
  addEventListener('storage', (event) => {
    if (event.key === KEY) {
      then();
    }
  });
}

/** Forgets game `id` played with `key`. */
function forgetGame(id, key) {
  store(myGames().filter((game) => !isGame(game, id, key)));
}

const RESULTS = { 'white wins': 'White won', 'black wins': 'Black won', draw: 'drawn', aborted: 'aborted' };

/** Fills `list` with the games played here, newest first, each a link to
 * its page with its key; `none` is shown when there are none. */
export function showMyGames(list, none) {
  const games = myGames().reverse();
  none.hidden = games.length > 0;
  list.replaceChildren(...games.map((game) => {
    const item = document.createElement('li');
    const link = document.createElement('a');
    link.href = `/?game=${encodeURIComponent(game.id)}&key=${encodeURIComponent(game.key)}`;
    const side = game.you === 'white' ? 'White' : (game.you === 'black' ? 'Black' : null);
    link.textContent = `${side ? `${side} against` : 'Against'} ${game.against || 'someone'}`;
    const when = game.at ? new Date(game.at).toLocaleString() : '';
    const result = game.result ? RESULTS[game.result] || game.result : 'in progress';
    item.append(link, ` · ${result}${when ? ` · ${when}` : ''}`);
    return item;
  }));
}

/** Ends every game made here that is still in progress, but `keep` (an
 * id): aborted, or resigned when it may not be aborted; forgets those
 * gone. `api` is the page's API call. The count ended. */
export async function endMyGames(api, keep = null) {
  let ended = 0;
  for (const { id, key, made } of myGames()) {
    if (id === keep || made === false) {
      continue;
    }
    const path = `/api/games/${encodeURIComponent(id)}`;
    try {
      const view = await api(`${path}?key=${encodeURIComponent(key)}`);
      const action = view.can.abort ? 'abort' : (view.can.resign ? 'resign' : null);
      if (action) {
        await api(`${path}/${action}`, { key });
        ended += 1;
      }
    } catch (error) {
      if (error.status === 404 || error.status === 403) {
        forgetGame(id, key);
      }
    }
  }
  return ended;
}
