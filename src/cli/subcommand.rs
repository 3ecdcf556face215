//! Reading one subcommand's words into a [`Command`]: its options against
//! its declarations, the rule set and `--any-position` where they apply,
//! then the subcommand's own reader; an error gets a way through where
//! one is known (a FEN that needs quotes, a file a judge reads on its
//! input). Used for the subcommand on the command line, and by
//! `grade` and `check` for the judge they wrap.

use std::ffi::OsString;
use std::path::Path;

use super::args::{Args, JudgeReader};
use super::command::{Command, Spec};
use super::options::{ANY_POSITION, RULES};
use super::usage::{NotApplying, UsageError};
use super::words;

/// Reads `words`, which follow `spec`'s name (global options read before
/// the name come first among them); a wrapper reads the judge it wraps
/// with `judge_job`.
pub(crate) fn read_command(
    spec: &'static Spec,
    words: impl IntoIterator<Item = OsString>,
    judge_job: JudgeReader,
) -> Result<Command, UsageError> {
    let words: Vec<OsString> = words.into_iter().collect();
    let texts: Vec<String> = words
        .iter()
        .map(|word| word.to_string_lossy().into_owned())
        .collect();
    let hinted = |error| hint_for(spec, error, &texts);
    let mut args = words::read(words, spec.options, spec.unknown).map_err(hinted)?;
    args.rule_set = rule_set(spec, &args)?;
    args.judge_job = judge_job;
    let command = (spec.read)(&args).map_err(hinted)?;
    if args.has(&ANY_POSITION) && matches!(command, Command::Run(_)) {
        return Err(UsageError::DoesNotApply {
            option: ANY_POSITION.name,
            subcommand: spec.name,
            why: NotApplying::NotAJudge,
        });
    }
    Ok(command)
}

/// The rule set `args` asks for, where `spec` takes one.
fn rule_set(spec: &Spec, args: &Args) -> Result<crate::RuleSet, UsageError> {
    match args.text(&RULES) {
        Some(_) if !spec.takes_rule_set => Err(UsageError::DoesNotApply {
            option: RULES.name,
            subcommand: spec.name,
            why: NotApplying::OneRuleSet,
        }),
        Some(name) => name.parse().map_err(UsageError::BadRules),
        None => Ok(crate::RuleSet::default()),
    }
}

/// `error` with a way through, where one is known for the word it names
/// (`texts`: the words after the subcommand).
fn hint_for(spec: &Spec, error: UsageError, texts: &[String]) -> UsageError {
    let word = match &error {
        UsageError::UnexpectedArgument(word) => word,
        UsageError::BadFen { found, .. } => found,
        _ => return error,
    };
    let at = texts
        .iter()
        .position(|text| text == word)
        .map_or(texts.len(), |at| at + 1);
    match for_argument(spec, word, &texts[at..]) {
        Some(hint) => UsageError::Hinted(Box::new(error), hint),
        None => error,
    }
}

/// `words` read against `spec`'s options alone, with the rule set: what a
/// subcommand's reader is given. For the subcommands' own tests.
#[cfg(test)]
pub(crate) fn args_for(spec: &'static Spec, words: &[&str]) -> Result<Args, UsageError> {
    let mut args = words::read(words.iter().map(OsString::from), spec.options, spec.unknown)?;
    args.rule_set = rule_set(spec, &args)?;
    Ok(args)
}

/// A hint for `word`, which `spec` did not take, given the words after it
/// (`rest`): the way judges read a file, or that a FEN needs quotes.
fn for_argument(spec: &Spec, word: &str, rest: &[String]) -> Option<String> {
    if looks_like_split_fen(word, rest) {
        let fen = format!("{word} {} {}", rest[0], rest[1]);
        return Some(if spec.operands.contains("[FEN]") {
            format!("quote the FEN: congo {} \"{fen}\"", spec.name)
        } else {
            format!(
                "quote the FEN, and give it on standard input: printf '1\\n{fen}\\n' | congo {}",
                spec.name
            )
        });
    }
    if spec.input.is_some() && Path::new(word).is_file() {
        return Some(format!(
            "judges read standard input: congo {} < {word}",
            spec.name
        ));
    }
    None
}

/// Whether `word` and the two words after it are a FEN's three fields,
/// split apart by a shell because they were not quoted.
fn looks_like_split_fen(word: &str, rest: &[String]) -> bool {
    word.matches('/').count() == 6
        && rest.len() >= 2
        && matches!(rest[0].as_str(), "w" | "b" | "W" | "B")
        && !rest[1].is_empty()
        && rest[1].bytes().all(|byte| byte.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fen_split_by_the_shell_is_noticed() {
        let rest = |words: &[&str]| words.iter().map(|w| w.to_string()).collect::<Vec<_>>();
        assert!(looks_like_split_fen(
            "3l3/7/7/7/7/7/3L3",
            &rest(&["w", "1"])
        ));
        assert!(!looks_like_split_fen(
            "3l3/7/7/7/7/7/3L3",
            &rest(&["x", "1"])
        ));
        assert!(!looks_like_split_fen("lion", &rest(&["w", "1"])));
    }
}
