// The Play tab's game followed: its event stream while the page is seen, read
// again when the stream is lost, and a hidden friend's page saying it is here.

// Taken from the rest of the page when it is wired (`wireFollow`), as no
// module of the page reads another's names itself.
let api, say, play, onView, lostGame, isHidden, followGame;

/** Gives this module what it takes from the rest of the page. */
export function wireFollow(page) {
  ({ api, say, play, onView, lostGame, isHidden, followGame } = page);
}

/** Follows kept game `id` as the holder of `key` (none: watching). */
export function follow(id, key) {
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
export function goQuiet() {
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
export function stopBeingHere() {
  // The first word's timeout or the interval after it: one list of timers
  // holds both.
  clearTimeout(play.here);
  play.here = null;
}

/** The page is seen again: reads the game's whole state and follows it
 * again (the stream's first view may come first: the newer one stays). */
export async function findGameAgain() {
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

/** Asks for the game's view again (a countdown ran out). */
export async function refreshGame() {
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
