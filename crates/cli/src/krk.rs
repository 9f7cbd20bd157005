//! `fogbound krk`: solve King+Rook vs King on n×n boards.

use fogbound_solvers::krk::{self, quadrant, KrkSummary, KrkTable, Position};
use fogbound_solvers::progress::Silent;
use serde::Serialize;
use std::time::Instant;

/// Solves King+Rook vs King on one board (--size) or a range of boards
/// (--sizes), optionally playing the quadrant strategy out.
#[derive(clap::Args)]
pub struct Args {
    /// Solve the N×N board (3 to 26) and print its figures
    #[arg(long, value_name = "N", conflicts_with = "sizes")]
    size: Option<usize>,
    /// Solve every size from A to B (also A..=B or 3,5,8) and print the
    /// growth of the worst-case depth to mate beside the quadrant
    /// strategy
    #[arg(long, value_name = "A..B")]
    sizes: Option<String>,
    /// With --size: the value of a position and its legal moves, best first
    /// (white king, rook, black king, side to move: 'Ke1 Ra1 ke8 w')
    #[arg(long, value_name = "P", requires = "size")]
    position: Option<String>,
    /// With --sizes: play the quadrant strategy out against the table's
    /// best defence and compare its move counts with the table's worst case
    /// and the quadrant plan's first-phase formula
    #[arg(long, requires = "sizes")]
    strategy: bool,
    /// With --strategy: every K-th White-to-move start
    #[arg(long, value_name = "K", requires = "strategy")]
    stride: Option<u64>,
    /// With --strategy: also the exact worst case of the strategy against
    /// every defence (one-player search, 2·n⁶ bytes)
    #[arg(long, requires = "strategy")]
    exhaustive: bool,
    /// One JSON object (an array of them with --sizes)
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<(), String> {
    let json = args.json;
    match (args.size, args.sizes.as_deref()) {
        (Some(n), None) => {
            krk::check_size(n).map_err(|e| format!("--size: {e}"))?;
            let (table, seconds) = timed_solve(n);
            match args.position.as_deref() {
                Some(text) => print_position(&table, text, json),
                None if json => print_json(&Report::new(table.summary(), seconds)),
                None => {
                    print_summary(table.summary(), seconds);
                    Ok(())
                }
            }
        }
        (None, Some(spec)) => {
            let sizes = parse_sizes(spec)?;
            if args.strategy {
                let stride = args.stride.unwrap_or(1);
                if stride == 0 {
                    return Err("--stride: must be at least 1".into());
                }
                return print_strategy(&sizes, stride, args.exhaustive, json);
            }
            print_growth(&sizes, json)
        }
        (Some(_), Some(_)) => Err("give --size or --sizes, not both".into()),
        (None, None) => Err("missing --size or --sizes (see fogbound krk --help)".into()),
    }
}

fn timed_solve(n: usize) -> (KrkTable, f64) {
    let start = Instant::now();
    let table = krk::solve(n, &mut Silent).expect("Silent never cancels");
    (table, start.elapsed().as_secs_f64())
}

/// `3..16`, `3..=16` (both inclusive) or `3,5,8`.
fn parse_sizes(spec: &str) -> Result<Vec<usize>, String> {
    let bad = || format!("--sizes: cannot read '{spec}' (try 3..16 or 4,8,12)");
    let number = |t: &str| t.trim().parse::<usize>().map_err(|_| bad());
    let sizes: Vec<usize> = if let Some((a, b)) = spec.split_once("..") {
        let b = b.strip_prefix('=').unwrap_or(b);
        let (a, b) = (number(a)?, number(b)?);
        if a > b {
            return Err(format!("--sizes: empty range '{spec}'"));
        }
        (a..=b).collect()
    } else {
        spec.split(',').map(number).collect::<Result<_, _>>()?
    };
    for &n in &sizes {
        krk::check_size(n).map_err(|e| format!("--sizes: {e}"))?;
    }
    Ok(sizes)
}

/// The JSON object of one board: the summary's fields plus timing.
#[derive(Serialize)]
struct Report<'a> {
    #[serde(flatten)]
    summary: &'a KrkSummary,
    black_to_move_won_percent: f64,
    seconds: f64,
}

