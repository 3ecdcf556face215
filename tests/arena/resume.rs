//! `match --record FILE --resume`: a match cut off (here by SIGKILL)
//! continues where its record stops and ends as an uninterrupted run
//! would; a record is never written over without it.

use std::fs;
use std::path::Path;

use crate::common::{self, assert_usage_error, congo, scratch, text};

const GAMES: &str = "8";

/// The arguments of a fixed-node match of `GAMES` games recorded in
/// `record`, with `extra` options.
fn fixed_match<'a>(record: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "match",
        "--movetime",
        "1000",
        "--games",
        GAMES,
        "--record",
        record,
    ];
    args.extend_from_slice(extra);
    args.extend([
        "--",
        common::CONGO,
        "engine",
        "--nodes",
        "3000",
        "--",
        common::CONGO,
        "engine",
        "--nodes",
        "2000",
    ]);
    args
}

/// Starts the fixed match recording to `record`, sends it `signal` (as
/// `kill -s` names it) once `games` games are recorded, and returns the
/// record it leaves.
fn cut_off(record: &Path, games: usize, signal: &str) -> String {
    let mut running = common::congo_in_background(&fixed_match(record.to_str().unwrap(), &[]), &[]);
    common::signal_when(&mut running, signal, || common::lines_in(record) >= games);
    let kept = fs::read_to_string(record).unwrap();
    assert!(kept.lines().count() < 8, "{kept}");
    kept
}

#[test]
fn a_match_killed_mid_run_resumes_to_the_same_report_and_record() {
    let dir = scratch("resume");
    let whole = dir.join("whole.tsv");
    let uninterrupted = congo(&fixed_match(whole.to_str().unwrap(), &[]), b"");
    assert!(uninterrupted.status.success());

    let cut = dir.join("cut.tsv");
    let cut_path = cut.to_str().unwrap();
    let kept = cut_off(&cut, 3, "KILL");
    // As a power cut can leave it: half a line at the end.
    fs::write(&cut, format!("{kept}{}", &kept[..20])).unwrap();

    let resumed = congo(&fixed_match(cut_path, &["--resume"]), b"");
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    assert_eq!(text(&resumed.stdout), text(&uninterrupted.stdout));
    assert_eq!(fs::read(&cut).unwrap(), fs::read(&whole).unwrap());
    let said = text(&resumed.stderr);
    let games = kept.lines().count();
    assert!(
        said.contains(&format!(
            "congo: the record's line {} was cut short when its match stopped; that game is played again\n",
            games + 1
        )),
        "{said}"
    );
    assert!(
        said.contains(&format!(
            "congo: resuming after the {games} games in the record\n"
        )),
        "{said}"
    );
    // A finished match resumed plays nothing more and tells the same.
    let again = congo(&fixed_match(cut_path, &["--resume"]), b"");
    assert_eq!(text(&again.stdout), text(&uninterrupted.stdout));

    // Ctrl-C leaves a record that resumes the same way.
    let interrupted = dir.join("interrupted.tsv");
    cut_off(&interrupted, 2, "INT");
    let resumed = congo(
        &fixed_match(interrupted.to_str().unwrap(), &["--resume"]),
        b"",
    );
    assert_eq!(text(&resumed.stdout), text(&uninterrupted.stdout));
    assert_eq!(fs::read(&interrupted).unwrap(), fs::read(&whole).unwrap());
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_record_is_never_written_over_and_must_be_this_matchs_to_resume() {
    let dir = scratch("resume-refused");
    let record = dir.join("games.tsv");
    let path = record.to_str().unwrap();
    fs::write(&record, "someone's notes\n").unwrap();
    let refused = congo(&fixed_match(path, &[]), b"");
    assert_eq!(refused.status.code(), Some(2));
    assert_eq!(
        text(&refused.stderr),
        format!(
            "congo: {path} is there already: add --resume to continue its match, or name another file\n"
        )
    );
    assert_eq!(fs::read_to_string(&record).unwrap(), "someone's notes\n");
    let not_a_record = congo(&fixed_match(path, &["--resume"]), b"");
    assert_eq!(not_a_record.status.code(), Some(2));
    assert!(
        text(&not_a_record.stderr).starts_with(&format!("congo: cannot resume {path} (line 1): ")),
        "{}",
        text(&not_a_record.stderr)
    );
    assert_eq!(fs::read_to_string(&record).unwrap(), "someone's notes\n");

    // A game of another match: another seed opens it differently.
    fs::write(
        &record,
        "1\tA\tg2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0\td2d3\t1/2-1/2\tcut\n",
    )
    .unwrap();
    let other = congo(&fixed_match(path, &["--resume"]), b"");
    let said = text(&other.stderr);
    assert!(
        said.contains("game 1 starts from g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0, where this match starts it from "),
        "{said}"
    );
    assert_usage_error(
        &["match", "--movetime", "5", "--resume", "--", "a", "--", "b"],
        "congo: match --resume needs --record FILE",
    );
    fs::remove_dir_all(dir).unwrap();
}
