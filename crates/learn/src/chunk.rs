//! A chunk file: the samples of a share of a datagen run's games, written
//! whole once its games are over, so that a run stopped half way goes on
//! from the chunks it has, here or on another machine.
//!
//! The file is `CONGODAT`, a version and the number of samples (each a
//! little-endian `u32`), the chunk's [`Maker`], the samples, then the
//! FNV-1a checksum of all before it.

use std::fmt;
use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use crate::maker::{MAKER_BYTES, Maker};
use crate::sample::{SAMPLE_BYTES, Sample, SampleError};
use congo_kit::digest::fnv1a_64;

const MAGIC: &[u8; 8] = b"CONGODAT";
const VERSION: u32 = 2;
const HEADER_BYTES: usize = MAGIC.len() + 8 + MAKER_BYTES;

/// The name of chunk `number` in a datagen folder.
pub fn chunk_name(number: usize) -> String {
    format!("chunk-{number:06}.cdat")
}

/// Why bytes are no chunk file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChunkError {
    /// Too short for a header and a checksum: its length.
    Short(u64),
    /// Not as long as its header's count says.
    Length(u64),
    /// It does not start as a chunk file does.
    Magic,
    /// A version this build does not read.
    Version(u32),
    /// The bytes differ from those written.
    Checksum,
    /// A sample, numbered from 0, is wrong.
    Sample(usize, SampleError),
}

impl fmt::Display for ChunkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChunkError::Short(length) => {
                write!(f, "{length} bytes is too short for a chunk file")
            }
            ChunkError::Length(length) => {
                write!(f, "{length} bytes is not the length its header says")
            }
            ChunkError::Magic => f.write_str("not a chunk file (it does not start with CONGODAT)"),
            ChunkError::Version(version) => {
                write!(
                    f,
                    "chunk version {version}; this build reads version {VERSION}"
                )
            }
            ChunkError::Checksum => f.write_str("damaged: its checksum does not match"),
            ChunkError::Sample(index, error) => write!(f, "sample {index}: {error}"),
        }
    }
}

impl std::error::Error for ChunkError {}

/// The chunk file of `samples`, made by `maker`.
pub fn chunk_bytes(maker: &Maker, samples: &[Sample]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(HEADER_BYTES + samples.len() * SAMPLE_BYTES + 8);
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&VERSION.to_le_bytes());
    bytes.extend_from_slice(&(samples.len() as u32).to_le_bytes());
    bytes.extend_from_slice(&maker.to_bytes());
    for sample in samples {
        bytes.extend_from_slice(&sample.to_bytes());
    }
    let sum = fnv1a_64(&bytes);
    bytes.extend_from_slice(&sum.to_le_bytes());
    bytes
}

/// The bytes of the chunk file at `path`, read only as far as its header
/// says it goes, and only once the file is that long: a file damaged or
/// foreign is refused from its header, however large it is.
pub fn read_chunk_file(path: &Path) -> io::Result<Result<Vec<u8>, ChunkError>> {
    let mut file = File::open(path)?;
    let length = file.metadata()?.len();
    let mut bytes = Vec::new();
    (&mut file)
        .take(HEADER_BYTES as u64)
        .read_to_end(&mut bytes)?;
    let Some(header) = bytes.first_chunk::<HEADER_BYTES>() else {
        return Ok(Err(ChunkError::Short(length)));
    };
    let expected = match sample_count(header) {
        Ok(count) => (HEADER_BYTES + count * SAMPLE_BYTES + 8) as u64,
        Err(error) => return Ok(Err(error)),
    };
    if length != expected {
        return Ok(Err(ChunkError::Length(length)));
    }
    file.take(expected - HEADER_BYTES as u64)
        .read_to_end(&mut bytes)?;
    Ok(Ok(bytes))
}

/// The number of samples a chunk's header announces, once it is a chunk
/// header of this version.
fn sample_count(header: &[u8; HEADER_BYTES]) -> Result<usize, ChunkError> {
    if !header.starts_with(MAGIC) {
        return Err(ChunkError::Magic);
    }
    let word = |at: usize| {
        u32::from_le_bytes([header[at], header[at + 1], header[at + 2], header[at + 3]])
    };
    if word(8) != VERSION {
        return Err(ChunkError::Version(word(8)));
    }
    Ok(word(12) as usize)
}

/// The maker and the samples of a chunk file, the samples still as
/// bytes, each checked.
pub fn chunk_samples(bytes: &[u8]) -> Result<(Maker, &[[u8; SAMPLE_BYTES]]), ChunkError> {
    let short = ChunkError::Short(bytes.len() as u64);
    let (header, rest) = bytes
        .split_first_chunk::<HEADER_BYTES>()
        .ok_or(short.clone())?;
    let count = sample_count(header)?;
    let (body, sum) = rest.split_last_chunk::<8>().ok_or(short)?;
    if body.len() != count.saturating_mul(SAMPLE_BYTES) {
        return Err(ChunkError::Length(bytes.len() as u64));
    }
    if fnv1a_64(&bytes[..bytes.len() - 8]).to_le_bytes() != *sum {
        return Err(ChunkError::Checksum);
    }
    let (samples, _) = body.as_chunks::<SAMPLE_BYTES>();
    for (index, sample) in samples.iter().enumerate() {
        Sample::read(sample).map_err(|error| ChunkError::Sample(index, error))?;
    }
    let mut maker = [0; MAKER_BYTES];
    maker.copy_from_slice(&header[16..]);
    Ok((Maker::read(&maker), samples))
}
