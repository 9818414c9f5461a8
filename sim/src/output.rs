//! Every file the workspace writes goes through this module: outputs that never destroy
//! what they replace, lose nothing and leave nothing behind.
//!
//! What a path given for an output gets:
//!
//! - `-` (and `/dev/stdout`, `/dev/fd/1`) is standard output. Tables and other text then go
//!   to standard error ([`print()`]), and two outputs on standard output are refused.
//! - A regular file, a new path, or a symbolic link to either (a dangling link included) is
//!   replaced atomically: the data goes to a temporary file with an unpredictable name
//!   (`.cardsim-XXXXXX.tmp`) in the folder of the *resolved* path, renamed onto it once
//!   complete. The link stays a link and its target gets the new contents. A replaced file
//!   keeps its mode; a new file gets `0666` less the umask, as with any `File::create`.
//!   Its owner becomes the user running the command.
//! - Anything else that exists (a FIFO, a character device such as `/dev/null`, anything
//!   under `/dev` or `/proc`) is opened and written through: never removed, renamed over or
//!   truncated.
//!
//! Before any work, a command declares all its inputs and outputs in a [`Plan`], which refuses
//! a directory, a missing or unwritable folder, two outputs that are the same file, and an
//! output that is one of the inputs; files are compared by resolved path and by device and
//! inode, so `./x`, `dir/../x` and a link to `x` are all `x`.
//!
//! On SIGINT or SIGTERM ([`install_signal_handlers`]) the live temporary files are removed,
//! old outputs stay whole, and the program ends with 130 or 143; a second signal ends it at
//! once. When the reader of standard output goes away (`cardsim list | head -1`), the
//! program removes its temporary files and ends quietly with success.
//!
//! ```
//! use cardsim_sim::{AtomicCsv, Plan};
//! let dir = tempfile::tempdir().unwrap();
//! let path = dir.path().join("rows.csv");
//! let mut plan = Plan::new();
//! plan.output("--out", &path).unwrap();
//! let mut out = AtomicCsv::create(&path).unwrap();
//! out.write(["a", "b"]).unwrap();
//! assert!(!path.exists(), "nothing appears before the commit");
//! out.commit().unwrap();
//! assert_eq!(std::fs::read_to_string(&path).unwrap(), "a,b\n");
//! ```

mod plan;
mod signal;
mod stdout;
mod target;
mod temp;
mod writer;

pub use plan::Plan;
pub use signal::install_signal_handlers;
pub use stdout::{print, stdout_carries_data};
pub use writer::{write_file, Output};

use crate::SimError;
use std::path::Path;

/// A CSV output ([`Output`]): written to a temporary file and renamed into place by
/// [`AtomicCsv::commit`] for a regular file, written through for a stream or standard output.
/// Dropped without committing, a regular file keeps its old contents and nothing is left
/// behind.
pub struct AtomicCsv {
    writer: csv::Writer<Output>,
}

impl AtomicCsv {
    /// Opens the output now, so an unwritable destination fails before any work.
    ///
    /// # Errors
    /// [`SimError::Output`] if the destination is a directory or its folder is not writable.
    pub fn create(path: &Path) -> Result<AtomicCsv, SimError> {
        let out = Output::create(path)?;
        Ok(AtomicCsv {
            writer: csv::Writer::from_writer(out),
        })
    }

    /// Writes one record.
    ///
    /// # Errors
    /// [`SimError::Output`] on an I/O failure.
    pub fn write<I, T>(&mut self, record: I) -> Result<(), SimError>
    where
        I: IntoIterator<Item = T>,
        T: AsRef<[u8]>,
    {
        self.writer.write_record(record).map_err(|e| {
            self.writer
                .get_ref()
                .error(std::io::Error::other(e.to_string()))
        })
    }

    /// Flushes the file and puts it in place.
    ///
    /// # Errors
    /// [`SimError::Output`] on an I/O failure; a temporary file is removed.
    pub fn commit(self) -> Result<(), SimError> {
        let out = self.writer.into_inner().map_err(|e| {
            let error = std::io::Error::other(e.error().to_string());
            e.into_inner().get_ref().error(error)
        })?;
        out.commit()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;
    use std::os::unix::fs::PermissionsExt;

    fn mode(p: &Path) -> u32 {
        std::fs::metadata(p).unwrap().permissions().mode() & 0o7777
    }

    #[test]
    fn a_replaced_file_keeps_its_mode_and_a_dropped_output_keeps_the_old_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.csv");
        std::fs::write(&path, "old\n").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
        let mut out = Output::create(&path).unwrap();
        out.write_all(b"half").unwrap();
        drop(out);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old\n");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        write_file(&path, b"new\n").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new\n");
        assert_eq!(mode(&path), 0o640);
    }

    #[test]
    fn a_link_stays_a_link_and_its_target_is_replaced() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("real")).unwrap();
        let target = dir.path().join("real/x.csv");
        std::fs::write(&target, "old\n").unwrap();
        let link = dir.path().join("link.csv");
        std::os::unix::fs::symlink("real/x.csv", &link).unwrap();
        write_file(&link, b"new\n").unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "new\n");
    }

    #[test]
    fn a_dangling_link_creates_its_target() {
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("link.csv");
        std::os::unix::fs::symlink("made.csv", &link).unwrap();
        write_file(&link, b"new\n").unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        let made = dir.path().join("made.csv");
        assert_eq!(std::fs::read_to_string(made).unwrap(), "new\n");
    }

    #[test]
    fn a_temporary_file_is_registered_until_dropped() {
        // The signal path removes what the registry holds (tested with a real process in
        // experiments/tests/outputs.rs); here, a live temp file is registered and dropping
        // the output removes it and its entry.
        let dir = tempfile::tempdir().unwrap();
        let out = Output::create(&dir.path().join("x.csv")).unwrap();
        assert_eq!(temp::count_in(dir.path()), 1);
        drop(out);
        assert_eq!(temp::count_in(dir.path()), 0);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }
}
