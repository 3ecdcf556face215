//! `--merge` puts a tournament's shards together: shards played from
//! other folders (as on other machines), only a whole set, each shard
//! once, their folders only read, their records and games carried.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use super::games_file::games_by_record;
use super::{class_folder, tournament};
use crate::common::{CONGO, congo, files_under, scratch, text};

/// Every file under `folder`, with its bytes.
fn contents(folder: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    files_under(folder)
        .into_iter()
        .map(|file| {
            let bytes = fs::read(folder.join(&file)).unwrap();
            (file, bytes)
        })
        .collect()
}

/// A copy of the folder `from` at `to`.
fn copy(from: &Path, to: &Path) {
    for (file, bytes) in contents(from) {
        let path = to.join(file);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, bytes).unwrap();
    }
}

/// The first line of stderr of merging `folders` (into a folder of
/// `dir`'s that is not there), which must be refused.
fn refusal(folders: &[&Path], dir: &Path) -> String {
    let refused = merge(folders, &dir.join("refused"));
    assert_eq!(refused.status.code(), Some(2), "{}", text(&refused.stderr));
    assert!(!dir.join("refused").exists());
    text(&refused.stderr)
}

/// `congo tournament --merge FOLDERS... --output OUT`.
fn merge(folders: &[&Path], out: &Path) -> std::process::Output {
    let mut args = vec!["tournament", "--merge"];
    args.extend(folders.iter().map(|folder| folder.to_str().unwrap()));
    args.extend(["--output", out.to_str().unwrap()]);
    congo(&args, b"")
}

#[test]
fn shards_from_other_folders_merge_whole_and_are_only_read() {
    let dir = scratch("tournament-merge");
    let engines = [100, 200, 400].map(|nodes| {
        let name = format!("n{nodes}");
        (name, format!("{CONGO} engine --nodes {nodes}"))
    });
    let engines: Vec<(&str, String)> = engines
        .iter()
        .map(|(name, command)| (name.as_str(), command.clone()))
        .collect();
    // The same class, copied to two places: two machines' paths.
    let here = class_folder(&dir.join("here"), &engines);
    let there = class_folder(&dir.join("there"), &engines);
    let whole = dir.join("whole");
    tournament(&here, &whole, &[]);
    let (one, two) = (dir.join("one"), dir.join("two"));
    tournament(&here, &one, &["--shard", "1/2"]);
    tournament(&there, &two, &["--shard", "2/2"]);
    // A game cut off when its shard was killed stays as it is.
    let torn = one.join("records").join("n100-vs-n200.rec");
    let mut bytes = fs::read(&torn).unwrap();
    bytes.extend_from_slice(b"9\tA\tcut off");
    fs::write(&torn, bytes).unwrap();
    let before = [contents(&one), contents(&two)];

    let refused = merge(&[&one], &dir.join("m1"));
    assert_eq!(
        text(&refused.stderr),
        "congo: shard 2/2 is missing: merge every shard of the tournament\n"
    );
    let refused = merge(&[&one, &two, &one], &dir.join("m2"));
    assert_eq!(
        text(&refused.stderr),
        format!(
            "congo: {} and {} both hold shard 1/2\n",
            one.display(),
            one.display()
        )
    );
    // A shard of another split, and a folder that names no shard.
    let description = fs::read_to_string(two.join("tournament.txt")).unwrap();
    let other = dir.join("other");
    fs::create_dir_all(&other).unwrap();
    let split = description.replace("shard 2/2", "shard 2/3");
    fs::write(other.join("tournament.txt"), split).unwrap();
    let refused = merge(&[&one, &other], &dir.join("m3"));
    assert_eq!(
        text(&refused.stderr),
        format!(
            "congo: {} holds shard 1/2 but {} holds shard 2/3: one tournament's shards share their count\n",
            one.display(),
            other.display()
        )
    );
    let unsplit = description.replace("shard 2/2\n", "");
    fs::write(other.join("tournament.txt"), unsplit).unwrap();
    let refused = merge(&[&one, &other], &dir.join("m4"));
    assert_eq!(
        text(&refused.stderr),
        format!(
            "congo: {} names no shard in its tournament.txt\n",
            other.display()
        )
    );
    // Into one of its own shards: refused, as every folder that holds files.
    let refused = merge(&[&one, &two], &two);
    assert_eq!(
        text(&refused.stderr),
        format!(
            "congo: --merge: {} holds files already: name a new folder for the merged tournament\n",
            two.display()
        )
    );
    refuse_what_is_not_the_tournament(&dir, &one, &two);

    let merged = dir.join("merged");
    let output = merge(&[&one, &two], &merged);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(
        fs::read_to_string(merged.join("standings.csv")).unwrap(),
        fs::read_to_string(whole.join("standings.csv")).unwrap()
    );
    // The records are carried: the whole tournament's, game for game.
    for name in files_under(&whole.join("records")) {
        assert_eq!(
            fs::read_to_string(merged.join("records").join(&name)).unwrap(),
            fs::read_to_string(whole.join("records").join(&name)).unwrap(),
            "{name:?}"
        );
    }
    assert_eq!(games_by_record(&merged), games_by_record(&whole));
    assert_eq!(contents(&one), before[0]);
    assert_eq!(contents(&two), before[1]);
    fs::remove_dir_all(dir).unwrap();
}

