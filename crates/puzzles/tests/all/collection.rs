//! Every puzzle of the collection solves with its published key (and no
//! other first move than the cooks it lists).

use fogbound_puzzles::collection::{collection, Entry};
use fogbound_puzzles::solver::{
    attempt_san, model_of, solve_parallel, solve_with, start_belief, Options, Solution, Solver,
    Verdict,
};

fn options(tree: bool) -> Options {
    Options {
        max_nodes: 50_000_000,
        cooks: true,
        tree,
        shortest: false,
    }
}

/// `s` solves `entry` with its published key and cooks, every other first
/// move decided.
fn assert_keys(entry: &Entry, s: &Solution) {
    assert_eq!(s.verdict, Verdict::Solved, "{}: {s:?}", entry.id);
    assert!(s.cooks_complete, "{}", entry.id);
    let mut keys = s.keys.clone();
    keys.sort();
    let mut expected = entry.cooks.clone();
    expected.push(entry.key.clone());
    expected.sort();
    assert_eq!(keys, expected, "{}", entry.id);
}

fn check(entry: &Entry) {
    let s = solve_with(&entry.puzzle, &options(false), None).unwrap();
    assert_keys(entry, &s);
}

#[test]
fn the_collection_reads_and_every_entry_names_its_source() {
    let entries = collection().unwrap();
    assert!(entries.len() >= 7);
    // Rotenberg's mate in 8 and at least twelve more published
    // Kriegspiel problems.
    let kriegspiel = entries
        .iter()
        .filter(|e| e.puzzle.goal == fogbound_puzzles::puzzle::Goal::Mate)
        .count();
    assert!(kriegspiel >= 13, "{kriegspiel} Kriegspiel problems");
    for e in &entries {
        for (field, value) in [
            ("title", &e.puzzle.title),
            ("author", &e.puzzle.author),
            ("source", &e.puzzle.source),
            ("solution", &e.puzzle.solution),
        ] {
            assert!(
                value.as_deref().is_some_and(|v| !v.is_empty()),
                "{} {field}",
                e.id
            );
        }
        assert!(start_belief(&e.puzzle).is_ok(), "{}", e.id);
    }
}

#[test]
fn every_quick_entry_solves_with_its_key() {
    for e in collection().unwrap().iter().filter(|e| !e.heavy) {
        check(e);
    }
}

/// Each quick entry's proof, walked again from the attempts the search
/// recorded, with every belief it leaves undecided decided by a solver
/// that shares no table with the one that proved it.
#[test]
fn every_quick_proof_passes_an_audit() {
    for e in collection().unwrap().iter().filter(|e| !e.heavy) {
        let spec = model_of(&e.puzzle).unwrap();
        let belief = start_belief(&e.puzzle).unwrap();
        let mut solver = Solver::new(&spec, 50_000_000, None);
        let key = solver
            .key(&belief, e.puzzle.moves)
            .unwrap()
            .unwrap_or_else(|| panic!("{}: no key", e.id));
        let audit = solver
            .audit_attempt(&spec, &belief, e.puzzle.moves, &key, 5_000_000)
            .unwrap_or_else(|why| panic!("{}: {why}", e.id));
        assert!(audit.walked + audit.rechecked > 0, "{}: {audit:?}", e.id);
        // A first move that does not work fails the audit.
        let pos = &belief.positions()[0];
        let mode = spec.rule_mode();
        let wrong = solver
            .attempts(&belief)
            .into_iter()
            .find(|a| {
                let san = attempt_san(pos, a, mode);
                san != e.key && !e.cooks.contains(&san)
            })
            .expect("a wrong first move");
        assert!(
            solver
                .audit_attempt(&spec, &belief, e.puzzle.moves, &wrong, 5_000_000)
                .is_err(),
            "{}: {}",
            e.id,
            attempt_san(pos, &wrong, mode)
        );
    }
}

/// The heavy entries' published keys force the stipulation (the Rotenberg
/// mate in 8: a quarter of a second; testing its cooks takes a minute, so
/// they are not tested here).
#[test]
fn every_heavy_key_forces_the_stipulation() {
    for e in collection().unwrap().iter().filter(|e| e.heavy) {
        let spec = model_of(&e.puzzle).unwrap();
        let belief = start_belief(&e.puzzle).unwrap();
        let mut solver = Solver::new(&spec, 500_000_000, None);
        let key = solver
            .attempts(&belief)
            .into_iter()
            .find(|a| attempt_san(&belief.positions()[0], a, spec.rule_mode()) == e.key)
            .unwrap_or_else(|| panic!("{}: no attempt {}", e.id, e.key));
        assert!(
            solver.forces(&belief, e.puzzle.moves, &key).unwrap(),
            "{}",
            e.id
        );
    }
}

/// Two threads sharing the root find the same keys, cooks included, as
/// one thread does (which key comes first may differ: it is a race).
#[test]
fn two_threads_find_the_same_keys() {
    for e in collection().unwrap().iter().filter(|e| !e.heavy) {
        let s = solve_parallel(&e.puzzle, &options(true), 2, &|_, _, _| Ok(())).unwrap();
        assert_keys(e, &s);
        assert_eq!(s.moves, Some(e.puzzle.moves), "{}", e.id);
        let tree = s.tree.as_ref().expect("the prover's tree");
        assert_eq!(Some(&tree.attempt), s.first_move.as_ref(), "{}", e.id);
    }
}
