//! What a long run (a match, a tournament) tells on the error stream:
//! its progress as one line redrawn in place on a terminal (a line each
//! elsewhere), and anything else as a line of its own.

use std::fmt;
use std::io::Write;

use super::streams::say;
use congo_kit::text::escape_controls;

/// The error stream of a long run.
pub(crate) struct ProgressLine<'a> {
    errors: &'a mut dyn Write,
    /// Whether the stream is a terminal, where progress is redrawn.
    in_place: bool,
    /// The subcommand, which starts each progress line.
    subcommand: &'static str,
    /// Whether a progress line is drawn and not yet ended.
    drawn: bool,
}

impl<'a> ProgressLine<'a> {
    pub fn new(
        errors: &'a mut dyn Write,
        in_place: bool,
        subcommand: &'static str,
    ) -> ProgressLine<'a> {
        ProgressLine {
            errors,
            in_place,
            subcommand,
            drawn: false,
        }
    }

    /// Tells how far the run has come.
    pub fn progress(&mut self, progress: impl fmt::Display) {
        if self.in_place {
            // What an engine said may be quoted: it moves no cursor.
            let progress = escape_controls(&progress.to_string(), &[]);
            let _ = write!(self.errors, "\r\x1b[Kcongo {}: {progress}", self.subcommand);
            let _ = self.errors.flush();
            self.drawn = true;
        } else {
            self.say(progress);
        }
    }

    /// Tells anything else, on a line of its own.
    pub fn say(&mut self, message: impl fmt::Display) {
        self.end_line();
        say(self.errors, message);
    }

    /// Ends a progress line left drawn, so that what follows starts afresh.
    pub fn end_line(&mut self) {
        if self.drawn {
            let _ = writeln!(self.errors);
            self.drawn = false;
        }
    }
}
