//! `congo serve`: the web board, on this machine's loopback unless told
//! otherwise.

use std::io;
use std::net::TcpListener;
use std::sync::{Arc, mpsc};
use std::thread;
use std::time::{Duration, Instant};

use crate::cli::args::Args;
use crate::cli::option::{Opt, Value, whole};
use crate::cli::options::TABLES;
use crate::cli::streams::Io;
use crate::cli::subcommand::{Section, Subcommand, Work};
use crate::cli::usage::UsageError;
use congo_kit::text::Count;
use congo_web::{App, Room, Settings, TrustedProxies, serve};

const PORT: Opt = Opt::new(
    "--port",
    whole("P", 0, u16::MAX as u64),
    "listen on port P (default 8049; 0 picks a free one)",
);
const HOST: Opt = Opt::new(
    "--host",
    Value::Text("H"),
    "listen on address H (default 127.0.0.1; 0.0.0.0 opens the board to \
     every machine that can reach this one)",
);
const WATCH: Opt = Opt::new(
    "--watch",
    Value::Path("RECORD"),
    "follow the match that `congo match --record RECORD` plays: its games move by move \
     on the Watch tab",
);
const ENGINES: Opt = Opt::new(
    "--engines",
    whole("N", 1, 256),
    "search with at most N engines at once (default one per core)",
);
const CLAIM_AFTER: Opt = Opt::new(
    "--claim-after",
    whole("S", 1, 24 * 60 * 60),
    "let a player claim the win from a friend whose pages have all been closed \
     for S seconds (default 30)",
);
const DATA: Opt = Opt::new(
    "--data",
    Value::Path("DIR"),
    "keep the games in DIR, so that a restart loses none (default \
     $XDG_STATE_HOME/congo/serve, else ~/.local/state/congo/serve)",
);
const TRUSTED_PROXY: Opt = Opt::new(
    "--trusted-proxy",
    Value::Text("ADDR"),
    "take a visitor's address from the Forwarded or X-Forwarded-For header of \
     requests from the proxy at ADDR (repeatable); from any other address the \
     headers change nothing",
)
.repeats();
const CONNECTIONS: Opt = Opt::new(
    "--connections",
    whole("N", 8, 65536),
    "serve at most N connections at once (default 1024, fewer where the open-files \
     limit of `ulimit -n` leaves no room for them)",
);
const PROBE_TABLES: Opt = TABLES.help("probe and play from the endgame tables in DIR");

pub(crate) const SERVE: Subcommand = Subcommand::tool(
    "serve",
    "",
    &[
        PORT,
        HOST,
        PROBE_TABLES,
        WATCH,
        ENGINES,
        CLAIM_AFTER,
        DATA,
        TRUSTED_PROXY,
        CONNECTIONS,
    ],
    "play and study Congo in a browser: a web board (play the engine or both sides, \
     study a position, replay a match record) and its JSON API; prints `congo serve: \
     http://HOST:PORT/` on stderr once it listens; Ctrl-C stops it",
    read,
)
.in_section(Section::Playing);

/// The port the board listens on unless told otherwise.
const DEFAULT_PORT: u16 = 8049;

fn read(args: &Args) -> Result<Work, UsageError> {
    args.no_operands()?;
    let host = args.text(&HOST).unwrap_or_else(|| "127.0.0.1".to_owned());
    let port = args.whole::<u16>(&PORT)?.unwrap_or(DEFAULT_PORT);
    let tables = args.endgame_tables(&PROBE_TABLES);
    let watch = args.path(&WATCH);
    let engines = args.whole::<usize>(&ENGINES)?;
    let claim_after = args
        .whole::<u64>(&CLAIM_AFTER)?
        .map_or(congo_web::CLAIM_AFTER, Duration::from_secs);
    let rule_set = args.rule_set;
    let data_named = args.has(&DATA);
    let data = args.path(&DATA).or_else(congo_web::default_data);
    let trusted_proxies = trusted_proxies(args)?;
    let connections = args.whole::<usize>(&CONNECTIONS)?;
    Ok(Work::tool(move |io| {
        let Some(data) = data else {
            return io.refuse(format_args!(
                "no folder for the games: give --data DIR (neither XDG_STATE_HOME nor HOME is set)"
            ));
        };
        let listener = match TcpListener::bind((host.as_str(), port)) {
            Ok(listener) => listener,
            Err(error) => {
                return io.refuse(format_args!("cannot listen on {host}:{port}: {error}"));
            }
        };
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let settings = Settings {
            rule_set,
            tables,
            engines: engines.unwrap_or(cores),
            watch,
            claim_after,
            data,
            data_named,
            trusted_proxies,
            room: Room::here(connections),
        };
        run(io, listener, &settings, connections)
    }))
}

