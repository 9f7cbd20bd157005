use fogbound_engine::puzzle::Puzzle;
use fogbound_engine::puzzle_solver::{attempt_san, model_of, start_belief, Solver};
use std::time::Instant;
fn main() {
    let text = std::fs::read_to_string(std::env::args().nth(1).unwrap()).unwrap();
    let budget: u64 = std::env::args().nth(2).map(|s| s.parse().unwrap()).unwrap_or(20_000_000);
    let only = std::env::args().nth(3);
    let puzzle = Puzzle::from_json(&text).unwrap();
    let spec = model_of(&puzzle).unwrap();
    let belief = start_belief(&puzzle).unwrap();
    if only.as_deref() == Some("KEY") {
        let mut s = Solver::new(&spec, budget, None);
        let t = Instant::now();
        let r = s.key(&belief, puzzle.moves);
        let st = s.stats();
        println!("key {:?} {:.2}s nodes {} beliefs {} full {}", r.map(|o| o.map(|a| attempt_san(&belief.positions()[0], &a, spec.rule_mode()))), t.elapsed().as_secs_f64(), st.nodes, st.belief_states, st.full_info_positions);
        return;
    }
    let mut probe = Solver::new(&spec, u64::MAX, None);
    for a in probe.attempts(&belief) {
        let san = attempt_san(&belief.positions()[0], &a, spec.rule_mode());
        if only.as_ref().is_some_and(|o| *o != san) { continue; }
        let mut s = Solver::new(&spec, budget, None);
        let t = Instant::now();
        let r = s.forces(&belief, puzzle.moves, &a);
        let st = s.stats();
        println!("{san:8} {:?} {:.2}s nodes {} beliefs {} full {}", r, t.elapsed().as_secs_f64(), st.nodes, st.belief_states, st.full_info_positions);
    }
}
