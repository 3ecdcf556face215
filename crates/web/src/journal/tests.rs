//! The journal as the server uses it: games written, the folder opened
//! again, and every way a file can be found.

use std::fs::{self, File};
use std::io::{BufRead, BufReader};
use std::os::unix::fs::PermissionsExt;
use std::process::{Command, Stdio};
use std::time::{Duration, SystemTime};

use super::scratch::Scratch;
use super::*;
use congo_kit::rng::Rng;

const A: &str = "0000000000aa";
const B: &str = "0000000000bb";
const C: &str = "0000000000cc";
const D: &str = "0000000000dd";
const E: &str = "0000000000ee";
const F: &str = "0000000000ff";

fn strings(lines: &[&str]) -> Vec<String> {
    lines.iter().map(|line| line.to_string()).collect()
}

/// What opening a data folder and reading back all its games found.
struct Opened {
    journal: Journal,
    /// By id.
    games: Vec<Kept>,
    problems: Vec<String>,
}

/// The folder at `path` opened with `budget`, and all its games read back.
fn read_all(path: &Path, budget: u64) -> Opened {
    let journal = Journal::open(path, budget).unwrap();
    let mut problems = Vec::new();
    let ids = journal.ids(&mut problems).unwrap();
    let mut games: Vec<Kept> = (ids.iter())
        .filter_map(|id| journal.recover(id, &mut problems))
        .map(|mut game| {
            let path = path.join("games").join(format!("{}.journal", game.id));
            assert_eq!(game.bytes, fs::metadata(path).unwrap().len());
            game.bytes = 0;
            game
        })
        .collect();
    games.sort_by(|a, b| a.id.cmp(&b.id));
    Opened {
        journal,
        games,
        problems,
    }
}

fn open(scratch: &Scratch) -> Opened {
    read_all(scratch.path(), BUDGET)
}

/// Game `id` as `read_all` leaves it (its bytes checked, then zero).
fn kept(id: &str, lines: &[&str], read_only: bool) -> Kept {
    Kept {
        id: id.to_string(),
        lines: strings(lines),
        read_only,
        bytes: 0,
    }
}

fn mode(path: &Path) -> u32 {
    fs::metadata(path).unwrap().permissions().mode() & 0o777
}

#[test]
fn games_come_back_as_they_were_written() {
    let scratch = Scratch::new("round-trip");
    let opened = open(&scratch);
    assert!(opened.games.is_empty() && opened.problems.is_empty());
    let journal = opened.journal;
    let b = journal.create(B, &strings(&["new b", "key 5"])).unwrap();
    journal
        .create(A, &[])
        .unwrap()
        .append("new a", false)
        .unwrap();
    b.append("move e2e3 w=59000 b=60000", false).unwrap();
    journal.log(B).unwrap().append("é ♞", false).unwrap();
    drop(journal);
    let opened = open(&scratch);
    let b_lines = ["new b", "key 5", "move e2e3 w=59000 b=60000", "é ♞"];
    let expected = vec![kept(A, &["new a"], false), kept(B, &b_lines, false)];
    assert_eq!(opened.games, expected);
    assert!(opened.problems.is_empty());
    assert_eq!(mode(scratch.path()), 0o700);
    assert_eq!(mode(&scratch.path().join("games")), 0o700);
    assert_eq!(mode(&scratch.file(A)), 0o600);
    assert_eq!(mode(&scratch.path().join("lock")), 0o600);
}

