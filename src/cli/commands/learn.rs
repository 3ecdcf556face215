//! `congo datagen` and `congo train`: the learned evaluation's training
//! data made by self-play, and the net fitted to it.

use std::path::PathBuf;
use std::sync::{Arc, mpsc};
use std::thread;

use crate::cli::args::Args;
use crate::cli::limits::MAX_THREADS;
use crate::cli::option::{Opt, Value, whole};
use crate::cli::options::{NODES, SEED, SHARD, TABLES, THREADS};
use crate::cli::streams::Io;
use crate::cli::subcommand::{Section, Subcommand, Work};
use crate::cli::usage::UsageError;
use congo_engine::net::{FILE_BYTES, NetError, Network};
use congo_engine::{Engine, Weights};
use congo_kit::output_files::NewFile;
use congo_learn::datagen::{ChunkDone, DatagenOptions, datagen};
use congo_learn::selfplay::GameSettings;
use congo_learn::train::{TrainEvent, TrainOptions, train};
use congo_rules::RuleSet;

const CHUNKS: Opt = Opt::new(
    "--chunks",
    whole("N", 1, 1_000_000),
    "make chunks 0 to N-1 (default 100)",
);
const GAMES: Opt = Opt::new(
    "--games",
    whole("G", 1, 1_000_000),
    "play G games a chunk (default 64)",
);
const RANDOM_PLIES: Opt = Opt::new(
    "--random-plies",
    whole("K", 0, 100),
    "open each game with K random moves from the full game's start (default 8)",
);
const DATAGEN_NODES: Opt = NODES.help("search exactly N nodes a move (default 5000)");
const DATAGEN_SHARD: Opt = SHARD
    .help("make only chunks I, I+N, I+2N, ...; without it, a Slurm job array task makes its share");
const CHUNK_THREADS: Opt = Opt::new(
    "--concurrency",
    whole("C", 1, MAX_THREADS as u64),
    "make C chunks at once (default 1)",
);
pub(crate) const NET: Opt = Opt::new(
    "--net",
    Value::Path("FILE"),
    "evaluate with the net in FILE (congo train's) instead of the shipped one",
);
pub(crate) const EVAL: Opt = Opt::new(
    "--eval",
    Value::Text("hand|net"),
    "evaluate with the hand-written terms or the learned net (default net)",
);

/// How the engine is to evaluate, as `--eval` and `--net` say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum EvalChoice {
    /// The hand-written terms and weights.
    Hand,
    /// The net built into congo.
    Shipped,
    /// The net in a file.
    File(PathBuf),
}

impl EvalChoice {
    /// The choice `args` make.
    pub(crate) fn of(args: &Args) -> Result<EvalChoice, UsageError> {
        let net = args.path(&NET);
        match (args.text(&EVAL).as_deref(), net) {
            (Some("hand"), Some(_)) => Err(UsageError::Exclusive("--eval hand", "--net")),
            (Some("hand"), None) => Ok(EvalChoice::Hand),
            (Some("net") | None, Some(path)) => Ok(EvalChoice::File(path)),
            (Some("net") | None, None) => Ok(EvalChoice::Shipped),
            (Some(other), _) => Err(UsageError::BadValue {
                option: "--eval",
                found: other.to_owned(),
                expected: "hand or net",
            }),
        }
    }

    /// The net to evaluate with (`None`: the hand-written terms), or why
    /// its file cannot be read.
    pub(crate) fn network(&self) -> Result<Option<Arc<Network>>, String> {
        match self {
            EvalChoice::Hand => Ok(None),
            EvalChoice::Shipped => Ok(Some(congo_engine::net::shipped())),
            EvalChoice::File(path) => read_net(path).map(Some),
        }
    }
}

