//! SIGINT and SIGTERM: live temporary files are removed, old outputs stay whole, and the
//! program ends with 130 or 143 (128 + the signal), as shells expect.

use signal_hook::consts::{SIGINT, SIGTERM};
use signal_hook::iterator::Signals;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Installs the handlers; call once, at the start of `main`.
///
/// On the first signal a watcher thread sets a flag, removes every live temporary file
/// (refusing new ones and renames from then on) and ends the program with 128 + the signal.
/// The cleanup runs on that thread, so long computations that never look at a flag (a
/// solver, a double-dummy table) stop at once too. A second signal while the cleanup runs
/// ends the program immediately, with the same status.
///
/// # Errors
/// The operating system's error if a handler cannot be installed.
pub fn install_signal_handlers() -> std::io::Result<()> {
    let second = Arc::new(AtomicBool::new(false));
    for sig in [SIGINT, SIGTERM] {
        // Registered first: when `second` is already set, the signal ends the process
        // inside the handler, before the watcher thread hears of it.
        signal_hook::flag::register_conditional_shutdown(sig, 128 + sig, Arc::clone(&second))?;
    }
    let mut signals = Signals::new([SIGINT, SIGTERM])?;
    std::thread::Builder::new()
        .name("cardsim-signals".into())
        .spawn(move || {
            if let Some(sig) = signals.forever().next() {
                second.store(true, Ordering::SeqCst);
                super::temp::remove_all();
                signal_hook::low_level::exit(128 + sig);
            }
        })?;
    Ok(())
}