#[test]
fn a_torn_tail_is_cut_and_reported_and_appends_go_on() {
    let scratch = Scratch::new("torn");
    let journal = open(&scratch).journal;
    let log = journal.create(A, &strings(&["new"])).unwrap();
    log.append("move a", false).unwrap();
    drop(journal);
    let whole = fs::read(scratch.file(A)).unwrap();
    fs::write(scratch.file(A), [&whole[..], b"move e2e"].concat()).unwrap();
    let opened = open(&scratch);
    assert_eq!(opened.games, vec![kept(A, &["new", "move a"], false)]);
    let problem = "games/0000000000aa.journal: line 4: a torn last line (8 bytes) was dropped";
    assert_eq!(opened.problems, vec![problem.to_string()]);
    assert_eq!(fs::read(scratch.file(A)).unwrap(), whole);
    opened
        .journal
        .log(A)
        .unwrap()
        .append("move b", false)
        .unwrap();
    drop(opened);
    let opened = open(&scratch);
    assert_eq!(
        opened.games,
        vec![kept(A, &["new", "move a", "move b"], false)]
    );
    assert!(opened.problems.is_empty());
}

#[test]
fn damage_before_the_end_makes_a_game_read_only_and_untouched() {
    let scratch = Scratch::new("damage");
    let journal = open(&scratch).journal;
    journal
        .create(A, &strings(&["one", "two", "three"]))
        .unwrap();
    drop(journal);
    let mut bytes = fs::read(scratch.file(A)).unwrap();
    let at = bytes.windows(3).position(|w| w == b"two").unwrap();
    bytes[at] = b'T';
    fs::write(scratch.file(A), &bytes).unwrap();
    let opened = open(&scratch);
    assert_eq!(opened.games, vec![kept(A, &["one"], true)]);
    let problem = "games/0000000000aa.journal: line 3: damaged; 1 line before it kept, \
                   read only, the file left as it is";
    assert_eq!(opened.problems, vec![problem.to_string()]);
    let journal = opened.journal;
    let refused = journal.log(A).unwrap_err().to_string();
    let path = scratch.file(A).display().to_string();
    let said = format!("{path}: the file is damaged and kept as it is; nothing is added to it");
    assert_eq!(refused, said);
    assert_eq!(journal.ended(A), Vec::<String>::new());
    drop(journal);
    let tiny = read_all(scratch.path(), 0).journal;
    assert_eq!(tiny.ended(A), Vec::<String>::new());
    assert_eq!(fs::read(scratch.file(A)).unwrap(), bytes);
}

#[test]
fn damage_before_a_games_ending_keeps_the_ending() {
    let scratch = Scratch::new("damage-ending");
    let journal = open(&scratch).journal;
    let lines = ["new", "move a", "move b", "stop resigned black"];
    journal.create(A, &strings(&lines)).unwrap();
    drop(journal);
    let mut bytes = fs::read(scratch.file(A)).unwrap();
    let at = bytes.windows(6).position(|w| w == b"move b").unwrap();
    bytes[at] = b'M';
    fs::write(scratch.file(A), &bytes).unwrap();
    let opened = open(&scratch);
    let kept_lines = ["new", "move a", "stop resigned black"];
    assert_eq!(opened.games, vec![kept(A, &kept_lines, true)]);
    let problem = "games/0000000000aa.journal: line 4: damaged; 2 lines before it kept, \
                   and how the game ended after it, read only, the file left as it is";
    assert_eq!(opened.problems, vec![problem.to_string()]);
}

#[test]
fn a_second_server_on_the_folder_is_refused() {
    let scratch = Scratch::new("lock");
    let first = open(&scratch);
    let refused = Journal::open(scratch.path(), BUDGET).unwrap_err();
    let said = format!(
        "{}: another congo serve is using this data folder",
        scratch.path().display()
    );
    assert_eq!(refused.to_string(), said);
    drop(first);
    assert!(Journal::open(scratch.path(), BUDGET).is_ok());
}

#[test]
fn create_never_writes_over_a_file() {
    let scratch = Scratch::new("create");
    let journal = open(&scratch).journal;
    journal.create(A, &strings(&["first"])).unwrap();
    fs::write(scratch.file(B), "a stranger's").unwrap();
    let before = fs::read(scratch.file(A)).unwrap();
    for id in [A, B] {
        let refused = journal.create(id, &strings(&["second"])).unwrap_err();
        let said = format!(
            "{}: a file is already there, and it is never written over",
            scratch.file(id).display()
        );
        assert_eq!(refused.to_string(), said);
    }
    assert_eq!(fs::read(scratch.file(A)).unwrap(), before);
    assert_eq!(fs::read(scratch.file(B)).unwrap(), b"a stranger's");
    fs::remove_file(scratch.file(A)).unwrap();
    assert!(journal.create(A, &[]).is_err(), "A is still the journal's");
    assert!(!scratch.file(A).exists());
}

