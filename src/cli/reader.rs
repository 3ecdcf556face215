//! Reading one subcommand's words into its [`Work`]: its options against
//! its declarations, the rule set and `--any-position` where they apply,
//! then the subcommand's own reader; an error gets a way through where
//! one is known (a FEN that needs quotes, a file a judge reads on its
//! input). Used for the subcommand on the command line, and by `grade`
//! and `check` for the judge they wrap.

use std::ffi::OsString;
use std::path::Path;

use super::Terminal;
use super::args::{Args, JudgeReader};
use super::options::{ANY_POSITION, RULES};
use super::subcommand::{Read, Subcommand, Work};
use super::usage::{NotApplying, UsageError};
use super::words;
use congo_rules::RuleSet;

/// What reading a subcommand's words needs besides the words.
#[derive(Clone, Copy)]
pub(crate) struct Context {
    /// Reads the words of the judge a tool wraps (`grade`, `check`).
    pub judges: JudgeReader,
    /// Where the streams lead: whether a picture is coloured, and which
    /// file the input is, never to be written over.
    pub terminal: Terminal,
    /// The rule set where `--rules` is not given.
    pub rule_set: RuleSet,
}

/// Reads `words`, which follow `subcommand`'s name (global options read
/// before the name come first among them).
pub(crate) fn read_subcommand(
    subcommand: &'static Subcommand,
    words: impl IntoIterator<Item = OsString>,
    context: Context,
) -> Result<Work, UsageError> {
    let words: Vec<OsString> = words.into_iter().collect();
    let texts: Vec<String> = words
        .iter()
        .map(|word| word.to_string_lossy().into_owned())
        .collect();
    let hinted = |error| hint_for(subcommand, error, &texts);
    let mut args = words::read(words, subcommand.options, subcommand.unknown).map_err(hinted)?;
    args.rule_set = rule_set(subcommand, &args, context.rule_set)?;
    args.judge_reader = context.judges;
    args.terminal = context.terminal;
    let work = match subcommand.read {
        Read::Words(read) => read(&args),
        Read::Listed {
            build,
            takes_fen: true,
        } => Work::judge_of_fen(&args, build(args.rules())),
        Read::Listed { build, .. } => args
            .no_operands()
            .map(|()| Work::judge(&args, build(args.rules()))),
    };
    // A reader that reads an option its subcommand does not declare is
    // congo's own fault; the tests walk every subcommand to rule it out.
    if let Some(option) = args.undeclared() {
        return Err(UsageError::Undeclared {
            subcommand: subcommand.name,
            option,
        });
    }
    let work = work.map_err(hinted)?;
    if args.has(&ANY_POSITION) && matches!(work, Work::Tool(_)) {
        return Err(UsageError::DoesNotApply {
            option: ANY_POSITION.name,
            subcommand: subcommand.name,
            why: NotApplying::NotAJudge,
        });
    }
    Ok(work)
}

/// The rule set `args` asks for, where `subcommand` takes one; `default`
/// where none is given.
fn rule_set(subcommand: &Subcommand, args: &Args, default: RuleSet) -> Result<RuleSet, UsageError> {
    match args.text(&RULES) {
        Some(_) if !subcommand.takes_rule_set => Err(UsageError::DoesNotApply {
            option: RULES.name,
            subcommand: subcommand.name,
            why: NotApplying::OneRuleSet,
        }),
        Some(name) => name.parse().map_err(UsageError::BadRules),
        None => Ok(default),
    }
}

/// `error` with a way through, where one is known for the word it names
/// (`texts`: the words after the subcommand).
fn hint_for(subcommand: &Subcommand, error: UsageError, texts: &[String]) -> UsageError {
    let word = match &error {
        UsageError::UnexpectedArgument(word) => word,
        UsageError::BadFen { found, .. } => found,
        _ => return error,
    };
    let at = texts
        .iter()
        .position(|text| text == word)
        .map_or(texts.len(), |at| at + 1);
    match for_argument(subcommand, word, &texts[at..]) {
        Some(hint) => UsageError::Hinted(Box::new(error), hint),
        None => error,
    }
}

/// `words` read against `subcommand`'s options alone, with the rule set:
/// what a subcommand's reader is given. For the subcommands' own tests.
#[cfg(test)]
pub(crate) fn args_for(
    subcommand: &'static Subcommand,
    words: &[&str],
) -> Result<Args, UsageError> {
    let mut args = words::read(
        words.iter().map(OsString::from),
        subcommand.options,
        subcommand.unknown,
    )?;
    args.rule_set = rule_set(subcommand, &args, RuleSet::default())?;
    Ok(args)
}

