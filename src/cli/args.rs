//! [`Args`]: the words after a subcommand, read against the options it
//! declares (and the global ones), and what a subcommand's reader takes
//! from them: each option's value, the operands, the words after `--`,
//! the rule set, a FEN argument.

use std::cell::Cell;
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use super::Terminal;
use super::option::{Need, Opt};
use super::options::{ANY_POSITION, GLOBAL, TABLES, TABLES_VARIABLE};
use super::streams::say;
use super::usage::UsageError;
use super::values::depth;
use congo_judges::AnyJudge;
use congo_kit::shard::Shard;
use congo_kit::text::Whole;
use congo_rules::endgame::EndgameTables;
use congo_rules::{CongoRules, Position, Reach, RuleSet};
use congo_tables::Tablebase;

/// A value as given.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Given {
    Flag,
    Whole(u64),
    Probability(f64),
    Bounds(f64, f64),
    Path(PathBuf),
    Text(String),
}

/// The words of a command line read against the options of a subcommand:
/// the values of its options, the words that are not options, and the
/// rule set the command line asks for.
#[derive(Debug)]
pub(crate) struct Args {
    table: &'static [Opt],
    given: Vec<(&'static str, Given)>,
    /// The words that are not options, before any `--`.
    pub operands: Vec<OsString>,
    /// The words after the first `--`, if one was given.
    pub after: Option<Vec<OsString>>,
    /// The rule set (`--rules`, 2022 when not given).
    pub rule_set: RuleSet,
    /// Reads the words of a judge subcommand (its name first) into its
    /// judge, for `grade` and `check`, which wrap one: handed down by the
    /// parser, which knows every subcommand.
    pub judge_reader: JudgeReader,
    /// Where the streams lead.
    pub terminal: Terminal,
    /// The first option read that the subcommand does not declare: a
    /// fault of congo's own reader, which the tests look for.
    undeclared: Cell<Option<&'static str>>,
}

/// Reads a judge's words into its judge under a rule set, when they form
/// one that reads its input (no FEN argument).
pub(crate) type JudgeReader = fn(&[String], RuleSet) -> Option<Box<dyn AnyJudge>>;

impl Args {
    pub(super) fn new(table: &'static [Opt]) -> Args {
        Args {
            table,
            given: Vec::new(),
            operands: Vec::new(),
            after: None,
            rule_set: RuleSet::default(),
            judge_reader: |_, _| None,
            terminal: Terminal::default(),
            undeclared: Cell::new(None),
        }
    }

    /// The first option read that the subcommand does not declare, if any.
    pub(super) fn undeclared(&self) -> Option<&'static str> {
        self.undeclared.get()
    }

