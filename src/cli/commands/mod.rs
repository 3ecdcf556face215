//! Every subcommand, one file each (or one for a tight group): its
//! options, its help text and its reader, which turns its words into a
//! judge or the tool it runs. A judge that takes no options has no file
//! here: its subcommand is derived from its listing in [`judge::LISTED`].
//! [`all`] lists them in the order `congo --help` shows them.

mod best;
mod check;
mod checkers;
mod engine;
mod engine_match;
mod gen_positions;
mod grade;
mod learn;
mod openings;
mod perft;
mod scores;
mod serve;
mod show;
mod tb;
mod terminal_game;
mod tournament;
mod tune;
mod wildebeest;

use std::sync::LazyLock;

use super::subcommand::Subcommand;
use congo_judges as judge;

/// The judges that take options, declared here; [`all`] lists them in
/// their place among [`judge::LISTED`].
const JUDGES: &[&Subcommand] = &[
    &perft::PERFT,
    &perft::DIVIDE,
    &scores::MINIMAX,
    &scores::ALPHABETA,
    &checkers::CHECKERS,
];

/// The subcommands that follow the judges, in the order `congo --help`
/// lists them.
const OTHERS: &[&Subcommand] = &[
    &show::SHOW,
    &engine::ENGINE,
    &best::BEST,
    &engine_match::MATCH,
    &tournament::TOURNAMENT,
    &openings::OPENINGS,
    &tune::TUNE,
    &learn::DATAGEN,
    &learn::TRAIN,
    &terminal_game::GAME,
    &serve::SERVE,
    &wildebeest::WILDEBEEST,
    &tb::TB,
    &gen_positions::GEN,
    &grade::GRADE,
    &check::CHECK,
];

/// The subcommands of the judges listed without options.
static DERIVED: LazyLock<Vec<Subcommand>> = LazyLock::new(|| {
    judge::LISTED
        .iter()
        .filter_map(|&listing| Some(Subcommand::listed(listing, listing.build?)))
        .collect()
});

/// Every subcommand, in the order `congo --help` lists them.
static ALL: LazyLock<Vec<&'static Subcommand>> = LazyLock::new(|| {
    let judges = judge::LISTED.iter().filter_map(|listing| {
        DERIVED
            .iter()
            .chain(JUDGES.iter().copied())
            .find(|subcommand| subcommand.name == listing.name)
    });
    judges.chain(OTHERS.iter().copied()).collect()
});

/// Every subcommand, in the order `congo --help` lists them.
pub(crate) fn all() -> &'static [&'static Subcommand] {
    &ALL
}

/// The subcommand called `name`.
pub(crate) fn find(name: &str) -> Option<&'static Subcommand> {
    all()
        .iter()
        .copied()
        .find(|subcommand| subcommand.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::options::GLOBAL;

    #[test]
    fn no_subcommand_declares_a_name_twice() {
        for subcommand in all() {
            let mut names: Vec<&str> = subcommand
                .options
                .iter()
                .chain(GLOBAL)
                .flat_map(|option| [Some(option.name), option.alias])
                .flatten()
                .collect();
            let count = names.len();
            names.sort_unstable();
            names.dedup();
            assert_eq!(names.len(), count, "{}", subcommand.name);
        }
        let mut names: Vec<&str> = all().iter().map(|subcommand| subcommand.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), all().len());
    }

    #[test]
    fn every_listed_judge_has_one_subcommand_in_the_judges_section() {
        for listing in judge::LISTED {
            let declared = JUDGES.iter().filter(|s| s.name == listing.name).count();
            assert_eq!(
                declared + usize::from(listing.build.is_some()),
                1,
                "{}",
                listing.name
            );
            let subcommand = find(listing.name).unwrap();
            assert_eq!(subcommand.section, super::super::subcommand::Section::Judge);
        }
        for subcommand in JUDGES {
            assert!(
                judge::LISTED.iter().any(|l| l.name == subcommand.name),
                "{}",
                subcommand.name
            );
        }
        assert_eq!(all().len(), judge::LISTED.len() + OTHERS.len());
    }
}
