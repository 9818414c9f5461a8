//! Temporary files that become outputs, and the registry of those still alive, which a
//! signal or a closed pipe removes before the process ends.

use std::fs::Permissions;
use std::io;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};
use tempfile::NamedTempFile;

/// The paths of the live temporary files; `closed` once the process is ending.
struct Registry {
    closed: bool,
    paths: Vec<PathBuf>,
}

static LIVE: Mutex<Registry> = Mutex::new(Registry {
    closed: false,
    paths: Vec::new(),
});

/// The registry, even after a panic in another thread (it holds only paths).
fn live() -> MutexGuard<'static, Registry> {
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

fn ending() -> io::Error {
    io::Error::new(io::ErrorKind::Interrupted, "the program is ending")
}

/// A temporary file in the folder of the output it will replace, with an unpredictable name
/// (`.cardsim-XXXXXX.tmp`). Dropped without [`LiveTemp::persist`], it is removed.
pub(crate) struct LiveTemp {
    file: Option<NamedTempFile>,
}

impl LiveTemp {
    /// Creates the file in `dir` with `mode` (a new output: `0o666`, which the kernel cuts by
    /// the umask as for any new file) or exactly `keep` (the mode of the file it replaces).
    pub fn create(dir: &Path, keep: Option<Permissions>) -> io::Result<LiveTemp> {
        let mut live = live();
        if live.closed {
            return Err(ending());
        }
        let file = tempfile::Builder::new()
            .prefix(".cardsim-")
            .suffix(".tmp")
            .permissions(Permissions::from_mode(0o666))
            .tempfile_in(dir)?;
        if let Some(mode) = keep {
            file.as_file().set_permissions(mode)?;
        }
        live.paths.push(file.path().to_path_buf());
        Ok(LiveTemp { file: Some(file) })
    }

    /// The open file.
    pub fn file_mut(&mut self) -> &mut std::fs::File {
        self.file
            .as_mut()
            .expect("a LiveTemp holds its file until persisted or dropped")
            .as_file_mut()
    }

    /// Renames the file onto `path` (atomically), unless the process is ending.
    pub fn persist(mut self, path: &Path) -> io::Result<()> {
        let file = self
            .file
            .take()
            .expect("a LiveTemp holds its file until persisted or dropped");
        let mut live = live();
        if live.closed {
            return Err(ending());
        }
        let temp = file.path().to_path_buf();
        live.paths.retain(|p| *p != temp);
        file.persist(path).map(drop).map_err(|e| e.error)
    }
}

impl Drop for LiveTemp {
    fn drop(&mut self) {
        if let Some(file) = self.file.take() {
            let mut live = live();
            let temp = file.path().to_path_buf();
            live.paths.retain(|p| *p != temp);
            drop(file);
        }
    }
}

/// Removes every live temporary file and refuses new ones and renames: the process is
/// ending (a signal, a closed pipe). Old outputs stay as they were.
pub(crate) fn remove_all() {
    let mut live = live();
    live.closed = true;
    for p in live.paths.drain(..) {
        let _ = std::fs::remove_file(p);
    }
}

/// The number of live temporary files (for tests).
#[cfg(test)]
pub(crate) fn count_in(dir: &Path) -> usize {
    live().paths.iter().filter(|p| p.starts_with(dir)).count()
}

impl io::Write for LiveTemp {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file_mut().write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file_mut().flush()
    }
}
