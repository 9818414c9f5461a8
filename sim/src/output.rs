//! CSV files that appear complete or not at all.

use crate::SimError;
use std::io::Write;
use std::path::{Path, PathBuf};
use tempfile::NamedTempFile;

/// A temporary file in the folder of `path`, to be renamed onto it once complete (so a file
/// appears whole or not at all).
///
/// # Errors
/// [`SimError::Output`] if the folder does not exist or is not writable.
pub(crate) fn temp_beside(path: &Path) -> Result<NamedTempFile, SimError> {
    let err = |source| SimError::Output {
        path: path.to_path_buf(),
        source,
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if !dir.is_dir() {
        return Err(err(std::io::Error::other(format!(
            "folder {} does not exist",
            dir.display()
        ))));
    }
    tempfile::Builder::new()
        .prefix(".cardsim-")
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(err)
}

/// A CSV file written to a temporary file beside its destination and renamed into place by
/// [`AtomicCsv::commit`]. Dropped without committing, it leaves nothing behind.
pub struct AtomicCsv {
    path: PathBuf,
    writer: csv::Writer<std::io::BufWriter<NamedTempFile>>,
}

impl AtomicCsv {
    /// Opens the temporary file now, so an unwritable destination fails before any work.
    ///
    /// # Errors
    /// [`SimError::Output`] if the destination is a directory or its folder is not writable.
    pub fn create(path: &Path) -> Result<AtomicCsv, SimError> {
        let err = |source| SimError::Output {
            path: path.to_path_buf(),
            source,
        };
        if path.is_dir() {
            return Err(err(std::io::Error::other("it is a directory")));
        }
        let tmp = temp_beside(path)?;
        let writer = csv::Writer::from_writer(std::io::BufWriter::new(tmp));
        Ok(AtomicCsv {
            path: path.to_path_buf(),
            writer,
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
        self.writer.write_record(record).map_err(|e| self.error(e))
    }

    /// Flushes and renames the file into place.
    ///
    /// # Errors
    /// [`SimError::Output`] on an I/O failure; the temporary file is removed.
    pub fn commit(self) -> Result<(), SimError> {
        let path = self.path;
        let err = |source| SimError::Output {
            path: path.clone(),
            source,
        };
        let buf = self.writer.into_inner().map_err(|e| err(e.into_error()))?;
        let mut tmp = buf.into_inner().map_err(|e| err(e.into_error()))?;
        tmp.flush().map_err(err)?;
        tmp.persist(&path).map_err(|e| err(e.error))?;
        Ok(())
    }

    fn error(&self, e: csv::Error) -> SimError {
        SimError::Output {
            path: self.path.clone(),
            source: std::io::Error::other(e.to_string()),
        }
    }
}