pub(crate) const DATAGEN: Subcommand = Subcommand::tool(
    "datagen",
    "FOLDER",
    &[
        SEED,
        CHUNKS,
        GAMES,
        DATAGEN_NODES,
        RANDOM_PLIES,
        CHUNK_THREADS,
        DATAGEN_SHARD,
        TABLES,
        EVAL,
        NET,
    ],
    "make training data for the engine's net: the engine plays itself at fixed nodes \
     from random openings, the tables (--tb) ending the games they cover, and keeps each \
     quiet position with its search's score and its game's result in FOLDER/chunk-NNNNNN.cdat; \
     a chunk is the same bytes on any machine, and chunks already there are kept, so a \
     run cut off goes on where it stopped",
    read_datagen,
)
.in_section(Section::Playing);

const EPOCHS: Opt = Opt::new(
    "--epochs",
    whole("E", 1, 100_000),
    "pass over the samples E times (default 30)",
);
const BATCH: Opt = Opt::new(
    "--batch",
    whole("B", 1, 1 << 24),
    "take B samples a step (default 16384)",
);
const RATE: Opt = Opt::new(
    "--rate",
    Value::Probability("R"),
    "step with Adam at rate R, a tenth of it in the last quarter of the epochs (default 0.001)",
);
const BLEND: Opt = Opt::new(
    "--blend",
    Value::Probability("W"),
    "teach W of the search's score and the rest of the game's result (default 0.75)",
);
const OUTPUT: Opt = Opt::new(
    "--output",
    Value::Path("FILE"),
    "write the net to FILE, which must not exist yet",
)
.required();
const TRAIN_THREADS: Opt = THREADS.help("sum each step's gradient on N threads (default 1)");

pub(crate) const TRAIN: Subcommand = Subcommand::tool(
    "train",
    "CHUNK|FOLDER...",
    &[OUTPUT, SEED, EPOCHS, BATCH, RATE, BLEND, TRAIN_THREADS],
    "fit the engine's net to datagen's chunks (a folder stands for its chunk files): \
     floats and Adam, each position also seen mirrored left to right, one sample in 50 \
     held out and scored after each epoch; the same seed gives the same net on any machine",
    read_train,
)
.in_section(Section::Playing);

fn read_datagen(args: &Args) -> Result<Work, UsageError> {
    let folder = args.one_operand("datagen", "a folder for the chunks")?;
    if folder.is_empty() {
        return Err(UsageError::EmptyPath("datagen FOLDER"));
    }
    let folder = PathBuf::from(folder);
    let options = DatagenOptions {
        folder,
        seed: args.whole(&SEED)?.unwrap_or(1),
        chunks: args.whole(&CHUNKS)?.unwrap_or(100),
        games_per_chunk: args.whole(&GAMES)?.unwrap_or(64),
        shard: args.shard(&DATAGEN_SHARD)?,
        threads: args.whole(&CHUNK_THREADS)?.unwrap_or(1),
        game: GameSettings {
            nodes: args.whole(&DATAGEN_NODES)?.unwrap_or(5000),
            random_plies: args.whole(&RANDOM_PLIES)?.unwrap_or(8),
        },
    };
    let tables = args.adjudicating_tables(&TABLES)?;
    let evaluation = EvalChoice::of(args)?;
    let from_slurm = options.shard.is_part() && !args.has(&DATAGEN_SHARD);
    Ok(Work::tool(move |io| {
        if from_slurm {
            io.say(format_args!(
                "shard {}, from Slurm's job array",
                options.shard
            ));
        }
        let network = match evaluation.network() {
            Ok(network) => network,
            Err(message) => return io.fail(message),
        };
        let engine = Engine::new(RuleSet::Wits2022, Weights::TUNED)
            .with_endgame_tables(tables)
            .with_net(network);
        run_datagen(&options, &engine, io)
    }))
}

/// Runs datagen, telling each chunk on the error stream as it is done.
fn run_datagen(options: &DatagenOptions, engine: &Engine, io: &mut Io<'_>) -> u8 {
    let (sender, told) = mpsc::channel::<ChunkDone>();
    let finished = thread::scope(|scope| {
        let run = scope.spawn(move || {
            datagen(options, engine, &move |chunk| {
                let _ = sender.send(chunk);
            })
        });
        for chunk in told {
            let how = if chunk.made { "made" } else { "found" };
            io.say(format_args!(
                "chunk {}: {} samples ({how})",
                chunk.chunk, chunk.samples
            ));
        }
        run.join()
    });
    match finished {
        Ok(Ok(chunks)) => {
            let samples: usize = chunks.iter().map(|chunk| chunk.samples).sum();
            let line = format!(
                "{} chunks, {samples} samples in {}\n",
                chunks.len(),
                options.folder.display()
            );
            let written = io.output.write_all(line.as_bytes());
            io.finish(written)
        }
        Ok(Err(error)) => io.fail(error),
        Err(_) => io.fail("datagen stopped: a game's thread failed"),
    }
}

