//! Experiment: refute each wrong first move on sub-beliefs (singletons, then pairs).
use std::time::Instant;

use fogbound_engine::belief::Belief;
use fogbound_puzzles::puzzle::Puzzle;
use fogbound_puzzles::solver::{attempt_san, model_of, start_belief, Solver};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("a puzzle file");
    let per: u64 = args.next().map_or(2_000_000, |n| n.parse().unwrap());
    let puzzle = Puzzle::from_json(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let spec = model_of(&puzzle).unwrap();
    let belief = start_belief(&puzzle).unwrap();
    let mut solver = Solver::new(&spec, u64::MAX, None);
    let first = belief.positions()[0].clone();
    let all = Instant::now();
    let n = belief.len();
    for a in solver.attempts(&belief) {
        let t = Instant::now();
        let name = attempt_san(&first, &a, spec.rule_mode());
        let mut found = None;
        'single: for i in 0..n {
            let sub = Belief::new(vec![belief.positions()[i].clone()]);
            let mut s = Solver::new(&spec, per, None);
            if s.forces(&sub, puzzle.moves, &a) == Ok(false) {
                found = Some(vec![i]);
                break 'single;
            }
        }
        if found.is_none() {
            'pair: for i in 0..n {
                for j in i + 1..n {
                    let sub = Belief::new(vec![
                        belief.positions()[i].clone(),
                        belief.positions()[j].clone(),
                    ]);
                    let mut s = Solver::new(&spec, per, None);
                    if s.forces(&sub, puzzle.moves, &a) == Ok(false) {
                        found = Some(vec![i, j]);
                        break 'pair;
                    }
                }
            }
        }
        println!("{name:8} {found:?} {:.2} s", t.elapsed().as_secs_f64());
    }
    println!("all: {:.2} s", all.elapsed().as_secs_f64());
}
