//! The whole command line read: global options, then the subcommand's
//! name and its words; `--help`, `--version` and `congo help NAME` are
//! answered before any subcommand is read.

use std::collections::VecDeque;
use std::ffi::{OsStr, OsString};

use super::Terminal;
use super::args::text;
use super::commands::{all, find};
use super::hints::closest;
use super::option::Value;
use super::options::{GLOBAL, HELP, VERSION};
use super::reader::{Context, read_subcommand};
use super::subcommand::{Subcommand, Work};
use super::usage::UsageError;
use super::words::unknown_option;
use congo_judges::AnyJudge;
use congo_rules::RuleSet;

/// What the command line asks for.
#[derive(Debug)]
pub(crate) enum Invocation {
    /// `congo --help`.
    Help,
    /// One subcommand's help.
    SubcommandHelp(&'static Subcommand),
    /// `congo --version`.
    Version,
    /// A subcommand's work to carry out.
    Work(Work),
}

/// Whether a word asks for help.
fn is_help(word: &OsStr) -> bool {
    word.to_str().is_some_and(|word| HELP.is(word))
}

/// Reads the words that follow the program name; `terminal` says where
/// the streams lead.
pub(crate) fn parse(
    words: impl IntoIterator<Item = OsString>,
    terminal: Terminal,
) -> Result<Invocation, UsageError> {
    let mut words: VecDeque<OsString> = words.into_iter().collect();
    // The options before the subcommand are global ones.
    let mut leading = Vec::new();
    let name = loop {
        let word = text(words.pop_front().ok_or(UsageError::MissingSubcommand)?)?;
        let option = word.split('=').next().unwrap_or(&word);
        if HELP.is(option) {
            return Ok(Invocation::Help);
        }
        if VERSION.is(option) {
            return Ok(Invocation::Version);
        }
        match GLOBAL.iter().find(|global| global.is(option)) {
            Some(global) => {
                let inline = word.contains('=');
                leading.push(OsString::from(word));
                if global.value != Value::Flag && !inline {
                    leading.push(
                        words
                            .pop_front()
                            .ok_or(UsageError::MissingValue(global.name))?,
                    );
                }
            }
            None if word.starts_with('-') => return Err(unknown_option(option, &[])),
            None => break word,
        }
    };
    // `congo help lion` is `congo lion --help`.
    if name == "help" {
        let subcommand = words.front().and_then(|word| find(&word.to_string_lossy()));
        return Ok(subcommand.map_or(Invocation::Help, Invocation::SubcommandHelp));
    }
    let subcommand = find(&name).ok_or_else(|| {
        let error = UsageError::UnknownSubcommand(name.clone());
        match closest(&name, all().iter().map(|subcommand| subcommand.name)) {
            Some(meant) => UsageError::Hinted(Box::new(error), format!("did you mean {meant}?")),
            None => error,
        }
    })?;
    // Help wins over everything else before a `--`.
    if words
        .iter()
        .take_while(|word| *word != "--")
        .any(|word| is_help(word))
    {
        return Ok(Invocation::SubcommandHelp(subcommand));
    }
    let context = Context {
        judges: wrapped_judge,
        terminal,
        rule_set: RuleSet::default(),
    };
    read_subcommand(subcommand, leading.into_iter().chain(words), context).map(Invocation::Work)
}

/// The judge that `words` call (its name first) under `rule_set`, when
/// they form one that reads its input (no FEN argument): how `grade` and
/// `check` read the judge they wrap. Its answers are compared, never shown
/// on a terminal.
fn wrapped_judge(words: &[String], rule_set: RuleSet) -> Option<Box<dyn AnyJudge>> {
    let (name, rest) = words.split_first()?;
    let context = Context {
        judges: wrapped_judge,
        terminal: Terminal::default(),
        rule_set,
    };
    match read_subcommand(find(name)?, rest.iter().map(OsString::from), context) {
        Ok(Work::Judge {
            judge, fen: None, ..
        }) => Some(judge),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use congo_engine::assignment::evaluation::Evaluation;
    use congo_engine::{Engine, Limit, Weights};
    use congo_judges::{Best, Counting, LISTED, Perft, Positions, Score};
    use congo_rules::{CongoRules, RuleSet};

    fn parse_words(words: &[&str]) -> Result<Invocation, UsageError> {
        parse(words.iter().map(OsString::from), Terminal::default())
    }

    /// The judge (as its debug text) and FEN a judge's words ask for, and
    /// the rule set its answers are warned about.
    fn judge(words: &[&str]) -> Result<(RuleSet, String, Option<String>), UsageError> {
        match parse_words(words)? {
            Invocation::Work(Work::Judge {
                judge,
                rule_set,
                fen,
            }) => Ok((rule_set, format!("{judge:?}"), fen)),
            other => panic!("{words:?}: {other:?}"),
        }
    }

    fn judged(words: &[&str]) -> Result<String, UsageError> {
        judge(words).map(|(_, judge, _)| judge)
    }

    /// The debug text of a judge, as [`judged`] gives it.
    fn text(judge: impl std::fmt::Debug) -> Result<String, UsageError> {
        Ok(format!("{judge:?}"))
    }

    fn perft(counting: Counting) -> Result<String, UsageError> {
        text(Perft::new(CongoRules::default(), counting))
    }

    /// The debug text of the judge listed as `name`, built under `rules`.
    fn listed(name: &str, rules: CongoRules) -> Result<String, UsageError> {
        let listing = LISTED.iter().find(|listing| listing.name == name).unwrap();
        text(listing.build.unwrap()(rules))
    }

    #[test]
    fn subcommands() {
        let rules = CongoRules::default();
        assert!(judged(&["board"]).unwrap().contains("PieceList"));
        assert_eq!(judged(&["lion"]), listed("lion", rules));
        assert!(judged(&["lion"]).unwrap().contains("kind: Lion"));
        assert_eq!(judged(&["perft", "4"]), perft(Counting::plain(4)));
        let counting = Counting {
            depth: 4,
            threads: 2,
            hash: Some(64),
        };
        let words = ["perft", "4", "--threads", "2", "--hash", "64"];
        assert_eq!(judged(&words), perft(counting));
        assert_eq!(
            judged(&["alphabeta", "--depth=3"]),
            text(Positions::new(
                rules,
                Score::search(Evaluation::Advanced, 3, RuleSet::default())
            ))
        );
        let limit = Limit::Time(Duration::from_millis(50));
        assert_eq!(
            judged(&["best", "--movetime", "50"]),
            text(Positions::new(
                rules,
                Best::new(limit, Engine::new(RuleSet::default(), Weights::TUNED))
            ))
        );
        assert!(matches!(parse_words(&["--help"]), Ok(Invocation::Help)));
        assert!(matches!(parse_words(&["-V"]), Ok(Invocation::Version)));
    }

    #[test]
    fn every_subcommand_has_its_own_help() {
        for subcommand in all() {
            for flag in ["--help", "-h"] {
                assert!(
                    matches!(
                        parse_words(&[subcommand.name, flag]),
                        Ok(Invocation::SubcommandHelp(found)) if found.name == subcommand.name
                    ),
                    "{}",
                    subcommand.name
                );
            }
        }
        // Even after words that would be errors, but not in another
        // program's command line.
        assert!(matches!(
            parse_words(&["gen", "--help"]),
            Ok(Invocation::SubcommandHelp(subcommand)) if subcommand.name == "gen"
        ));
        assert!(matches!(
            parse_words(&["check", "lion", "--", "prog", "--help"]),
            Ok(Invocation::Work(Work::Tool(_)))
        ));
        assert!(matches!(
            parse_words(&["help", "lion"]),
            Ok(Invocation::SubcommandHelp(subcommand)) if subcommand.name == "lion"
        ));
    }

    #[test]
    fn rules_come_before_or_after_the_subcommand_once() {
        let rule_set = |words: &[&str]| judge(words).map(|(rule_set, _, _)| rule_set);
        assert_eq!(
            rule_set(&["--rules", "2021", "play"]),
            Ok(RuleSet::Wits2021)
        );
        assert_eq!(rule_set(&["play", "--rules=2021"]), Ok(RuleSet::Wits2021));
        assert_eq!(
            rule_set(&["--rules", "2021", "play", "--rules", "2021"]),
            Err(UsageError::Repeated("--rules"))
        );
        assert_eq!(
            parse_words(&["--rules"]).unwrap_err(),
            UsageError::MissingValue("--rules")
        );
    }

    #[test]
    fn numbers_are_digits_only_and_options_come_once() {
        assert_eq!(
            parse_words(&["gen", "+5"]).unwrap_err(),
            UsageError::BadNumber {
                option: "gen",
                found: "+5".into()
            }
        );
        assert_eq!(
            judged(&["perft", "+3"]),
            Err(UsageError::BadDepth("+3".into()))
        );
        assert_eq!(
            parse_words(&["gen", "5", "--seed", "1", "--seed", "2"]).unwrap_err(),
            UsageError::Repeated("--seed")
        );
        assert_eq!(
            judged(&["show", "--unicode", "--unicode"]),
            Err(UsageError::Repeated("--unicode"))
        );
    }

    #[test]
    fn limits() {
        assert_eq!(
            judged(&["perft", "21"]),
            Err(UsageError::DepthTooLarge("21".into(), 20))
        );
        assert_eq!(judged(&["perft", "20"]), perft(Counting::plain(20)));
        for words in [
            &["divide", "99"][..],
            &["minimax", "--depth", "4000000000"],
            &["best", "--depth", "64"],
            &["checkers", "--perft", "30"],
            &["wildebeest", "--lines", "--perft", "25"],
        ] {
            assert!(
                matches!(judged(words), Err(UsageError::DepthTooLarge(..))),
                "{words:?}"
            );
        }
        assert_eq!(
            judged(&["show", "--svg", ""]),
            Err(UsageError::EmptyPath("--svg"))
        );
    }

    #[cfg(unix)]
    #[test]
    fn an_svg_folder_need_not_be_utf8() {
        use std::os::unix::ffi::OsStringExt;
        let dir = OsString::from_vec(b"pictures-\xff".to_vec());
        let words = [OsString::from("show"), "--svg".into(), dir.clone()];
        let Ok(Invocation::Work(Work::Judge { judge, .. })) = parse(words, Terminal::default())
        else {
            panic!("a show command");
        };
        assert!(judge.writes_files());
        assert!(format!("{judge:?}").contains("pictures-\\xFF"), "{judge:?}");
    }

    #[test]
    fn wrappers_read_the_judge_they_wrap() {
        let wrapped = |words: &[&str]| {
            let words: Vec<String> = words.iter().map(|w| w.to_string()).collect();
            wrapped_judge(&words, RuleSet::Wits2021).map(|judge| format!("{judge:?}"))
        };
        let rules = CongoRules::from(RuleSet::Wits2021);
        assert_eq!(wrapped(&["lion"]), listed("lion", rules).ok());
        assert_eq!(
            wrapped(&["perft", "3"]),
            text(Perft::new(rules, Counting::plain(3))).ok()
        );
        assert_eq!(wrapped(&["perft"]), None);
        assert_eq!(wrapped(&["moves", "3l3/7/7/7/7/7/3L3 w 1"]), None);
        assert_eq!(wrapped(&["gen", "5"]), None);
        assert_eq!(wrapped(&["tb", "generate", "dir"]), None);
        assert!(wrapped(&["tb", "probe", "dir"]).is_some());
        assert_eq!(wrapped(&["grade", "lion", "in", "out"]), None);
    }

    #[test]
    fn a_fen_argument_stands_for_the_input() {
        let fen = "3l3/7/7/7/7/7/3L3 w 1";
        let moves = format!("{:?}", congo_judges::MoveList::new(CongoRules::default()));
        assert_eq!(
            judge(&["moves", fen]),
            Ok((RuleSet::default(), moves, Some(fen.into())))
        );
        assert!(matches!(
            judge(&["moves", "3l3/7 w 1"]),
            Err(UsageError::BadFen { .. })
        ));
        assert_eq!(
            judged(&["lion", fen]),
            Err(UsageError::UnexpectedArgument(fen.into()))
        );
    }

    #[test]
    fn any_position_widens_the_judges_only() {
        let reach = |words: &[&str]| judged(words).map(|judge| judge.contains("reach: Any"));
        assert_eq!(reach(&["--any-position", "lion"]), Ok(true));
        assert_eq!(reach(&["lion", "--any-position"]), Ok(true));
        assert_eq!(reach(&["lion"]), Ok(false));
        assert_eq!(
            parse_words(&["gen", "3", "--any-position"])
                .unwrap_err()
                .to_string(),
            "--any-position widens what the judges read (lion, moves, perft, ...); gen is not one"
        );
        assert_eq!(
            parse_words(&["checkers", "--rules", "2021"])
                .unwrap_err()
                .to_string(),
            "--rules picks a year's Congo rules; checkers has one rule set and takes none"
        );
    }
}
