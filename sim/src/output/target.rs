//! Where a path given for an output really goes: standard output, a regular file to replace,
//! or something else to write through.

use crate::SimError;
use std::fs::Metadata;
use std::io;
use std::os::unix::fs::MetadataExt;
use std::path::{Component, Path, PathBuf};

/// Paths that name the process's standard output, written as `-` is.
const STDOUT_NAMES: [&str; 3] = ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"];

/// The most symbolic links followed from one path (Linux's own limit).
const MAX_LINKS: usize = 40;

/// What an output path names, once its symbolic links are followed.
#[derive(Debug)]
pub(crate) enum Kind {
    /// `-` or a name of standard output.
    Stdout,
    /// A regular file, or a new one: replaced atomically through a temporary file in
    /// `resolved`'s folder. `existing` is the old file's metadata (its mode is kept).
    File {
        /// The file's absolute path, with every link resolved.
        resolved: PathBuf,
        /// The file being replaced, if any.
        existing: Option<Metadata>,
    },
    /// Anything else that exists (FIFO, device, socket, `/dev/...`, `/proc/...`): opened
    /// and written through, never removed or renamed over.
    Stream {
        /// The canonical path (for comparisons only; the given path is what is opened).
        resolved: PathBuf,
        /// Its metadata.
        meta: Metadata,
    },
}

/// An output path and what it names.
#[derive(Debug)]
pub(crate) struct Target {
    /// The path as given (for messages, and for opening a stream).
    pub given: PathBuf,
    /// What it names.
    pub kind: Kind,
}

impl Target {
    /// Follows `path`'s links and sorts it into a [`Kind`].
    ///
    /// A symbolic link is followed to its target, which is written (a dangling link creates
    /// its target); the link itself is never replaced.
    ///
    /// # Errors
    /// [`SimError::Output`] for a directory, a missing folder, a link loop or an
    /// unreadable path.
    pub fn resolve(path: &Path) -> Result<Target, SimError> {
        let err = |e: io::Error| SimError::Output {
            path: path.to_path_buf(),
            source: e,
        };
        let given = path.to_path_buf();
        if path.as_os_str() == "-" || STDOUT_NAMES.iter().any(|n| path == Path::new(n)) {
            return Ok(Target {
                given,
                kind: Kind::Stdout,
            });
        }
        let mut p = path.to_path_buf();
        for _ in 0..MAX_LINKS {
            if is_system(&p) {
                // `/dev/stderr`, `/proc/self/fd/N`: their links are the kernel's, followed by
                // opening them.
                let meta = std::fs::metadata(&p).map_err(err)?;
                if meta.is_dir() {
                    return Err(err(io::Error::other("it is a directory")));
                }
                let resolved = std::fs::canonicalize(&p).unwrap_or(p);
                return Ok(Target {
                    given,
                    kind: Kind::Stream { resolved, meta },
                });
            }
            match std::fs::symlink_metadata(&p) {
                Ok(m) if m.file_type().is_symlink() => {
                    let to = std::fs::read_link(&p).map_err(err)?;
                    p = match p.parent() {
                        Some(dir) if to.is_relative() => dir.join(to),
                        _ => to,
                    };
                }
                Ok(m) if m.is_dir() => return Err(err(io::Error::other("it is a directory"))),
                Ok(_) => {
                    let resolved = std::fs::canonicalize(&p).map_err(err)?;
                    let meta = std::fs::metadata(&resolved).map_err(err)?;
                    let kind = if meta.is_file() && !is_system(&resolved) {
                        Kind::File {
                            resolved,
                            existing: Some(meta),
                        }
                    } else {
                        Kind::Stream { resolved, meta }
                    };
                    return Ok(Target { given, kind });
                }
                Err(e) if e.kind() == io::ErrorKind::NotFound => {
                    let resolved = new_file(&p).map_err(err)?;
                    return Ok(Target {
                        given,
                        kind: Kind::File {
                            resolved,
                            existing: None,
                        },
                    });
                }
                Err(e) => return Err(err(e)),
            }
        }
        Err(err(io::Error::other("too many levels of symbolic links")))
    }

