//! The help texts, written from the subcommand table: `congo --help` and
//! `congo SUBCOMMAND --help`.

use super::subcommands::{SUBCOMMANDS, Section, Subcommand};

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

Options:
  --rules 2021|2022  the rule set: 2022 (the default, also the full game)
                     promotes a pawn on the far rank, 2021 does not
  --any-position     the judges read boards no game reaches (two zebras,
                     eight pawns): any that fits, one lion a side
  -h, --help         print this help
  -V, --version      print the version
";

/// The column subcommand descriptions start in.
const INDENT: usize = 14;

/// `congo --help`: every subcommand by section, then the input and output
/// contract.
pub fn general() -> String {
    let mut text = String::from(HEADER);
    for section in Section::ALL {
        text.push('\n');
        text.push_str(section.title());
        text.push('\n');
        for subcommand in SUBCOMMANDS.iter().filter(|s| s.section == section) {
            entry(subcommand, &mut text);
        }
    }
    text.push_str(FOOTER);
    text
}

/// `congo SUBCOMMAND --help`.
pub fn of(subcommand: &Subcommand) -> String {
    let rules = if subcommand.rules {
        "[--rules 2021|2022] "
    } else {
        ""
    };
    let mut text = format!("Usage: congo {rules}{}", subcommand.name);
    for line in subcommand.arguments.lines() {
        text.push(' ');
        text.push_str(line);
    }
    text.push_str("\n\n");
    for line in subcommand.about.lines() {
        text.push_str(line);
        text.push('\n');
    }
    if let Some(input) = subcommand.input {
        text.push_str(&format!("\nInput on stdin: {input}.\n"));
    }
    text
}

/// One subcommand's lines in the general help.
fn entry(subcommand: &Subcommand, text: &mut String) {
    let mut head = format!("  {}", subcommand.name);
    let mut arguments = subcommand.arguments.lines();
    if let Some(first) = arguments.next() {
        head.push(' ');
        head.push_str(first);
    }
    let rest: Vec<&str> = arguments.collect();
    let inline = head.len() + 2 <= INDENT && rest.is_empty();
    text.push_str(&head);
    if !inline {
        for line in rest {
            text.push_str("\n        ");
            text.push_str(line);
        }
        text.push('\n');
    }
    for (i, line) in subcommand.about.lines().enumerate() {
        let pad = if i == 0 && inline {
            INDENT - head.len()
        } else {
            INDENT
        };
        text.push_str(&" ".repeat(pad));
        text.push_str(line);
        text.push('\n');
    }
}
