//! `congo datagen`: self-play games made into training samples, a chunk
//! file at a time. Chunk `k` of a run is the same bytes whatever the
//! machine, the threads or the shard that makes it (its games are drawn
//! from the run's seed and `k`, and the engine searches fixed nodes), so
//! a run stopped anywhere goes on from the chunks already written, and a
//! Slurm job array's tasks each make their share into one folder.

use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

use congo_engine::Engine;
use congo_kit::output_files::NewFile;
use congo_kit::rng::Rng;
use congo_kit::shard::Shard;

use crate::chunk::{ChunkError, chunk_bytes, chunk_name, chunk_samples, read_chunk_file};
use crate::maker::Maker;
use crate::selfplay::{GameSettings, play_game};
use congo_kit::digest::fnv1a_64;

/// What a datagen run makes, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DatagenOptions {
    /// The folder of chunk files.
    pub folder: PathBuf,
    /// The run's seed: with the chunk's number, it draws every opening.
    pub seed: u64,
    /// The run's chunks, numbered from 0.
    pub chunks: usize,
    /// Games in each chunk.
    pub games_per_chunk: usize,
    /// The chunks this process makes: those whose numbers the shard plays.
    pub shard: Shard,
    /// Chunks made at once, each on a thread of its own.
    pub threads: usize,
    /// How each game is played.
    pub game: GameSettings,
}

/// A chunk that is there once the run has looked at it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChunkDone {
    /// Its number.
    pub chunk: usize,
    /// Its samples.
    pub samples: usize,
    /// Whether this run made it (or found it from an earlier one).
    pub made: bool,
}

/// Why a run stopped.
#[derive(Debug)]
pub enum DatagenError {
    /// The folder cannot be made or read.
    Folder(PathBuf, io::Error),
    /// A file with a chunk's name is no chunk of a run: it is left as it
    /// is, and the run goes no further.
    Foreign(PathBuf, ChunkError),
    /// A chunk cannot be written.
    Write(PathBuf, io::Error),
    /// Something other than a file stands in a chunk's place (a folder,
    /// a pipe): it is left as it is.
    NotAFile(PathBuf),
    /// The folder named is a file.
    NotAFolder(PathBuf),
    /// A chunk in the folder was made by another run (its maker, then
    /// this run's): it is left as it is, and the run goes no further.
    OtherRun(PathBuf, Box<(Maker, Maker)>),
}

impl fmt::Display for DatagenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DatagenError::Folder(path, error) => write!(f, "{}: {error}", path.display()),
            DatagenError::Foreign(path, error) => write!(
                f,
                "{}: {error}; it is left as it is (move it away to make this chunk)",
                path.display()
            ),
            DatagenError::Write(path, error) => {
                write!(f, "{}: cannot write: {error}", path.display())
            }
            DatagenError::NotAFile(path) => write!(
                f,
                "{}: not a file; it is left as it is (move it away to make this chunk)",
                path.display()
            ),
            DatagenError::NotAFolder(path) => write!(f, "{}: not a folder", path.display()),
            DatagenError::OtherRun(path, makers) => write!(
                f,
                "{}: made by another run ({}), not as this one makes it ({}); \
                 give this run a folder of its own",
                path.display(),
                makers.0,
                makers.1
            ),
        }
    }
}

impl std::error::Error for DatagenError {}

/// Makes the run's missing chunks of this shard with copies of `engine`,
/// telling `done` of each chunk of the shard, found or made; every chunk
/// of the shard, in number order.
pub fn datagen(
    options: &DatagenOptions,
    engine: &Engine,
    done: &(dyn Fn(ChunkDone) + Sync),
) -> Result<Vec<ChunkDone>, DatagenError> {
    if fs::metadata(&options.folder).is_ok_and(|metadata| !metadata.is_dir()) {
        return Err(DatagenError::NotAFolder(options.folder.clone()));
    }
    fs::create_dir_all(&options.folder)
        .map_err(|error| DatagenError::Folder(options.folder.clone(), error))?;
    let run = maker(options, engine);
    let mut finished = Vec::new();
    let mut missing = Vec::new();
    for chunk in (0..options.chunks).filter(|&chunk| options.shard.plays(chunk)) {
        let path = options.folder.join(chunk_name(chunk));
        match existing(&path, &run.of(chunk))? {
            Some(samples) => finished.push(ChunkDone {
                chunk,
                samples,
                made: false,
            }),
            None => missing.push(chunk),
        }
    }
    finished.iter().for_each(|&chunk| done(chunk));
    finished.extend(make_chunks(options, engine, &run, &missing, done)?);
    finished.sort_by_key(|chunk| chunk.chunk);
    Ok(finished)
}

/// What `options` and `engine` write in their chunks' headers (chunk 0's).
fn maker(options: &DatagenOptions, engine: &Engine) -> Maker {
    Maker {
        seed: options.seed,
        chunk: 0,
        games: options.games_per_chunk as u32,
        nodes: options.game.nodes,
        random_plies: options.game.random_plies as u32,
        evaluation: engine
            .network()
            .map_or(0, |network| fnv1a_64(&network.to_bytes())),
        table_pieces: engine.table_pieces() as u32,
    }
}

