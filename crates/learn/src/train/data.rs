//! The training positions: chunk files read whole and checked, kept as
//! their 32 bytes each (a board would take six times the memory), and
//! turned into a net's inputs and a target only when a batch needs them.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::float_net::{Inputs, sigmoid};
use crate::chunk::{ChunkError, chunk_samples, read_chunk_file};
use crate::sample::{SAMPLE_BYTES, pieces};
use congo_engine::net::{SCALE, feature};
use congo_rules::Color;

/// One sample's bytes.
pub type SampleBytes = [u8; SAMPLE_BYTES];

/// Why the training data cannot be read.
#[derive(Debug)]
pub enum DataError {
    /// A file or folder cannot be read.
    Read(PathBuf, io::Error),
    /// A file is no chunk file.
    Chunk(PathBuf, ChunkError),
    /// Something other than a file stands where a chunk file is named
    /// (a pipe, a device).
    NotAFile(PathBuf),
    /// The files hold no sample: the paths given.
    Empty(Vec<PathBuf>),
}

impl std::fmt::Display for DataError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DataError::Read(path, error) => write!(f, "{}: {error}", path.display()),
            DataError::Chunk(path, error) => write!(f, "{}: {error}", path.display()),
            DataError::NotAFile(path) => write!(f, "{}: not a file", path.display()),
            DataError::Empty(paths) => {
                let names: Vec<String> = paths
                    .iter()
                    .map(|path| path.display().to_string())
                    .collect();
                write!(f, "{}: no sample to train on", names.join(", "))
            }
        }
    }
}

impl std::error::Error for DataError {}

/// Every sample of the chunk files at `paths` (a folder stands for its
/// chunk files, in name order), in that order, each file once however
/// often it is named: a sample twice over would also be held out twice.
pub fn load(paths: &[PathBuf]) -> Result<Vec<SampleBytes>, DataError> {
    let mut samples = Vec::new();
    let mut seen = Vec::new();
    for path in paths {
        for file in chunk_files(path)? {
            let real =
                fs::canonicalize(&file).map_err(|error| DataError::Read(file.clone(), error))?;
            if seen.contains(&real) {
                continue;
            }
            seen.push(real);
            if fs::metadata(&file).is_ok_and(|metadata| !metadata.is_file()) {
                return Err(DataError::NotAFile(file));
            }
            let bytes = read_chunk_file(&file)
                .map_err(|error| DataError::Read(file.clone(), error))?
                .map_err(|error| DataError::Chunk(file.clone(), error))?;
            let chunk =
                chunk_samples(&bytes).map_err(|error| DataError::Chunk(file.clone(), error))?;
            samples.extend_from_slice(chunk.1);
        }
    }
    if samples.is_empty() {
        return Err(DataError::Empty(paths.to_vec()));
    }
    Ok(samples)
}

/// `path` itself, or the chunk files in the folder `path`.
fn chunk_files(path: &Path) -> Result<Vec<PathBuf>, DataError> {
    let unreadable = |error| DataError::Read(path.to_path_buf(), error);
    if !fs::metadata(path).map_err(unreadable)?.is_dir() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut files = Vec::new();
    for entry in fs::read_dir(path).map_err(unreadable)? {
        let name = entry.map_err(unreadable)?.file_name();
        let name = name.to_string_lossy();
        if name.starts_with("chunk-") && name.ends_with(".cdat") {
            files.push(path.join(&*name));
        }
    }
    files.sort();
    Ok(files)
}

/// Sets `inputs` to the sample's pieces as the net sees them from each
/// side, the board mirrored left to right when `mirrored`.
pub fn inputs(sample: &SampleBytes, mirrored: bool, inputs: &mut Inputs) {
    inputs.ours.clear();
    inputs.theirs.clear();
    let side = side_to_move(sample);
    let Ok(pieces) = pieces(sample) else { return };
    for (square, piece) in pieces {
        let square = if mirrored { square.mirrored() } else { square };
        inputs.ours.push(feature(side, piece, square) as u16);
        inputs.theirs.push(feature(!side, piece, square) as u16);
    }
}

/// What the net is taught for the sample: `blend` of the search's score
/// (as a result, through the sigmoid) and the rest of the game's result,
/// both for the side to move.
pub fn target(sample: &SampleBytes, blend: f32) -> f32 {
    let score = f32::from(i16::from_le_bytes([sample[24], sample[25]]));
    let white_result = f32::from(sample[23]) / 2.0;
    let result = match side_to_move(sample) {
        Color::White => white_result,
        Color::Black => 1.0 - white_result,
    };
    blend * sigmoid(score / SCALE as f32) + (1.0 - blend) * result
}

fn side_to_move(sample: &SampleBytes) -> Color {
    if sample[22] == 1 {
        Color::Black
    } else {
        Color::White
    }
}
