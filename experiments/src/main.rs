//! `cardsim`: list games and agents, run simulations, run named experiments.
//!
//! Every error is reported as one line on stderr with exit code 2, and no output file is left
//! half-written.

mod cli;
mod dd;
mod experiments;
mod plot;
mod solve;

use std::process::ExitCode;

fn main() -> ExitCode {
    match cli::run(std::env::args_os()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
