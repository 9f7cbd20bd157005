//! `fogbound fox-hounds`: solve Fox & Hounds and query the seed's AI.

use crate::args::Args;
use fogbound_solvers::fox_hounds::{self, BoardSize, Side, Solution};
use fogbound_solvers::progress::{Cancelled, Progress, Silent};
use std::time::Instant;

const USAGE: &str = "usage:
  fogbound fox-hounds [--size N] [--threads T] [--json] [--verbose]
                                                          solve an N×N board (default 8)
  fogbound fox-hounds fuzz [--size N] --p P [--json]      odds of beating the AI with fuzz P
  fogbound fox-hounds fairest [--size N] [--steps S] [--json]
                                                          bisection for the fuzz factor giving the
                                                          fox 50% (S midpoints, default 17 as the seed)
  fogbound fox-hounds table [--size N] [--json]           the seed's fuzz table";

/// The seed's bisection stopped after 17 midpoints (p = 0.006935 on 8×8).
const SEED_STEPS: usize = 17;
/// Enough midpoints for the crossing to converge in double precision.
const CONVERGED_STEPS: usize = 40;

/// The fuzz factors of the seed's table.
const SEED_P: [f64; 19] = [
    0.0, 0.003906, 0.005859, 0.006836, 0.006897, 0.006927, 0.006935, 0.006943, 0.006958, 0.007080,
    0.007324, 0.007812, 0.015625, 0.031250, 0.062500, 0.125000, 0.250000, 0.500000, 1.000000,
];

/// Every option any form takes (checked before parsing, so that a mistyped
/// flag is reported as unknown rather than as wanting a value).
const OPTIONS: [&str; 7] = ["size", "threads", "json", "help", "verbose", "p", "steps"];

pub fn run(words: &[String]) -> Result<(), String> {
    for word in words {
        if let Some(name) = word.strip_prefix("--") {
            let name = name.split_once('=').map_or(name, |(n, _)| n);
            if !OPTIONS.contains(&name) {
                return Err(format!(
                    "unknown option --{name} (see fogbound fox-hounds --help)"
                ));
            }
        }
    }
    let args = Args::parse(words, &["json", "help", "verbose"])?;
    if args.flag("help") {
        println!("{USAGE}");
        return Ok(());
    }
    let command = match args.positional.as_slice() {
        [] => "solve",
        [one] => one.as_str(),
        _ => return Err("fox-hounds: too many words (see fogbound fox-hounds --help)".into()),
    };
    let known: &[&str] = match command {
        "solve" => &["size", "threads", "json", "help", "verbose"],
        "fuzz" => &["size", "threads", "json", "help", "verbose", "p"],
        "fairest" => &["size", "threads", "json", "help", "verbose", "steps"],
        "table" => &["size", "threads", "json", "help", "verbose"],
        other => {
            return Err(format!(
                "fox-hounds: unknown subcommand '{other}' (see fogbound fox-hounds --help)"
            ))
        }
    };
    args.only(known)?;
    let size: u8 = args.parsed("size")?.unwrap_or(8);
    let size = BoardSize::new(size).map_err(|e| format!("--size: {e}"))?;
    let mut options = fox_hounds::SolveOptions::default();
    if let Some(threads) = args.parsed::<usize>("threads")? {
        if threads == 0 {
            return Err("--threads: must be at least 1".into());
        }
        options.threads = threads;
    }
    let json = args.flag("json");
    let p = match command {
        "fuzz" => {
            let p: f64 = args.parsed("p")?.ok_or("fuzz: --p is required")?;
            if !(0.0..=1.0).contains(&p) {
                return Err(format!("--p: {p} is not between 0 and 1"));
            }
            Some(p)
        }
        _ => None,
    };
    let steps: usize = args.parsed("steps")?.unwrap_or(SEED_STEPS);
    if steps == 0 || steps > 60 {
        return Err(format!("--steps: {steps} is not between 1 and 60"));
    }
    let start = Instant::now();
    let solution = if args.flag("verbose") {
        fox_hounds::solve_with(size, &options, &mut PassTimer::new(start))
    } else {
        fox_hounds::solve_with(size, &options, &mut Silent)
    }
    .map_err(|e| e.to_string())?;
    let seconds = start.elapsed().as_secs_f64();
    match command {
        "solve" => print_summary(&solution, seconds, json),
        "fuzz" => print_fuzz(&solution, &[p.unwrap_or(0.0)], json),
        "table" => print_fuzz(&solution, &SEED_P, json),
        _ => print_fairest(&solution, steps, json),
    }
}

