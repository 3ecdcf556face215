//! What a confined engine's user must reach when congo is root: the
//! folder of the cells, root's alone and passable by all, and a copy of
//! its program when that lies in a folder only its owner may pass
//! through (the TA's own build of congo in a home of mode 0700).

use std::fs;
use std::io;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

/// The name of an engine's program copied into its guard folder.
const PROGRAM: &str = "program";

/// Makes the folder `path` and those above it that are missing, root's
/// and passable by all (mode 0711), and checks that those already there
/// are folders no one but root may change, which others may pass through.
pub fn root_folder(path: &Path) -> Result<(), String> {
    let mut reached = PathBuf::new();
    for part in path.components() {
        reached.push(part);
        match fs::symlink_metadata(&reached) {
            Err(error) if error.kind() == io::ErrorKind::NotFound => {
                fs::create_dir(&reached)
                    .and_then(|()| fs::set_permissions(&reached, fs::Permissions::from_mode(0o711)))
                    .map_err(|error| format!("{}: {error}", reached.display()))?;
            }
            Err(error) => return Err(format!("{}: {error}", reached.display())),
            Ok(found) => {
                if let Some(why) = root_fault(&found) {
                    return Err(format!("{} {why}", reached.display()));
                }
            }
        }
    }
    Ok(())
}

/// Why a folder, as `found`, cannot hold cells, if it cannot.
fn root_fault(found: &fs::Metadata) -> Option<&'static str> {
    if !found.is_dir() {
        Some("is no folder (a link is not followed)")
    } else if found.uid() != 0 {
        Some("is not root's, so its owner could swap the cells")
    } else if found.mode() & 0o022 != 0 {
        Some("may be changed by others than root (chmod go-w)")
    } else if found.mode() & 0o001 == 0 {
        Some("may not be passed through by others, as engines' users must (chmod o+x)")
    } else {
        None
    }
}

/// The first folder at or above `path` that users other than its owner
/// may not pass through, if there is one: engines' users, who are such
/// others, cannot reach `path`.
pub fn closed_above(path: &Path) -> Option<PathBuf> {
    path.ancestors()
        .filter(|folder| fs::metadata(folder).is_ok_and(|found| found.mode() & 0o001 == 0))
        .last()
        .map(Path::to_owned)
}

/// A copy of the program `program` in the engine's guard folder `guard`
/// (its user's alone), runnable by that user only, `user`: made once,
/// and again only when the program has changed since. Its path shows in
/// the engine's command line, which every user may read; the guard keeps
/// them out.
pub fn stage(program: &Path, guard: &Path, user: u32) -> io::Result<PathBuf> {
    let staged = guard.join(PROGRAM);
    let source = fs::metadata(program)?;
    if let Ok(copy) = fs::symlink_metadata(&staged)
        && copy.is_file()
        && copy.len() == source.len()
        && copy.mtime() >= source.mtime()
    {
        return Ok(staged);
    }
    let part = guard.join(".program.part");
    fs::copy(program, &part)?;
    fs::set_permissions(&part, fs::Permissions::from_mode(0o500))?;
    std::os::unix::fs::lchown(&part, Some(user), Some(user))?;
    fs::rename(&part, &staged)?;
    Ok(staged)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_highest_closed_folder_above_a_path_is_found() {
        let dir = std::env::temp_dir().join(format!("congo-closed-{}", std::process::id()));
        let inner = dir.join("home").join("ta").join("class");
        fs::create_dir_all(&inner).unwrap();
        assert_eq!(closed_above(&inner), None);
        fs::set_permissions(dir.join("home"), fs::Permissions::from_mode(0o700)).unwrap();
        fs::set_permissions(dir.join("home/ta"), fs::Permissions::from_mode(0o750)).unwrap();
        assert_eq!(closed_above(&inner), Some(dir.join("home")));
        fs::set_permissions(dir.join("home"), fs::Permissions::from_mode(0o755)).unwrap();
        assert_eq!(closed_above(&inner), Some(dir.join("home/ta")));
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn folders_for_cells_must_be_roots_alone_and_passable() {
        let folder = |mode: u32| {
            let dir =
                std::env::temp_dir().join(format!("congo-fault-{mode:o}-{}", std::process::id()));
            fs::create_dir_all(&dir).unwrap();
            fs::set_permissions(&dir, fs::Permissions::from_mode(mode)).unwrap();
            let found = fs::symlink_metadata(&dir).unwrap();
            fs::remove_dir(&dir).unwrap();
            found
        };
        let root = fs::symlink_metadata("/").unwrap();
        assert_eq!(root_fault(&root), None);
        if fs::symlink_metadata("/").unwrap().uid()
            == std::fs::metadata(std::env::temp_dir()).unwrap().uid()
        {
            assert_eq!(
                root_fault(&folder(0o777)),
                Some("may be changed by others than root (chmod go-w)")
            );
            assert_eq!(
                root_fault(&folder(0o700)),
                Some("may not be passed through by others, as engines' users must (chmod o+x)")
            );
        }
    }
}
