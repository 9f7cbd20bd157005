//! Times the adversarial umpire's answer to one first attempt, and says
//! whether it ends the game as lost at once (issue 27 item 5):
//! `cargo run --profile checked -p fogbound-puzzles --example
//! umpire_answer -- FILE ATTEMPT NODES` (for instance `rot8.json Ke1
//! 20000000`).

use std::time::Instant;

use fogbound_puzzles::puzzle::Puzzle;
use fogbound_puzzles::umpire::UmpireGame;

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("a puzzle file");
    let attempt = args.next().expect("an attempt, as Ke1");
    let nodes: u64 = args
        .next()
        .map_or(3_000_000, |n| n.parse().expect("a node budget"));
    let text = std::fs::read_to_string(&path).expect("a readable file");
    let puzzle = Puzzle::from_json(&text).expect("a puzzle");
    let mut game = UmpireGame::new(&puzzle).expect("a puzzle the umpire takes");
    let start = Instant::now();
    let step = game.play(&attempt, nodes, None).expect("an attempt");
    println!(
        "1.{attempt} within {nodes} nodes: {:?} (lost said: {}), {:.2} s",
        game.status(),
        step.lost,
        start.elapsed().as_secs_f64()
    );
}