/// A hint for `word`, which `subcommand` did not take, given the words after it
/// (`rest`): the way judges read a file, or that a FEN needs quotes.
fn for_argument(subcommand: &Subcommand, word: &str, rest: &[String]) -> Option<String> {
    if looks_like_split_fen(word, rest) {
        let fen = format!("{word} {} {}", rest[0], rest[1]);
        return Some(if subcommand.operands.contains("[FEN]") {
            format!("quote the FEN: congo {} \"{fen}\"", subcommand.name)
        } else {
            format!(
                "quote the FEN, and give it on standard input: printf '1\\n{fen}\\n' | congo {}",
                subcommand.name
            )
        });
    }
    if subcommand.input.is_some() && Path::new(word).is_file() {
        return Some(format!(
            "judges read standard input: congo {} < {word}",
            subcommand.name
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

    use crate::cli::commands::all;
    use crate::cli::option::{Opt, Value};
    use crate::cli::options::{GLOBAL, SEED};

    const FEN: &str = "3l3/7/7/7/7/7/3L3 w 1";

    /// The words an option is given with in the walk below.
    fn given(option: &Opt) -> Vec<String> {
        let value = match option.value {
            Value::Flag => return vec![option.name.to_owned()],
            Value::Whole { min, .. } => min.max(1).to_string(),
            Value::Depth => "2".to_owned(),
            Value::Probability(_) => "0.05".to_owned(),
            Value::Bounds(..) => return vec![option.name.into(), "0".into(), "5".into()],
            Value::Path(_) => "scratch".to_owned(),
            Value::Text(name) if name.contains("2021") => "2021".to_owned(),
            Value::Text("FEN") => FEN.to_owned(),
            Value::Text(_) => "lion".to_owned(),
        };
        vec![option.name.to_owned(), value]
    }

    /// Operands to read each subcommand with, from its usage line: a
    /// number for `D` or `N`, every verb of `a|b|c DIR`, a judge and files
    /// for a wrapper, engines after `--`.
    fn operand_sets(subcommand: &Subcommand) -> Vec<Vec<String>> {
        let words = |list: &[&str]| list.iter().map(|w| w.to_string()).collect::<Vec<_>>();
        let usage = subcommand.operands;
        let first = usage.split(' ').next().unwrap_or("");
        if first.contains('|') {
            return first
                .split('|')
                .map(|verb| words(&[verb, "scratch"]))
                .collect();
        }
        match first {
            "" => vec![vec![]],
            "[FEN]" => vec![vec![], words(&[FEN])],
            "D" | "N" => vec![words(&["3"])],
            "SUBCOMMAND" => vec![
                words(&["lion", "in", "out"]),
                words(&["lion", "--", "prog"]),
            ],
            "--" => vec![words(&["--", "a", "--", "b"]), words(&["record"])],
            _ => vec![words(&["record"])],
        }
    }

    /// Reads `words` as `subcommand`'s: an error only where it is one of
    /// congo's own, an option read that is not declared.
    fn undeclared(subcommand: &'static Subcommand, words: &[String]) -> Option<UsageError> {
        let context = Context {
            judges: |_, _| None,
            terminal: Terminal::default(),
            rule_set: RuleSet::default(),
        };
        match read_subcommand(subcommand, words.iter().map(OsString::from), context) {
            Err(error @ UsageError::Undeclared { .. }) => Some(error),
            _ => None,
        }
    }

    #[test]
    fn no_subcommand_reads_an_option_it_does_not_declare() {
        let mut reads = 0;
        for &subcommand in all() {
            let options: Vec<&Opt> = subcommand.options.iter().chain(GLOBAL).collect();
            for operands in operand_sets(subcommand) {
                let mut every: Vec<String> = Vec::new();
                for option in &options {
                    every.extend(given(option));
                    let mut one = given(option);
                    one.extend(operands.iter().cloned());
                    for words in [&operands, &one] {
                        reads += 1;
                        let found = undeclared(subcommand, words);
                        assert!(found.is_none(), "{} {words:?}: {found:?}", subcommand.name);
                    }
                }
                every.extend(operands.iter().cloned());
                assert!(
                    undeclared(subcommand, &every).is_none(),
                    "{}",
                    subcommand.name
                );
            }
        }
        assert!(reads > 500, "{reads}");
    }

    /// A reader that reads `--seed`, which its subcommand does not declare.
    static CARELESS: Subcommand = Subcommand::tool("careless", "", &[], "", |args| {
        args.has(&SEED);
        Ok(Work::tool(|_| 0))
    });

    #[test]
    fn an_undeclared_option_read_is_a_named_error() {
        let error = undeclared(&CARELESS, &[]).unwrap();
        assert_eq!(
            error.to_string(),
            "careless read --seed, which it does not declare (a bug in congo; please report it)"
        );
    }
}
