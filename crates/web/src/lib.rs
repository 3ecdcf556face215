//! `congo serve`: the web board, a second front end over the library. An
//! HTTP/1.1 server on the standard library serves one page (its HTML, CSS
//! and JavaScript built into the binary) and a JSON API that the page and
//! scripts use. The page holds no rules: the moves, the position after
//! them and the end of the game all come from the API.
//!
//! Every byte is treated as hostile and every client is treated alike:
//! requests are bounded in head and body, a client that stalls is dropped
//! after a few seconds, connections are bounded in all and by address
//! (the ones past a bound get a whole `503`, never a reset), searches are
//! queued fairly by client and stopped when their client leaves, and
//! nothing answers with a panic.

mod admission;
mod api;
mod assets;
mod bundle;
mod client;
mod clock;
mod connection;
mod feed;
mod games;
mod http;
mod journal;
mod merged;
mod pace;
mod proxy;
mod refuser;
mod room;
mod searchers;
mod secret;
mod settings;
mod usage;
mod views;
mod visitor;
mod waiting;
mod watch;

pub use admission::{MAX_CONNECTIONS, MAX_PER_ADDRESS};
pub use api::{App, MAX_GUESSES, MAX_MOVETIME, MAX_STREAMS, MAX_STREAMS_PER_VISITOR};
pub use assets::page_size;
pub use congo_kit::json::{Json, JsonError};
pub use games::{
    IDLE_LIMIT, MAX_GAMES, MAX_GAMES_PER_ADDRESS, MAX_GAMES_PER_VISITOR, MAX_MADE, MAX_TAKEBACKS,
    ReadBack,
};
pub use proxy::TrustedProxies;
pub use room::Room;
pub use settings::{CLAIM_AFTER, Settings, default_data};

use std::io;
use std::net::{IpAddr, TcpListener};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use admission::{Admission, Admitted, Full};
use refuser::Refuser;
use waiting::Waiting;

/// The stack of a connection's thread: the server's work is shallow, and
/// a thousand connections should cost little memory.
const CONNECTION_STACK: usize = 256 << 10;

/// How long accepting rests when the system refuses a connection.
const OUT_OF_FILES: Duration = Duration::from_millis(10);

/// Serves `listener` until the process ends: each connection admitted on
/// a thread of its own, and the rest refused by one thread for them all.
/// With no room left, a connection that has waited long for a request is
/// closed to make room for a newcomer (see [`waiting`]).
pub fn serve(listener: TcpListener, app: Arc<App>) -> io::Result<()> {
    let room = app.room();
    let admission = Arc::new(Admission::new(
        room.connections,
        MAX_PER_ADDRESS.min(room.connections),
    ));
    let waiting = Arc::new(Waiting::default());
    let mut busy = api::error(503, "the server is busy; try again");
    busy.retry_after = Some(api::RETRY_AFTER);
    let refuser = Refuser::start(busy, room.refusals)?;
    for stream in listener.incoming() {
        let stream = match stream {
            Ok(stream) => stream,
            // Out of files (or memory) for now: the connection waits in
            // the queue, and trying again at once would spin.
            Err(_) => {
                thread::sleep(OUT_OF_FILES);
                continue;
            }
        };
        let Ok(peer) = stream.peer_addr() else {
            continue;
        };
        let Some(admitted) = admit(&admission, &waiting, &app, peer.ip()) else {
            refuser.refuse(stream);
            continue;
        };
        let (app, waiting) = (Arc::clone(&app), Arc::clone(&waiting));
        let spawned = thread::Builder::new()
            .stack_size(CONNECTION_STACK)
            .spawn(move || {
                connection::serve_connection(stream, peer.ip(), &app, &waiting);
                drop(admitted);
            });
        // Without a thread the connection is dropped, and its room with it.
        drop(spawned);
    }
    Ok(())
}

/// Room for a connection from `peer`: within its address's bound (a
/// trusted proxy has none), and within the server's, made by closing a
/// connection that has waited long for a request if need be.
fn admit(
    admission: &Arc<Admission>,
    waiting: &Waiting,
    app: &App,
    peer: IpAddr,
) -> Option<Admitted> {
    let address = visitor::share(peer);
    let trusted = app.trusts(peer);
    let entered = match trusted {
        true => admission.admit_any(address).ok_or(Full::Server),
        false => admission.enter(address),
    };
    match entered {
        Ok(admitted) => Some(admitted),
        Err(Full::Server) if waiting.close_one(Instant::now(), admission.held_by(address)) => {
            admission.in_place_of_one(address, !trusted)
        }
        Err(_) => None,
    }
}