#[test]
fn files_not_the_journals_are_left_alone() {
    let scratch = Scratch::new("strangers");
    drop(open(&scratch));
    let games = scratch.path().join("games");
    let strangers = [
        (games.join("notes.txt"), &b"notes"[..]),
        (scratch.file(C), b"hello\n"),
        (
            scratch.file("0000000000c"),
            b"congo serve journal 1 created 1\n",
        ),
        (
            scratch.file(D),
            b"congo serve journal 2 created 1\nx\t00000000\n",
        ),
        (scratch.file(B), b"congo serve journal 1 crea"),
        (scratch.path().join("other"), b"other"),
    ];
    let old = SystemTime::UNIX_EPOCH + Duration::from_secs(1_000_000);
    for (path, bytes) in &strangers {
        fs::write(path, bytes).unwrap();
        File::options()
            .write(true)
            .open(path)
            .unwrap()
            .set_modified(old)
            .unwrap();
    }
    let opened = read_all(scratch.path(), 0);
    assert!(opened.games.is_empty());
    let mut problems = opened.problems.clone();
    problems.sort();
    let expected = [
        "games/0000000000bb.journal: not a congo serve journal; left alone",
        "games/0000000000c.journal: not a game's file; left alone",
        "games/0000000000cc.journal: not a congo serve journal; left alone",
        "games/0000000000dd.journal: journal version \"2\" is not one this congo reads; left alone",
    ];
    assert_eq!(problems, expected);
    let journal = opened.journal.keeping(Duration::ZERO);
    journal.create(A, &[]).unwrap();
    assert_eq!(journal.ended(A), vec![A.to_string()]);
    for id in [B, C, D] {
        assert_eq!(journal.ended(id), Vec::<String>::new());
    }
    for (path, bytes) in &strangers {
        assert_eq!(fs::read(path).unwrap(), *bytes);
        assert_eq!(fs::metadata(path).unwrap().modified().unwrap(), old);
    }
}

/// The bytes of a game's file holding one line, as `create` writes it.
fn one_line_file(scratch: &Scratch) -> u64 {
    let journal = open(scratch).journal;
    journal.create(D, &strings(&["playing"])).unwrap();
    fs::metadata(scratch.file(D)).unwrap().len()
}

#[test]
fn ended_games_go_oldest_ended_first_and_unended_never() {
    let scratch = Scratch::new("budget");
    let size = one_line_file(&scratch);
    let over = framing::entry("over").len() as u64;
    let budget = 4 * size + 3 * over;
    let journal = (read_all(scratch.path(), budget).journal).keeping(Duration::ZERO);
    for id in [A, B, C] {
        journal.create(id, &strings(&["playing"])).unwrap();
    }
    for id in [B, A, C] {
        journal.log(id).unwrap().append("over", false).unwrap();
        assert_eq!(journal.ended(id), Vec::<String>::new());
    }
    journal.create(E, &strings(&["playing"])).unwrap();
    assert_eq!(journal.ended(E), vec![B.to_string()]);
    journal.create(F, &strings(&["playing"])).unwrap();
    assert_eq!(journal.ended(F), vec![A.to_string()]);
    assert!(!scratch.file(B).exists() && !scratch.file(A).exists());
    let said = format!(
        "{}: not a game of this journal (never created, or evicted)",
        scratch.file(B).display()
    );
    assert_eq!(journal.log(B).unwrap_err().to_string(), said);
    drop(journal);
    let journal = (read_all(scratch.path(), 0).journal).keeping(Duration::ZERO);
    assert_eq!(journal.ended(C), vec![C.to_string()]);
    assert!(journal.log(D).is_ok() && scratch.file(D).exists());
}

