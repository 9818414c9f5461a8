//! Standard output: data written through a locked handle, where a closed pipe ends the
//! program quietly with success (the ripgrep convention), and the human-readable text that
//! moves to standard error while an output (`-`) carries data on standard output.

use crate::SimError;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

/// Set once an output is declared or opened on standard output.
static CARRIES_DATA: AtomicBool = AtomicBool::new(false);

/// Marks standard output as carrying an output's data.
pub(crate) fn claim() {
    CARRIES_DATA.store(true, Ordering::Relaxed);
}

/// Whether an output (`-`) writes its data to standard output, so that tables and other
/// human-readable text should go to standard error instead.
pub fn stdout_carries_data() -> bool {
    CARRIES_DATA.load(Ordering::Relaxed)
}

/// Ends the program quietly with success because its reader closed standard output: live
/// temporary files are removed first, and old outputs stay as they were.
fn closed_pipe() -> ! {
    super::temp::remove_all();
    signal_hook::low_level::exit(0)
}

/// Passes an I/O result through, ending the program quietly if it failed with a closed pipe.
fn check<T>(r: io::Result<T>) -> io::Result<T> {
    match r {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => closed_pipe(),
        r => r,
    }
}

/// Standard output as a writer: each write locks it, and a closed pipe ends the program
/// quietly with success.
#[derive(Debug, Default)]
pub(crate) struct StdoutSink;

impl Write for StdoutSink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        check(io::stdout().lock().write(buf))
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        check(io::stdout().lock().write_all(buf))
    }

    fn flush(&mut self) -> io::Result<()> {
        check(io::stdout().lock().flush())
    }
}

/// Writes human-readable text (a table, a line of totals) to standard output, or to standard
/// error while standard output carries an output's data ([`stdout_carries_data`]). A closed
/// pipe ends the program quietly with success; `println!` would panic instead.
///
/// # Errors
/// [`SimError::Output`] naming standard output, on any other failure.
pub fn print(text: &str) -> Result<(), SimError> {
    let r = if stdout_carries_data() {
        let mut err = io::stderr().lock();
        err.write_all(text.as_bytes()).and_then(|()| err.flush())
    } else {
        let mut out = StdoutSink;
        out.write_all(text.as_bytes()).and_then(|()| out.flush())
    };
    r.map_err(|source| SimError::Output {
        path: "standard output".into(),
        source,
    })
}
