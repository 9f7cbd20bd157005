//! `fogbound`: the command line for tests, benchmarks and researchers.
//!
//! Each subcommand lives in its own module and receives the arguments that
//! follow its name. Errors are printed as one line on stderr with exit code 2.

mod args;
mod fox_hounds;
mod krk;
mod perft;

use std::process::ExitCode;

const USAGE: &str = "usage: fogbound <command> [options]

commands:
  perft       count move-generation leaves (fogbound perft --help)
  fox-hounds  solve Fox & Hounds on an n×n board (fogbound fox-hounds --help)
  krk         solve King+Rook vs King on an n×n board (fogbound krk --help)";

fn main() -> ExitCode {
    let mut argv = std::env::args().skip(1);
    let Some(command) = argv.next() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let rest: Vec<String> = argv.collect();
    let result = match command.as_str() {
        "perft" => perft::run(&rest),
        "fox-hounds" => fox_hounds::run(&rest),
        "krk" => krk::run(&rest),
        "-h" | "--help" | "help" => {
            println!("{USAGE}");
            Ok(())
        }
        other => Err(format!("unknown command '{other}'\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("fogbound: {message}");
            ExitCode::from(2)
        }
    }
}
