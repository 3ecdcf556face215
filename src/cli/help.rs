//! The help texts, written from the subcommand and option tables: `congo
//! --help` and `congo SUBCOMMAND --help`.

use super::commands::all;
use super::option::{Need, Opt};
use super::options::GLOBAL;
use super::subcommand::{Section, Subcommand};

const HEADER: &str = "\
congo: a fast, exact Congo engine and judge

Usage: congo [--rules 2021|2022] [--any-position] <SUBCOMMAND> [ARGS]   (congo SUBCOMMAND --help for one)
";

const FOOTER: &str = "
Input: a line with N, then N lines with one FEN each (N cases of two lines
  for play), <pieces> <side> <move number>, e.g.
  2l4/7/4z2/4c2/PP2EP1/3L2p/7 b 23 (CRLF line ends, a byte order mark,
  surrounding blanks and W/B for the side are accepted). moves, show and
  best also take one FEN as their last argument instead.

Output: board prints one 17-line block per FEN and divide one block per FEN,
  blocks separated by a blank line; the move subcommands print one line per
  FEN, moves sorted as strings and separated by spaces (an empty line when
  there are none).

Bad input: each bad line gets `congo: line N: reason` on stderr (the count
  is line 1); the other lines are still answered in order, with an empty
  line (two for play) in place of a bad case's answer. A position must be
  one the game can reach: at most one lion a side, in its castle (or, once
  the other lion is taken, in that castle), and no more pieces of a kind
  than a side starts with.

Exit status: 0 when every line was answered, 1 on bad input, 2 on a usage
  error.
";

/// The widest line any help text writes.
const WIDTH: usize = 80;

/// The column subcommand descriptions start in, in the general help.
const INDENT: usize = 14;

/// The column option descriptions start in.
const OPTION_INDENT: usize = 26;

/// `congo --help`: every subcommand by section, then the input and output
/// contract and the global options.
pub(crate) fn general() -> String {
    let mut text = String::from(HEADER);
    for section in Section::ALL {
        text.push('\n');
        text.push_str(section.title());
        text.push('\n');
        for subcommand in all().iter().filter(|s| s.section == section) {
            entry(subcommand, &mut text);
        }
    }
    text.push_str(FOOTER);
    text.push_str("\nOptions:\n");
    options(GLOBAL, &mut text);
    text
}

/// `congo SUBCOMMAND --help`.
pub(crate) fn of(subcommand: &Subcommand) -> String {
    let rule_set = if subcommand.takes_rule_set {
        "[--rules 2021|2022] "
    } else {
        ""
    };
    let mut text = String::new();
    let synopsis = synopsis(subcommand);
    wrap(
        &format!("Usage: congo {rule_set}{}", subcommand.name),
        synopsis.iter().map(String::as_str),
        8,
        &mut text,
    );
    text.push('\n');
    wrap("", words(subcommand.about), 0, &mut text);
    if !subcommand.options.is_empty() {
        text.push_str("\nOptions:\n");
        options(subcommand.options, &mut text);
    }
    if let Some(input) = subcommand.input {
        text.push_str(&format!("\nInput on stdin: {input}.\n"));
    }
    text
}

/// What follows a subcommand's name in its usage line, in pieces that are
/// not to be broken: `[--x X]` for each option, the needed ones bare, a
/// choice of which one is needed in parentheses, and the operands: those
/// that may be left out, and those after a `--`, last.
fn synopsis(subcommand: &Subcommand) -> Vec<String> {
    let (leading, trailing) = match subcommand.operands {
        operands if operands.starts_with("--") || operands.starts_with('[') => ("", operands),
        operands => match operands.find(" -- ") {
            Some(at) => (&operands[..at], &operands[at + 1..]),
            None => (operands, ""),
        },
    };
    // Alternative forms (`a | b`) may each start a line.
    let forms: Vec<&str> = leading
        .split(" | ")
        .filter(|form| !form.is_empty())
        .collect();
    let mut words: Vec<String> = forms.iter().map(|form| format!("{form} |")).collect();
    if let Some(last) = words.last_mut() {
        last.truncate(last.len() - 2);
    }
    let choices: Vec<String> = subcommand
        .options
        .iter()
        .filter(|option| option.need == Need::OneOf)
        .map(Opt::synopsis)
        .collect();
    if !choices.is_empty() {
        words.push(format!("({})", choices.join(" | ")));
    }
    for option in subcommand.options {
        match option.need {
            Need::Required => words.push(option.synopsis()),
            Need::Optional if option.repeats => words.push(format!("[{}]...", option.synopsis())),
            Need::Optional => words.push(format!("[{}]", option.synopsis())),
            Need::OneOf => {}
        }
    }
    if !trailing.is_empty() {
        words.push(trailing.to_owned());
    }
    words
}

