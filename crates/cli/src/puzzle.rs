//! `fogbound puzzle`: fog puzzles from a file or a link — check one, or
//! search it with the engine's belief-state solver; or generate new sound
//! Kriegspiel problems.

use std::time::Instant;

use fogbound_puzzles::generate::{Problem, Request, Tally};
use fogbound_puzzles::generated::SetEntry;
use fogbound_puzzles::proof::Proof;
use fogbound_puzzles::puzzle::Puzzle;
use fogbound_puzzles::solver::{compose_with, solve_parallel, Options};
use fogbound_solvers::Cancelled;
use serde_json::json;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    action: Action,
}

#[derive(clap::Subcommand)]
enum Action {
    /// Read and check a puzzle: its placements, its link code.
    Check(Source),
    /// Search a puzzle: solved (with its key and any cooks), refuted, or
    /// unknown when the node budget runs out.
    Solve {
        #[command(flatten)]
        source: Source,
        /// Stop after this many search nodes (verdict unknown)
        #[arg(long, default_value_t = 50_000_000)]
        max_nodes: u64,
        /// Stop after this many seconds (verdict unknown)
        #[arg(long, default_value_t = 600.0)]
        max_seconds: f64,
        /// Do not test the other first moves for cooks
        #[arg(long)]
        no_cooks: bool,
        /// Deepen from one move, so the key found is a shortest one
        #[arg(long)]
        shortest: bool,
        /// Threads sharing the search (default: one per core); the node
        /// budget is each thread's. With more than one, which key is
        /// reported first may change from run to run
        #[arg(long)]
        threads: Option<usize>,
        /// Write the proof of the key (every umpire's answer, down to
        /// mate) to this file, as PROOFS.md describes
        #[arg(long)]
        proof: Option<std::path::PathBuf>,
        /// Prove this first move (SAN or coordinates) instead of searching
        /// for a key: one thread, no cooks (a claimed cook's proof)
        #[arg(long)]
        key: Option<String>,
        /// The composer's view: every first move classified (key, cook,
        /// try with its one refutation, fails) and the solution's duals
        /// (one thread)
        #[arg(long, conflicts_with = "no_cooks")]
        composer: bool,
    },
    /// Generate sound Kriegspiel problems: random positions with hidden
    /// Black men, kept when the solver proves a unique quiet key and
    /// refutes every other first move; graded by its effort and the tries.
    Generate(GenerateArgs),
}

#[derive(clap::Args)]
struct GenerateArgs {
    /// Mate in this many moves (2 or 3)
    #[arg(long, default_value_t = 2)]
    moves: u32,
    /// Hidden Black men (1 or 2)
    #[arg(long, default_value_t = 1)]
    hidden: usize,
    /// The umpire preset (`fogbound catalogue` lists them)
    #[arg(long, default_value = "english")]
    rules: String,
    /// Sound problems wanted
    #[arg(long, default_value_t = 1)]
    count: usize,
    /// The random generator's seed: the same seed, the same problems
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Give up after this many candidates
    #[arg(long, default_value_t = 100_000)]
    max_candidates: u64,
    /// Print one JSON object: the problems as set entries and the yield
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args)]
struct Source {
    /// A puzzle file (JSON), a link (…#/puzzle?p=CODE or ?json=…), or a bare code
    puzzle: String,
    /// Print one JSON object
    #[arg(long)]
    json: bool,
}

