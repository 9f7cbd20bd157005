//! How long the umpire that fights back takes to answer a first move of
//! Rotenberg's mate in 8 (the collection's `rotenberg-1976`), as a person
//! solving it on the puzzle page waits for it: the key 1.Rg2 and three
//! wrong tries, each answered within the page's node budget, timed once.
//!
//! `cargo bench -p fogbound-puzzles --bench umpire`

use std::time::Instant;

use fogbound_puzzles::collection::collection;
use fogbound_puzzles::umpire::UmpireGame;

/// The page's budget for one answer (the worker's `UMPIRE_NODES`).
const NODES: u64 = 3_000_000;

fn main() {
    let entries = collection().expect("the collection reads");
    let rotenberg = &entries
        .iter()
        .find(|e| e.id == "rotenberg-1976")
        .expect("Rotenberg's mate in 8")
        .puzzle;
    println!("attempt  seconds  status  told  placements left  positions");
    for attempt in ["Rg2", "Ke1", "Nf2", "Ra1"] {
        let mut game = UmpireGame::new(rotenberg).expect("a valid puzzle");
        let started = Instant::now();
        game.play(attempt, NODES, None).expect("a legal attempt");
        println!(
            "1.{attempt:<5} {:>8.2}  {:?}  {:?}  {}  {}",
            started.elapsed().as_secs_f64(),
            game.status(),
            game.told()[0].words,
            game.placements(),
            game.positions()
        );
    }
}