    /// The folder a replaced file's temporary file goes in.
    pub fn folder(&self) -> Option<&Path> {
        match &self.kind {
            Kind::File { resolved, .. } => resolved.parent(),
            _ => None,
        }
    }

    /// Whether `self` and `other` write the same file (standard output, the same path, or
    /// the same device and inode). Character devices (`/dev/null`, a terminal) can take
    /// several outputs and never clash.
    pub fn clashes(&self, other: &Target) -> bool {
        match (&self.kind, &other.kind) {
            (Kind::Stdout, Kind::Stdout) => true,
            (Kind::Stdout, _) | (_, Kind::Stdout) => false,
            _ => {
                let (a, b) = (self.identity(), other.identity());
                if self.is_char_device() || other.is_char_device() {
                    return false;
                }
                a.0 == b.0 || (a.1.is_some() && a.1 == b.1)
            }
        }
    }

    /// The resolved path and, for an existing file, its (device, inode).
    pub fn identity(&self) -> (&Path, Option<(u64, u64)>) {
        match &self.kind {
            Kind::Stdout => (Path::new("-"), None),
            Kind::File { resolved, existing } => {
                (resolved, existing.as_ref().map(|m| (m.dev(), m.ino())))
            }
            Kind::Stream { resolved, meta } => (resolved, Some((meta.dev(), meta.ino()))),
        }
    }

    fn is_char_device(&self) -> bool {
        use std::os::unix::fs::FileTypeExt;
        matches!(&self.kind, Kind::Stream { meta, .. } if meta.file_type().is_char_device())
    }
}

/// A path under `/dev` or `/proc`: never replaced, even where it resolves to a regular file.
fn is_system(path: &Path) -> bool {
    let mut parts = path.components();
    matches!(
        (parts.next(), parts.next()),
        (Some(Component::RootDir), Some(Component::Normal(top))) if top == "dev" || top == "proc"
    )
}

/// The absolute path of the new file `path`, whose folder must exist.
fn new_file(path: &Path) -> io::Result<PathBuf> {
    let name = match path.components().next_back() {
        Some(Component::Normal(name)) => name,
        _ => return Err(io::Error::other("it is not a file name")),
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let folder = std::fs::canonicalize(dir)
        .ok()
        .filter(|d| d.is_dir())
        .ok_or_else(|| io::Error::other(format!("folder {} does not exist", dir.display())))?;
    Ok(folder.join(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn system_paths_are_recognised_by_their_first_folder() {
        assert!(is_system(Path::new("/dev/null")));
        assert!(is_system(Path::new("/proc/self/fd/3")));
        assert!(!is_system(Path::new("dev/null")));
        assert!(!is_system(Path::new("/home/dev/x.csv")));
    }

    #[test]
    fn dash_and_stdout_names_are_standard_output() {
        for p in ["-", "/dev/stdout", "/dev/fd/1"] {
            let t = Target::resolve(Path::new(p)).unwrap();
            assert!(matches!(t.kind, Kind::Stdout), "{p}");
        }
    }

    #[test]
    fn a_folder_or_a_missing_folder_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let e = Target::resolve(dir.path()).unwrap_err().to_string();
        assert!(e.contains("it is a directory"), "{e}");
        let e = Target::resolve(&dir.path().join("nodir/x.csv"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("does not exist"), "{e}");
    }

    #[test]
    fn links_resolve_to_their_targets_and_loops_fail() {
        let dir = tempfile::tempdir().unwrap();
        let real = std::fs::canonicalize(dir.path()).unwrap();
        std::os::unix::fs::symlink("sub/target.csv", dir.path().join("link.csv")).unwrap();
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        let t = Target::resolve(&dir.path().join("link.csv")).unwrap();
        assert_eq!(t.identity().0, real.join("sub/target.csv"));
        std::os::unix::fs::symlink("b", dir.path().join("a")).unwrap();
        std::os::unix::fs::symlink("a", dir.path().join("b")).unwrap();
        let e = Target::resolve(&dir.path().join("a"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("symbolic links"), "{e}");
    }
}
