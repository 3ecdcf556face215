//! The streams a command works on, what is known of where they lead, and
//! the one place the command line's messages get their `congo:` prefix
//! and its exit statuses their numbers.

use std::fmt;
use std::io::{self, BufRead, Write};

use congo_kit::output_files::FileId;
use congo_kit::text::escape_controls;

/// What the program knows of where its streams lead; [`super::run`]
/// assumes none is a terminal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Terminal {
    /// Standard input is a terminal: a person may be waiting for a prompt.
    pub input: bool,
    /// Standard output is a terminal that wants colour (no `NO_COLOR`).
    pub color_output: bool,
    /// Standard error is a terminal: progress may be drawn in place.
    pub error_output: bool,
    /// The regular file standard input reads, which no output replaces.
    pub input_file: Option<FileId>,
}

/// The exit statuses.
pub(crate) mod status {
    /// Everything went as asked.
    pub const SUCCESS: u8 = 0;
    /// Bad input, a failed check, an I/O error.
    pub const FAILURE: u8 = 1;
    /// The command line does not form a command, or the work cannot start.
    pub const USAGE: u8 = 2;
    /// The output pipe was closed: as if killed by SIGPIPE.
    pub const BROKEN_PIPE: u8 = 141;
}

/// A command's streams.
pub(crate) struct Io<'a> {
    pub input: &'a mut dyn BufRead,
    pub output: &'a mut dyn Write,
    pub errors: &'a mut dyn Write,
    pub terminal: Terminal,
}

/// Writes `message` on `errors` as one of congo's: `congo: ...`, its
/// control characters but new lines and tabs escaped (it may quote names
/// and lines that others wrote).
pub(crate) fn say(errors: &mut dyn Write, message: impl fmt::Display) {
    let message = escape_controls(&message.to_string(), &['\n', '\t']);
    // Nothing useful is left to do if the error stream itself fails.
    let _ = writeln!(errors, "congo: {message}");
}

impl Io<'_> {
    /// Writes `message` on the error stream as one of congo's.
    pub fn say(&mut self, message: impl fmt::Display) {
        say(self.errors, message);
    }

    /// Says `message` and gives the status of a failure.
    pub fn fail(&mut self, message: impl fmt::Display) -> u8 {
        self.say(message);
        status::FAILURE
    }

    /// Says `message` and gives the status of work that could not start.
    pub fn refuse(&mut self, message: impl fmt::Display) -> u8 {
        self.say(message);
        status::USAGE
    }

    /// The status of an I/O error, said unless it is a closed pipe.
    pub fn io_error(&mut self, error: &io::Error) -> u8 {
        if error.kind() == io::ErrorKind::BrokenPipe {
            return status::BROKEN_PIPE;
        }
        self.fail(error)
    }

    /// The status of work that wrote to the output: success, or the I/O
    /// error's.
    pub fn finish(&mut self, written: io::Result<()>) -> u8 {
        match written {
            Ok(()) => status::SUCCESS,
            Err(error) => self.io_error(&error),
        }
    }
}
