//! Probes read in place, held to the values the generator built: every
//! two-piece position, a sample of a three-piece table, the values the
//! files leave out among them, and a damaged block refused alone.

use std::path::{Path, PathBuf};

use super::*;
use congo_kit::rng::Rng;
use congo_kit::shard::Shard;
use congo_rules::Reach;

/// A fresh folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("congo-tb-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Builds `names` in order in `dir` and returns each one's values as the
/// generator made them (kept in memory by `generate`).
fn build(dir: &Path, names: &[&str]) -> Vec<(Material, Arc<ByteValues>)> {
    let mut tables = Tablebase::new(dir, RuleSet::Wits2022);
    names
        .iter()
        .map(|name| {
            let material: Material = name.parse().unwrap();
            tables.generate(&material, 2).unwrap();
            let codes = tables.whole(&material).unwrap();
            (material, codes)
        })
        .collect()
}

/// The sets built here: a three-piece table and what it turns into.
const SET: [&str; 8] = [
    "LvL", "LGvL", "LZvL", "LSvL", "LGZvL", "LGvLS", "LZvLS", "LGZvLS",
];

/// What probing `numbers` of `material` in place found: positions
/// checked, those whose stored win/draw/loss the probe raised, and those
/// whose distance it found from their moves.
#[derive(Default)]
struct Found {
    checked: usize,
    raised: usize,
    from_moves: usize,
}

fn probe_in_place(
    tables: &Tablebase,
    material: &Material,
    codes: &ByteValues,
    numbers: impl Iterator<Item = usize>,
) -> Found {
    let mut found = Found::default();
    for number in numbers {
        let Some(position) = material.position(number) else {
            continue;
        };
        let expected = codes.get(number).and_then(Value::from_code).unwrap();
        assert_eq!(tables.probe(&position).unwrap(), expected, "{position}");
        assert_eq!(tables.probe_wdl(&position).unwrap(), Wdl::of(expected));
        let table = tables.table(material).unwrap();
        let stored = tables.stored(&table, Scheme::Wdl, number).unwrap();
        found.raised += usize::from(wdl_of_class(stored) != Wdl::of(expected));
        let distances = table.distance_file().unwrap();
        found.from_moves += usize::from(!distances.keeps(number % 2));
        found.checked += 1;
    }
    found
}