/// The samples of the chunk file at `path`, if there is one and
/// `wanted` made it.
fn existing(path: &Path, wanted: &Maker) -> Result<Option<usize>, DatagenError> {
    match fs::metadata(path) {
        Ok(metadata) if !metadata.is_file() => {
            return Err(DatagenError::NotAFile(path.to_path_buf()));
        }
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
        _ => {}
    }
    match read_chunk_file(path) {
        Ok(Err(error)) => Err(DatagenError::Foreign(path.to_path_buf(), error)),
        Ok(Ok(bytes)) => match chunk_samples(&bytes) {
            Ok((maker, samples)) if maker == *wanted => Ok(Some(samples.len())),
            Ok((maker, _)) => Err(DatagenError::OtherRun(
                path.to_path_buf(),
                Box::new((maker, *wanted)),
            )),
            Err(error) => Err(DatagenError::Foreign(path.to_path_buf(), error)),
        },
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(error) => Err(DatagenError::Folder(path.to_path_buf(), error)),
    }
}

/// Makes `chunks` on the run's threads, each taking the next chunk left.
fn make_chunks(
    options: &DatagenOptions,
    engine: &Engine,
    run: &Maker,
    chunks: &[usize],
    done: &(dyn Fn(ChunkDone) + Sync),
) -> Result<Vec<ChunkDone>, DatagenError> {
    let next = AtomicUsize::new(0);
    let made = Mutex::new(Vec::new());
    let failed = Mutex::new(None);
    thread::scope(|scope| {
        for _ in 0..options.threads.clamp(1, chunks.len().max(1)) {
            scope.spawn(|| {
                let mut engine = engine.clone();
                while let Some(&chunk) = chunks.get(next.fetch_add(1, Ordering::Relaxed)) {
                    match make_chunk(options, &mut engine, chunk, &run.of(chunk)) {
                        Ok(finished) => {
                            done(finished);
                            made.lock()
                                .unwrap_or_else(|poisoned| poisoned.into_inner())
                                .push(finished);
                        }
                        Err(error) => {
                            // No thread starts another chunk after a failure.
                            next.store(chunks.len(), Ordering::Relaxed);
                            *failed
                                .lock()
                                .unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(error);
                        }
                    }
                }
            });
        }
    });
    match failed
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
    {
        Some(error) => Err(error),
        None => Ok(made
            .into_inner()
            .unwrap_or_else(|poisoned| poisoned.into_inner())),
    }
}

/// Plays chunk `chunk`'s games and writes its file; or, when another run
/// writes it first, finds it.
fn make_chunk(
    options: &DatagenOptions,
    engine: &mut Engine,
    chunk: usize,
    maker: &Maker,
) -> Result<ChunkDone, DatagenError> {
    let path = options.folder.join(chunk_name(chunk));
    let file = match NewFile::create(&path) {
        Ok(file) => file,
        Err(error) if error.kind() == io::ErrorKind::AlreadyExists => {
            return found(&path, chunk, maker);
        }
        Err(error) => return Err(DatagenError::Write(path, error)),
    };
    let mut rng = Rng::new(chunk_seed(options.seed, chunk));
    let samples: Vec<_> = (0..options.games_per_chunk)
        .flat_map(|_| play_game(engine, &mut rng, options.game))
        .collect();
    match file.publish(&chunk_bytes(maker, &samples)) {
        Ok(()) => Ok(ChunkDone {
            chunk,
            samples: samples.len(),
            made: true,
        }),
        Err(error) if error.kind() == io::ErrorKind::AlreadyExists => found(&path, chunk, maker),
        Err(error) => Err(DatagenError::Write(path, error)),
    }
}

/// Chunk `chunk` as another run wrote it at `path` meanwhile.
fn found(path: &Path, chunk: usize, maker: &Maker) -> Result<ChunkDone, DatagenError> {
    match existing(path, maker)? {
        Some(samples) => Ok(ChunkDone {
            chunk,
            samples,
            made: false,
        }),
        None => Err(DatagenError::Write(
            path.to_path_buf(),
            io::ErrorKind::NotFound.into(),
        )),
    }
}