/// Refuses to merge with the shard `two` of `one` a shard that stopped
/// part-way or before its schedule, another tournament's, and a Swiss.
fn refuse_what_is_not_the_tournament(dir: &Path, one: &Path, two: &Path) {
    // Killed after its first game: one of its two.
    let cut = dir.join("cut");
    copy(two, &cut);
    let records = files_under(&cut.join("records"));
    assert_eq!(records.len(), 1, "{records:?}");
    let record = cut.join("records").join(&records[0]);
    let first = fs::read_to_string(&record)
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .to_owned();
    fs::write(&record, format!("{first}\n")).unwrap();
    assert_eq!(
        refusal(&[one, &cut], dir),
        format!(
            "congo: --merge: {} (shard 2/2) is unfinished: 1 of 2 games played; finish it with --resume first\n",
            cut.display()
        )
    );
    fs::remove_file(cut.join("schedule.txt")).unwrap();
    assert_eq!(
        refusal(&[one, &cut], dir),
        format!(
            "congo: --merge: {} (shard 2/2) is unfinished: it stopped before it wrote its schedule.txt; finish it with --resume first\n",
            cut.display()
        )
    );
    // The same shard of the tournament with another seed.
    let seeded = dir.join("seed2");
    copy(two, &seeded);
    let description = fs::read_to_string(two.join("tournament.txt")).unwrap();
    let line = description
        .lines()
        .find(|line| line.ends_with(", seed 1"))
        .unwrap();
    let other_line = line.replace(", seed 1", ", seed 2");
    fs::write(
        seeded.join("tournament.txt"),
        description.replace(line, &other_line),
    )
    .unwrap();
    assert_eq!(
        refusal(&[one, &seeded], dir),
        format!(
            "congo: --merge: {} is not the same tournament as {}: its tournament.txt says {other_line:?} where {}'s says {line:?}\n",
            seeded.display(),
            one.display(),
            one.display()
        )
    );
    // A Swiss is its own whole: it has byes and Buchholz, and no shards.
    let swiss = dir.join("swiss");
    copy(two, &swiss);
    let format = "format round robin, 1 cycle(s)\n";
    assert!(description.contains(format), "{description}");
    let as_swiss = description
        .replace(format, "format Swiss, 2 round(s)\n")
        .replace("shard 2/2", "shard 1/1");
    fs::write(swiss.join("tournament.txt"), as_swiss).unwrap();
    assert_eq!(
        refusal(&[&swiss], dir),
        format!(
            "congo: --merge: {} holds a Swiss, which is never split into shards: its standings are there already\n",
            swiss.display()
        )
    );
}

#[test]
fn a_class_engine_whose_run_changed_is_another_player() {
    let dir = scratch("tournament-merge-run");
    let engines = [
        ("a", format!("{CONGO} engine --nodes 100")),
        ("b", format!("{CONGO} engine --nodes 200")),
    ];
    let engines: Vec<(&str, String)> = engines
        .iter()
        .map(|(name, command)| (*name, command.clone()))
        .collect();
    let class = class_folder(&dir, &engines);
    let (one, two) = (dir.join("one"), dir.join("two"));
    tournament(&class, &one, &["--shard", "1/2"]);
    let run = class.join("a").join("run");
    let before = fs::read_to_string(&run).unwrap();
    fs::write(&run, before.replace("--nodes 100", "--nodes 999")).unwrap();
    let resumed = super::run(&class, &one, &["--shard", "1/2", "--resume"]);
    let said = text(&resumed.stderr);
    assert_eq!(resumed.status.code(), Some(2), "{said}");
    let digest = |description: &str| {
        let line = description
            .lines()
            .find(|line| line.starts_with("player a: "))
            .unwrap();
        line.rsplit_once(", digest ").unwrap().1.to_owned()
    };
    let old = digest(&fs::read_to_string(one.join("tournament.txt")).unwrap());
    assert!(
        said.contains(&format!("is another tournament's: its tournament.txt says \"player a: run in its folder, digest {old}\"")),
        "{said}"
    );
    tournament(&class, &two, &["--shard", "2/2"]);
    let new = digest(&fs::read_to_string(two.join("tournament.txt")).unwrap());
    assert_ne!(old, new);
    assert_eq!(
        refusal(&[&one, &two], &dir),
        format!(
            "congo: --merge: {} is not the same tournament as {}: its tournament.txt says \"player a: run in its folder, digest {new}\" where {}'s says \"player a: run in its folder, digest {old}\"\n",
            two.display(),
            one.display(),
            one.display()
        )
    );
    fs::remove_dir_all(dir).unwrap();
}