/// One build of the set serves both readings, in place and whole: the
/// build is most of the time either takes.
#[test]
fn probes_in_place_and_tables_read_whole_give_the_built_values() {
    let dir = folder("in-place");
    let built = build(&dir, &SET);
    let tables = Tablebase::new(&dir, RuleSet::Wits2022);
    let mut total = Found::default();
    for (material, codes) in &built {
        let numbers: Box<dyn Iterator<Item = usize>> = if material.pieces().len() < 3 {
            Box::new(0..codes.len())
        } else {
            let mut rng = Rng::new(47);
            Box::new((0..20_000).map(move |_| rng.below(codes.len() as u64) as usize))
        };
        let found = probe_in_place(&tables, material, codes, numbers);
        total.checked += found.checked;
        total.raised += found.raised;
        total.from_moves += found.from_moves;
    }
    // Every two-piece position, and the sample: among them thousands the
    // win/draw/loss file leaves to the moves out of the material, and
    // half whose distances come from their moves.
    assert!(total.checked > 60_000, "{}", total.checked);
    assert!(total.raised > 1000, "{}", total.raised);
    assert!(total.from_moves * 3 > total.checked, "{}", total.from_moves);
    // The probes kept their blocks within the budget.
    assert!(tables.cached_bytes() <= PROBE_CACHE);
    // Read whole from its files by a fresh set, each table is the one built.
    let fresh = Tablebase::new(&dir, RuleSet::Wits2022);
    for (material, codes) in &built {
        assert_eq!(&fresh.whole(material).unwrap(), codes, "{material}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Flips a byte of block 3 of `material`'s win/draw/loss file in `dir`
/// and returns the file's path and the file as it was opened.
fn damage_block_3(dir: &Path, material: &Material) -> (PathBuf, TableFile) {
    let path = Tablebase::new(dir, RuleSet::Wits2022).path(material);
    let file = TableFile::open(&path, material, 0, Scheme::Wdl).unwrap();
    // Block 3's last byte, counted back from the end of the file.
    let mut bytes = std::fs::read(&path).unwrap();
    let after: u64 = (4..file.blocks())
        .map(|block| file.block_length(block))
        .sum();
    let at = bytes.len() - after as usize - 1;
    bytes[at] ^= 0x20;
    std::fs::write(&path, &bytes).unwrap();
    (path, file)
}

#[test]
fn a_table_is_read_whole_after_what_it_turns_into_and_its_own_files_are_opened_first() {
    let dir = folder("read-order");
    let built = build(&dir, &SET[..5]);
    let material = &built[4].0;
    let (path, _) = damage_block_3(&dir, material);
    let tables = Tablebase::new(&dir, RuleSet::Wits2022);
    let successor = tables.path(&"LZvL".parse().unwrap());
    std::fs::rename(&successor, dir.join("aside")).unwrap();
    // The tables it turns into come first: the one missing is named
    // before its own damaged block is decoded.
    let error = tables.whole(material).unwrap_err().to_string();
    assert!(error.contains(&*successor.to_string_lossy()), "{error}");
    // But its own files before them: one missing is named at once.
    std::fs::remove_file(&path).unwrap();
    let error = Tablebase::new(&dir, RuleSet::Wits2022).whole(material);
    let error = error.unwrap_err().to_string();
    assert!(error.contains(&*path.to_string_lossy()), "{error}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_block_is_refused_by_name_and_the_others_still_probe() {
    let dir = folder("damaged-block");
    let built = build(&dir, &SET[..5]);
    let (material, codes) = &built[4];
    let (path, file) = damage_block_3(&dir, material);
    let damaged = Tablebase::new(&dir, RuleSet::Wits2022);
    let (mut refused, mut probed) = (0, 0);
    for number in (0..codes.len()).step_by(97) {
        let Some(position) = material.position(number) else {
            continue;
        };
        let block = file.locate(number).0 / SUB_BLOCKS;
        match damaged.probe_wdl(&position) {
            Err(error) => {
                assert_eq!(block, 3);
                assert_eq!(
                    error.to_string(),
                    format!(
                        "{} is corrupted: block 3 does not match its checksum",
                        path.display()
                    )
                );
                refused += 1;
            }
            Ok(wdl) => {
                // A lion that can be taken needs no table.
                assert!(block != 3 || position.can_take_lion(), "{position}");
                assert_eq!(
                    Some(wdl),
                    codes.get(number).and_then(Value::from_code).map(Wdl::of)
                );
                probed += 1;
            }
        }
    }
    assert!(refused > 100 && probed > 1000, "{refused} {probed}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_table_of_the_old_format_is_refused_by_its_name() {
    let dir = folder("old-format");
    std::fs::write(dir.join("LZvL.ctb"), b"CONGOTB\0\x04\0\x04LZvL").unwrap();
    let tables = Tablebase::new(&dir, RuleSet::Wits2022);
    let position =
        Position::from_fen("7/7/3l3/7/3Z3/7/3L3 w 0", RuleSet::Wits2022, Reach::Game).unwrap();
    assert_eq!(
        tables.probe(&position).unwrap_err().to_string(),
        format!(
            "{} is a table of format 4, expected 6 (build it again with congo tb generate)",
            dir.join("LZvL.ctb").display()
        )
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_fifo_named_as_a_table_is_refused_not_waited_on() {
    let dir = folder("fifo");
    let table = dir.join("LZvL.ctbw");
    let made = std::process::Command::new("mkfifo").arg(&table).status();
    if !made.is_ok_and(|status| status.success()) {
        eprintln!("mkfifo is not here: skipped");
        return;
    }
    let tables = Tablebase::new(&dir, RuleSet::Wits2022);
    let position =
        Position::from_fen("7/7/3l3/7/3Z3/7/3L3 w 0", RuleSet::Wits2022, Reach::Game).unwrap();
    assert_eq!(
        tables.probe_wdl(&position).unwrap_err().to_string(),
        format!("{} is not a Congo endgame table", table.display())
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn links_that_loop_are_named_as_they_are_not_as_missing() {
    let dir = folder("looping-link");
    let table = dir.join("LZvL.ctbw");
    std::os::unix::fs::symlink(&table, &table).unwrap();
    let tables = Tablebase::new(&dir, RuleSet::Wits2022);
    let position =
        Position::from_fen("7/7/3l3/7/3Z3/7/3L3 w 0", RuleSet::Wits2022, Reach::Game).unwrap();
    let loops = std::io::Error::from_raw_os_error(40);
    assert_eq!(
        tables.probe_wdl(&position).unwrap_err().to_string(),
        format!("cannot read {}: {loops}", table.display())
    );
    // So is a folder that loops.
    let folder = dir.join("tables");
    std::os::unix::fs::symlink(&folder, &folder).unwrap();
    let tables = Tablebase::new(&folder, RuleSet::Wits2022);
    let in_loop = folder.join("LZvL.ctbw");
    assert_eq!(
        tables.probe_wdl(&position).unwrap_err().to_string(),
        format!("cannot read {}: {loops}", in_loop.display())
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The bytes this thread has read so far, as Linux counts them.
fn bytes_read_by_this_thread() -> u64 {
    let io = std::fs::read_to_string("/proc/thread-self/io").unwrap();
    let line = io.lines().find(|line| line.starts_with("rchar:")).unwrap();
    line["rchar:".len()..].trim().parse().unwrap()
}

/// The bytes `work` reads, less those of reading the count itself (a
/// byte or two more when the count grows a digit).
fn bytes_read_by<T>(work: impl FnOnce() -> T) -> (T, u64) {
    let first = bytes_read_by_this_thread();
    let before = bytes_read_by_this_thread();
    let done = work();
    let after = bytes_read_by_this_thread();
    (done, (after - before).saturating_sub(before - first))
}

#[test]
fn opening_a_table_reads_its_header_and_index_and_a_probe_one_block_more() {
    let dir = folder("reads");
    build(&dir, &["LvL", "LZvL", "LGvL", "LGZvL"]);
    let material: Material = "LGZvL".parse().unwrap();
    let path = Tablebase::new(&dir, RuleSet::Wits2022).distance_path(&material);
    let length = std::fs::metadata(&path).unwrap().len();
    let (file, opened) =
        bytes_read_by(|| TableFile::open(&path, &material, 0, Scheme::Distance).unwrap());
    let blocks: u64 = (0..file.blocks())
        .map(|block| file.block_length(block))
        .sum();
    let header = length - blocks;
    // The header whole, at most a step past it, and far from the file.
    assert!(file.blocks() > 4, "{}", file.blocks());
    assert!(
        opened >= header && opened <= header + file::HEADER_STEP + 8,
        "{opened} {header}"
    );
    assert!(opened < length / 2, "{opened} of {length}");
    let (mut bytes, mut values) = (Vec::new(), Vec::new());
    let sub = 2 * SUB_BLOCKS + 5;
    let (decoded, read) = bytes_read_by(|| file.decode(sub, &mut bytes, &mut values));
    decoded.unwrap();
    assert_eq!(values.len(), coding::SUB_BLOCK);
    let block = file.block_length(2);
    assert!(read >= block && read <= block + 8, "{read} {block}");
    // Its block checked, another of its sub-blocks reads the lengths at
    // the block's head and its own bytes, not the block.
    let (decoded, again) = bytes_read_by(|| file.decode(sub + 1, &mut bytes, &mut values));
    decoded.unwrap();
    assert_eq!(values.len(), coding::SUB_BLOCK);
    assert!(again < block / 2, "{again} {block}");
    assert!(
        again <= (coding::MOST_LENGTHS + bytes.len() + 8) as u64,
        "{again}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_run_of_generate_builds_again_a_table_found_with_a_damaged_block() {
    let dir = folder("generate-damaged");
    let names = &SET[..5];
    let built = build(&dir, names);
    let (material, codes) = &built[4];
    let (path, _) = damage_block_3(&dir, material);
    // Header and index still check out: only reading the blocks finds it.
    let damaged = Tablebase::new(&dir, RuleSet::Wits2022);
    assert!(damaged.summary(material).is_ok());
    let error = damaged.check_whole(material).unwrap_err().to_string();
    assert_eq!(
        error,
        format!(
            "{} is corrupted: block 3 does not match its checksum",
            path.display()
        )
    );
    let units: Vec<Unit> = names
        .iter()
        .map(|name| (name.parse().unwrap(), RuleSet::Wits2022))
        .collect();
    let mut told = Vec::new();
    generate_units(&dir, &units, 2, Shard::ALL, |event| {
        if let TableEvent::Finished((material, _), built) = event {
            told.push((material.to_string(), matches!(built, Built::Kept)));
        }
    })
    .unwrap();
    let kept: Vec<(String, bool)> = names.iter().map(|name| (name.to_string(), true)).collect();
    let expected = [&kept[..4], &[(material.to_string(), false)]].concat();
    assert_eq!(told, expected);
    let again = Tablebase::new(&dir, RuleSet::Wits2022);
    assert!(again.check_whole(material).is_ok());
    assert_eq!(again.whole(material).unwrap(), *codes);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_block_read_after_the_deadline_of_best_by_is_given_up() {
    let dir = folder("deadline");
    build(&dir, &SET[..5]);
    let tables = Tablebase::new(&dir, RuleSet::Wits2022);
    let position: Position = "4l2/7/7/7/2G4/1Z5/3L3 w 1".parse().unwrap();
    // As inside best_by, its deadline passed: the first block read stops.
    DEADLINE.set(Some(Instant::now()));
    let late = tables.probe(&position);
    DEADLINE.set(None);
    assert_eq!(
        late.unwrap_err().to_string(),
        "the time ran out before the tables answered"
    );
    assert!(tables.probe(&position).is_ok());
    // A search's lookup on a clock: none once past it, from a fresh set.
    use congo_rules::endgame::EndgameTables;
    let fresh = Tablebase::new(&dir, RuleSet::Wits2022);
    assert_eq!(fresh.wdl_by(&position, Instant::now()), None);
    let later = Instant::now() + std::time::Duration::from_secs(3600);
    assert_eq!(fresh.wdl_by(&position, later), Some(Wdl::Win));
    assert_eq!(DEADLINE.get(), None);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_best_move_by_a_deadline_is_the_best_move_or_none_once_it_has_passed() {
    let dir = folder("best-by");
    build(&dir, &SET[..5]);
    let tables = Tablebase::new(&dir, RuleSet::Wits2022);
    let position: Position = "4l2/7/7/7/2G4/1Z5/3L3 w 1".parse().unwrap();
    let later = Instant::now() + std::time::Duration::from_secs(3600);
    let best = tables.best(&position).unwrap();
    assert!(best.1.is_some());
    assert_eq!(tables.best_by(&position, later).unwrap(), Some(best));
    assert_eq!(tables.best_by(&position, Instant::now()).unwrap(), None);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The files `tables` has opened.
fn opened_files(tables: &Tablebase) -> Vec<&TableFile> {
    let tables = tables
        .loaded
        .iter()
        .filter_map(|loaded| loaded.get()?.as_ref().ok());
    tables
        .flat_map(|table| {
            [
                Some(&table.wdl),
                table.distance.get().and_then(|d| d.as_ref().ok()),
            ]
        })
        .flatten()
        .collect()
}

/// What reading the headers of `files` and `blocks` blocks may read at
/// most: each header with a step past it, and the longest block each.
fn headers_and_blocks(files: &[&TableFile], blocks: usize) -> u64 {
    let headers: u64 = files
        .iter()
        .map(|file| file.header_length() + file::HEADER_STEP)
        .sum();
    let longest = files
        .iter()
        .map(|file| file.longest_block())
        .max()
        .unwrap_or(0);
    headers + blocks as u64 * longest
}

#[test]
fn a_probe_reads_the_headers_of_the_tables_it_touches_and_a_block_a_lookup() {
    let dir = folder("probe-reads");
    build(&dir, &SET);
    let material: Material = "LGZvLS".parse().unwrap();
    let whole_files = Tablebase::new(&dir, RuleSet::Wits2022).file_sizes(&material);
    let mut rng = Rng::new(61);
    let mut probed = 0;
    while probed < 20 {
        let Some(position) = material.position(rng.below(material.size() as u64) as usize) else {
            continue;
        };
        // Each probe with the tables opened afresh, as `tb probe` does.
        let tables = Tablebase::new(&dir, RuleSet::Wits2022);
        let (value, read) = bytes_read_by(|| tables.probe(&position));
        value.unwrap();
        let files = opened_files(&tables);
        let most = headers_and_blocks(&files, tables.cache.blocks());
        assert!(
            read <= most,
            "{position}: {read} bytes read, at most {most}"
        );
        // Far from the files themselves: the table's are 370 KB and 1 MB.
        assert!(
            read * 4 < whole_files.0 + whole_files.1,
            "{position}: {read}"
        );
        probed += 1;
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn opening_a_folder_opens_each_table_once_and_a_search_probe_reads_blocks_only() {
    let dir = folder("open-all");
    build(&dir, &SET[..5]);
    // A damaged header, a file of the other rule set, a stranger.
    let damaged = Tablebase::new(&dir, RuleSet::Wits2022).distance_path(&"LZvL".parse().unwrap());
    let mut bytes = std::fs::read(&damaged).unwrap();
    bytes[40] ^= 1;
    std::fs::write(&damaged, &bytes).unwrap();
    std::fs::copy(dir.join("LGvL.ctbw"), dir.join("LGPvL.2021.ctbw")).unwrap();
    std::fs::write(dir.join("notes.txt"), "tables").unwrap();
    let tables = Tablebase::new(&dir, RuleSet::Wits2022);
    let (opened, read) = bytes_read_by(|| tables.open_all().unwrap());
    assert_eq!(opened.tables, 4);
    let refused: Vec<String> = opened.refused.iter().map(ToString::to_string).collect();
    let expected = format!(
        "{} is corrupted: its header does not check out (its checksum or a field out of range)",
        damaged.display()
    );
    assert_eq!(refused, [expected]);
    let files = opened_files(&tables);
    assert_eq!(files.len(), 9);
    assert!(
        read <= headers_and_blocks(&files, 0) + 2 * file::HEADER_STEP,
        "{read}"
    );
    let material: Material = "LGZvL".parse().unwrap();
    let mut rng = Rng::new(5);
    for _ in 0..200 {
        let Some(position) = material.position(rng.below(material.size() as u64) as usize) else {
            continue;
        };
        let blocks = tables.cache.blocks();
        let (wdl, read) = bytes_read_by(|| tables.probe_wdl(&position));
        wdl.unwrap();
        let files = opened_files(&tables);
        assert!(
            read <= headers_and_blocks(&files, tables.cache.blocks() - blocks)
                - headers_and_blocks(&files, 0),
            "{read}"
        );
    }
    let missing = Tablebase::new(&dir.join("nowhere"), RuleSet::Wits2022).open_all();
    let error = missing.unwrap_err().to_string();
    assert!(
        error.starts_with(&format!("cannot read {}: ", dir.join("nowhere").display())),
        "{error}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