fn print_summary(solution: &Solution, seconds: f64, json: bool) -> Result<(), String> {
    let mut summary = solution.summary();
    summary.seconds = seconds;
    if json {
        println!(
            "{}",
            serde_json::to_string(&summary).map_err(|e| e.to_string())?
        );
    } else {
        println!(
            "{:>10}  {:>19}  {:>60}  {:>18}  {:>8}  {:>10}",
            "Board size",
            "Reachable positions",
            "Possible games",
            "Initial evaluation",
            "Time",
            "Memory"
        );
        println!(
            "{:>10}  {:>19}  {:>60}  {:>18}  {:>7.3}s  {:>8.1}MB",
            solution.size().to_string(),
            group(&summary.positions.to_string()),
            group(&summary.games),
            summary.evaluation,
            seconds,
            summary.peak_bytes as f64 / 1e6
        );
    }
    Ok(())
}

fn print_fuzz(solution: &Solution, ps: &[f64], json: bool) -> Result<(), String> {
    let rows: Vec<_> = ps.iter().map(|&p| solution.fuzz(p)).collect();
    if json {
        let text = if rows.len() == 1 {
            serde_json::to_string(&rows[0])
        } else {
            serde_json::to_string(&rows)
        };
        println!("{}", text.map_err(|e| e.to_string())?);
        return Ok(());
    }
    let underdog = solution.underdog();
    let wins = |side: Side| if side == Side::Fox { "wins" } else { "win" };
    let first = format!("{underdog} {} from initial position", wins(underdog));
    let other = underdog.other();
    let second = format!("{other} {} from opposite position", wins(other));
    println!("Fuzz factor (p)  {first}  {second}");
    for row in rows {
        let opposite = row
            .from_opposite
            .map_or("-".to_string(), |q| format!("{q:.3}"));
        println!(
            "{:>15.6}  {:>w1$.3}  {:>w2$}",
            row.p,
            row.from_initial,
            opposite,
            w1 = first.len(),
            w2 = second.len()
        );
    }
    Ok(())
}

fn print_fairest(solution: &Solution, steps: usize, json: bool) -> Result<(), String> {
    let tried = solution.fairest_fuzz(steps);
    let converged = solution.fairest_fuzz(CONVERGED_STEPS);
    let (p, chances) = *tried.last().ok_or("fairest: --steps must be at least 1")?;
    let (exact, _) = *converged.last().expect("CONVERGED_STEPS > 0");
    if json {
        let value = serde_json::json!({
            "size": solution.size().get(),
            "steps": steps,
            "p": p,
            "underdog": solution.underdog(),
            "from_initial": chances,
            "converged_p": exact,
        });
        println!("{value}");
    } else {
        let title = format!("{} chances from initial position", solution.underdog());
        println!("{:>4}  {:>10}  {title}", "step", "p");
        for (i, (p, chances)) in tried.iter().enumerate() {
            println!("{:>4}  {p:>10.6}  {chances:>w$.6}", i + 1, w = title.len());
        }
        println!("fairest fuzz factor after {steps} bisection steps: p = {p:.6}");
        println!("converged ({CONVERGED_STEPS} steps): p = {exact:.9}");
    }
    Ok(())
}

/// Prints each pass's duration on stderr as it ends.
struct PassTimer {
    start: Instant,
    pass: String,
    pass_start: Instant,
}

impl PassTimer {
    fn new(start: Instant) -> PassTimer {
        PassTimer {
            start,
            pass: String::new(),
            pass_start: start,
        }
    }
}

impl Progress for PassTimer {
    fn report(&mut self, pass: &str, done: u64, total: u64) -> Result<(), Cancelled> {
        if pass != self.pass {
            self.pass = pass.to_string();
            self.pass_start = Instant::now();
        }
        if done == total {
            eprintln!(
                "{pass:>10}: {:.3}s (at {:.3}s)",
                self.pass_start.elapsed().as_secs_f64(),
                self.start.elapsed().as_secs_f64()
            );
        }
        Ok(())
    }
}

/// Thousands separators for the readable table.
fn group(digits: &str) -> String {
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
