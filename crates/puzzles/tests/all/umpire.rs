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
    // The story names where the bishop started, not f2 where it ended.
    assert_eq!(story.hidden.len(), 1, "{story:?}");
    assert_ne!(story.hidden[0], "bishop on f2", "{story:?}");
}

/// 1.Rh2? — the bishop takes the rook with check: White cannot mate in the
/// seven moves left, and the umpire says so at once instead of letting the
/// moves run out; a replay from the steps ends there too.
#[test]
fn a_lost_game_is_said_at_once() {
    let p = puzzle(ROTENBERG);
    let mut game = UmpireGame::new(&p).unwrap();
    let step = game.play("Rh2", 3_000_000, None).unwrap();
    assert_eq!(*game.status(), Status::Lost { moves_left: 7 });
    assert!(step.lost);
    assert!(game.play("Kg1", 1000, None).is_err(), "a lost game is over");
    assert!(
        game.story().moves[0].starts_with("1.Rxh2"),
        "{:?}",
        game.story()
    );
    let again = UmpireGame::replay(&p, game.steps()).unwrap();
    assert_eq!(again.status(), game.status());
    // A step saved before steps said so reads as not lost.
    let old: fogbound_puzzles::umpire::Step =
        serde_json::from_str(r#"{"attempt": "h1h2", "answer": 0}"#).unwrap();
    assert!(!old.lost);
}

/// Issue 27 item 5: 1.Ke1, a wrong key of Rotenberg's mate in 8 that
/// takes no man and gives no check. The umpire's answer within the page's
/// budget (3 M nodes) cannot prove it lost; the page then asks the umpire
/// to judge the answer with a longer search while White thinks, and that
/// says it lost, seven moves left, long before the moves run out. A replay
/// of the steps ends there too.
#[test]
fn a_quiet_wrong_key_is_judged_lost_while_white_thinks() {
    let p = puzzle(ROTENBERG);
    let mut game = UmpireGame::new(&p).unwrap();
    let step = game.play("Ke1", 3_000_000, None).unwrap();
    assert_eq!(*game.status(), Status::Playing, "3 M nodes do not prove it");
    assert!(!step.lost);
    assert!(game.judge(JUDGE_NODES, None), "judged lost");
    assert_eq!(*game.status(), Status::Lost { moves_left: 7 });
    assert!(game.steps()[0].lost);
    let again = UmpireGame::replay(&p, game.steps()).unwrap();
    assert_eq!(again.status(), game.status());
    // Judging a game over, or one not begun, changes nothing.
    assert!(!game.judge(JUDGE_NODES, None));
    let mut fresh = UmpireGame::new(&p).unwrap();
    assert!(!fresh.judge(JUDGE_NODES, None));
    assert_eq!(*fresh.status(), Status::Playing);
}

/// The page's judging budget (`worker/src/puzzle.rs`'s `JUDGE_NODES`).
const JUDGE_NODES: u64 = 40_000_000;

/// Steps cross to the page's worker in bincode, a format without field
/// names: every step, lost or not, must read back as it was written.
#[test]
fn steps_survive_the_workers_message_format() {
    use fogbound_puzzles::umpire::Step;
    let steps = vec![
        Step {
            attempt: "h1h2".into(),
            answer: 1,
            lost: true,
        },
        Step {
            attempt: "any?".into(),
            answer: 0,
            lost: false,
        },
    ];
    let bytes = bincode::serialize(&(steps.clone(), 7u32)).unwrap();
    let back: (Vec<Step>, u32) = bincode::deserialize(&bytes).unwrap();
    assert_eq!(back, (steps.clone(), 7));
    let json = serde_json::to_string(&steps).unwrap();
    assert_eq!(serde_json::from_str::<Vec<Step>>(&json).unwrap(), steps);
}

/// The umpire's log writes a played move as White knows it once answered:
/// Rotenberg's 1.Ra1 is a capture ("Capture at a1"), as in the story.
#[test]
fn the_log_and_the_story_write_a_capture_alike() {
    let p = puzzle(ROTENBERG);
    let mut game = UmpireGame::new(&p).unwrap();
    game.play("Ra1", BUDGET, None).unwrap();
    assert_eq!(game.told()[0].attempt, "Rxa1");
    assert_eq!(game.story().moves, ["1.Rxa1"]);
}

/// A key that takes a man of the diagram is written with its capture
/// (issue 28's held-out problems: "Bc3" for the published Bxc3), before
/// and after it is played; a move onto a square a hidden man only may
/// hold is written as White knows it, without one.
#[test]
fn a_capture_of_a_man_white_knows_is_written_as_one() {
    use fogbound_engine::RuleMode;
    use fogbound_puzzles::solver::{attempt_san, start_belief};
    let p = puzzle(
        r#"{"fen": "k7/8/8/8/8/2p5/1B6/K7 w - - 0 1",
        "hidden": [{"piece": "n", "squares": ["a3", "h5"]}],
        "goal": "mate", "moves": 2, "rules": "english"}"#,
    );
    let belief = start_belief(&p).unwrap();
    let san = |text: &str| {
        attempt_san(
            belief.positions(),
            &crate::support::attempt(text),
            RuleMode::Orthodox,
        )
    };
    assert_eq!(san("b2c3"), "Bxc3");
    assert_eq!(san("b2a3"), "Ba3", "White cannot know the knight is on a3");
    let mut game = UmpireGame::new(&p).unwrap();
    game.play("Bxc3", BUDGET, None).unwrap();
    assert_eq!(game.told()[0].attempt, "Bxc3");
}