/// The lines listing `table`'s options and what each does.
fn options(table: &[Opt], text: &mut String) {
    for option in table {
        let mut head = format!("  {}", option.synopsis());
        if let Some(alias) = option.alias {
            head = if alias.starts_with("--") {
                format!("{head}, {alias}")
            } else {
                format!("  {alias}, {}", option.synopsis())
            };
        }
        if head.len() + 2 > OPTION_INDENT {
            text.push_str(&head);
            text.push('\n');
            head.clear();
        }
        wrap(
            &format!("{head:OPTION_INDENT$}"),
            words(option.help),
            OPTION_INDENT,
            text,
        );
    }
}

/// One subcommand's lines in the general help.
fn entry(subcommand: &Subcommand, text: &mut String) {
    let synopsis = synopsis(subcommand);
    let mut head = format!("  {}", subcommand.name);
    for word in &synopsis {
        head.push(' ');
        head.push_str(word);
    }
    if head.len() + 2 > INDENT {
        wrap(
            &format!("  {}", subcommand.name),
            synopsis.iter().map(String::as_str),
            8,
            text,
        );
        head.clear();
    }
    wrap(
        &format!("{head:INDENT$}"),
        words(subcommand.about),
        INDENT,
        text,
    );
}

/// Writes `lead` and then `words`, separated by spaces, in lines of at
/// most [`WIDTH`] columns (a word is never broken), the lines after the
/// first indented by `rest`.
fn wrap<'a>(lead: &str, words: impl IntoIterator<Item = &'a str>, rest: usize, text: &mut String) {
    let mut line = lead.to_owned();
    // Whether a word on this line needs a space before it.
    let mut spaced = !lead.is_empty() && !lead.ends_with(' ');
    for word in words.into_iter().filter(|word| !word.is_empty()) {
        let width = line.chars().count();
        if spaced && width + 1 + word.chars().count() > WIDTH {
            text.push_str(&line);
            text.push('\n');
            line = " ".repeat(rest);
            spaced = false;
        }
        if spaced {
            line.push(' ');
        }
        line.push_str(word);
        spaced = true;
    }
    text.push_str(line.trim_end());
    text.push('\n');
}

/// The words of a paragraph.
fn words(paragraph: &str) -> impl Iterator<Item = &str> {
    paragraph.split(' ')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_help_line_is_wider_than_80_columns() {
        let texts = std::iter::once(general()).chain(all().iter().map(|subcommand| of(subcommand)));
        for text in texts {
            for line in text
                .lines()
                .filter(|line| !line.starts_with("Usage: congo [--rules"))
            {
                assert!(line.chars().count() <= WIDTH, "{line:?}");
            }
        }
    }

    #[test]
    fn every_option_has_a_help_line() {
        let help = of(all().iter().find(|s| s.name == "match").unwrap());
        for option in all().iter().flat_map(|s| s.options) {
            assert!(!option.help.is_empty(), "{}", option.name);
        }
        assert!(help.contains("\n  --games N"), "{help}");
        assert!(
            help.contains(
                "Usage: congo [--rules 2021|2022] match --movetime MS[,MS_B] [--games N]"
            )
        );
    }

    #[test]
    fn choices_and_repeats_show_in_the_usage_line() {
        let best = all().iter().find(|s| s.name == "best").unwrap();
        assert_eq!(
            synopsis(best)[..2],
            ["(--depth D | --movetime MS | --nodes N)", "[--threads N]"]
        );
        let engine = all().iter().find(|s| s.name == "engine").unwrap();
        assert_eq!(
            synopsis(engine).last().map(String::as_str),
            Some("[--weight NAME=VALUE]...")
        );
    }

    #[test]
    fn long_text_wraps_at_spaces() {
        let mut text = String::new();
        wrap("  ", words(&"word ".repeat(30)), 4, &mut text);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2);
        assert!(lines[0].starts_with("  word") && lines[1].starts_with("    word"));
        assert!(lines.iter().all(|line| line.len() <= WIDTH));
    }
}
