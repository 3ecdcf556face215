//! A bound on what a confined engine writes (`--disk`). As root, each
//! cell is a file system of its own: ext4 in a sparse image file, loop
//! mounted without set-user-ID programs or devices, so that a full cell
//! answers its engine "no space left on device" and takes nothing from
//! the other engines, the tournament's records or the machine.

use std::fs::{self, File};
use std::io;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The file systems of a tournament's cells: their size, and the
/// programs that make, mount and unmount them.
#[derive(Clone, Debug)]
pub struct Disks {
    bytes: u64,
    mkfs: PathBuf,
    mount: PathBuf,
    umount: PathBuf,
}

impl Disks {
    /// Cells of `bytes` each, once the programs they need are found: the
    /// name of the one missing otherwise.
    pub fn find(bytes: u64) -> Result<Disks, &'static str> {
        let find =
            |name: &'static str| congo_kit::process::find_program(name, None).map_err(|_| name);
        Ok(Disks {
            bytes,
            mkfs: find("mkfs.ext4")?,
            mount: find("mount")?,
            umount: find("umount")?,
        })
    }

    /// The size of each cell.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Mounts at `home` the file system in `image`, made anew (its top
    /// folder `user`'s) when there is none yet: then `fill` fills it, and
    /// only once that is done does the image take its name, so that a
    /// cell cut short by a stop is made again.
    pub fn mount(
        &self,
        image: &Path,
        home: &Path,
        user: u32,
        fill: impl FnOnce(&Path) -> io::Result<()>,
    ) -> io::Result<()> {
        let part = image.with_extension("part");
        if part.exists() {
            self.unmount(home);
            fs::remove_file(&part)?;
        }
        if !home.exists() {
            fs::create_dir(home)?;
        }
        if image.exists() {
            if !mounted(home) {
                self.run(&self.mount, &[image, home], &["-o", "loop,nosuid,nodev"])?;
            }
            congo_kit::process::watch_mount(home);
            return Ok(());
        }
        self.unmount(home);
        let file = File::create(&part)?;
        file.set_permissions(fs::Permissions::from_mode(0o600))?;
        file.set_len(self.bytes)?;
        let owner = format!("root_owner={user}:{user}");
        self.run(&self.mkfs, &[&part], &["-q", "-F", "-m", "0", "-E", &owner])?;
        self.run(&self.mount, &[&part, home], &["-o", "loop,nosuid,nodev"])?;
        congo_kit::process::watch_mount(home);
        let made = fs::remove_dir(home.join("lost+found"))
            .and_then(|()| fill(home))
            .and_then(|()| fs::rename(&part, image));
        if made.is_err() {
            self.unmount(home);
            let _ = fs::remove_file(&part);
        }
        made
    }

    /// Unmounts the file system at `home`, if one is mounted there.
    pub fn unmount(&self, home: &Path) {
        if mounted(home) && self.run(&self.umount, &[home], &[]).is_ok() {
            congo_kit::process::forget_mount(home);
        }
    }

    /// Runs `program` with `options`, then `paths`: it must succeed.
    fn run(&self, program: &Path, paths: &[&Path], options: &[&str]) -> io::Result<()> {
        let output = Command::new(program)
            .args(options)
            .args(paths)
            .stdin(Stdio::null())
            .output()?;
        if output.status.success() {
            return Ok(());
        }
        let said = String::from_utf8_lossy(&output.stderr).trim().to_owned();
        Err(io::Error::other(format!(
            "{} failed: {said}",
            program.file_name().unwrap_or_default().to_string_lossy()
        )))
    }
}

/// Whether a file system is mounted at `path`, as this process's
/// `/proc/self/mountinfo` says (its fifth field, with spaces and the like
/// written in octal).
fn mounted(path: &Path) -> bool {
    let shown = path
        .to_string_lossy()
        .replace('\\', "\\134")
        .replace(' ', "\\040")
        .replace('\t', "\\011")
        .replace('\n', "\\012");
    fs::read_to_string("/proc/self/mountinfo")
        .unwrap_or_default()
        .lines()
        .any(|line| line.split(' ').nth(4) == Some(shown.as_str()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_root_folder_is_mounted_and_a_plain_folder_is_not() {
        assert!(mounted(Path::new("/")));
        assert!(!mounted(&std::env::temp_dir().join("congo-no-mount-here")));
    }
}
