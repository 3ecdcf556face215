//! Random secrets: game ids, players' keys and browsers' identities.

use std::io::Read;
use std::time::Instant;

/// `bytes` random bytes in hexadecimal: from the system's random source,
/// or else from the standard library's randomly keyed hasher.
pub(super) fn secret(bytes: usize) -> String {
    let mut random = vec![0; bytes];
    let read =
        std::fs::File::open("/dev/urandom").and_then(|mut file| file.read_exact(&mut random));
    if read.is_err() {
        use std::hash::{BuildHasher, RandomState};
        for (at, byte) in random.iter_mut().enumerate() {
            *byte = RandomState::new().hash_one((at, Instant::now())) as u8;
        }
    }
    random.iter().map(|byte| format!("{byte:02x}")).collect()
}
