//! What an option is: its name, its other spelling, the value it takes
//! within which bounds, whether it is needed or may repeat, and its help
//! line. Every option is one such declaration; the reader, the errors,
//! the help and "did you mean" all work from the declarations.

/// What follows an option on the command line, and the bounds it keeps.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Value {
    /// Nothing: the option is a switch.
    Flag,
    /// A whole number in digits, from `min` to `max`; `name` stands for it
    /// in the help.
    Whole {
        name: &'static str,
        min: u64,
        max: u64,
    },
    /// A search or perft depth, at most [`MAX_DEPTH`](super::limits::MAX_DEPTH).
    Depth,
    /// A probability strictly between 0 and 1.
    Probability(&'static str),
    /// Two decimal numbers, the second the larger (an SPRT's Elo bounds).
    Bounds(&'static str, &'static str),
    /// A file or folder, never empty.
    Path(&'static str),
    /// Text the subcommand reads itself: a FEN, a colour, NAME=VALUE.
    Text(&'static str),
}

/// Whether a subcommand can do without an option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Need {
    Optional,
    /// Needed (the subcommand's reader says so when it is missing).
    Required,
    /// Exactly one of the subcommand's options marked so is needed.
    OneOf,
}

/// One option of one or more subcommands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Opt {
    /// The long name, with its dashes: `--depth`.
    pub name: &'static str,
    /// Another spelling that means the same: `-h`, `--colour`.
    pub alias: Option<&'static str>,
    pub value: Value,
    pub need: Need,
    /// Whether it may be given more than once, each adding a value.
    pub repeats: bool,
    /// What it does, for the help; wrapped there.
    pub help: &'static str,
}

impl Opt {
    pub const fn new(name: &'static str, value: Value, help: &'static str) -> Opt {
        Opt {
            name,
            alias: None,
            value,
            need: Need::Optional,
            repeats: false,
            help,
        }
    }

    /// The same option with `alias` as another spelling.
    pub const fn alias(self, alias: &'static str) -> Opt {
        Opt {
            alias: Some(alias),
            ..self
        }
    }

    /// The same option, marked needed.
    pub const fn required(self) -> Opt {
        Opt {
            need: Need::Required,
            ..self
        }
    }

    /// The same option, one of a subcommand's choices of which exactly one
    /// is needed.
    pub const fn one_of(self) -> Opt {
        Opt {
            need: Need::OneOf,
            ..self
        }
    }

    /// The same option, allowed more than once.
    pub const fn repeats(self) -> Opt {
        Opt {
            repeats: true,
            ..self
        }
    }

    /// The same option described for another subcommand.
    pub const fn help(self, help: &'static str) -> Opt {
        Opt { help, ..self }
    }

    /// Whether `word` names this option.
    pub fn is(&self, word: &str) -> bool {
        word == self.name || self.alias == Some(word)
    }

    /// The option as the usage line writes it: `--depth D`.
    pub fn synopsis(&self) -> String {
        let value = match self.value {
            Value::Flag => return self.name.to_owned(),
            Value::Whole { name, .. }
            | Value::Probability(name)
            | Value::Path(name)
            | Value::Text(name) => name.to_owned(),
            Value::Depth => "D".to_owned(),
            Value::Bounds(low, high) => format!("{low} {high}"),
        };
        format!("{} {value}", self.name)
    }
}

/// A whole number from `min` to `max`, called `name` in the help.
pub(crate) const fn whole(name: &'static str, min: u64, max: u64) -> Value {
    Value::Whole { name, min, max }
}
