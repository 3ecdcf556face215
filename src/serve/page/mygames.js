// The games this browser made, kept in localStorage ({id, key} each, the
// newest last), so that when the server refuses a new game because too
// many are in progress from this address (429), the page can end them:
// abort where the server allows it, resign where not.

const KEY = 'congo.games';
const KEPT = 64;

/** The games made here, oldest first. */
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

/** Remembers game `id`, made here with `key`. */
export function rememberGame(id, key) {
  store(myGames().filter((game) => game.id !== id).concat([{ id, key }]));
}

/** Forgets game `id`. */
export function forgetGame(id) {
  store(myGames().filter((game) => game.id !== id));
}

/** Ends every game made here that is still in progress, but `keep` (an
 * id): aborted, or resigned when it may not be aborted; forgets those
 * over or gone. `api` is the page's API call. The count ended. */
export async function endMyGames(api, keep = null) {
  let ended = 0;
  for (const { id, key } of myGames()) {
    if (id === keep) {
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
      forgetGame(id);
    } catch (error) {
      if (error.status === 404 || error.status === 403) {
        forgetGame(id);
      }
    }
  }
  return ended;
}
