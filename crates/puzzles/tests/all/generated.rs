//! The shipped set of generated problems (`static/puzzles/generated.json`):
//! its shape (enough problems, mates in 2 and 3, one and two hidden men,
//! three presets or more, every grade), and every problem still sound with
//! its recorded key — the solver proves the key and refutes every other
//! first move.

use std::collections::BTreeSet;

use fogbound_puzzles::generate::Grade;
use fogbound_puzzles::generated::{listed, SetFile, SET_PATH};
use fogbound_puzzles::solver::{solve_with, Options, Verdict};

fn set_text() -> String {
    let path = format!("{}/../../{SET_PATH}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn the_set_is_large_and_varied() {
    let text = set_text();
    let file: SetFile = serde_json::from_str(&text).unwrap();
    let set = listed(&text).unwrap();
    assert_eq!(set.len(), file.entries.len());
    assert!(set.len() >= 200, "{} problems", set.len());
    let ids: BTreeSet<&str> = set.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(ids.len(), set.len(), "ids are unique");
    let moves: BTreeSet<u32> = set.iter().map(|e| e.puzzle.moves).collect();
    assert_eq!(moves, BTreeSet::from([2, 3]));
    let hidden: BTreeSet<usize> = set.iter().map(|e| e.puzzle.hidden.len()).collect();
    assert_eq!(hidden, BTreeSet::from([1, 2]));
    let presets: BTreeSet<&str> = set.iter().map(|e| e.puzzle.rules.as_str()).collect();
    assert!(presets.len() >= 3, "{presets:?}");
    for grade in [Grade::Easy, Grade::Medium, Grade::Hard] {
        let n = set.iter().filter(|e| e.grade == grade).count();
        assert!(n >= 20, "{n} {grade:?} problems");
    }
    // The page does not need the proofs: the file stays small.
    assert!(file.entries.iter().all(|e| e.tree.is_none()));
}

#[test]
fn every_shipped_problem_is_still_sound_with_its_recorded_key() {
    let file: SetFile = serde_json::from_str(&set_text()).unwrap();
    let options = Options {
        max_nodes: 10_000_000,
        cooks: true,
        tree: false,
        shortest: false,
    };
    for entry in &file.entries {
        let puzzle = entry.puzzle().unwrap();
        let s = solve_with(&puzzle, &options, None).unwrap();
        assert_eq!(s.verdict, Verdict::Solved, "{}", entry.id);
        assert!(s.cooks_complete, "{}", entry.id);
        assert_eq!(s.keys, [entry.key.clone()], "{}", entry.id);
        assert_eq!(
            s.first_coord.as_deref(),
            Some(entry.key_coord.as_str()),
            "{}",
            entry.id
        );
        assert_eq!(s.placements, entry.placements, "{}", entry.id);
    }
}
