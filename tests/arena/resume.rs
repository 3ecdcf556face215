//! `match --record FILE --resume`: a match cut off (here by SIGKILL)
//! continues where its record stops and ends as an uninterrupted run
//! would; a record is never written over without it.

use std::fs;
use std::path::Path;
use std::sync::LazyLock;

use congo_rules::record::Record;

use crate::common::{self, assert_usage_error, congo, scratch, text, without_overruns};

const GAMES: &str = "8";

/// Engine B: congo's engine at 2,000 nodes, which stops answering at the
/// move its environment names (none unless told).
static HOLDER: LazyLock<String> = LazyLock::new(|| common::fixture("holds_its_move.sh"));

/// The arguments of a fixed-node match of `GAMES` games recorded in
/// `record`, with `extra` options.
fn fixed_match<'a>(record: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "match",
        "--movetime",
        "1000",
        // Fixed work: the clock must not decide a game, however busy the
        // machine.
        "--margin",
        "60000",
        "--games",
        GAMES,
        "--record",
        record,
    ];
    args.extend_from_slice(extra);
    args.extend(["--", common::CONGO, "engine", "--nodes", "3000", "--"]);
    args.push(HOLDER.as_str());
    args
}

/// How many moves engine B makes in the first `games` games of `whole`,
/// the record of the match played through.
fn moves_of_b(whole: &str, games: usize) -> usize {
    whole
        .lines()
        .take(games)
        .map(|line| {
            let game: Record = line.parse().unwrap();
            let b_first = (game.white == 'B') == game.start.contains(" w ");
            (game.moves.len() + usize::from(b_first)) / 2
        })
        .sum()
}

/// Starts the fixed match recording to `record`, with engine B held at
/// its first move after `games` games (counted in `whole`, the record of
/// the match played through); sends the match `signal` (as `kill -s`
/// names it) once B is held, and returns the record it leaves: the match
/// can play no further, so those games exactly, however busy the machine.
fn cut_off(record: &Path, whole: &str, games: usize, signal: &str) -> String {
    let dir = record.parent().unwrap();
    let held = dir.join(format!("held-{signal}"));
    let hold_at = (moves_of_b(whole, games) + 1).to_string();
    let mut running = common::congo_in_background(
        &fixed_match(record.to_str().unwrap(), &[]),
        &[
            ("CONGO_HOLD_AT", hold_at.as_ref()),
            ("CONGO_HOLD_MARK", held.as_os_str()),
        ],
    );
    common::signal_when(&mut running, signal, || held.exists());
    let kept = fs::read_to_string(record).unwrap();
    assert_eq!(kept.lines().count(), games, "{kept}");
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
    let whole_record = fs::read_to_string(&whole).unwrap();
    let kept = cut_off(&cut, &whole_record, 3, "KILL");
    // As a power cut can leave it: half a line at the end.
    fs::write(&cut, format!("{kept}{}", &kept[..20])).unwrap();

    let resumed = congo(&fixed_match(cut_path, &["--resume"]), b"");
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    assert_eq!(
        without_overruns(&text(&resumed.stdout)),
        without_overruns(&text(&uninterrupted.stdout))
    );
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
    assert_eq!(
        without_overruns(&text(&again.stdout)),
        without_overruns(&text(&uninterrupted.stdout))
    );

    // Ctrl-C leaves a record that resumes the same way.
    let interrupted = dir.join("interrupted.tsv");
    cut_off(&interrupted, &whole_record, 2, "INT");
    let resumed = congo(
        &fixed_match(interrupted.to_str().unwrap(), &["--resume"]),
        b"",
    );
    assert_eq!(
        without_overruns(&text(&resumed.stdout)),
        without_overruns(&text(&uninterrupted.stdout))
    );
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
