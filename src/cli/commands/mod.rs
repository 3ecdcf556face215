//! Every subcommand, one file each (or one for a tight group): its
//! options, its help text and its reader, which turns its words into a
//! judge's job or the work it runs. [`ALL`] lists them in the order
//! `congo --help` shows them.

mod best;
mod board;
mod check;
mod checkers;
mod engine;
mod engine_match;
mod game;
mod gen_positions;
mod grade;
mod moves;
mod openings;
mod perft;
mod pieces;
mod play;
mod scores;
mod serve;
mod show;
mod tb;
mod tune;
mod wildebeest;

use super::command::Spec;

/// Every subcommand, in the order `congo --help` lists them.
pub(crate) const ALL: &[&Spec] = &[
    &board::BOARD,
    &pieces::LION,
    &pieces::ZEBRA,
    &pieces::GIRAFFE,
    &pieces::PAWN,
    &pieces::SUPERPAWN,
    &pieces::ELEPHANT,
    &pieces::CROCODILE,
    &pieces::MONKEY,
    &moves::MOVES,
    &play::PLAY,
    &perft::PERFT,
    &perft::DIVIDE,
    &scores::MATERIAL,
    &scores::MINIMAX,
    &scores::EVALUATE,
    &scores::ALPHABETA,
    &checkers::CHECKERS,
    &show::SHOW,
    &engine::ENGINE,
    &best::BEST,
    &engine_match::MATCH,
    &openings::OPENINGS,
    &tune::TUNE,
    &game::GAME,
    &serve::SERVE,
    &wildebeest::WILDEBEEST,
    &tb::TB,
    &gen_positions::GEN,
    &grade::GRADE,
    &check::CHECK,
];

/// The subcommand called `name`.
pub(crate) fn find(name: &str) -> Option<&'static Spec> {
    ALL.iter().copied().find(|spec| spec.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::options::GLOBAL;

    #[test]
    fn no_subcommand_declares_a_name_twice() {
        for spec in ALL {
            let mut names: Vec<&str> = spec
                .options
                .iter()
                .chain(GLOBAL)
                .flat_map(|option| [Some(option.name), option.alias])
                .flatten()
                .collect();
            let count = names.len();
            names.sort_unstable();
            names.dedup();
            assert_eq!(names.len(), count, "{}", spec.name);
        }
        let mut names: Vec<&str> = ALL.iter().map(|spec| spec.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), ALL.len());
    }
}