    fn values<'a>(&'a self, option: &Opt) -> impl Iterator<Item = &'a Given> {
        let declared = self
            .table
            .iter()
            .chain(GLOBAL)
            .any(|o| o.name == option.name);
        if !declared && self.undeclared.get().is_none() {
            self.undeclared.set(Some(option.name));
        }
        let name = option.name;
        self.given
            .iter()
            .filter(move |(given, _)| *given == name)
            .map(|(_, value)| value)
    }

    /// Keeps `value`, given to the option called `name`.
    pub(super) fn give(&mut self, name: &'static str, value: Given) {
        self.given.push((name, value));
    }

    fn value(&self, option: &Opt) -> Option<&Given> {
        self.values(option).next()
    }

    /// Whether `option` was given.
    pub fn has(&self, option: &Opt) -> bool {
        self.value(option).is_some()
    }

    /// The number given to `option`, in the type it is kept in.
    pub fn whole<T: Whole + TryFrom<u64>>(&self, option: &Opt) -> Result<Option<T>, UsageError> {
        let Some(&Given::Whole(value)) = self.value(option) else {
            return Ok(None);
        };
        T::try_from(value)
            .map(Some)
            .map_err(|_| UsageError::TooLarge {
                option: option.name,
                found: value.to_string(),
                max: T::MAX,
            })
    }

    /// The depth given to `option`.
    pub fn depth(&self, option: &Opt) -> Option<u32> {
        match self.value(option) {
            // Bounded by MAX_DEPTH when read.
            Some(&Given::Whole(depth)) => u32::try_from(depth).ok(),
            _ => None,
        }
    }

    /// The probability given to `option`.
    pub fn probability(&self, option: &Opt) -> Option<f64> {
        match self.value(option) {
            Some(&Given::Probability(value)) => Some(value),
            _ => None,
        }
    }

    /// The two bounds given to `option`.
    pub fn bounds(&self, option: &Opt) -> Option<(f64, f64)> {
        match self.value(option) {
            Some(&Given::Bounds(low, high)) => Some((low, high)),
            _ => None,
        }
    }

    /// The milliseconds given to `option`, or `default`.
    pub fn millis_or(&self, option: &Opt, default: Duration) -> Result<Duration, UsageError> {
        Ok(self
            .whole::<u64>(option)?
            .map_or(default, Duration::from_millis))
    }

    /// The share given to `option` (`I/N`); without it, the one the
    /// Slurm job array task this process runs in stands for (see
    /// [`Shard::given_or_slurm`]), or the whole.
    pub fn shard(&self, option: &Opt) -> Result<Shard, UsageError> {
        Shard::given_or_slurm(self.text(option).as_deref()).map_err(UsageError::BadShard)
    }

    /// The path given to `option`.
    pub fn path(&self, option: &Opt) -> Option<PathBuf> {
        match self.value(option) {
            Some(Given::Path(path)) => Some(path.clone()),
            _ => None,
        }
    }

    /// The text given to `option`, once for each time it was given.
    pub fn texts(&self, option: &Opt) -> Vec<String> {
        self.values(option)
            .filter_map(|value| match value {
                Given::Text(text) => Some(text.clone()),
                _ => None,
            })
            .collect()
    }

    /// The text given to `option`.
    pub fn text(&self, option: &Opt) -> Option<String> {
        self.texts(option).into_iter().next()
    }

    /// The folder of endgame tables: `option` (a `--tb`), or else the one
    /// `$CONGO_TB` names (if set and not empty).
    pub fn tables(&self, option: &Opt) -> Option<PathBuf> {
        debug_assert_eq!(option.name, TABLES.name);
        self.path(option).or_else(|| {
            std::env::var_os(TABLES_VARIABLE)
                .filter(|dir| !dir.is_empty())
                .map(PathBuf::from)
        })
    }

    /// The endgame tables `option` names ([`Args::tables`]).
    pub fn endgame_tables(&self, option: &Opt) -> Option<Arc<dyn EndgameTables>> {
        self.tables(option)
            .map(|dir| tables_in(&dir, self.rule_set))
    }

    /// The endgame tables that end a match's or tournament's games
    /// ([`Args::tables`]), refused if their folder is no folder: its games
    /// would go on as if it were not given.
    pub fn adjudicating_tables(
        &self,
        option: &Opt,
    ) -> Result<Option<Arc<dyn EndgameTables>>, UsageError> {
        match self.tables(option) {
            Some(dir) if !dir.is_dir() => Err(UsageError::BadValue {
                option: match self.path(option) {
                    Some(_) => option.name,
                    None => "$CONGO_TB",
                },
                found: dir.display().to_string(),
                expected: "a folder of endgame tables",
            }),
            tables => Ok(tables.map(|dir| tables_in(&dir, self.rule_set))),
        }
    }

    /// Congo's rules as the judges read and play positions: the rule
    /// set, and which positions are accepted (`--any-position`: any that
    /// fits).
    pub fn rules(&self) -> CongoRules {
        CongoRules {
            rule_set: self.rule_set,
            reach: self.reach(),
        }
    }

    fn reach(&self) -> Reach {
        if self.has(&ANY_POSITION) {
            Reach::Any
        } else {
            Reach::Game
        }
    }

    /// Which of the subcommand's [`Need::OneOf`] options was given: an
    /// error if none or two were.
    pub fn choice(&self, subcommand: &'static str) -> Result<&'static Opt, UsageError> {
        let choices = self
            .table
            .iter()
            .filter(|option| option.need == Need::OneOf);
        let mut given = choices.clone().filter(|option| self.has(option));
        match (given.next(), given.next()) {
            (Some(one), None) => Ok(one),
            (Some(one), Some(other)) => Err(UsageError::Exclusive(one.name, other.name)),
            (None, _) => {
                let names: Vec<&str> = choices.map(|option| option.name).collect();
                Err(UsageError::Choose(subcommand, names))
            }
        }
    }

    /// An error naming the first of `options` given, and `besides`, if any
    /// was: they cannot go together.
    pub fn refuse_with(&self, besides: &'static str, options: &[Opt]) -> Result<(), UsageError> {
        match options.iter().find(|option| self.has(option)) {
            Some(option) => Err(UsageError::Exclusive(besides, option.name)),
            None => Ok(()),
        }
    }

    /// The options given to the subcommand, `GLOBAL` ones aside, other
    /// than `allowed`: the first, if any.
    pub fn first_besides(&self, allowed: &[Opt]) -> Option<&'static str> {
        self.given.iter().map(|&(name, _)| name).find(|name| {
            !allowed
                .iter()
                .chain(GLOBAL)
                .any(|option| option.name == *name)
        })
    }

    /// The operands, as text.
    pub fn operand_texts(&self) -> Result<Vec<String>, UsageError> {
        self.operands.iter().cloned().map(text).collect()
    }

    /// The words after `--`, as text.
    pub fn after_texts(&self) -> Result<Option<Vec<String>>, UsageError> {
        self.after
            .as_ref()
            .map(|words| words.iter().cloned().map(text).collect())
            .transpose()
    }

    /// An error if any operand was given.
    pub fn no_operands(&self) -> Result<(), UsageError> {
        match self.operands.first() {
            Some(word) => Err(UsageError::UnexpectedArgument(lossy(word))),
            None => Ok(()),
        }
    }

    /// The one operand a subcommand needs, `what` naming it if it is missing.
    pub fn one_operand(
        &self,
        subcommand: &'static str,
        what: &'static str,
    ) -> Result<String, UsageError> {
        let mut operands = self.operand_texts()?.into_iter();
        let first = operands
            .next()
            .ok_or(UsageError::Required(subcommand, what))?;
        match operands.next() {
            Some(extra) => Err(UsageError::UnexpectedArgument(extra)),
            None => Ok(first),
        }
    }

    /// The depth a subcommand is given as its one operand.
    pub fn depth_operand(&self, subcommand: &'static str) -> Result<u32, UsageError> {
        depth(&self.one_operand(subcommand, "a depth")?)
    }

    /// The one FEN a judge may be given in place of its input, checked as
    /// the judge will read it (the rule set aside: that comes later).
    pub fn fen_operand(&self) -> Result<Option<String>, UsageError> {
        let mut operands = self.operand_texts()?.into_iter();
        let fen = operands.next();
        if let Some(fen) = &fen {
            Position::from_fen(fen, RuleSet::default(), self.reach()).map_err(|error| {
                UsageError::BadFen {
                    found: fen.clone(),
                    error,
                }
            })?;
        }
        match operands.next() {
            Some(extra) => Err(UsageError::UnexpectedArgument(extra)),
            None => Ok(fen),
        }
    }

    /// A FEN given to `option`, read under the rule set; `fallback` if
    /// none was.
    pub fn fen_option(
        &self,
        option: &Opt,
        fallback: &str,
    ) -> Result<(String, Position), UsageError> {
        let fen = self.text(option).unwrap_or_else(|| fallback.to_owned());
        match Position::from_fen(&fen, self.rule_set, Reach::Game) {
            Ok(position) => Ok((fen, position)),
            Err(error) => Err(UsageError::BadFen { found: fen, error }),
        }
    }
}