/// The seed of chunk `chunk`'s openings: apart for every chunk.
fn chunk_seed(seed: u64, chunk: usize) -> u64 {
    Rng::new(seed ^ (chunk as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)).next_u64()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A folder of this test's own, empty.
    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("congo-datagen-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    fn options(folder: &Path, chunks: usize, threads: usize, shard: Shard) -> DatagenOptions {
        DatagenOptions {
            folder: folder.to_path_buf(),
            seed: 7,
            chunks,
            games_per_chunk: 2,
            shard,
            threads,
            game: GameSettings {
                nodes: 300,
                random_plies: 8,
            },
        }
    }

    fn run(options: &DatagenOptions) -> Result<Vec<ChunkDone>, DatagenError> {
        let engine = Engine::new(congo_rules::RuleSet::Wits2022, congo_engine::Weights::TUNED);
        datagen(options, &engine, &|_| {})
    }

    fn chunk(folder: &Path, number: usize) -> Vec<u8> {
        fs::read(folder.join(chunk_name(number))).unwrap()
    }

    #[test]
    fn a_chunk_is_the_same_bytes_whatever_the_threads_shards_or_stops() {
        let whole = scratch("whole");
        let made = run(&options(&whole, 3, 1, Shard::ALL)).unwrap();
        assert_eq!(
            made.iter()
                .map(|chunk| (chunk.chunk, chunk.made))
                .collect::<Vec<_>>(),
            [(0, true), (1, true), (2, true)]
        );
        assert!(made.iter().all(|chunk| chunk.samples > 20), "{made:?}");
        assert_ne!(chunk(&whole, 0), chunk(&whole, 1));

        let threaded = scratch("threaded");
        run(&options(&threaded, 3, 3, Shard::ALL)).unwrap();
        let resumed = scratch("resumed");
        run(&options(&resumed, 1, 1, Shard::ALL)).unwrap();
        let went_on = run(&options(&resumed, 3, 2, Shard::ALL)).unwrap();
        assert_eq!(
            went_on.iter().map(|chunk| chunk.made).collect::<Vec<_>>(),
            [false, true, true]
        );
        let sharded = scratch("sharded");
        for shard in Shard::every(2) {
            run(&options(&sharded, 3, 1, shard)).unwrap();
        }
        for folder in [&threaded, &resumed, &sharded] {
            for number in 0..3 {
                assert_eq!(
                    chunk(folder, number),
                    chunk(&whole, number),
                    "{folder:?} {number}"
                );
            }
        }
        for folder in [whole, threaded, resumed, sharded] {
            fs::remove_dir_all(folder).unwrap();
        }
    }

    #[test]
    fn a_file_in_a_chunks_place_that_is_no_chunk_is_left_as_it_is() {
        let folder = scratch("foreign");
        fs::create_dir_all(&folder).unwrap();
        let foreign = folder.join(chunk_name(1));
        fs::write(&foreign, b"my notes").unwrap();
        let error = run(&options(&folder, 3, 1, Shard::ALL)).unwrap_err();
        assert_eq!(
            error.to_string(),
            format!(
                "{}: 8 bytes is too short for a chunk file; it is left as it is \
                 (move it away to make this chunk)",
                foreign.display()
            )
        );
        assert_eq!(fs::read(&foreign).unwrap(), b"my notes");
        assert!(!folder.join(chunk_name(0)).exists());
        fs::remove_dir_all(folder).unwrap();
    }

    #[test]
    fn a_run_never_takes_another_runs_chunks_for_its_own() {
        let folder = scratch("other-run");
        run(&options(&folder, 1, 1, Shard::ALL)).unwrap();
        let before = chunk(&folder, 0);
        let mut deeper = options(&folder, 2, 1, Shard::ALL);
        deeper.game.nodes = 400;
        let error = run(&deeper).unwrap_err();
        assert_eq!(
            error.to_string(),
            format!(
                "{}: made by another run (chunk 0 of seed 7, 2 games of 300 nodes a move after \
                 8 random plies, the hand-written evaluation, no tables), not as this one makes \
                 it (chunk 0 of seed 7, 2 games of 400 nodes a move after 8 random plies, the \
                 hand-written evaluation, no tables); give this run a folder of its own",
                folder.join(chunk_name(0)).display()
            )
        );
        assert_eq!(chunk(&folder, 0), before);
        assert!(!folder.join(chunk_name(1)).exists());
        fs::remove_dir_all(folder).unwrap();
    }

    #[test]
    fn a_pipe_in_a_chunks_place_is_refused_unread() {
        let folder = scratch("pipe");
        fs::create_dir_all(&folder).unwrap();
        let pipe = folder.join(chunk_name(0));
        let made = std::process::Command::new("mkfifo")
            .arg(&pipe)
            .status()
            .unwrap();
        assert!(made.success());
        let error = run(&options(&folder, 1, 1, Shard::ALL)).unwrap_err();
        assert_eq!(
            error.to_string(),
            format!(
                "{}: not a file; it is left as it is (move it away to make this chunk)",
                pipe.display()
            )
        );
        fs::remove_dir_all(folder).unwrap();
    }

    #[test]
    fn every_kept_position_reads_back_with_its_games_result() {
        let folder = scratch("samples");
        run(&options(&folder, 1, 1, Shard::ALL)).unwrap();
        let bytes = chunk(&folder, 0);
        let (_, samples) = chunk_samples(&bytes).unwrap();
        let read: Vec<_> = samples
            .iter()
            .map(|sample| crate::sample::Sample::read(sample).unwrap())
            .collect();
        // Two games: the results change at most once along the chunk.
        let changes = read
            .windows(2)
            .filter(|pair| pair[0].outcome != pair[1].outcome)
            .count();
        assert!(changes <= 1, "{changes}");
        assert!(
            read.iter()
                .all(|sample| i32::from(sample.score).abs() < congo_engine::WON_BY_EVALUATION)
        );
        fs::remove_dir_all(folder).unwrap();
    }
}
