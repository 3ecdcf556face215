//! Who a confined engine runs as. congo run as root (as the course's
//! cgroup-v1 limits need) gives each engine a user of its own, which
//! owns nothing on the machine but the engine's cell; run as anyone
//! else, the engine runs as that user, its rights cut by the namespaces.

use std::fs;

/// The first of the users engines run as when congo is root, unless told
/// (`--first-uid`): engine `k` of the roster is `FIRST_USER + k`. Each is
/// checked free before use.
pub const FIRST_USER: u32 = 1_900_000;

/// The user congo runs as, and the first user of its engines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Identity {
    /// The effective user ID.
    uid: u32,
    /// The user of the roster's first engine, when congo is root.
    first: u32,
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
        Identity {
            uid,
            first: FIRST_USER,
        }
    }

    /// The identity, its engines' users counted from `first`.
    pub fn with_first(self, first: u32) -> Identity {
        Identity { first, ..self }
    }

    /// Whether congo runs as root.
    pub fn is_root(self) -> bool {
        self.uid == 0
    }

    /// The user the engine at `place` runs as, when congo chooses one.
    pub fn engine_user(self, place: usize) -> Option<u32> {
        let place = u32::try_from(place).ok()?;
        self.is_root().then(|| self.first.saturating_add(place))
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
            format!(
                "each engine runs as a user of its own (uid {} and up)",
                self.first
            )
        } else {
            format!("each engine runs as congo's user (uid {})", self.uid)
        }
    }
}

/// Who already has the user ID `uid`, if anyone: an account, as
/// `getent` (or `/etc/passwd` without it) knows it. Processes are not
/// asked: another tournament's engines share these IDs harmlessly, each
/// in namespaces of its own.
pub fn taken(uid: u32) -> Option<String> {
    let id = uid.to_string();
    let accounts = match std::process::Command::new("getent")
        .args(["passwd", &id])
        .output()
    {
        Ok(found) => String::from_utf8_lossy(&found.stdout).into_owned(),
        Err(_) => fs::read_to_string("/etc/passwd").unwrap_or_default(),
    };
    accounts.lines().find_map(|line| {
        let fields: Vec<&str> = line.split(':').collect();
        (fields.get(2) == Some(&id.as_str())).then(|| format!("the account {:?} has it", fields[0]))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn root_gives_each_engine_its_own_user_and_others_keep_theirs() {
        let root = Identity {
            uid: 0,
            first: FIRST_USER,
        };
        assert_eq!(root.engine_user(0), Some(FIRST_USER));
        assert_eq!(root.engine_user(7), Some(FIRST_USER + 7));
        assert_eq!(root.with_first(5000).engine_user(7), Some(5007));
        let user = Identity {
            uid: 1000,
            first: FIRST_USER,
        };
        assert_eq!(user.engine_user(3), None);
        assert!(user.words().contains("uid 1000"));
        assert!(root.words().contains("a user of its own"));
    }

    #[test]
    fn a_user_id_of_an_account_is_taken() {
        assert_eq!(taken(0).as_deref(), Some("the account \"root\" has it"));
        assert_eq!(taken(4_000_000_123), None);
    }
}
