//! [`Listing`]: a judge as `congo --help` lists it among the judges.

use std::fmt;

use super::{AnyJudge, CaseKind};
use congo_rules::CongoRules;

/// A judge as `congo --help` lists it: its name and what it does, and for
/// a judge that takes no options, how it is built.
pub struct Listing {
    /// The subcommand's name.
    pub name: &'static str,
    /// What it answers, in one paragraph.
    pub about: &'static str,
    /// What one of its cases is.
    pub case: CaseKind,
    /// Whether it takes one FEN as its argument in place of its input.
    pub takes_fen: bool,
    /// Builds it under the rules given; `None` for a judge that takes
    /// options, which the command line reads and builds it from.
    pub build: Option<fn(CongoRules) -> Box<dyn AnyJudge>>,
}

impl Listing {
    /// A judge of positions that takes no options, built by `build`.
    pub const fn new(
        name: &'static str,
        about: &'static str,
        build: fn(CongoRules) -> Box<dyn AnyJudge>,
    ) -> Listing {
        Listing {
            build: Some(build),
            ..Listing::with_options(name, about)
        }
    }

    /// A judge of positions whose options the command line declares.
    pub const fn with_options(name: &'static str, about: &'static str) -> Listing {
        Listing {
            name,
            about,
            case: CaseKind::Position,
            takes_fen: false,
            build: None,
        }
    }

    /// The same judge, also taking one FEN as its argument.
    pub const fn taking_fen(self) -> Listing {
        Listing {
            takes_fen: true,
            ..self
        }
    }

    /// The same judge, its cases being `case`.
    pub const fn of_cases(self, case: CaseKind) -> Listing {
        Listing { case, ..self }
    }
}

impl fmt::Debug for Listing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Listing({})", self.name)
    }
}
