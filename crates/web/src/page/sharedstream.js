// One event stream per browser, whatever its tabs and windows: a browser
// keeps six connections to a server, and an open stream holds one, so a
// seventh window's game would never be seen. Every tab that follows a game
// says so on a BroadcastChannel every few seconds; the oldest of those
// heard lately leads: it follows all their games on one
// `/api/events?games=…` stream and passes each event on. A tab that leaves
// says so; a leader not heard from for a while is replaced. A new stream
// is opened before the old one closes, so no game is left unfollowed for
// a moment (a friend would see its player leave). Without BroadcastChannel
// a tab follows its game on a stream of its own.

const HEARD_FOR_MS = 6000;
/** The most games the server follows on one stream. */
const GAMES_A_STREAM = 16;
const SAY_EVERY_MS = 2000;
/** Changes to the games followed are gathered this long before the
 * stream is opened anew. */
const SETTLE_MS = 50;

/** This tab's name: the oldest tab sorts first. */
const ME = `${String(Math.round(performance.timeOrigin)).padStart(15, '0')}-${Math.random().toString(36).slice(2)}`;

/** The games this tab follows, by their name on the stream (`ID:KEY`, or
 * `ID` to watch), each with the pages' handlers. */
const mine = new Map();
/** The other tabs heard: name → {names, at}. */
const peers = new Map();
const hub = { streams: [], following: '', settling: null };
const channel = 'BroadcastChannel' in window ? new BroadcastChannel('congo-events') : null;

const nameOf = (id, key) => (key ? `${id}:${key}` : id);

function say() {
  channel.postMessage({ type: 'here', tab: ME, names: [...mine.keys()] });
}

/** Hands `event` of game `name` to this tab's handlers of it. */
function tell(name, event, value) {
  for (const handlers of mine.get(name) || []) {
    handlers[event](value);
  }
}

/** Whether this tab leads: it follows games, and no tab heard lately that
 * follows games is older. */
function leads() {
  const now = performance.now();
  for (const [tab, peer] of peers) {
    if (now - peer.at > HEARD_FOR_MS) {
      peers.delete(tab);
    }
  }
  const others = [...peers].filter(([, peer]) => peer.names.length).map(([tab]) => tab);
  return mine.size > 0 && others.every((tab) => ME < tab);
}

/** Closes `streams`. */
function closeAll(streams) {
  for (const stream of streams) {
    stream.close();
  }
}

/** Opens the streams of `names`, as many games a stream as the server
 * takes; those they replace close on the first event. */
function open(names) {
  const before = hub.streams;
  hub.streams = [];
  for (let at = 0; at < names.length; at += GAMES_A_STREAM) {
    hub.streams.push(openOne(names.slice(at, at + GAMES_A_STREAM), before));
  }
}

/** A stream of `names` (a few games), which closes `before` on its first
 * event or error. */
function openOne(names, before) {
  const stream = new EventSource(`/api/events?games=${encodeURIComponent(names.join(','))}`);
  const stale = () => !hub.streams.includes(stream);
  stream.onmessage = (message) => {
    closeAll(before);
    if (stale()) {
      stream.close();
      return;
    }
    const { follow, view } = JSON.parse(message.data);
    tell(follow, 'view', view);
    channel.postMessage({ type: 'view', follow, view });
  };
  stream.onerror = () => {
    closeAll(before);
    if (stale()) {
      return;
    }
    const event = stream.readyState === EventSource.CLOSED ? 'lost' : 'trouble';
    if (event === 'lost') {
      stream.close();
      hub.streams = hub.streams.filter((other) => other !== stream);
      hub.following = '';
    }
    for (const follow of names) {
      tell(follow, event);
      channel.postMessage({ type: event, follow });
    }
  };
  return stream;
}

/** Follows what the tabs want, if this one leads; else follows nothing. */
function settle() {
  clearTimeout(hub.settling);
  hub.settling = null;
  const names = leads() ? [...new Set([...mine.keys(), ...[...peers.values()].flatMap((peer) => peer.names)])].sort() : [];
  const following = names.join(',');
  if (following === hub.following) {
    return;
  }
  hub.following = following;
  if (names.length) {
    open(names);
  } else {
    closeAll(hub.streams);
    hub.streams = [];
  }
}

function settleSoon() {
  if (hub.settling === null) {
    hub.settling = setTimeout(settle, SETTLE_MS);
  }
}

if (channel) {
  channel.onmessage = ({ data }) => {
    if (data.type === 'here') {
      const known = peers.has(data.tab);
      peers.set(data.tab, { names: data.names, at: performance.now() });
      if (!known && mine.size) {
        say();
      }
      settleSoon();
    } else if (data.type === 'bye') {
      peers.delete(data.tab);
      settleSoon();
    } else {
      tell(data.follow, data.type, data.view);
    }
  };
  setInterval(() => {
    if (mine.size) {
      say();
    }
    settle();
  }, SAY_EVERY_MS);
  addEventListener('pagehide', () => channel.postMessage({ type: 'bye', tab: ME }));
}

/** A stream of one game for this tab alone. */
function alone(id, key, handlers) {
  const query = key ? `?key=${encodeURIComponent(key)}` : '';
  const stream = new EventSource(`/api/games/${encodeURIComponent(id)}/events${query}`);
  stream.onmessage = (message) => handlers.view(JSON.parse(message.data));
  stream.onerror = () => {
    if (stream.readyState === EventSource.CLOSED) {
      stream.close();
      handlers.lost();
    } else {
      handlers.trouble();
    }
  };
  return { close: () => stream.close() };
}

/** Follows game `id` as the holder of `key` (none: watching): each view
 * goes to `handlers.view`; `handlers.lost()` when the server refused or
 * ended the stream, `handlers.trouble()` while it reconnects. Closed by
 * the answer's `close()`. */
export function followGame(id, key, handlers) {
  if (!channel) {
    return alone(id, key, handlers);
  }
  const name = nameOf(id, key);
  if (!mine.has(name)) {
    mine.set(name, new Set());
  }
  mine.get(name).add(handlers);
  say();
  settleSoon();
  return {
    close() {
      const followers = mine.get(name);
      followers.delete(handlers);
      if (!followers.size) {
        mine.delete(name);
      }
      say();
      settleSoon();
    },
  };
}