/// The net in the file at `path`, or what is wrong with it.
/// Its size is checked before anything is read: a huge file, a device
/// or a pipe given by mistake is refused at once.
pub(crate) fn read_net(path: &std::path::Path) -> Result<Arc<Network>, String> {
    let said = |error: &dyn std::fmt::Display| format!("{}: {error}", path.display());
    let metadata = std::fs::metadata(path).map_err(|error| said(&error))?;
    if !metadata.is_file() {
        return Err(said(&"not a file"));
    }
    let length = usize::try_from(metadata.len()).unwrap_or(usize::MAX);
    if length != FILE_BYTES {
        return Err(said(&NetError::Length(length)));
    }
    let mut file = std::fs::File::open(path).map_err(|error| said(&error))?;
    let mut bytes = Vec::with_capacity(FILE_BYTES);
    std::io::Read::read_to_end(
        &mut std::io::Read::take(&mut file, FILE_BYTES as u64 + 1),
        &mut bytes,
    )
    .map_err(|error| said(&error))?;
    Network::read(&bytes)
        .map(Arc::new)
        .map_err(|error| said(&error))
}

fn read_train(args: &Args) -> Result<Work, UsageError> {
    if args.operands.is_empty() {
        return Err(UsageError::Required("train", "a chunk file or folder"));
    }
    let output = args
        .path(&OUTPUT)
        .ok_or(UsageError::Required("train", "--output FILE"))?;
    let options = TrainOptions {
        data: args.operands.iter().map(PathBuf::from).collect(),
        seed: args.whole(&SEED)?.unwrap_or(1),
        epochs: args.whole(&EPOCHS)?.unwrap_or(30),
        batch: args.whole(&BATCH)?.unwrap_or(16384),
        rate: args.probability(&RATE).unwrap_or(0.001) as f32,
        blend: args.probability(&BLEND).unwrap_or(0.75) as f32,
        threads: args.whole(&TRAIN_THREADS)?.unwrap_or(1),
    };
    Ok(Work::tool(move |io| {
        let file = match NewFile::create(&output) {
            Ok(file) => file,
            Err(error) => return io.fail(output_error(&output, &error)),
        };
        let net = match train(&options, &mut |event| tell(io, event)) {
            Ok(net) => net,
            Err(error) => return io.fail(error),
        };
        match file.publish(&net.quantize().to_bytes()) {
            Ok(()) => {
                let written = writeln!(io.output, "{}", output.display());
                io.finish(written)
            }
            Err(error) => io.fail(output_error(&output, &error)),
        }
    }))
}

/// Why the net cannot be written to `output`.
fn output_error(output: &std::path::Path, error: &std::io::Error) -> String {
    match error.kind() {
        std::io::ErrorKind::AlreadyExists => format!(
            "{}: already there; the net is written only to a new file",
            output.display()
        ),
        _ => format!("{}: cannot write: {error}", output.display()),
    }
}

/// Tells a training event on the error stream.
fn tell(io: &mut Io<'_>, event: TrainEvent) {
    match event {
        TrainEvent::Loaded { training, held_out } => {
            io.say(format_args!(
                "{training} samples to train on, {held_out} held out"
            ));
        }
        TrainEvent::Epoch {
            epoch,
            training_loss,
            held_out_loss,
            per_second,
        } => {
            let held_out =
                held_out_loss.map_or(String::new(), |loss| format!(", held out {loss:.6}"));
            io.say(format_args!(
                "epoch {epoch}: loss {training_loss:.6}{held_out}, {per_second:.0} samples/s"
            ));
        }
    }
}
