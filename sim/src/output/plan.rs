//! [`Plan`]: every output of a command, declared and checked before any work starts.

use super::stdout;
use super::target::{Kind, Target};
use super::temp::LiveTemp;
use crate::SimError;
use std::os::unix::fs::{FileTypeExt, MetadataExt};
use std::path::{Path, PathBuf};

/// An input file: its flag, the path given, the resolved path and (device, inode).
#[derive(Debug)]
struct Input {
    what: String,
    given: PathBuf,
    resolved: PathBuf,
    id: (u64, u64),
}

/// The outputs and inputs of one command, checked as they are declared: each output's folder
/// exists and is writable, it is not a directory, no two outputs are the same file (compared
/// by resolved path and by device and inode, not by spelling), and no output is an input.
/// Declare everything before the work starts, so a bad path fails at once.
///
/// # Examples
/// ```
/// use cardsim_sim::Plan;
/// let dir = tempfile::tempdir().unwrap();
/// let out = dir.path().join("games.csv");
/// let mut plan = Plan::new();
/// plan.output("--out", &out).unwrap();
/// // The same file through another spelling is refused.
/// let again = dir.path().join(".").join("games.csv");
/// assert!(plan.output("--summary", &again).is_err());
/// ```
#[derive(Debug, Default)]
pub struct Plan {
    outputs: Vec<(String, Target)>,
    inputs: Vec<Input>,
}

impl Plan {
    /// An empty plan.
    pub fn new() -> Plan {
        Plan::default()
    }

    /// Declares input `path` (given as option `what`). A path that cannot be read is left
    /// for its reader to report.
    ///
    /// # Errors
    /// [`SimError::Setting`] if a declared output is the same file.
    pub fn input(&mut self, what: &str, path: &Path) -> Result<(), SimError> {
        let Ok(meta) = std::fs::metadata(path) else {
            return Ok(());
        };
        if meta.file_type().is_char_device() {
            return Ok(());
        }
        let input = Input {
            what: what.to_string(),
            given: path.to_path_buf(),
            resolved: std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf()),
            id: (meta.dev(), meta.ino()),
        };
        for (flag, out) in &self.outputs {
            if is_input(out, &input) {
                return Err(overwrites(flag, out, &input));
            }
        }
        self.inputs.push(input);
        Ok(())
    }

    /// Declares output `path` (given as option `what`).
    ///
    /// # Errors
    /// [`SimError::Output`] for a directory or a missing or unwritable folder;
    /// [`SimError::Setting`] when it is the same file as another output or an input.
    pub fn output(&mut self, what: &str, path: &Path) -> Result<(), SimError> {
        let target = Target::resolve(path)?;
        for (flag, other) in &self.outputs {
            if target.clashes(other) {
                return Err(SimError::Setting(format!(
                    "{what} {} and {flag} {} are the same file; give each output its own",
                    path.display(),
                    other.given.display()
                )));
            }
        }
        if let Some(input) = self.inputs.iter().find(|i| is_input(&target, i)) {
            return Err(overwrites(what, &target, input));
        }
        if let Some(dir) = target.folder() {
            // A probe: the temporary file the output will be written to, removed at once.
            LiveTemp::create(dir, None).map_err(|source| SimError::Output {
                path: path.to_path_buf(),
                source,
            })?;
        }
        if matches!(target.kind, Kind::Stdout) {
            stdout::claim();
        }
        self.outputs.push((what.to_string(), target));
        Ok(())
    }

    /// Declares output `path` if there is one.
    ///
    /// # Errors
    /// As [`Plan::output`].
    pub fn output_opt(&mut self, what: &str, path: Option<&Path>) -> Result<(), SimError> {
        path.map_or(Ok(()), |p| self.output(what, p))
    }
}

/// Whether output `out` is the file of `input`.
fn is_input(out: &Target, input: &Input) -> bool {
    let (path, id) = out.identity();
    path == input.resolved || id == Some(input.id)
}

fn overwrites(what: &str, out: &Target, input: &Input) -> SimError {
    SimError::Setting(format!(
        "{what} {} is the input {} {}: writing it would destroy the input; write elsewhere",
        out.given.display(),
        input.what,
        input.given.display()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_dashes_clash_and_a_dash_with_a_file_does_not() {
        let dir = tempfile::tempdir().unwrap();
        let mut plan = Plan::new();
        plan.output("--out", Path::new("-")).unwrap();
        plan.output("--summary", &dir.path().join("s.csv")).unwrap();
        let e = plan.output("--records", Path::new("-")).unwrap_err();
        assert!(e.to_string().contains("same file"), "{e}");
    }

    #[test]
    fn an_output_through_a_link_clashes_with_its_target() {
        let dir = tempfile::tempdir().unwrap();
        let x = dir.path().join("x.csv");
        std::fs::write(&x, "old\n").unwrap();
        std::os::unix::fs::symlink("x.csv", dir.path().join("link.csv")).unwrap();
        let mut plan = Plan::new();
        plan.output("--out", &x).unwrap();
        let e = plan.output("--summary", &dir.path().join("link.csv"));
        assert!(e.unwrap_err().to_string().contains("same file"));
    }

    #[test]
    fn an_input_is_never_an_output_in_either_order() {
        let dir = tempfile::tempdir().unwrap();
        let x = dir.path().join("in.csv");
        std::fs::write(&x, "data\n").unwrap();
        let mut plan = Plan::new();
        plan.input("shard", &x).unwrap();
        let e = plan
            .output("--out", &dir.path().join("./in.csv"))
            .unwrap_err();
        assert!(e.to_string().contains("destroy the input"), "{e}");
        let mut plan = Plan::new();
        plan.output("--out", &x).unwrap();
        assert!(plan.input("shard", &x).is_err());
        assert_eq!(std::fs::read_to_string(&x).unwrap(), "data\n");
    }

    #[test]
    fn the_probe_leaves_nothing_behind() {
        let dir = tempfile::tempdir().unwrap();
        Plan::new()
            .output("--out", &dir.path().join("x.csv"))
            .unwrap();
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
        assert_eq!(super::super::temp::count_in(dir.path()), 0);
    }
}
