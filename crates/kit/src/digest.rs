//! FNV-1a, the one in-tree digest: the tables' checksum, a tournament
//! engine's identity and the serve journal's line check all use it, so
//! that none of them needs a crate and all of them agree.

/// The 64-bit FNV-1a hash of `bytes`: enough to tell damaged or changed
/// bytes from the ones written, no guard against a forgery.
pub fn fnv1a_64(bytes: &[u8]) -> u64 {
    fnv1a_64_on(FNV_START, bytes)
}

/// Where FNV-1a starts: the hash of nothing.
pub const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// The FNV-1a hash `hash` of some bytes carried on over `bytes`, so that
/// a stream is hashed piece by piece to what [`fnv1a_64`] of the whole
/// gives.
pub fn fnv1a_64_on(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn it_is_fnv1a_64() {
        assert_eq!(fnv1a_64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a_64(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a_64(b"foobar"), 0x8594_4171_f739_67e8);
        assert_eq!(fnv1a_64_on(fnv1a_64(b"foo"), b"bar"), fnv1a_64(b"foobar"));
    }
}
