//! What a person most likely meant by a mistyped word: the closest
//! candidate by edits.

/// The candidate closest to `word` by edits (a letter added, dropped or
/// changed), if it is close enough to be what was meant: one edit for
/// short words, two for longer ones.
pub(crate) fn closest<'a>(
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn close_words_are_suggested_and_far_ones_not() {
        let names = ["lion", "zebra", "perft", "divide"];
        assert_eq!(closest("lio", names), Some("lion"));
        assert_eq!(closest("zebar", names), Some("zebra"));
        assert_eq!(closest("perf", names), Some("perft"));
        assert_eq!(closest("xyzzy", names), None);
        assert_eq!(closest("--rule", ["--rules", "--help"]), Some("--rules"));
        assert_eq!(edits("kitten", "sitting"), 3);
    }
}
