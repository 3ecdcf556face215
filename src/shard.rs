//! A share of numbered work, so that one run spreads over processes and
//! machines: a match's game pairs (`match --shard I/N`, its records merged
//! after) or a set of endgame tables (`tb generate --shard I/N`).

use std::fmt;
use std::str::FromStr;

/// Share `I` of `N`: the items (game pairs, tables) whose number (from 0)
/// leaves `I - 1` over when divided by `N`. Every item keeps its number
/// (a pair its opening and colours) whichever shard takes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// `I - 1`.
    index: usize,
    /// `N`.
    count: usize,
}

impl Shard {
    /// The whole match: every pair.
    pub const ALL: Shard = Shard { index: 0, count: 1 };

    /// Whether item `item` (from 0) is this shard's.
    pub fn plays(self, item: usize) -> bool {
        item % self.count == self.index
    }

    /// Whether this is one share among several.
    pub fn is_part(self) -> bool {
        self.count > 1
    }

    /// `I - 1`: where the shard stands among its set.
    pub fn index(self) -> usize {
        self.index
    }

    /// `N`: how many shards its set has.
    pub fn count(self) -> usize {
        self.count
    }

    /// Every shard of a set of `count`, in order: what a merge must find.
    pub fn every(count: usize) -> impl Iterator<Item = Shard> {
        (0..count).map(move |index| Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index + 1, self.count)
    }
}

/// Why a `--shard` value is not `I/N` with 1 <= I <= N.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseShardError(String);

impl fmt::Display for ParseShardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad --shard {:?}: expected I/N with 1 <= I <= N, e.g. 2/4",
            self.0
        )
    }
}

impl std::error::Error for ParseShardError {}

impl FromStr for Shard {
    type Err = ParseShardError;

    fn from_str(text: &str) -> Result<Shard, ParseShardError> {
        let bad = || ParseShardError(text.to_owned());
        let (index, count) = text.split_once('/').ok_or_else(bad)?;
        let whole = |digits: &str| {
            crate::text::parse_digits::<usize>(digits)
                .ok()
                .filter(|&n| n >= 1)
                .ok_or_else(bad)
        };
        let (index, count) = (whole(index)?, whole(count)?);
        if index > count {
            return Err(bad());
        }
        Ok(Shard {
            index: index - 1,
            count,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_split_the_pairs_between_them() {
        let shards: Vec<Shard> = ["1/3", "2/3", "3/3"]
            .iter()
            .map(|text| text.parse().unwrap())
            .collect();
        for pair in 0..30 {
            let owners = shards.iter().filter(|shard| shard.plays(pair)).count();
            assert_eq!(owners, 1, "pair {pair}");
        }
        assert!(shards[1].plays(1) && shards[1].plays(4) && !shards[1].plays(2));
        assert_eq!(shards[2].to_string(), "3/3");
        assert!(Shard::ALL.plays(7) && !Shard::ALL.is_part());
    }

    #[test]
    fn bad_shards_are_refused() {
        for text in ["0/3", "4/3", "1", "1/0", "a/2", "1/2/3", "-1/2", ""] {
            assert_eq!(
                text.parse::<Shard>(),
                Err(ParseShardError(text.to_owned())),
                "{text}"
            );
        }
        assert_eq!(
            "4/3".parse::<Shard>().unwrap_err().to_string(),
            "bad --shard \"4/3\": expected I/N with 1 <= I <= N, e.g. 2/4"
        );
    }
}