#[test]
fn a_game_ended_within_the_week_stays_and_the_journal_says_it_is_full() {
    let scratch = Scratch::new("kept");
    let journal = read_all(scratch.path(), 0).journal;
    journal.create(A, &strings(&["playing"])).unwrap();
    journal.log(A).unwrap().append("over", true).unwrap();
    assert_eq!(journal.ended(A), Vec::<String>::new());
    assert!(scratch.file(A).exists() && journal.read(A).is_ok());
    assert!(journal.full());
    // A week later, it may go.
    let week_ago = SystemTime::now() - KEEP_ENDED - Duration::from_secs(60);
    File::options()
        .write(true)
        .open(scratch.file(A))
        .unwrap()
        .set_modified(week_ago)
        .unwrap();
    drop(journal);
    let journal = read_all(scratch.path(), 0).journal;
    assert_eq!(journal.ended(A), vec![A.to_string()]);
    assert!(!scratch.file(A).exists() && !journal.full());
}

#[test]
fn the_order_of_ending_survives_a_restart() {
    let scratch = Scratch::new("restart");
    let size = one_line_file(&scratch);
    fs::remove_file(scratch.file(D)).unwrap();
    let journal = open(&scratch).journal;
    for id in [A, B, C] {
        journal.create(id, &strings(&["playing"])).unwrap();
    }
    let at = |seconds| SystemTime::UNIX_EPOCH + Duration::from_secs(seconds);
    for (id, seconds) in [(A, 300), (B, 100), (C, 200)] {
        let file = File::options().write(true).open(scratch.file(id)).unwrap();
        file.set_modified(at(seconds)).unwrap();
    }
    drop(journal);
    let journal = read_all(scratch.path(), 3 * size).journal;
    for id in [A, C, B] {
        assert_eq!(journal.ended(id), Vec::<String>::new());
    }
    journal.create(D, &strings(&["playing"])).unwrap();
    assert_eq!(journal.ended(D), vec![B.to_string()]);
    journal.create(E, &strings(&["playing"])).unwrap();
    assert_eq!(journal.ended(E), vec![C.to_string()]);
}

#[test]
fn a_line_with_a_tab_newline_or_return_is_never_written() {
    let scratch = Scratch::new("payload");
    let journal = open(&scratch).journal;
    let log = journal.create(A, &[]).unwrap();
    let before = fs::read(scratch.file(A)).unwrap();
    let path = scratch.file(A).display().to_string();
    for (line, name) in [
        ("a\tb", "a tab"),
        ("a\nb", "a newline"),
        ("a\r", "a carriage return"),
    ] {
        let said = format!("{path}: a line holding {name} cannot be written");
        assert_eq!(log.append(line, false).unwrap_err().to_string(), said);
    }
    assert_eq!(fs::read(scratch.file(A)).unwrap(), before);
    let refused = journal
        .create(B, &strings(&["fine", "not\tfine"]))
        .unwrap_err();
    let said = format!(
        "{}: a line holding a tab cannot be written",
        scratch.file(B).display()
    );
    assert_eq!(refused.to_string(), said);
    assert!(!scratch.file(B).exists());
}

