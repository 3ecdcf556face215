//! The whole command line read: global options, then the subcommand's
//! name and its words; `--help`, `--version` and `congo help NAME` are
//! answered before any subcommand is read.

use std::collections::VecDeque;
use std::ffi::{OsStr, OsString};

use super::args::text;
use super::command::{Command, Spec};
use super::commands::{ALL, find};
use super::hints::closest;
use super::option::Value;
use super::options::{GLOBAL, HELP, VERSION};
use super::subcommand::read_command;
use super::usage::UsageError;
use super::words::unknown_option;
use crate::judge::Job;

/// What the command line asks for.
#[derive(Debug)]
pub(crate) enum Invocation {
    /// `congo --help`.
    Help,
    /// One subcommand's help.
    SubcommandHelp(&'static Spec),
    /// `congo --version`.
    Version,
    /// A subcommand to carry out.
    Command(Command),
}

/// Whether a word asks for help.
fn is_help(word: &OsStr) -> bool {
    word.to_str().is_some_and(|word| HELP.is(word))
}

/// Reads the words that follow the program name.
pub(crate) fn parse(words: impl IntoIterator<Item = OsString>) -> Result<Invocation, UsageError> {
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
        let spec = words.front().and_then(|word| find(&word.to_string_lossy()));
        return Ok(spec.map_or(Invocation::Help, Invocation::SubcommandHelp));
    }
    let spec = find(&name).ok_or_else(|| {
        let error = UsageError::UnknownSubcommand(name.clone());
        match closest(&name, ALL.iter().map(|spec| spec.name)) {
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
        return Ok(Invocation::SubcommandHelp(spec));
    }
    read_command(spec, leading.into_iter().chain(words), judge_job).map(Invocation::Command)
}

/// The job of the judge that `words` call (its name first), when they
/// form one that reads its input (no FEN argument): how `grade` and
/// `check` read the judge they wrap.
fn judge_job(words: &[String]) -> Option<Job> {
    let (name, rest) = words.split_first()?;
    match read_command(find(name)?, rest.iter().map(OsString::from), judge_job) {
        Ok(Command::Judge { job, fen: None, .. }) => Some(job),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::assignment::evaluation::Evaluation;
    use crate::engine::Limit;
    use crate::judge::Counting;
    use crate::{Congo, Kind, RuleSet};

    fn parse_words(words: &[&str]) -> Result<Invocation, UsageError> {
        parse(words.iter().map(OsString::from))
    }

    /// The job and FEN a judge's words ask for, and the Congo it reads.
    fn judge(words: &[&str]) -> Result<(Congo, Job, Option<String>), UsageError> {
        match parse_words(words)? {
            Invocation::Command(Command::Judge { game, job, fen }) => Ok((game, job, fen)),
            other => panic!("{words:?}: {other:?}"),
        }
    }

    fn job(words: &[&str]) -> Result<Job, UsageError> {
        judge(words).map(|(_, job, _)| job)
    }

    #[test]
    fn subcommands() {
        assert_eq!(job(&["board"]), Ok(Job::Board));
        assert_eq!(job(&["lion"]), Ok(Job::PieceMoves(Kind::Lion)));
        assert_eq!(job(&["perft", "4"]), Ok(Job::Perft(Counting::plain(4))));
        let counting = Counting {
            depth: 4,
            threads: 2,
            hash: Some(64),
        };
        let words = ["perft", "4", "--threads", "2", "--hash", "64"];
        assert_eq!(job(&words), Ok(Job::Perft(counting)));
        assert_eq!(
            job(&["alphabeta", "--depth=3"]),
            Ok(Job::Search(Evaluation::Advanced, 3))
        );
        assert_eq!(
            job(&["best", "--movetime", "50"]),
            Ok(Job::Best(Limit::Time(Duration::from_millis(50)), None, 1))
        );
        assert!(matches!(parse_words(&["--help"]), Ok(Invocation::Help)));
        assert!(matches!(parse_words(&["-V"]), Ok(Invocation::Version)));
    }

    #[test]
    fn every_subcommand_has_its_own_help() {
        for spec in ALL {
            for flag in ["--help", "-h"] {
                assert!(
                    matches!(
                        parse_words(&[spec.name, flag]),
                        Ok(Invocation::SubcommandHelp(found)) if found.name == spec.name
                    ),
                    "{}",
                    spec.name
                );
            }
        }
        // Even after words that would be errors, but not in another
        // program's command line.
        assert!(matches!(
            parse_words(&["gen", "--help"]),
            Ok(Invocation::SubcommandHelp(spec)) if spec.name == "gen"
        ));
        assert!(matches!(
            parse_words(&["check", "lion", "--", "prog", "--help"]),
            Ok(Invocation::Command(Command::Run(_)))
        ));
        assert!(matches!(
            parse_words(&["help", "lion"]),
            Ok(Invocation::SubcommandHelp(spec)) if spec.name == "lion"
        ));
    }

    #[test]
    fn rules_come_before_or_after_the_subcommand_once() {
        let rule_set = |words: &[&str]| judge(words).map(|(game, _, _)| game.rule_set);
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
            job(&["perft", "+3"]),
            Err(UsageError::BadDepth("+3".into()))
        );
        assert_eq!(
            parse_words(&["gen", "5", "--seed", "1", "--seed", "2"]).unwrap_err(),
            UsageError::Repeated("--seed")
        );
        assert_eq!(
            job(&["show", "--unicode", "--unicode"]),
            Err(UsageError::Repeated("--unicode"))
        );
    }

    #[test]
    fn limits() {
        assert_eq!(
            job(&["perft", "21"]),
            Err(UsageError::DepthTooLarge("21".into(), 20))
        );
        assert_eq!(job(&["perft", "20"]), Ok(Job::Perft(Counting::plain(20))));
        for words in [
            &["divide", "99"][..],
            &["minimax", "--depth", "4000000000"],
            &["best", "--depth", "64"],
            &["checkers", "--perft", "30"],
            &["wildebeest", "--lines", "--perft", "25"],
        ] {
            assert!(
                matches!(job(words), Err(UsageError::DepthTooLarge(..))),
                "{words:?}"
            );
        }
        assert_eq!(
            job(&["show", "--svg", ""]),
            Err(UsageError::EmptyPath("--svg"))
        );
    }

    #[cfg(unix)]
    #[test]
    fn an_svg_folder_need_not_be_utf8() {
        use std::os::unix::ffi::OsStringExt;
        let dir = OsString::from_vec(b"pictures-\xff".to_vec());
        let words = [OsString::from("show"), "--svg".into(), dir.clone()];
        let Ok(Invocation::Command(Command::Judge {
            job: Job::Show(options),
            ..
        })) = parse(words)
        else {
            panic!("a show command");
        };
        assert_eq!(options.svg_dir, Some(std::path::PathBuf::from(dir)));
    }

    #[test]
    fn wrappers_read_the_judge_they_wrap() {
        let words = |words: &[&str]| words.iter().map(|w| w.to_string()).collect::<Vec<_>>();
        assert_eq!(
            judge_job(&words(&["lion"])),
            Some(Job::PieceMoves(Kind::Lion))
        );
        assert_eq!(
            judge_job(&words(&["perft", "3"])),
            Some(Job::Perft(Counting::plain(3)))
        );
        assert_eq!(judge_job(&words(&["perft"])), None);
        assert_eq!(judge_job(&words(&["moves", "3l3/7/7/7/7/7/3L3 w 1"])), None);
        assert_eq!(judge_job(&words(&["gen", "5"])), None);
        assert_eq!(judge_job(&words(&["tb", "generate", "dir"])), None);
        assert!(judge_job(&words(&["tb", "probe", "dir"])).is_some());
        assert_eq!(judge_job(&words(&["grade", "lion", "in", "out"])), None);
    }

    #[test]
    fn a_fen_argument_stands_for_the_input() {
        let fen = "3l3/7/7/7/7/7/3L3 w 1";
        assert_eq!(
            judge(&["moves", fen]),
            Ok((Congo::default(), Job::Moves, Some(fen.into())))
        );
        assert!(matches!(
            judge(&["moves", "3l3/7 w 1"]),
            Err(UsageError::BadFen { .. })
        ));
        assert_eq!(
            job(&["lion", fen]),
            Err(UsageError::UnexpectedArgument(fen.into()))
        );
    }

    #[test]
    fn any_position_widens_the_judges_only() {
        let reach = |words: &[&str]| judge(words).map(|(game, _, _)| game.reach);
        assert_eq!(reach(&["--any-position", "lion"]), Ok(crate::Reach::Any));
        assert_eq!(reach(&["lion", "--any-position"]), Ok(crate::Reach::Any));
        assert_eq!(reach(&["lion"]), Ok(crate::Reach::Game));
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
