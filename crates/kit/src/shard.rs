//! A share of numbered work, so that one run spreads over processes and
//! machines: a match's game pairs (`match --shard I/N`, its records merged
//! after) or a set of endgame tables (`tb generate --shard I/N`); without
//! `--shard`, the share a Slurm job array's task stands for.

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

/// Why a `--shard` value, or the Slurm job array variables read in its
/// place, name no share.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseShardError {
    /// A `--shard` value that is not `I/N` with 1 <= I <= N.
    Text(String),
    /// A variable that is not what it must be.
    Bad {
        /// The variable's name.
        name: &'static str,
        /// Its value.
        value: String,
        /// What it must be.
        expected: &'static str,
    },
    /// A variable the task's place needs, not set beside the task's ID.
    Unset {
        /// Its name (or names, either of which would do).
        names: &'static str,
        /// The task's ID.
        id: usize,
    },
    /// The task's ID is none of the array's.
    Outside {
        /// The task's ID.
        id: usize,
        /// The array's lowest ID.
        min: usize,
        /// The step between its IDs.
        step: usize,
        /// How many tasks it has.
        count: usize,
    },
    /// The task count is not what the lowest and highest IDs and the
    /// step span: the IDs were listed (`--array=1,4,9`), not a range.
    Disagree {
        /// The task count.
        count: usize,
        /// The array's lowest ID.
        min: usize,
        /// Its highest.
        max: usize,
        /// The step between its IDs.
        step: usize,
    },
}

impl fmt::Display for ParseShardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const FROM: &str = "(Slurm's job array, read for --shard)";
        match self {
            ParseShardError::Text(text) => write!(
                f,
                "bad --shard {text:?}: expected I/N with 1 <= I <= N, e.g. 2/4"
            ),
            ParseShardError::Bad {
                name,
                value,
                expected,
            } => write!(f, "bad {name}={value:?} {FROM}: expected {expected}"),
            ParseShardError::Unset { names, id } => write!(
                f,
                "{TASK_ID}={id} is set without {names} {FROM}: give --shard I/N"
            ),
            ParseShardError::Outside {
                id,
                min,
                step,
                count,
            } => write!(
                f,
                "{TASK_ID}={id} is none of the array's {count} tasks from \
                 {TASK_MIN}={min} by {TASK_STEP}={step} {FROM}"
            ),
            ParseShardError::Disagree {
                count,
                min,
                max,
                step,
            } => write!(
                f,
                "{TASK_COUNT}={count} disagrees with {TASK_MIN}={min}, {TASK_MAX}={max} \
                 and {TASK_STEP}={step} {FROM}: an array of listed IDs needs --shard I/N"
            ),
        }
    }
}

impl std::error::Error for ParseShardError {}

/// The variables Slurm sets in each task of a job array
/// (`sbatch --array=0-7`): the task's ID, and the array's lowest and
/// highest IDs, their step and the number of tasks.
const TASK_ID: &str = "SLURM_ARRAY_TASK_ID";
const TASK_MIN: &str = "SLURM_ARRAY_TASK_MIN";
const TASK_MAX: &str = "SLURM_ARRAY_TASK_MAX";
const TASK_STEP: &str = "SLURM_ARRAY_TASK_STEP";
const TASK_COUNT: &str = "SLURM_ARRAY_TASK_COUNT";

impl Shard {
    /// The share `--shard` gives (`given`); without it, the one the Slurm
    /// job array task this process runs in stands for (read from the
    /// environment), so that `sbatch --array=0-7` needs no arithmetic in
    /// its script; else the whole.
    pub fn given_or_slurm(given: Option<&str>) -> Result<Shard, ParseShardError> {
        match given {
            Some(text) => text.parse(),
            None => {
                let var = |name: &str| {
                    std::env::var_os(name).map(|value| value.to_string_lossy().into_owned())
                };
                Ok(Shard::of_slurm_task(var)?.unwrap_or(Shard::ALL))
            }
        }
    }

