//! The subcommands that answer judge input, for `grade` and `check`,
//! which wrap one: a judge's words read into its job.

use std::ffi::OsString;

use super::{best, board, checkers, moves, perft, pieces, play, scores, show, tb, wildebeest};
use crate::cli::command::{Command, Spec};
use crate::cli::subcommand::read_command;
use crate::judge::Job;

/// Every subcommand that can be a judge (some only with some options).
const JUDGES: &[&Spec] = &[
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
    &best::BEST,
    &tb::TB,
    &wildebeest::WILDEBEEST,
];

/// The job of the judge that `words` call (its name first), when they
/// form one that reads its input (no FEN argument).
pub(crate) fn judge_job(words: &[String]) -> Option<Job> {
    let (name, rest) = words.split_first()?;
    let spec = JUDGES.iter().find(|spec| spec.name == name)?;
    match read_command(spec, rest.iter().map(OsString::from)) {
        Ok(Command::Judge { job, fen: None, .. }) => Some(job),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Kind;

    #[test]
    fn judges_are_read_with_their_options() {
        let words = |words: &[&str]| words.iter().map(|w| w.to_string()).collect::<Vec<_>>();
        assert_eq!(
            judge_job(&words(&["lion"])),
            Some(Job::PieceMoves(Kind::Lion))
        );
        assert_eq!(judge_job(&words(&["perft", "3"])), Some(Job::Perft(3, 1)));
        assert_eq!(judge_job(&words(&["perft"])), None);
        assert_eq!(judge_job(&words(&["moves", "3l3/7/7/7/7/7/3L3 w 1"])), None);
        assert_eq!(judge_job(&words(&["gen", "5"])), None);
        assert_eq!(judge_job(&words(&["tb", "generate", "dir"])), None);
        assert!(judge_job(&words(&["tb", "probe", "dir"])).is_some());
    }
}
