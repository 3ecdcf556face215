//! A judge's job answered on the streams: its input, or the one FEN given
//! as an argument; each bad line said as `congo: line N: reason`; the
//! rule-set warning after the answers; the exit status.

use super::streams::{Io, status};
use crate::judge::{Job, Notice, Threads};
use crate::{Congo, KindsSeen};

/// Answers `job` as `game` reads positions: `fen`, when one was given on
/// the command line, or else the input.
pub(crate) fn answer(game: Congo, mut job: Job, fen: Option<String>, io: &mut Io<'_>) -> u8 {
    // Pictures are coloured for a terminal, and never written over the
    // file the positions are read from.
    if let Job::Show(options) = &mut job {
        options.style.color = io.terminal.color_output;
        options.input_file = io.terminal.input_file;
    }
    let person_typing = fen.is_none() && io.terminal.input;
    if person_typing {
        io.say(
            "reading from the terminal: type the number of cases, then one case a line; \
             each is answered at once (congo --help for more)",
        );
    }
    let errors = &mut *io.errors;
    let mut notices = |notice: Notice<'_>| writeln!(errors, "congo: {notice}");
    let report = match fen {
        Some(fen) => {
            let one = format!("1\n{fen}\n");
            let threads = Threads::default();
            job.run(game, threads, one.as_bytes(), &mut io.output, &mut notices)
        }
        None => {
            let threads = if person_typing {
                Threads::interactive()
            } else {
                Threads::default()
            };
            job.run(game, threads, &mut io.input, &mut io.output, &mut notices)
        }
    };
    match report {
        Ok(report) => {
            if let Some(warning) = game.rules.warning_for(KindsSeen(report.seen)) {
                io.say(warning);
            }
            if report.is_clean() {
                status::SUCCESS
            } else {
                status::FAILURE
            }
        }
        Err(error) => io.io_error(&error),
    }
}