    /// The share a Slurm job array task stands for, its variables looked
    /// up with `var`: the task's place among the array's IDs (from
    /// `SLURM_ARRAY_TASK_MIN` by `_STEP`, 1 if unset) of
    /// `SLURM_ARRAY_TASK_COUNT` (or as many as reach `_MAX`), so that
    /// `--array=0-7` and `--array=1-8` both make shards 1/8 to 8/8. None
    /// outside a job array (no `SLURM_ARRAY_TASK_ID`).
    pub fn of_slurm_task(
        var: impl Fn(&str) -> Option<String>,
    ) -> Result<Option<Shard>, ParseShardError> {
        let whole = |name: &'static str, least: usize| match var(name) {
            None => Ok(None),
            Some(value) => match crate::text::parse_digits::<usize>(&value) {
                Ok(number) if number >= least => Ok(Some(number)),
                _ => Err(ParseShardError::Bad {
                    name,
                    value,
                    expected: if least == 0 {
                        "a whole number"
                    } else {
                        "a whole number from 1"
                    },
                }),
            },
        };
        let Some(id) = whole(TASK_ID, 0)? else {
            return Ok(None);
        };
        let unset = |names| ParseShardError::Unset { names, id };
        let min = whole(TASK_MIN, 0)?.ok_or_else(|| unset(TASK_MIN))?;
        let step = whole(TASK_STEP, 1)?.unwrap_or(1);
        // No real array comes near it, but a count past the largest
        // number must not wrap.
        let spanned = |max: usize| {
            max.checked_sub(min)
                .map_or(0, |span| (span / step).saturating_add(1))
        };
        let count = match (whole(TASK_COUNT, 1)?, whole(TASK_MAX, 0)?) {
            (Some(count), Some(max)) if count != spanned(max) => {
                return Err(ParseShardError::Disagree {
                    count,
                    min,
                    max,
                    step,
                });
            }
            (Some(count), _) => count,
            (None, Some(max)) => spanned(max),
            (None, None) => {
                return Err(unset("SLURM_ARRAY_TASK_COUNT or SLURM_ARRAY_TASK_MAX"));
            }
        };
        let index = id
            .checked_sub(min)
            .filter(|offset| offset % step == 0)
            .map(|offset| offset / step)
            .filter(|&index| index < count)
            .ok_or(ParseShardError::Outside {
                id,
                min,
                step,
                count,
            })?;
        Ok(Some(Shard { index, count }))
    }
}

impl FromStr for Shard {
    type Err = ParseShardError;