#[test]
fn a_file_cut_anywhere_gives_back_its_whole_lines() {
    let scratch = Scratch::new("property");
    let mut rng = Rng::new(0x006a_6f75_726e_616c);
    let letters = ['a', 'z', '0', ' ', '=', 'é', '♞', '\u{1f981}'];
    for round in 0..64 {
        let journal = open(&scratch).journal;
        let id = format!("{round:012x}");
        let log = journal.create(&id, &[]).unwrap();
        let start = fs::metadata(scratch.file(&id)).unwrap().len() as usize;
        let mut written = Vec::new();
        let mut ends = Vec::new();
        for _ in 0..rng.below(12) {
            let length = rng.below(30);
            let line: String = (0..length).filter_map(|_| rng.pick(&letters)).collect();
            log.append(&line, false).unwrap();
            written.push(line);
            ends.push(fs::metadata(scratch.file(&id)).unwrap().len() as usize);
        }
        drop(journal);
        let bytes = fs::read(scratch.file(&id)).unwrap();
        let cut = start + rng.below((bytes.len() - start + 1) as u64) as usize;
        fs::write(scratch.file(&id), &bytes[..cut]).unwrap();
        let opened = open(&scratch);
        let whole = ends.iter().filter(|&&end| end <= cut).count();
        let game = opened.games.iter().find(|game| game.id == id).unwrap();
        assert_eq!(game.lines, written[..whole], "round {round}, cut at {cut}");
        assert!(!game.read_only);
        let kept = ends.get(whole.wrapping_sub(1)).copied().unwrap_or(start);
        assert_eq!(fs::read(scratch.file(&id)).unwrap(), bytes[..kept]);
        fs::remove_file(scratch.file(&id)).unwrap();
    }
}

#[test]
fn every_refusal_names_its_path() {
    let scratch = Scratch::new("refusals");
    let journal = open(&scratch).journal;
    let games = scratch.path().join("games");
    let said = format!(
        "{}: \"../x\" is not a game id (12 of 0-9 and a-f)",
        games.display()
    );
    assert_eq!(journal.log("../x").unwrap_err().to_string(), said);
    assert_eq!(journal.create("../x", &[]).unwrap_err().to_string(), said);
    let file = scratch.file(A).display().to_string();
    let said = format!("{file}: not a game of this journal (never created, or evicted)");
    assert_eq!(journal.log(A).unwrap_err().to_string(), said);
    let log = journal.create(A, &[]).unwrap();
    let mut torn = File::options().append(true).open(scratch.file(A)).unwrap();
    torn.write_all(b"half a li").unwrap();
    let said =
        format!("{file}: the file ends in a torn line; it is cut when the journal is next opened");
    assert_eq!(log.append("move", false).unwrap_err().to_string(), said);
    fs::remove_file(scratch.file(A)).unwrap();
    let said = format!("{file}: cannot write: No such file or directory (os error 2)");
    assert_eq!(log.append("move", false).unwrap_err().to_string(), said);
    let said = format!("{file}: cannot read: No such file or directory (os error 2)");
    assert_eq!(journal.read(A).unwrap_err().to_string(), said);
}

#[test]
fn a_game_is_read_back_as_its_lines_and_an_unknown_one_refused() {
    let scratch = Scratch::new("read-back");
    let journal = open(&scratch).journal;
    let log = journal.create(A, &["new {}".to_owned()]).unwrap();
    log.append("move d2d3", false).unwrap();
    assert_eq!(journal.read(A).unwrap(), ["new {}", "move d2d3"]);
    let file = scratch.file(B).display().to_string();
    let said = format!("{file}: cannot read: No such file or directory (os error 2)");
    assert_eq!(journal.read(B).unwrap_err().to_string(), said);
}

#[test]
fn a_game_is_recovered_once_and_read_before_it_is() {
    let scratch = Scratch::new("recover once");
    let journal = open(&scratch).journal;
    journal.create(A, &strings(&["a"])).unwrap();
    journal.create(B, &strings(&["b"])).unwrap();
    let mut problems = Vec::new();
    assert_eq!(journal.recover(A, &mut problems), None);
    drop(journal);
    let journal = Journal::open(scratch.path(), BUDGET).unwrap();
    assert_eq!(journal.read(B).unwrap(), ["b"]);
    assert!(journal.log(B).is_err());
    let recovered = journal.recover(B, &mut problems).unwrap();
    assert_eq!(
        (recovered.lines, recovered.read_only),
        (strings(&["b"]), false)
    );
    assert_eq!(
        recovered.bytes,
        fs::metadata(scratch.file(B)).unwrap().len()
    );
    assert_eq!(journal.recover(B, &mut problems), None);
    assert!(journal.log(B).is_ok());
    assert_eq!(journal.recover(C, &mut problems), None);
    std::os::unix::fs::symlink(scratch.file(A), scratch.file(D)).unwrap();
    assert_eq!(journal.recover(D, &mut problems), None);
    let said = format!("games/{D}.journal: not a game's file; left alone");
    assert_eq!(problems, [said]);
}

