//! `fogbound fox-hounds`: solve Fox & Hounds and query the published AI.

use fogbound_solvers::fox_hounds::{self, BoardSize, Side, Solution};
use fogbound_solvers::progress::{Cancelled, Progress, Silent};
use std::time::Instant;

/// Solves an N×N board (default 8) and prints its figures, or answers one
/// question about the published AI.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    question: Option<Question>,
    /// The board size (2 to 10)
    #[arg(long, global = true, default_value_t = 8)]
    size: u8,
    /// Solver threads (default: the machine's cores)
    #[arg(long, global = true)]
    threads: Option<usize>,
    /// One JSON object
    #[arg(long, global = true)]
    json: bool,
    /// Time each solver pass on stderr
    #[arg(long, global = true)]
    verbose: bool,
}

/// What to ask once the board is solved.
#[derive(Clone, Copy, clap::Subcommand)]
enum Question {
    /// The odds of beating the AI that plays with fuzz factor P.
    Fuzz {
        /// The fuzz factor, 0 to 1
        #[arg(long)]
        p: f64,
    },
    /// Bisection for the fuzz factor that gives the fox 50 %.
    Fairest {
        /// Midpoints to take (1 to 60; the published figure took 17)
        #[arg(long, default_value_t = SEED_STEPS)]
        steps: usize,
    },
    /// The published fuzz table.
    Table,
}

/// The published bisection stopped after 17 midpoints (p = 0.006935 on 8×8).
const SEED_STEPS: usize = 17;
/// Enough midpoints for the crossing to converge in double precision.
const CONVERGED_STEPS: usize = 40;

/// The fuzz factors of the published table.
const SEED_P: [f64; 19] = [
    0.0, 0.003906, 0.005859, 0.006836, 0.006897, 0.006927, 0.006935, 0.006943, 0.006958, 0.007080,
    0.007324, 0.007812, 0.015625, 0.031250, 0.062500, 0.125000, 0.250000, 0.500000, 1.000000,
];

pub fn run(args: Args) -> Result<(), String> {
    let size = args.size;
    let size = BoardSize::new(size).map_err(|e| format!("--size: {e}"))?;
    let mut options = fox_hounds::SolveOptions::default();
    if let Some(threads) = args.threads {
        if threads == 0 {
            return Err("--threads: must be at least 1".into());
        }
        options.threads = threads;
    }
    let json = args.json;
    if let Some(Question::Fuzz { p }) = args.question {
        if !(0.0..=1.0).contains(&p) {
            return Err(format!("--p: {p} is not between 0 and 1"));
        }
    }
    if let Some(Question::Fairest { steps }) = args.question {
        if steps == 0 || steps > 60 {
            return Err(format!("--steps: {steps} is not between 1 and 60"));
        }
    }
    let start = Instant::now();
    let solution = if args.verbose {
        fox_hounds::solve_with(size, &options, &mut PassTimer::new(start))
    } else {
        fox_hounds::solve_with(size, &options, &mut Silent)
    }
    .map_err(|e| e.to_string())?;
    let seconds = start.elapsed().as_secs_f64();
    match args.question {
        None => print_summary(&solution, seconds, json),
        Some(Question::Fuzz { p }) => print_fuzz(&solution, &[p], json),
        Some(Question::Table) => print_fuzz(&solution, &SEED_P, json),
        Some(Question::Fairest { steps }) => print_fairest(&solution, steps, json),
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