/// Percent-decoding (and `+` as a space) for `json=` links written by hand.
fn percent_decode(text: &str) -> String {
    let hex = |b: u8| char::from(b).to_digit(16);
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match (
            bytes[i],
            bytes.get(i + 1).and_then(|&b| hex(b)),
            bytes.get(i + 2).and_then(|&b| hex(b)),
        ) {
            (b'%', Some(hi), Some(lo)) => {
                out.push((hi * 16 + lo) as u8);
                i += 3;
                continue;
            }
            (b'+', _, _) => out.push(b' '),
            (b, _, _) => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The puzzle a file, a link or a code holds.
fn read(source: &str) -> Result<Puzzle, String> {
    let from_query = |query: &str| -> Option<Result<Puzzle, String>> {
        for pair in query.split('&') {
            if let Some(code) = pair.strip_prefix("p=") {
                return Some(Puzzle::from_code(code).map_err(|e| e.to_string()));
            }
            if let Some(json) = pair.strip_prefix("json=") {
                return Some(Puzzle::from_json(&percent_decode(json)).map_err(|e| e.to_string()));
            }
        }
        None
    };
    if let Some((_, query)) = source.split_once("puzzle?") {
        return from_query(query)
            .unwrap_or_else(|| Err("the link has no p= or json= parameter".into()));
    }
    if std::path::Path::new(source).is_file() {
        let text = std::fs::read_to_string(source).map_err(|e| format!("{source}: {e}"))?;
        return Puzzle::from_json(&text).map_err(|e| format!("{source}: {e}"));
    }
    if source.trim_start().starts_with('{') {
        return Puzzle::from_json(source).map_err(|e| e.to_string());
    }
    Puzzle::from_code(source).map_err(|e| format!("'{source}' is not a file, and as a code: {e}"))
}

pub fn run(args: Args) -> Result<(), String> {
    match args.action {
        Action::Generate(args) => return generate(args),
        Action::Check(source) => {
            let puzzle = read(&source.puzzle)?;
            let placements = puzzle.placements().map_err(|e| e.to_string())?.len();
            if source.json {
                println!(
                    "{}",
                    json!({ "placements": placements, "moves": puzzle.moves, "rules": puzzle.rules,
                            "code": puzzle.to_code(), "puzzle": serde_json::from_str::<serde_json::Value>(&puzzle.to_json()).unwrap_or_default() })
                );
            } else {
                println!(
                    "{placements} placements of the hidden men; {} moves; rules {}",
                    puzzle.moves, puzzle.rules
                );
                println!("link code: {}", puzzle.to_code());
            }
        }
        Action::Solve {
            source,
            max_nodes,
            max_seconds,
            no_cooks,
            shortest,
            threads,
            proof,
            key,
            composer,
        } => {
            let puzzle = read(&source.puzzle)?;
            if let Some(key) = key {
                return prove_key(&puzzle, &key, max_nodes, max_seconds, proof, source.json);
            }
            let start = Instant::now();
            // The solver has no clock: the time limit is a progress check.
            let in_time = |_: &str, _, _| {
                if start.elapsed().as_secs_f64() < max_seconds {
                    Ok(())
                } else {
                    Err(Cancelled)
                }
            };
            let threads = threads
                .or_else(|| std::thread::available_parallelism().ok().map(|n| n.get()))
                .unwrap_or(1)
                .max(1);
            let options = Options {
                max_nodes,
                cooks: !no_cooks,
                tree: true,
                shortest,
            };
            let solution = if composer {
                let mut in_time = in_time;
                compose_with(&puzzle, &options, Some(&mut in_time))
            } else {
                solve_parallel(&puzzle, &options, threads, &in_time)
            }
            .map_err(|e| e.to_string())?;
            let view = solution.composer.as_ref();
            let seconds = start.elapsed().as_secs_f64();
            let verdict = solution.verdict.id();
            let cooks: Vec<&String> = solution.keys.iter().skip(1).collect();
            if source.json {
                println!(
                    "{}",
                    json!({ "verdict": verdict, "first_move": solution.first_move,
                            "first_coord": solution.first_coord, "tries": cooks,
                            "cooks_complete": solution.cooks_complete,
                            "moves": solution.moves, "placements": solution.placements,
                            "nodes": solution.stats.nodes,
                            "belief_states": solution.stats.belief_states,
                            "full_info_positions": solution.stats.full_info_positions,
                            "seconds": seconds, "tree": solution.tree,
                            "tree_cut": solution.tree_cut,
                            "first_moves": view.map(|v| &v.first_moves),
                            "first_moves_complete": view.map(|v| v.complete),
                            "duals": view.map(|v| &v.duals),
                            "duals_complete": view.map(|v| v.duals_complete) })
                );
            } else {
                println!(
                    "{verdict}{} — {} nodes, {} belief states, {seconds:.3} s",
                    solution
                        .first_move
                        .as_ref()
                        .map(|k| match solution.moves {
                            Some(n) => format!(" by {k} (mate in {n})"),
                            None => format!(" by {k}"),
                        })
                        .unwrap_or_default(),
                    solution.stats.nodes,
                    solution.stats.belief_states
                );
                if !cooks.is_empty() {
                    println!(
                        "other keys (cooks): {}",
                        cooks
                            .iter()
                            .map(|s| s.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    );
                }
                if solution.verdict == fogbound_puzzles::solver::Verdict::Solved
                    && !solution.cooks_complete
                {
                    println!("(not every other first move was decided: cooks unknown)");
                }
                for line in view.map(crate::composer_text::lines).unwrap_or_default() {
                    println!("{line}");
                }
            }
            if let Some(out) = proof {
                let Some(tree) = &solution.tree else {
                    return Err(format!("{verdict}: no key, so no proof written"));
                };
                let proof = Proof::from_tree(&puzzle, tree, solution.tree_cut)
                    .map_err(|e| e.to_string())?;
                write_proof(&proof, &out, source.json)?;
            }
        }
    }
    Ok(())
}

/// `--key`: the proof of a chosen first move, written to `out` (or the
/// verdict alone without it).
fn prove_key(
    puzzle: &Puzzle,
    key: &str,
    max_nodes: u64,
    max_seconds: f64,
    out: Option<std::path::PathBuf>,
    json: bool,
) -> Result<(), String> {
    let start = Instant::now();
    let mut in_time = |_: &str, _, _| {
        if start.elapsed().as_secs_f64() < max_seconds {
            Ok(())
        } else {
            Err(Cancelled)
        }
    };
    let proof =
        Proof::for_key(puzzle, key, max_nodes, Some(&mut in_time)).map_err(|e| e.to_string())?;
    let seconds = start.elapsed().as_secs_f64();
    if json {
        println!(
            "{}",
            json!({ "verdict": "solved", "first_move": proof.key, "first_coord": proof.key_coord,
                    "moves": proof.moves, "placements": proof.placements,
                    "white_nodes": proof.white_nodes, "seconds": seconds })
        );
    } else {
        println!(
            "{} forces mate within {} moves — {} White nodes in its tree, {seconds:.3} s",
            proof.key, proof.moves, proof.white_nodes
        );
    }
    if let Some(out) = out {
        write_proof(&proof, &out, json)?;
    }
    Ok(())
}

/// Writes `proof` to `out`, saying so on stderr under `--json` (stdout
/// keeps its one object).
fn write_proof(proof: &Proof, out: &std::path::Path, json: bool) -> Result<(), String> {
    std::fs::write(out, proof.to_json() + "\n").map_err(|e| format!("{}: {e}", out.display()))?;
    let said = format!(
        "proof of {} ({} White nodes) written to {}",
        proof.key,
        proof.white_nodes,
        out.display()
    );
    if json {
        eprintln!("{said}");
    } else {
        println!("{said}");
    }
    Ok(())
}

fn generate(args: GenerateArgs) -> Result<(), String> {
    let request = Request {
        moves: args.moves,
        hidden: args.hidden,
        rules: args.rules.clone(),
        seed: args.seed,
    };
    let start = Instant::now();
    let json = args.json;
    let mut say = |problem: &Problem, tally: &Tally| {
        if !json {
            println!(
                "{}. {} — key {} ({}; {} placements; {} nodes; tries {})",
                tally.kept,
                problem.puzzle.to_json(),
                problem.key,
                problem.grade.id(),
                problem.placements,
                problem.key_nodes,
                problem
                    .tries
                    .as_ref()
                    .map_or("not found within the budget".into(), |t| t
                        .len()
                        .to_string())
            );
        }
    };
    let (problems, tally) =
        fogbound_puzzles::generate::generate(&request, args.count, args.max_candidates, &mut say)
            .map_err(|e| e.to_string())?;
    let seconds = start.elapsed().as_secs_f64();
    let per_minute = problems.len() as f64 * 60.0 / seconds.max(1e-9);
    let dropped: serde_json::Map<String, serde_json::Value> = tally
        .dropped
        .iter()
        .map(|(d, n)| (d.id().to_string(), json!(n)))
        .collect();
    if json {
        let entries: Vec<SetEntry> = problems
            .iter()
            .enumerate()
            .map(|(i, p)| {
                SetEntry::of(
                    p,
                    format!(
                        "gen-m{}-h{}-{}-{}-{}",
                        args.moves,
                        args.hidden,
                        args.rules,
                        args.seed,
                        i + 1
                    ),
                )
            })
            .collect();
        println!(
            "{}",
            json!({ "problems": entries, "candidates": tally.candidates, "kept": tally.kept,
                    "dropped": dropped, "seconds": seconds, "per_minute": per_minute })
        );
    } else {
        println!(
            "{} sound of {} candidates in {seconds:.1} s ({per_minute:.1} a minute); dropped: {}",
            tally.kept,
            tally.candidates,
            serde_json::Value::Object(dropped)
        );
    }
    Ok(())
}
