//! Reading a command line's words against option declarations: each
//! option once unless it repeats, each value in its form and bounds, the
//! words that are not options kept as operands. One reader serves every
//! subcommand, so an option is checked the same way wherever it is used.

use std::collections::VecDeque;
use std::ffi::OsString;
use std::path::PathBuf;

use super::args::{Args, Given, text};
use super::hints;
use super::option::{Opt, Value};
use super::options::GLOBAL;
use super::usage::UsageError;
use super::values::{bounded, depth, real};

/// What a subcommand does with an option it does not declare.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unknown {
    /// Refuses it, suggesting the closest declared option.
    Refuse,
    /// Keeps it among the operands: they are another subcommand's words.
    Keep,
}

/// Whether `word` is written as an option: a dash and more, but not a
/// negative number.
fn looks_like_option(word: &str) -> bool {
    word.len() > 1 && word.starts_with('-') && !word[1..].starts_with(|c: char| c.is_ascii_digit())
}

/// Reads `words` against `table` (and the options every command line
/// takes): each option once, unless it repeats, and its value within its
/// bounds.
pub(crate) fn read(
    words: impl IntoIterator<Item = OsString>,
    table: &'static [Opt],
    unknown: Unknown,
) -> Result<Args, UsageError> {
    let mut args = Args::new(table);
    let mut words: VecDeque<OsString> = words.into_iter().collect();
    while let Some(word) = words.pop_front() {
        if word == "--" {
            args.after = Some(words.drain(..).collect());
            break;
        }
        let Some(text) = word.to_str().filter(|text| looks_like_option(text)) else {
            args.operands.push(word);
            continue;
        };
        // `--name=value` reads as `--name value`.
        let (name, inline) = match text.split_once('=') {
            Some((name, value)) if name.starts_with("--") => (name, Some(value)),
            _ => (text, None),
        };
        let Some(option) = table.iter().chain(GLOBAL).find(|option| option.is(name)) else {
            match unknown {
                Unknown::Keep => {
                    args.operands.push(word);
                    continue;
                }
                Unknown::Refuse => return Err(unknown_option(name, table)),
            }
        };
        if let Some(value) = inline {
            words.push_front(value.into());
        }
        if !option.repeats && args.has(option) {
            return Err(UsageError::Repeated(option.name));
        }
        let value = read_value(option, &mut words)?;
        args.give(option.name, value);
    }
    Ok(args)
}

/// The error for `name`, which no option of `table` is, with the closest
/// one it may have meant.
pub(crate) fn unknown_option(name: &str, table: &[Opt]) -> UsageError {
    let error = UsageError::UnknownOption(name.to_owned());
    let names = table
        .iter()
        .chain(GLOBAL)
        .flat_map(|option| [Some(option.name), option.alias])
        .flatten();
    match hints::closest(name, names) {
        Some(meant) => UsageError::Hinted(Box::new(error), format!("did you mean {meant}?")),
        None => error,
    }
}