#[test]
fn a_folder_that_cannot_be_made_or_locked_is_refused() {
    let scratch = Scratch::new("folders");
    fs::create_dir_all(scratch.path()).unwrap();
    let plain = scratch.path().join("plain");
    fs::write(&plain, "").unwrap();
    let below = plain.join("data");
    let said = format!(
        "{}: cannot make or read the folder: Not a directory (os error 20)",
        below.display()
    );
    let refused = Journal::open(&below, BUDGET).unwrap_err();
    assert_eq!(refused.to_string(), said);
    let data = scratch.path().join("data");
    fs::create_dir_all(data.join("lock")).unwrap();
    let said = format!(
        "{}: cannot lock: Is a directory (os error 21)",
        data.join("lock").display()
    );
    assert_eq!(Journal::open(&data, BUDGET).unwrap_err().to_string(), said);
}

/// Names the data folder to `append_until_killed`, run as a child.
const CHILD: &str = "CONGO_JOURNAL_CHILD";

/// The `n`th line `append_until_killed` writes: lengths vary, so that a
/// kill may land in lines of many sizes.
fn numbered(n: usize) -> String {
    format!("move {n} {}", "x".repeat(n % 97))
}

/// The child's side of `a_killed_writer_loses_no_acknowledged_line`:
/// appends numbered lines, telling each once its append has returned.
#[test]
#[ignore = "run as a child by a_killed_writer_loses_no_acknowledged_line"]
fn append_until_killed() {
    let Some(dir) = std::env::var_os(CHILD) else {
        return;
    };
    let journal = read_all(Path::new(&dir), BUDGET).journal;
    let log = journal.create(A, &[]).unwrap();
    for n in 0.. {
        log.append(&numbered(n), false).unwrap();
        println!("acknowledged {n}");
    }
}