/// What the server's threads tell the one that holds stderr.
enum Said {
    /// A line to say.
    Line(String),
    /// The server stopped accepting connections, and why.
    Stopped(io::Result<()>),
}

/// Serves on `listener` as `settings` describe, saying on stderr once it
/// listens, then where it keeps its games, then what of them could not be
/// read back as it is found: its threads tell this one, which holds
/// stderr.
fn run(io: &mut Io<'_>, listener: TcpListener, settings: &Settings, asked: Option<usize>) -> u8 {
    let address = match listener.local_addr() {
        Ok(address) => address,
        Err(error) => return io.io_error(&error),
    };
    let (tell, said) = mpsc::channel();
    let report = {
        let tell = tell.clone();
        move |line: &str| drop(tell.send(Said::Line(line.to_owned())))
    };
    let (app, moved) = match App::new(settings, report) {
        Ok(opened) => opened,
        Err(error) => return io.refuse(format_args!("{error}")),
    };
    let _ = writeln!(io.errors, "congo serve: http://{address}/");
    if let Some(moved) = moved {
        let _ = writeln!(io.errors, "congo serve: {moved}");
    }
    let room = settings.room;
    if room.held_by_files(asked) {
        let _ = writeln!(
            io.errors,
            "congo serve: at most {} connections at once, as {} open files allow \
             (raise the limit with `ulimit -n` or systemd's LimitNOFILE=)",
            room.connections, room.files
        );
    }
    let _ = io.errors.flush();
    let app = Arc::new(app);
    read_back_in_the_background(&app, tell.clone());
    let accept = thread::Builder::new()
        .name("accept".into())
        .spawn(move || drop(tell.send(Said::Stopped(serve(listener, app)))));
    if let Err(error) = accept {
        return io.io_error(&error);
    }
    for said in said {
        match said {
            Said::Line(line) => {
                let _ = writeln!(io.errors, "congo serve: {line}");
                let _ = io.errors.flush();
            }
            Said::Stopped(Ok(())) => break,
            Said::Stopped(Err(error)) => return io.io_error(&error),
        }
    }
    crate::cli::streams::status::SUCCESS
}

/// Reads back the kept games on a thread of their own while the server
/// answers (a game's link reads its game back at once), then tells how
/// many there were.
fn read_back_in_the_background(app: &Arc<App>, tell: mpsc::Sender<Said>) {
    let app = Arc::clone(app);
    let reader = move || {
        let start = Instant::now();
        let line = match app.read_back() {
            Ok(read) => format!(
                "read back {} ({} in progress) from {} in {:.1} s",
                Count(read.games, "kept game"),
                read.in_progress,
                app.data().display(),
                start.elapsed().as_secs_f64()
            ),
            Err(error) => error.to_string(),
        };
        let _ = tell.send(Said::Line(line));
    };
    let _ = thread::Builder::new()
        .name("read back".into())
        .spawn(reader);
}

/// The addresses given to `--trusted-proxy`.
fn trusted_proxies(args: &Args) -> Result<TrustedProxies, UsageError> {
    let addresses = args.texts(&TRUSTED_PROXY).into_iter().map(|text| {
        text.parse().map_err(|_| UsageError::BadValue {
            option: TRUSTED_PROXY.name,
            found: text,
            expected: "an IP address, such as 127.0.0.1 or ::1",
        })
    });
    Ok(TrustedProxies::new(addresses.collect::<Result<_, _>>()?))
}
