//! The umpire that fights back: a person following the solver's proof
//! against it succeeds; a wrong first move loses whatever follows; the
//! wrong tries the encyclopedia article names are shown concretely.

use fogbound_puzzles::collection::collection;
use fogbound_puzzles::puzzle::Puzzle;
use fogbound_puzzles::solver::{solve_with, Options, Plan, Verdict};
use fogbound_puzzles::umpire::{Status, UmpireGame};

use crate::support::{puzzle, square_name as sq, ROTENBERG};

const BUDGET: u64 = 2_000_000;

fn solved_tree(p: &Puzzle) -> Plan {
    let s = solve_with(
        p,
        &Options {
            max_nodes: 20_000_000,
            cooks: false,
            tree: true,
            shortest: false,
        },
        None,
    )
    .unwrap();
    assert_eq!(s.verdict, Verdict::Solved);
    s.tree.expect("a tree")
}

/// Plays the solver's proof against the umpire, finding at each step the
/// branch for what the umpire said.
fn follow(p: &Puzzle, tree: &Plan) -> UmpireGame {
    let mut game = UmpireGame::new(p).unwrap();
    let mut plan = tree.clone();
    loop {
        game.play(&plan.coord, BUDGET, None).unwrap();
        if *game.status() != Status::Playing {
            return game;
        }
        let told = game.told().last().unwrap().clone();
        let answer = plan
            .answers
            .iter()
            .find(|a| a.told == told.words && a.seen == told.seen && a.refused != told.played)
            .unwrap_or_else(|| panic!("no branch of the proof for {told:?} in {plan:?}"));
        plan = *answer.then.clone().expect("the proof goes on");
    }
}

#[test]
fn following_the_proof_of_every_quick_collection_entry_solves_it() {
    for entry in collection().unwrap().iter().filter(|e| !e.heavy) {
        let tree = solved_tree(&entry.puzzle);
        let game = follow(&entry.puzzle, &tree);
        assert!(
            matches!(game.status(), Status::Solved { moves } if *moves <= entry.puzzle.moves),
            "{}: {:?} after {:?}",
            entry.id,
            game.status(),
            game.told()
        );
    }
}

#[test]
fn a_wrong_first_move_loses_whatever_white_does_next() {
    for entry in collection().unwrap().iter().filter(|e| !e.heavy) {
        let mut game = UmpireGame::new(&entry.puzzle).unwrap();
        let mut keys = entry.cooks.clone();
        keys.push(entry.key.clone());
        // A first move that is no key: the first one the board offers.
        let obs = game.observation();
        let wrong = obs
            .hints
            .iter()
            .map(|h| format!("{}{}", sq(h.from), sq(h.to)))
            .find(|text| {
                // Its SAN as White's board shows it, from a throwaway game.
                let mut probe = UmpireGame::new(&entry.puzzle).unwrap();
                probe.play(text, 1, None).is_ok() && !keys.contains(&probe.told()[0].attempt)
            })
            .expect("a move that is not a key");
        game.play(&wrong, BUDGET, None).unwrap();
        // Then any attempt the board offers, until the end: the first the
        // umpire takes (one refused already this turn is no attempt).
        let mut guard = 0;
        while *game.status() == Status::Playing && guard < 200 {
            guard += 1;
            let obs = game.observation();
            let taken = obs
                .hints
                .iter()
                .map(|h| format!("{}{}", sq(h.from), sq(h.to)))
                .any(|next| game.play(&next, BUDGET, None).is_ok());
            assert!(taken, "{}: no attempt on White's board", entry.id);
        }
        assert!(
            !matches!(game.status(), Status::Solved { .. }),
            "{}: {wrong} then {:?} solved it",
            entry.id,
            game.told()
        );
    }
}

/// The encyclopedia article's 1.Ra1?? — the bishop stood on a1 all along, and the rook's
/// capture stalemates Black.
#[test]
fn rotenbergs_ra1_is_refuted_by_the_bishop_on_a1() {
    let p = puzzle(ROTENBERG);
    let mut game = UmpireGame::new(&p).unwrap();
    assert_eq!(game.placements(), 30);
    game.play("Ra1", BUDGET, None).unwrap();
    assert!(
        matches!(game.status(), Status::Ended { reason } if reason.contains("stalemate")),
        "{:?}",
        game.status()
    );
    let story = game.story();
    assert_eq!(story.hidden, ["bishop on a1"]);
    assert_eq!(story.moves, ["1.Rxa1"]);
}

/// 1.Nf2+? — the bishop takes on f2, and either recapture stalemates.
#[test]
fn rotenbergs_nf2_is_answered_by_the_bishops_capture() {
    let p = puzzle(ROTENBERG);
    let mut game = UmpireGame::new(&p).unwrap();
    game.play("d3f2", BUDGET, None).unwrap();
    assert_eq!(*game.status(), Status::Playing);
    let told = game.told()[0].clone();
    assert!(
        told.words.iter().any(|w| w.contains("f2")),
        "the umpire announces the capture on f2: {told:?}"
    );
    game.play("f1f2", BUDGET, None).unwrap();
    assert!(
        matches!(game.status(), Status::Ended { reason } if reason.contains("stalemate")),
        "{:?}",
        game.status()
    );
    let story = game.story();
    assert_eq!(story.moves.len(), 3, "{story:?}");
    assert!(story.moves[1].starts_with("1...Bxf2"), "{story:?}");
}
