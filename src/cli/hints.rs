//! Ways through for a first try that fails: what a person most likely
//! meant by a mistyped word, or the form a judge wants its input in.

use std::path::Path;

use super::subcommands::{SUBCOMMANDS, Subcommand};

/// The candidate closest to `word` by edits (a letter added, dropped or
/// changed), if it is close enough to be what was meant: one edit for
/// short words, two for longer ones.
pub(super) fn closest<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let most = if word.chars().count() <= 4 { 1 } else { 2 };
    candidates
        .into_iter()
        .map(|candidate| (edits(word, candidate), candidate))
        .filter(|&(distance, _)| distance <= most)
        .min_by_key(|&(distance, _)| distance)
        .map(|(_, candidate)| candidate)
}

/// The Levenshtein distance between two words.
fn edits(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let replaced = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = replaced.min(row[j] + 1).min(diagonal + 1);
        }
    }
    row[b.len()]
}

/// The subcommand a mistyped name most likely meant.
pub(super) fn subcommand_for(name: &str) -> Option<&'static str> {
    closest(name, SUBCOMMANDS.iter().map(|subcommand| subcommand.name))
}

/// A hint for `word`, which `subcommand` did not take, given the words
/// after it (`rest`): the way judges read a file, or that a FEN needs
/// quotes.
pub(super) fn for_argument(subcommand: &Subcommand, word: &str, rest: &[String]) -> Option<String> {
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
    fn close_words_are_suggested_and_far_ones_not() {
        assert_eq!(subcommand_for("lio"), Some("lion"));
        assert_eq!(subcommand_for("zebar"), Some("zebra"));
        assert_eq!(subcommand_for("perf"), Some("perft"));
        assert_eq!(subcommand_for("xyzzy"), None);
        assert_eq!(closest("--rule", ["--rules", "--help"]), Some("--rules"));
        assert_eq!(edits("kitten", "sitting"), 3);
    }
}