impl<'a> Report<'a> {
    fn new(summary: &'a KrkSummary, seconds: f64) -> Report<'a> {
        Report {
            summary,
            black_to_move_won_percent: summary.black_to_move_won_percent(),
            seconds,
        }
    }
}

fn print_json(value: &impl Serialize) -> Result<(), String> {
    let text = serde_json::to_string(value).map_err(|e| format!("cannot write JSON: {e}"))?;
    println!("{text}");
    Ok(())
}

fn print_summary(s: &KrkSummary, seconds: f64) {
    let n = s.size;
    println!("King+Rook vs King on {n}×{n} (no 50-move rule, no symmetry reduction)");
    println!();
    println!("               positions         won   drawn  stalemate  rook capturable  max DTM");
    println!(
        "White to move {:>11} {:>11} {:>7} {:>10} {:>16} {:>8}",
        group(s.white_to_move_positions),
        group(s.white_to_move_won),
        group(s.white_to_move_drawn),
        "-",
        "-",
        s.max_dtm_white_to_move
    );
    println!(
        "Black to move {:>11} {:>11} {:>7} {:>10} {:>16} {:>8}",
        group(s.black_to_move_positions),
        group(s.black_to_move_won),
        group(s.black_to_move_drawn),
        group(s.black_to_move_stalemate),
        group(s.black_to_move_rook_capturable),
        s.max_dtm_black_to_move
    );
    println!();
    println!(
        "Black to move: {:.2}% won, {} stalemate or rook capture; at most {} moves to mate.",
        s.black_to_move_won_percent(),
        group(s.black_to_move_stalemate_or_capture),
        s.max_dtm
    );
    println!();
    println!("depth to mate (White moves)   white to move   black to move");
    let rows = s.dtm_white_to_move.len().max(s.dtm_black_to_move.len());
    for d in 0..rows {
        let w = s.dtm_white_to_move.get(d).copied().unwrap_or(0);
        let b = s.dtm_black_to_move.get(d).copied().unwrap_or(0);
        println!("{d:>27} {:>15} {:>15}", group(w), group(b));
    }
    println!();
    println!(
        "solved in {seconds:.3} s, peak {:.1} MB",
        s.peak_bytes as f64 / 1e6
    );
}

fn print_position(table: &KrkTable, text: &str, json: bool) -> Result<(), String> {
    let position = Position::parse(text, table.size()).map_err(|e| format!("--position: {e}"))?;
    let value = table.value(&position);
    let moves = table.moves(&position);
    if json {
        #[derive(Serialize)]
        struct Answer {
            position: String,
            value: String,
            /// (move, value after it), best first.
            moves: Vec<(String, String)>,
        }
        return print_json(&Answer {
            position: position.to_string(),
            value: value.to_string(),
            moves: moves
                .iter()
                .map(|m| (m.mv.to_string(), m.value.to_string()))
                .collect(),
        });
    }
    println!("{position}: {value}");
    for m in moves {
        println!("  {:<10} -> {}", m.mv.to_string(), m.value);
    }
    Ok(())
}

/// One line of `--sizes --json`.
#[derive(Serialize)]
struct GrowthReport<'a> {
    #[serde(flatten)]
    report: Report<'a>,
    growth: quadrant::GrowthRow,
}

fn print_growth(sizes: &[usize], json: bool) -> Result<(), String> {
    if !json {
        println!("King+Rook vs King: worst-case depth to mate against the quadrant strategy");
        println!("(DTM and strategy counts in White moves; the strategy counts only its first");
        println!(" phase, reaching the defended box, for the table's worst position in its best");
        println!(" corner and for the worst start inside the n×n corner of the quadrant)");
        println!();
        println!(
            "   n   W positions   B positions  B won %  max DTM W  max DTM B  worst position      \
             box m  phase-1 moves  fits   corner worst  seconds   peak MB"
        );
    }
    let mut reports = Vec::new();
    for &n in sizes {
        let (table, seconds) = timed_solve(n);
        let growth = quadrant::growth_row(&table);
        let s = table.summary();
        if json {
            reports.push(
                serde_json::to_value(GrowthReport {
                    report: Report::new(s, seconds),
                    growth,
                })
                .map_err(|e| format!("cannot write JSON: {e}"))?,
            );
        } else {
            println!(
                "{n:>4} {:>13} {:>13} {:>8.2} {:>10} {:>10}  {:<18} {:>5} {:>14}  {:<4} {:>13} {:>8.3} {:>9.1}",
                group(s.white_to_move_positions),
                group(s.black_to_move_positions),
                s.black_to_move_won_percent(),
                s.max_dtm_white_to_move,
                s.max_dtm_black_to_move,
                growth.worst_position.to_string(),
                growth.plan_for_worst_position.box_size,
                growth.plan_for_worst_position.white_moves,
                if growth.plan_fits_on_board { "yes" } else { "no" },
                growth.quadrant_worst_case.white_moves,
                seconds,
                s.peak_bytes as f64 / 1e6
            );
        }
    }
    if json {
        print_json(&reports)?;
    }
    Ok(())
}

fn print_strategy(
    sizes: &[usize],
    stride: u64,
    exhaustive: bool,
    json: bool,
) -> Result<(), String> {
    if !json {
        println!("King+Rook vs King: the quadrant strategy played out (White moves to mate)");
        println!("  table max: the exact longest forced mate (White to move)");
        println!(
            "  plan phase 1: m + 4 - min(p, q) at its worst over the n×n corner of the quadrant"
        );
        println!(
            "  vs table: the strategy against the table's best defence (every {stride}. start)"
        );
        println!("  exhaustive: the strategy's exact worst case against every defence");
        println!();
        println!(
            "   n  table max  plan phase 1  starts     vs table worst  mean (table mean)  \
             failures  exhaustive worst  failures  seconds"
        );
    }
    let mut rows = Vec::new();
    for &n in sizes {
        let start = Instant::now();
        let (table, _) = timed_solve(n);
        let row = krk::strategy::strategy_row(&table, stride, exhaustive);
        let seconds = start.elapsed().as_secs_f64();
        if json {
            rows.push(row);
            continue;
        }
        let a = &row.against_table;
        let (ew, ef) = match &row.exhaustive {
            Some(e) => (e.worst_moves.to_string(), e.failures.to_string()),
            None => ("-".into(), "-".into()),
        };
        println!(
            "{n:>4} {:>10} {:>13}  {:>10} {:>14} {:>8.1} ({:>5.1}) {:>9} {:>17} {:>9} {:>8.1}",
            row.max_dtm_white_to_move,
            row.quadrant_phase_one_worst,
            group(a.starts),
            a.worst_moves,
            a.mean_moves,
            a.mean_dtm,
            group(a.failures),
            ew,
            ef,
            seconds
        );
    }
    if json {
        print_json(&rows)?;
    }
    Ok(())
}

/// `1234567` → `1,234,567`.
fn group(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