#[test]
fn a_killed_writer_loses_no_acknowledged_line() {
    let scratch = Scratch::new("killed");
    // The test's name as the harness knows it: its path without the crate.
    let module = module_path!().split_once("::").map_or("", |(_, path)| path);
    let test = format!("{module}::append_until_killed");
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", &test, "--ignored", "--nocapture"])
        .env(CHILD, scratch.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = BufReader::new(child.stdout.take().unwrap());
    let mut acknowledged = None;
    for line in stdout.lines().map_while(Result::ok) {
        if let Some(n) = line.strip_prefix("acknowledged ") {
            acknowledged = n.parse::<usize>().ok();
        }
        if acknowledged >= Some(40) {
            break;
        }
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let acknowledged = acknowledged.expect("the child acknowledged lines");
    let opened = open(&scratch);
    let lines = &opened.games[0].lines;
    assert!(lines.len() > acknowledged, "{} lines", lines.len());
    let written: Vec<String> = (0..lines.len()).map(numbered).collect();
    assert_eq!(lines, &written);
}

#[test]
fn a_link_put_in_place_of_a_games_file_is_never_written_through() {
    let scratch = Scratch::new("swapped");
    let journal = open(&scratch).journal;
    let log = journal.create(A, &[]).unwrap();
    let victim = scratch.path().join("precious");
    fs::write(&victim, "precious\n").unwrap();
    fs::remove_file(scratch.file(A)).unwrap();
    std::os::unix::fs::symlink(&victim, scratch.file(A)).unwrap();
    let file = scratch.file(A).display().to_string();
    let said = format!(
        "{file}: not the file congo wrote (a link or another file stands there); left alone"
    );
    assert_eq!(
        log.append("move a2a3", false).unwrap_err().to_string(),
        said
    );
    assert_eq!(journal.read(A).unwrap_err().to_string(), said);
    assert_eq!(fs::read_to_string(&victim).unwrap(), "precious\n");
}

#[test]
fn a_data_folder_others_may_write_in_is_refused() {
    use std::os::unix::fs::PermissionsExt;
    let scratch = Scratch::new("exposed");
    fs::create_dir_all(scratch.path()).unwrap();
    fs::set_permissions(scratch.path(), fs::Permissions::from_mode(0o777)).unwrap();
    let said = format!(
        "{}: others may write in it (mode 0777); make it private (chmod 700) or give another --data",
        scratch.path().display()
    );
    let refused = Journal::open(scratch.path(), BUDGET).unwrap_err();
    assert_eq!(refused.to_string(), said);
}

#[test]
fn a_games_file_is_bounded_when_written_and_when_read() {
    let scratch = Scratch::new("bounded");
    let journal = open(&scratch).journal;
    let log = journal.create(A, &[]).unwrap();
    let file = File::options().append(true).open(scratch.file(A)).unwrap();
    file.set_len(game_log::MOST_BYTES - 1).unwrap();
    (&file).write_all(b"\n").unwrap();
    let said = |most| {
        format!(
            "{}: the line would take the game's file past {most} bytes, as much as it may hold",
            scratch.file(A).display(),
        )
    };
    let most = game_log::MOST_BYTES;
    let refused = log.append("move", false).unwrap_err();
    assert_eq!(refused.to_string(), said(most - game_log::ENDING_ROOM));
    let refused = log.append("stop resigned white", true).unwrap_err();
    assert_eq!(refused.to_string(), said(most));
    drop(journal);
    // Grown past the bound behind congo's back: left alone, unread.
    file.set_len(game_log::MOST_BYTES + 1).unwrap();
    let opened = open(&scratch);
    assert_eq!(opened.games, []);
    assert_eq!(
        opened.problems,
        [format!(
            "games/{A}.journal: {} bytes, more than a game's file holds ({}); left alone",
            game_log::MOST_BYTES + 1,
            game_log::MOST_BYTES
        )]
    );
}

#[test]
fn the_end_of_a_games_file_is_kept_for_the_lines_that_end_it() {
    let scratch = Scratch::new("ending room");
    let journal = open(&scratch).journal;
    let log = journal.create(A, &[]).unwrap();
    let file = File::options().append(true).open(scratch.file(A)).unwrap();
    file.set_len(game_log::MOST_BYTES - game_log::ENDING_ROOM - 1)
        .unwrap();
    (&file).write_all(b"\n").unwrap();
    let said = format!(
        "{}: the line would take the game's file past {} bytes, as much as it may hold",
        scratch.file(A).display(),
        game_log::MOST_BYTES - game_log::ENDING_ROOM
    );
    assert_eq!(
        log.append("move a2a3", false).unwrap_err().to_string(),
        said
    );
    log.append("stop resigned white", true).unwrap();
    let bytes = fs::read(scratch.file(A)).unwrap();
    assert!(bytes.ends_with(super::framing::entry("stop resigned white").as_bytes()));
}

#[test]
fn a_game_being_created_is_never_read_back_as_another() {
    // The server reads its folder back on a thread of its own while new
    // games are made: a file written but not yet held must not be taken
    // for a kept game, or two copies of one game would live.
    let scratch = Scratch::new("created while read back");
    let journal = open(&scratch).journal;
    let done = std::sync::atomic::AtomicBool::new(false);
    let taken = std::thread::scope(|scope| {
        let reader = scope.spawn(|| {
            let (mut taken, mut problems) = (Vec::new(), Vec::new());
            while !done.load(Ordering::SeqCst) {
                for id in journal.ids(&mut problems).unwrap() {
                    taken.extend(journal.recover(&id, &mut problems).map(|kept| kept.id));
                }
            }
            taken
        });
        for number in 0..300 {
            let id = format!("{number:012x}");
            journal.create(&id, &strings(&["new"])).unwrap();
        }
        done.store(true, Ordering::SeqCst);
        reader.join().unwrap()
    });
    assert_eq!(taken, Vec::<String>::new());
}
