//! `fogbound`: the command line for tests, benchmarks and researchers.
//!
//! Each subcommand lives in its own module with its own `Args` (clap) and
//! `run`. Usage errors (clap's) and failures (a subcommand's `Err`) print
//! one message on stderr and exit with code 2.

mod bot;
mod catalogue;
mod composer_text;
mod ext;
mod fog_endgame;
mod fox_hounds;
mod krk;
mod perft;
mod play;
mod puzzle;
mod umpire;
mod wall_clock;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// fogbound: fog-of-war chess — move generation, solvers, the catalogue of
/// variants and models, and games between automated players.
#[derive(Parser)]
#[command(name = "fogbound", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count move-generation leaves (perft) from a position.
    Perft(perft::Args),
    /// Solve Fox & Hounds on an n×n board and query the published AI.
    #[command(name = "fox-hounds")]
    FoxHounds(fox_hounds::Args),
    /// Solve King+Rook vs King on n×n boards.
    Krk(krk::Args),
    /// Solve a Fog of War endgame against a lone king from every start.
    #[command(name = "fog-endgame")]
    FogEndgame(fog_endgame::Args),
    /// List the variants, information models, umpire presets and automated
    /// players, with their ids.
    Catalogue(catalogue::Args),
    /// Play games between automated players under any model and count the
    /// results.
    #[command(name = "match")]
    Match(play::Args),
    /// The computer player on stdin/stdout, speaking protocol v1 (see
    /// PROTOCOL.md).
    Bot(bot::Args),
    /// Check fog puzzles (JSON files or links) and search them for a forced
    /// solution.
    Puzzle(puzzle::Args),
    /// One Kriegspiel game with our umpire on stdin/stdout: an attempt a
    /// line in, what each side heard a JSON line out.
    Umpire(umpire::Args),
}

/// Rust ignores SIGPIPE, so printing into a closed pipe panics; the default
/// action ends the process quietly instead (`fogbound catalogue | head`).
fn quiet_on_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to its default, before any
    // thread is started, has no other effect on the program.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn main() -> ExitCode {
    quiet_on_closed_pipe();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // Help and version are not errors.
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    let result = match cli.command {
        Command::Perft(args) => perft::run(args),
        Command::FoxHounds(args) => fox_hounds::run(args),
        Command::Krk(args) => krk::run(args),
        Command::FogEndgame(args) => fog_endgame::run(args),
        Command::Catalogue(args) => catalogue::run(args),
        Command::Match(args) => play::run(args),
        Command::Puzzle(args) => puzzle::run(args),
        Command::Bot(args) => bot::run(args),
        Command::Umpire(args) => umpire::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("fogbound: {message}");
            ExitCode::from(2)
        }
    }
}
