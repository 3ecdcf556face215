//! `congo serve`: the web board, on this machine's loopback unless told
//! otherwise.

use std::net::TcpListener;
use std::sync::Arc;
use std::time::Duration;

use crate::cli::args::Args;
use crate::cli::option::{Opt, Value, whole};
use crate::cli::options::TABLES;
use crate::cli::subcommand::{Section, Subcommand, Work};
use crate::cli::usage::UsageError;
use crate::serve::{self, App, Settings, TrustedProxies, serve};

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
    let tables = args.tables(&PROBE_TABLES);
    let watch = args.path(&WATCH);
    let engines = args.whole::<usize>(&ENGINES)?;
    let claim_after = args
        .whole::<u64>(&CLAIM_AFTER)?
        .map_or(serve::CLAIM_AFTER, Duration::from_secs);
    let rule_set = args.rule_set;
    let data_named = args.has(&DATA);
    let data = args.path(&DATA).or_else(serve::default_data);
    let trusted_proxies = trusted_proxies(args)?;
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
        let address = match listener.local_addr() {
            Ok(address) => address,
            Err(error) => return io.io_error(&error),
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
        };
        let (app, problems) = match App::new(&settings) {
            Ok(opened) => opened,
            Err(error) => return io.refuse(format_args!("{error}")),
        };
        // On stderr, once listening, so that a script can read the address;
        // then what of the kept games could not be read back.
        let _ = writeln!(io.errors, "congo serve: http://{address}/");
        for problem in problems {
            let _ = writeln!(io.errors, "congo serve: {problem}");
        }
        let _ = io.errors.flush();
        let app = Arc::new(app);
        match serve(listener, app) {
            Ok(()) => crate::cli::streams::status::SUCCESS,
            Err(error) => io.io_error(&error),
        }
    }))
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
