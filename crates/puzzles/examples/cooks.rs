//! Times the cook pass of a puzzle file (one thread), printing each first
//! move as it is taken up: `cargo run --release -p fogbound-puzzles
//! --example cooks -- FILE [NODES]`.

use std::time::Instant;

use fogbound_puzzles::puzzle::Puzzle;
use fogbound_puzzles::solver::{solve_with, Options};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("a puzzle file");
    let nodes: u64 = args
        .next()
        .map_or(250_000_000, |n| n.parse().expect("a node budget"));
    let text = std::fs::read_to_string(&path).expect("a readable file");
    let puzzle = Puzzle::from_json(&text).expect("a puzzle");
    let start = Instant::now();
    let mut last = String::new();
    let mut progress = |pass: &str, done: u64, total: u64| {
        if pass != last && pass != fogbound_puzzles::solver::PASS {
            println!(
                "{:7.2} s  {done}/{total}  {pass}",
                start.elapsed().as_secs_f64()
            );
            last = pass.to_string();
        }
        Ok(())
    };
    let options = Options {
        max_nodes: nodes,
        tree: false,
        ..Options::default()
    };
    let s = solve_with(&puzzle, &options, Some(&mut progress)).expect("solvable");
    println!(
        "{:.2} s: keys {:?}, complete {}, {:?}",
        start.elapsed().as_secs_f64(),
        s.keys,
        s.cooks_complete,
        s.stats
    );
}
