//! `cardsim`: list games and agents, run simulations, run named experiments.
//!
//! Every error is reported as one line on stderr with exit code 2, and no output file is left
//! half-written: SIGINT and SIGTERM remove temporary files and end with 130 and 143, and a
//! closed standard output ends the program quietly (see `cardsim_sim::output`).

mod cli;
mod dd;
mod experiments;
mod plot;
mod solve;

use std::process::ExitCode;

fn main() -> ExitCode {
    if let Err(e) = cardsim_sim::install_signal_handlers() {
        eprintln!("error: cannot install the signal handlers: {e}");
        return ExitCode::from(2);
    }
    match cli::run(std::env::args_os()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