/// A word as text.
pub(crate) fn text(word: OsString) -> Result<String, UsageError> {
    word.into_string()
        .map_err(|word| UsageError::NotUtf8(word.to_string_lossy().into_owned()))
}

fn lossy(word: &OsStr) -> String {
    word.to_string_lossy().into_owned()
}

/// The endgame tables in `dir` under `rule_set` for a player on a clock:
/// every table's files opened and checked now (headers and indexes), so
/// that no move waits for one; each file refused, a folder that cannot be
/// listed or one with no tables, is said on `errors`, and play goes on.
pub fn opened_tables(
    dir: &Path,
    rule_set: RuleSet,
    errors: &mut dyn std::io::Write,
) -> Arc<dyn EndgameTables> {
    let tables = Tablebase::new(dir, rule_set);
    match tables.open_all() {
        Ok(opened) if opened.tables == 0 && opened.refused.is_empty() => say(
            errors,
            format_args!("no endgame tables in {} for {rule_set}", dir.display()),
        ),
        Ok(opened) => opened.refused.iter().for_each(|error| say(errors, error)),
        Err(error) => say(
            errors,
            format_args!("{error}; each table is looked for when first probed"),
        ),
    }
    Arc::new(tables)
}

/// The endgame tables in `dir` under `rule_set`, as the arena, the judges
/// and the board take them; nothing is read yet.
pub fn tables_in(dir: &Path, rule_set: RuleSet) -> Arc<dyn EndgameTables> {
    Arc::new(Tablebase::new(dir, rule_set))
}