    fn from_str(text: &str) -> Result<Shard, ParseShardError> {
        let bad = || ParseShardError::Text(text.to_owned());
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
                Err(ParseShardError::Text(text.to_owned())),
                "{text}"
            );
        }
        assert_eq!(
            "4/3".parse::<Shard>().unwrap_err().to_string(),
            "bad --shard \"4/3\": expected I/N with 1 <= I <= N, e.g. 2/4"
        );
    }

    /// Looks `name` up among `vars`, as the environment would.
    fn lookup(vars: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let vars: Vec<(String, String)> = vars
            .iter()
            .map(|(name, value)| (name.to_string(), value.to_string()))
            .collect();
        move |name| {
            vars.iter()
                .find(|(given, _)| given == name)
                .map(|(_, value)| value.clone())
        }
    }

    /// The array `--array=MIN-MAX` (step 1) as Slurm sets it in task `id`.
    fn range(id: usize, min: usize, max: usize) -> Result<Option<Shard>, ParseShardError> {
        let (id, min, max, count) = (
            id.to_string(),
            min.to_string(),
            max.to_string(),
            (max - min + 1).to_string(),
        );
        Shard::of_slurm_task(lookup(&[
            (TASK_ID, &id),
            (TASK_MIN, &min),
            (TASK_MAX, &max),
            (TASK_STEP, "1"),
            (TASK_COUNT, &count),
        ]))
    }

    #[test]
    fn a_slurm_array_task_is_its_place_among_the_arrays_ids() {
        for (min, max) in [(0, 7), (1, 8), (5, 5), (10, 13)] {
            let shards: Vec<Shard> = (min..=max)
                .map(|id| range(id, min, max).unwrap().unwrap())
                .collect();
            let count = max - min + 1;
            assert_eq!(shards, Shard::every(count).collect::<Vec<_>>());
        }
        assert_eq!(range(2, 0, 7).unwrap().unwrap().to_string(), "3/8");
        assert_eq!(Shard::of_slurm_task(lookup(&[])), Ok(None));
        assert_eq!(Shard::of_slurm_task(lookup(&[(TASK_COUNT, "8")])), Ok(None));
        // Either count will do, and a step spaces the IDs.
        let count_only = [(TASK_ID, "3"), (TASK_MIN, "1"), (TASK_COUNT, "4")];
        let max_only = [(TASK_ID, "3"), (TASK_MIN, "1"), (TASK_MAX, "4")];
        for vars in [&count_only[..], &max_only[..]] {
            let shard = Shard::of_slurm_task(lookup(vars)).unwrap().unwrap();
            assert_eq!(shard.to_string(), "3/4");
        }
        let stepped = [
            (TASK_ID, "6"),
            (TASK_MIN, "0"),
            (TASK_MAX, "9"),
            (TASK_STEP, "3"),
            (TASK_COUNT, "4"),
        ];
        let shard = Shard::of_slurm_task(lookup(&stepped)).unwrap().unwrap();
        assert_eq!(shard.to_string(), "3/4");
    }

    #[test]
    fn a_given_shard_comes_before_slurms() {
        assert_eq!(
            Shard::given_or_slurm(Some("2/5")).unwrap().to_string(),
            "2/5"
        );
        assert_eq!(
            Shard::given_or_slurm(Some("6/5")),
            Err(ParseShardError::Text("6/5".to_owned()))
        );
    }

    #[test]
    fn bad_or_inconsistent_slurm_variables_are_named_with_their_values() {
        let cases: [(&[(&str, &str)], &str); 9] = [
            (
                &[(TASK_ID, "0"), (TASK_MIN, "0"), (TASK_COUNT, "0")],
                "bad SLURM_ARRAY_TASK_COUNT=\"0\" (Slurm's job array, read for --shard): \
                 expected a whole number from 1",
            ),
            (
                &[(TASK_ID, "x"), (TASK_MIN, "0"), (TASK_COUNT, "2")],
                "bad SLURM_ARRAY_TASK_ID=\"x\" (Slurm's job array, read for --shard): \
                 expected a whole number",
            ),
            (
                &[(TASK_ID, "1"), (TASK_MIN, "-1"), (TASK_COUNT, "2")],
                "bad SLURM_ARRAY_TASK_MIN=\"-1\" (Slurm's job array, read for --shard): \
                 expected a whole number",
            ),
            (
                &[
                    (TASK_ID, "1"),
                    (TASK_MIN, "0"),
                    (TASK_STEP, "0"),
                    (TASK_COUNT, "2"),
                ],
                "bad SLURM_ARRAY_TASK_STEP=\"0\" (Slurm's job array, read for --shard): \
                 expected a whole number from 1",
            ),
            (
                &[(TASK_ID, "1"), (TASK_COUNT, "2")],
                "SLURM_ARRAY_TASK_ID=1 is set without SLURM_ARRAY_TASK_MIN \
                 (Slurm's job array, read for --shard): give --shard I/N",
            ),
            (
                &[(TASK_ID, "1"), (TASK_MIN, "0")],
                "SLURM_ARRAY_TASK_ID=1 is set without SLURM_ARRAY_TASK_COUNT or \
                 SLURM_ARRAY_TASK_MAX (Slurm's job array, read for --shard): give --shard I/N",
            ),
            (
                &[(TASK_ID, "8"), (TASK_MIN, "0"), (TASK_COUNT, "8")],
                "SLURM_ARRAY_TASK_ID=8 is none of the array's 8 tasks from \
                 SLURM_ARRAY_TASK_MIN=0 by SLURM_ARRAY_TASK_STEP=1 (Slurm's job array, read for --shard)",
            ),
            (
                &[
                    (TASK_ID, "4"),
                    (TASK_MIN, "1"),
                    (TASK_STEP, "2"),
                    (TASK_MAX, "9"),
                ],
                "SLURM_ARRAY_TASK_ID=4 is none of the array's 5 tasks from \
                 SLURM_ARRAY_TASK_MIN=1 by SLURM_ARRAY_TASK_STEP=2 (Slurm's job array, read for --shard)",
            ),
            (
                &[
                    (TASK_ID, "4"),
                    (TASK_MIN, "1"),
                    (TASK_MAX, "9"),
                    (TASK_COUNT, "3"),
                ],
                "SLURM_ARRAY_TASK_COUNT=3 disagrees with SLURM_ARRAY_TASK_MIN=1, \
                 SLURM_ARRAY_TASK_MAX=9 and SLURM_ARRAY_TASK_STEP=1 (Slurm's job array, \
                 read for --shard): an array of listed IDs needs --shard I/N",
            ),
        ];
        for (vars, message) in cases {
            let error = Shard::of_slurm_task(lookup(vars)).unwrap_err();
            assert_eq!(error.to_string(), message, "{vars:?}");
        }
        // The largest array there could be: no count wraps to 0.
        let huge = usize::MAX.to_string();
        let widest = [(TASK_ID, "0"), (TASK_MIN, "0"), (TASK_MAX, huge.as_str())];
        let shard = Shard::of_slurm_task(lookup(&widest)).unwrap().unwrap();
        assert_eq!(shard.to_string(), format!("1/{huge}"));
        // Below the lowest ID.
        let below = [(TASK_ID, "0"), (TASK_MIN, "1"), (TASK_COUNT, "2")];
        assert!(matches!(
            Shard::of_slurm_task(lookup(&below)),
            Err(ParseShardError::Outside { id: 0, min: 1, .. })
        ));
    }
}
