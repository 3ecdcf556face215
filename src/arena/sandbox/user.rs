//! Who a confined engine runs as. congo run as root (as the course's
//! cgroup-v1 limits need) gives each engine a user of its own, which
//! owns nothing on the machine but the engine's cell; run as anyone
//! else, the engine runs as that user, its rights cut by the namespaces.

use std::fs;

/// The first of the users engines run as when congo is root: engine `k`
/// of the roster is `FIRST_USER + k`. No account has these numbers.
pub const FIRST_USER: u32 = 1_900_000;

/// The user congo runs as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Identity {
    /// The effective user ID.
    uid: u32,
}

impl Identity {
    /// This process's, from `/proc/self/status` (not root where it cannot
    /// be read: then nothing is changed).
    pub fn here() -> Identity {
        let status = fs::read_to_string("/proc/self/status").unwrap_or_default();
        let uid = status
            .lines()
            .find_map(|line| line.strip_prefix("Uid:"))
            .and_then(|ids| ids.split_whitespace().nth(1))
            .and_then(|id| id.parse().ok())
            .unwrap_or(u32::MAX);
        Identity { uid }
    }

    /// Whether congo runs as root.
    pub fn is_root(self) -> bool {
        self.uid == 0
    }

    /// The user the engine at `place` runs as, when congo chooses one.
    pub fn engine_user(self, place: usize) -> Option<u32> {
        let place = u32::try_from(place).ok()?;
        self.is_root().then(|| FIRST_USER.saturating_add(place))
    }

    /// congo's own user, in words.
    pub fn own_words(self) -> String {
        if self.is_root() {
            "as root (uid 0)".to_owned()
        } else {
            format!("as congo's user (uid {})", self.uid)
        }
    }

    /// Who confined engines run as, in words.
    pub fn words(self) -> String {
        if self.is_root() {
            format!("each engine runs as a user of its own (uid {FIRST_USER} and up)")
        } else {
            format!("each engine runs as congo's user (uid {})", self.uid)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn root_gives_each_engine_its_own_user_and_others_keep_theirs() {
        let root = Identity { uid: 0 };
        assert_eq!(root.engine_user(0), Some(FIRST_USER));
        assert_eq!(root.engine_user(7), Some(FIRST_USER + 7));
        let user = Identity { uid: 1000 };
        assert_eq!(user.engine_user(3), None);
        assert!(user.words().contains("uid 1000"));
        assert!(root.words().contains("a user of its own"));
    }
}
