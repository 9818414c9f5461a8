//! [`Output`]: one output being written, to a temporary file, a stream or standard output.

use super::stdout::{self, StdoutSink};
use super::target::{Kind, Target};
use super::temp::LiveTemp;
use crate::SimError;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// Where the bytes go.
enum Sink {
    /// A temporary file, renamed onto `resolved` by [`Output::commit`].
    Replace {
        out: BufWriter<LiveTemp>,
        resolved: PathBuf,
    },
    /// A FIFO, device or other non-regular file, written through.
    Stream(BufWriter<File>),
    /// Standard output.
    Stdout(BufWriter<StdoutSink>),
}

/// One output file being written (see the [module docs](crate::output) for what each kind
/// of path gets). Dropped without [`Output::commit`], a regular file's old contents stay
/// and its temporary file is removed.
pub struct Output {
    path: PathBuf,
    sink: Sink,
}

impl Output {
    /// Opens the output named by `path`: `-` is standard output, a regular file (or a link
    /// to one, or a new path) gets a temporary file beside its resolved path, and anything
    /// else that exists is opened for writing.
    ///
    /// # Errors
    /// [`SimError::Output`] for a directory, a missing or unwritable folder, or a stream
    /// that cannot be opened.
    pub fn create(path: &Path) -> Result<Output, SimError> {
        Output::open(Target::resolve(path)?)
    }

    pub(crate) fn open(target: Target) -> Result<Output, SimError> {
        let err = |source| SimError::Output {
            path: target.given.clone(),
            source,
        };
        let sink = match &target.kind {
            Kind::Stdout => {
                stdout::claim();
                Sink::Stdout(BufWriter::new(StdoutSink))
            }
            Kind::File { resolved, existing } => {
                let dir = resolved.parent().unwrap_or(Path::new("/"));
                let keep = existing.as_ref().map(|m| m.permissions());
                Sink::Replace {
                    out: BufWriter::new(LiveTemp::create(dir, keep).map_err(err)?),
                    resolved: resolved.clone(),
                }
            }
            Kind::Stream { .. } => {
                let file = std::fs::OpenOptions::new()
                    .write(true)
                    .open(&target.given)
                    .map_err(err)?;
                Sink::Stream(BufWriter::new(file))
            }
        };
        Ok(Output {
            path: target.given,
            sink,
        })
    }

    /// The path as given.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Finishes the output: flushes it, and renames a regular file's temporary file onto it.
    ///
    /// # Errors
    /// [`SimError::Output`]; a temporary file is removed and the old file stays.
    pub fn commit(self) -> Result<(), SimError> {
        let path = self.path;
        let err = |source| SimError::Output {
            path: path.clone(),
            source,
        };
        match self.sink {
            Sink::Replace { out, resolved } => {
                let temp = out.into_inner().map_err(|e| err(e.into_error()))?;
                temp.persist(&resolved).map_err(err)
            }
            Sink::Stream(mut out) => out.flush().map_err(err),
            Sink::Stdout(mut out) => out.flush().map_err(err),
        }
    }

    /// An I/O error on this output, as a [`SimError`].
    pub fn error(&self, source: io::Error) -> SimError {
        SimError::Output {
            path: self.path.clone(),
            source,
        }
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.sink {
            Sink::Replace { out, .. } => out.write(buf),
            Sink::Stream(out) => out.write(buf),
            Sink::Stdout(out) => out.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.sink {
            Sink::Replace { out, .. } => out.flush(),
            Sink::Stream(out) => out.flush(),
            Sink::Stdout(out) => out.flush(),
        }
    }
}

/// Writes `bytes` as the whole of output `path` (an SVG, a manifest, a PBN file).
///
/// # Errors
/// [`SimError::Output`].
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), SimError> {
    let mut out = Output::create(path)?;
    out.write_all(bytes).map_err(|e| out.error(e))?;
    out.commit()
}
