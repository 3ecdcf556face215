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
mod pace;
mod proxy;
mod refuser;
mod searchers;
mod secret;
mod settings;
mod views;
mod visitor;
mod watch;

pub use crate::json::{Json, JsonError};
pub use admission::{MAX_CONNECTIONS, MAX_PER_ADDRESS};
pub use api::{App, MAX_GUESSES, MAX_MOVETIME, MAX_STREAMS, MAX_STREAMS_PER_VISITOR};
pub use assets::page_size;
pub use games::{
    IDLE_LIMIT, MAX_GAMES, MAX_GAMES_PER_ADDRESS, MAX_GAMES_PER_VISITOR, MAX_MADE, MAX_TAKEBACKS,
    ReadBack,
};
pub use proxy::TrustedProxies;
pub use settings::{CLAIM_AFTER, Settings, default_data};

use std::io;
use std::net::TcpListener;
use std::sync::Arc;
use std::thread;

use admission::Admission;
use refuser::Refuser;

/// The stack of a connection's thread: the server's work is shallow, and
/// a thousand connections should cost little memory.
const CONNECTION_STACK: usize = 256 << 10;

/// Serves `listener` until the process ends: each connection admitted on
/// a thread of its own, and the rest refused by one thread for them all.
pub fn serve(listener: TcpListener, app: Arc<App>) -> io::Result<()> {
    let admission = Arc::new(Admission::default());
    let mut busy = api::error(503, "the server is busy; try again");
    busy.retry_after = Some(api::RETRY_AFTER);
    let refuser = Refuser::start(busy)?;
    for stream in listener.incoming() {
        // A connection that failed before it was accepted harms no one.
        let Ok(stream) = stream else { continue };
        let Ok(peer) = stream.peer_addr() else {
            continue;
        };
        let address = visitor::share(peer.ip());
        let admitted = match app.trusts(peer.ip()) {
            true => admission.admit_any(address),
            false => admission.admit(address),
        };
        let Some(admitted) = admitted else {
            refuser.refuse(stream);
            continue;
        };
        let app = Arc::clone(&app);
        let spawned = thread::Builder::new()
            .stack_size(CONNECTION_STACK)
            .spawn(move || {
                connection::serve_connection(stream, peer.ip(), &app);
                drop(admitted);
            });
        // Without a thread the connection is dropped, and its room with it.
        drop(spawned);
    }
    Ok(())
}