/// The value of `option`, read from the front of `words`.
fn read_value(option: &Opt, words: &mut VecDeque<OsString>) -> Result<Given, UsageError> {
    let name = option.name;
    let mut next = || words.pop_front().ok_or(UsageError::MissingValue(name));
    Ok(match option.value {
        Value::Flag => Given::Flag,
        Value::Path(_) => {
            let path = next()?;
            if path.is_empty() {
                return Err(UsageError::EmptyPath(name));
            }
            Given::Path(PathBuf::from(path))
        }
        Value::Text(_) => Given::Text(text(next()?)?),
        Value::Whole { min, max, .. } => Given::Whole(bounded(name, &text(next()?)?, min, max)?),
        Value::Depth => Given::Whole(depth(&text(next()?)?)?.into()),
        Value::Probability(_) => {
            let value = real(name, &text(next()?)?)?;
            if !(value > 0.0 && value < 1.0) {
                return Err(UsageError::BadProbability(name, value.to_string()));
            }
            Given::Probability(value)
        }
        Value::Bounds(..) => {
            let low = real(name, &text(next()?)?)?;
            let high = real(name, &text(next()?)?)?;
            if high <= low {
                return Err(UsageError::BadSprt(low.to_string(), high.to_string()));
            }
            Given::Bounds(low, high)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::option::whole;

    fn words(words: &[&str]) -> Vec<OsString> {
        words.iter().map(OsString::from).collect()
    }

    const GAMES: Opt = Opt::new("--games", whole("N", 1, u64::MAX), "games");
    const DENSITY: Opt = Opt::new("--density", whole("PERCENT", 0, 100), "density");
    const WEIGHT: Opt = Opt::new("--weight", Value::Text("NAME=VALUE"), "weight").repeats();
    const COLOR: Opt = Opt::new("--color", Value::Text("white|black"), "colour").alias("--colour");
    const STDOUT: Opt = Opt::new("--stdout", Value::Flag, "stdout");
    const SPRT: Opt = Opt::new("--sprt", Value::Bounds("ELO0", "ELO1"), "sprt");
    const TABLE: &[Opt] = &[GAMES, DENSITY, WEIGHT, COLOR, STDOUT, SPRT];

    #[test]
    fn values_are_read_in_their_form_and_bounds() {
        let args = read(
            words(&[
                "--games=3",
                "--density",
                "100",
                "--colour",
                "black",
                "--sprt",
                "-5",
                "5",
                "--weight",
                "river=3",
                "--weight",
                "zebra=300",
                "--stdout",
                "file",
            ]),
            TABLE,
            Unknown::Refuse,
        )
        .unwrap();
        assert_eq!(args.whole::<usize>(&GAMES), Ok(Some(3)));
        assert_eq!(args.whole::<u64>(&DENSITY), Ok(Some(100)));
        assert_eq!(args.text(&COLOR).as_deref(), Some("black"));
        assert_eq!(args.bounds(&SPRT), Some((-5.0, 5.0)));
        assert_eq!(args.texts(&WEIGHT), ["river=3", "zebra=300"]);
        assert!(args.has(&STDOUT));
        assert_eq!(args.operands, words(&["file"]));
        assert_eq!(args.after, None);
    }

    #[test]
    fn each_declared_rule_gives_its_error() {
        let error = |given: &[&str]| read(words(given), TABLE, Unknown::Refuse).unwrap_err();
        assert_eq!(
            error(&["--games", "0"]),
            UsageError::TooSmall {
                option: "--games",
                min: 1
            }
        );
        assert_eq!(
            error(&["--density", "101"]),
            UsageError::TooLarge {
                option: "--density",
                found: "101".into(),
                max: 100
            }
        );
        assert_eq!(
            error(&["--stdout", "--stdout"]),
            UsageError::Repeated("--stdout")
        );
        assert_eq!(error(&["--games"]), UsageError::MissingValue("--games"));
        assert_eq!(
            error(&["--sprt", "5", "-5"]),
            UsageError::BadSprt("5".into(), "-5".into())
        );
        assert_eq!(
            error(&["--dencity", "5"]).to_string(),
            "unknown option \"--dencity\"; did you mean --density?"
        );
        assert_eq!(
            error(&["--rulez", "2021"]).to_string(),
            "unknown option \"--rulez\"; did you mean --rules?"
        );
    }

    #[test]
    fn a_wrapper_keeps_the_options_it_does_not_know() {
        let args = read(
            words(&[
                "alphabeta",
                "--depth",
                "3",
                "--games",
                "4",
                "--",
                "prog",
                "--games",
            ]),
            TABLE,
            Unknown::Keep,
        )
        .unwrap();
        assert_eq!(args.operands, words(&["alphabeta", "--depth", "3"]));
        assert_eq!(args.whole::<u64>(&GAMES), Ok(Some(4)));
        assert_eq!(args.after, Some(words(&["prog", "--games"])));
    }

    #[test]
    fn a_choice_needs_exactly_one() {
        const BEST: &[Opt] = &[
            Opt::new("--depth", Value::Depth, "d").one_of(),
            Opt::new("--movetime", whole("MS", 1, u64::MAX), "m").one_of(),
            Opt::new("--nodes", whole("N", 1, u64::MAX), "n").one_of(),
        ];
        let choice = |given: &[&str]| {
            read(words(given), BEST, Unknown::Refuse)
                .unwrap()
                .choice("best")
                .map(|option| option.name)
        };
        assert_eq!(choice(&["--nodes", "9"]), Ok("--nodes"));
        assert_eq!(
            choice(&["--nodes", "9", "--depth", "2"]),
            Err(UsageError::Exclusive("--depth", "--nodes"))
        );
        assert_eq!(
            choice(&[]).unwrap_err().to_string(),
            "best needs one of --depth, --movetime or --nodes"
        );
    }
}
