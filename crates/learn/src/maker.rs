//! What made a chunk: its run's settings and its place in the run, kept
//! in the chunk's header, so that a run going on in a folder knows the
//! chunks it finds for its own and never mixes in another run's.

use std::fmt;

/// A chunk's maker, 40 bytes in its header.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Maker {
    /// The run's seed.
    pub seed: u64,
    /// The chunk's number in the run.
    pub chunk: u32,
    /// Games a chunk.
    pub games: u32,
    /// Nodes the engine searched a move.
    pub nodes: u64,
    /// Random moves each game opened with.
    pub random_plies: u32,
    /// The evaluation: 0 for the hand-written terms, else the FNV-1a
    /// digest of the net's file.
    pub evaluation: u64,
    /// The most pieces of the endgame tables that ended games (0: none).
    pub table_pieces: u32,
}

/// The bytes a maker takes.
pub const MAKER_BYTES: usize = 40;

impl Maker {
    /// The same run's maker of chunk `chunk`.
    pub fn of(&self, chunk: usize) -> Maker {
        Maker {
            chunk: chunk as u32,
            ..*self
        }
    }

    /// Its bytes, little-endian, in the fields' order.
    pub fn to_bytes(&self) -> [u8; MAKER_BYTES] {
        let mut bytes = [0; MAKER_BYTES];
        let mut at = 0;
        let mut put = |field: &[u8]| {
            bytes[at..at + field.len()].copy_from_slice(field);
            at += field.len();
        };
        put(&self.seed.to_le_bytes());
        put(&self.chunk.to_le_bytes());
        put(&self.games.to_le_bytes());
        put(&self.nodes.to_le_bytes());
        put(&self.random_plies.to_le_bytes());
        put(&self.evaluation.to_le_bytes());
        put(&self.table_pieces.to_le_bytes());
        bytes
    }

    /// The maker these bytes hold.
    pub fn read(bytes: &[u8; MAKER_BYTES]) -> Maker {
        let mut rest = &bytes[..];
        let mut take = |length: usize| {
            let (field, after) = rest.split_at(length);
            rest = after;
            field
                .iter()
                .rev()
                .fold(0u64, |value, &byte| value << 8 | u64::from(byte))
        };
        Maker {
            seed: take(8),
            chunk: take(4) as u32,
            games: take(4) as u32,
            nodes: take(8),
            random_plies: take(4) as u32,
            evaluation: take(8),
            table_pieces: take(4) as u32,
        }
    }
}

impl fmt::Display for Maker {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "chunk {} of seed {}, {} games of {} nodes a move after {} random plies, ",
            self.chunk, self.seed, self.games, self.nodes, self.random_plies
        )?;
        match self.evaluation {
            0 => f.write_str("the hand-written evaluation, ")?,
            digest => write!(f, "the net {digest:016x}, ")?,
        }
        match self.table_pieces {
            0 => f.write_str("no tables"),
            pieces => write!(f, "tables of up to {pieces} pieces"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_maker_reads_back_as_written_and_says_what_it_was() {
        let maker = Maker {
            seed: u64::MAX - 3,
            chunk: 7,
            games: 64,
            nodes: 5000,
            random_plies: 8,
            evaluation: 0x0123_4567_89ab_cdef,
            table_pieces: 4,
        };
        assert_eq!(Maker::read(&maker.to_bytes()), maker);
        assert_eq!(
            maker.to_string(),
            "chunk 7 of seed 18446744073709551612, 64 games of 5000 nodes a move after 8 \
             random plies, the net 0123456789abcdef, tables of up to 4 pieces"
        );
        let hand = Maker::default();
        assert!(
            hand.to_string()
                .ends_with("the hand-written evaluation, no tables")
        );
    }
}
