//! The belief-state solver: the fast path against the model, the Rotenberg
//! problem's announced variations and wrong tries, unsound twins, a sanity
//! set of short mates, and the collection with its published keys.

use std::collections::BTreeSet;

use fogbound_engine::belief::{split_by_view, Belief, Observer};
use fogbound_engine::{Attempt, Bitboard, Bitboard64, Color, Match, Resolution};
use fogbound_puzzles::solver::{
    attempt_san, model_of, solve, solve_with, start_belief, CookProgress, Options, Plan, Solver,
    Verdict,
};

use crate::support::{attempt, puzzle, ROTENBERG};

type Groups = BTreeSet<Vec<u64>>;

fn hashes<'a>(
    positions: impl Iterator<Item = &'a fogbound_engine::Position<Bitboard64>>,
) -> Vec<u64> {
    let mut v: Vec<u64> = positions.map(|p| p.zobrist_hash()).collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// The groups the model makes: whole matches, split by White's whole
/// observation.
fn model_groups(matches: Vec<Match<Bitboard64>>) -> Groups {
    split_by_view(matches, Color::White)
        .iter()
        .map(|g| hashes(g.iter().map(|m| m.position())))
        .collect()
}

fn fast_groups(groups: &[(fogbound_engine::belief::View, Belief<Bitboard64>)]) -> Groups {
    groups
        .iter()
        .map(|(_, b)| hashes(b.positions().iter()))
        .collect()
}

/// Every White attempt in the start belief, then every Black reply in each
/// group where it was played: the fast path's groups are the model's.
fn fast_path_agrees(json: &str) {
    let p = puzzle(json);
    let spec = model_of(&p).unwrap();
    let belief = start_belief(&p).unwrap();
    let matches: Vec<Match<Bitboard64>> = belief
        .positions()
        .iter()
        .map(|pos| Match::new(pos.variant(), spec.clone(), Some(&pos.to_fen())).unwrap())
        .collect();
    let mut observer = Observer::<Bitboard64>::new(&spec, Color::White);
    let mut compared = 0;
    for a in observer.attempts(&belief) {
        let fast = observer.split_attempt(&belief, &a);
        let mut played = Vec::new();
        let mut refused = Vec::new();
        for m in &matches {
            let mut m = m.clone();
            let r = m.attempt(Color::White, Attempt::Move(a)).unwrap();
            if r.resolution == Resolution::Played {
                played.push(m);
            } else {
                refused.push(m);
            }
        }
        let mut slow = model_groups(played.clone());
        if !refused.is_empty() {
            slow.insert(hashes(refused.iter().map(|m| m.position())));
        }
        assert_eq!(
            fast_groups(&fast),
            slow,
            "{json} {a:?} {:?}",
            fast.iter()
                .map(|(v, b)| (
                    v.clone(),
                    b.positions().iter().map(|p| p.to_fen()).collect::<Vec<_>>()
                ))
                .collect::<Vec<_>>()
        );
        // Black's replies, group by group.
        for played_group in split_by_view(played, Color::White) {
            if played_group[0].outcome().is_some() {
                continue;
            }
            let b = Belief::new(played_group.iter().map(|m| m.position().clone()).collect());
            let fast = observer.split_replies(&b);
            let mut replies = Vec::new();
            for m in &played_group {
                for mv in m.position().moves(m.mode()) {
                    let mut next = m.clone();
                    next.attempt(Color::Black, Attempt::from_move(&mv)).unwrap();
                    replies.push(next);
                }
            }
            assert_eq!(fast_groups(&fast), model_groups(replies));
            compared += 1;
        }
    }
    assert!(compared > 0);
}

#[test]
fn the_fast_path_groups_as_the_kriegspiel_model_does() {
    fast_path_agrees(ROTENBERG);
    // Captures, checks on every line, pawn tries: a busier position. (With
    // a queen on e6 White's pawn would be pinned and `wild16` would count
    // no pawn try at the start: White could tell; such puzzles are refused.)
    fast_path_agrees(
        r#"{"fen": "4k3/8/8/3p4/4P3/8/8/R3K2R w KQ - 0 1",
            "hidden": [{"pieces": ["q", "n"], "squares": ["e6", "d4", "a5", "h4"]}],
            "goal": "mate", "moves": 2, "rules": "english"}"#,
    );
}

#[test]
fn the_fast_path_groups_as_other_models_do() {
    for rules in ["wild16", "cincinnati", "rand", "dutch", "berkeley"] {
        fast_path_agrees(&format!(
            r#"{{"fen": "4k3/8/8/3p4/4P3/8/8/R3K2R w KQ - 0 1",
                "hidden": [{{"pieces": ["q", "n"], "squares": ["d4", "b6", "g6"]}}],
                "goal": "mate", "moves": 2, "rules": "{rules}"}}"#
        ));
    }
    // Fog of War: what White sees after each move.
    fast_path_agrees(
        r#"{"fen": "8/8/8/8/8/6K1/4Q3/8 w - - 0 1",
            "hidden": [{"piece": "k", "squares": ["h1", "g1"]}], "goal": "capture-king", "moves": 2}"#,
    );
}

/// Rotenberg, The Problemist 1976: the announced variations of
/// the solution sketch, each proved on the belief the umpire's answers
/// leave, and the wrong tries the encyclopedia article names.
#[test]
fn rotenberg_variations_and_wrong_tries() {
    let p = puzzle(ROTENBERG);
    let spec = model_of(&p).unwrap();
    let start = start_belief(&p).unwrap();
    assert_eq!(start.len(), 30);
    let mut solver = Solver::new(&spec, 50_000_000, None);
    let mut observer = Observer::<Bitboard64>::new(&spec, Color::White);

    // 1.Ra1?? stalemates when the bishop stood on a1.
    assert!(!solver.forces(&start, 8, &attempt("a2a1")).unwrap());
    let (views, _) = solver
        .refutation(&start, 8, &attempt("a2a1"))
        .unwrap()
        .expect("a refutation");
    assert!(views
        .last()
        .unwrap()
        .outcome
        .is_some_and(|o| o.winner.is_none()));

    // 1.Nf2+ Bxf2: "capture on f2"; then 2.Kxf2 and 2.Rxf2 stalemate.
    let after_nf2 = observer.split_attempt(&start, &attempt("d3f2"));
    let (_, captured) = after_nf2
        .iter()
        .find(|(v, b)| !v.refused && v.outcome.is_none() && b.len() > 1)
        .expect("Nf2 played and Black not mated in some placements");
    let replies = observer.split_replies(captured);
    let (capture_view, took) = replies
        .iter()
        .find(|(v, _)| {
            v.words(&captured.positions()[0])
                .iter()
                .any(|w| w.contains("f2"))
        })
        .expect("the bishop can take on f2");
    assert!(capture_view.outcome.is_none());
    for recapture in ["f1f2", "a2f2"] {
        let (v, _) = observer
            .split_attempt(took, &attempt(recapture))
            .into_iter()
            .find(|(v, _)| !v.refused)
            .unwrap();
        assert!(v.outcome.is_some_and(|o| o.winner.is_none()), "{recapture}");
    }

    // 1.Rg2: refused with the bishop on b2, d2 or f2, and then 1.N(x)f2#.
    let first = observer.split_attempt(&start, &attempt("a2g2"));
    let (refusal, on_the_rank) = &first[0];
    assert!(refusal.refused);
    let squares: BTreeSet<String> = on_the_rank
        .positions()
        .iter()
        .map(|pos| {
            let g = pos.geometry();
            let sq = pos
                .pieces(Color::Black, fogbound_engine::Role::Bishop)
                .squares()
                .next()
                .unwrap();
            g.square_name(sq)
        })
        .collect();
    assert_eq!(squares, ["b2", "d2", "f2"].map(String::from).into());
    assert!(solver.forces(on_the_rank, 1, &attempt("d3f2")).unwrap());
    assert_eq!(
        attempt_san(on_the_rank.positions(), &attempt("d3f2"), spec.rule_mode()),
        "Nf2"
    );

    // Played: the bishop moves somewhere unseen ("Black has moved").
    let (_, played) = &first[1];
    let replies = observer.split_replies(played);
    let (_, unseen) = replies.iter().max_by_key(|(_, b)| b.len()).unwrap();
    // 2.Rg8: refused with the bishop on g3, g5 or g7; then 2.Be5 mates in
    // three (2...Bxe5 3.Nf2#; else 3.Nf2+ Bxf2 4.Rxh2#).
    let second = observer.split_attempt(unseen, &attempt("g2g8"));
    let (refusal, on_the_file) = &second[0];
    assert!(refusal.refused);
    assert!(on_the_file.len() <= 3 && !on_the_file.is_empty());
    assert!(solver.forces(on_the_file, 3, &attempt("f6e5")).unwrap());
    assert!(!solver.wins(on_the_file, 2).unwrap());
}

/// The whole Rotenberg mate in 8 from scratch (about a second): the key,
/// and the tree with the published lines: 1.Rg2, refused with the bishop
/// on the second rank, then the knight mates on f2; else 2.Rg8. And the
/// article's wrong try 1.Nf2 refuted.
#[test]
fn rotenberg_from_scratch() {
    let p = puzzle(ROTENBERG);
    let s = solve_with(
        &p,
        &Options {
            max_nodes: 50_000_000,
            cooks: false,
            tree: true,
            shortest: false,
        },
        None,
    )
    .unwrap();
    assert_eq!(s.verdict, Verdict::Solved, "{s:?}");
    assert_eq!(s.first_move.as_deref(), Some("Rg2"));
    let tree = s.tree.expect("a tree");
    assert!(all_won(&tree));
    let refused = tree.answers.iter().find(|a| a.refused).expect("a refusal");
    assert_eq!(refused.positions, 3);
    let mate = refused.then.as_ref().expect("a plan after the refusal");
    assert!(
        mate.attempt.starts_with('N') && mate.attempt.ends_with("f2"),
        "{}",
        mate.attempt
    );
    assert!(mate.answers.iter().all(|a| a.refused || a.won));
    let moved = tree
        .answers
        .iter()
        .find(|a| !a.refused && a.positions > 20)
        .expect("the bishop moved unseen");
    assert_eq!(moved.then.as_ref().map(|p| p.attempt.as_str()), Some("Rg8"));

    let spec = model_of(&p).unwrap();
    let start = start_belief(&p).unwrap();
    let mut solver = Solver::new(&spec, 100_000_000, None);
    assert!(!solver.forces(&start, 8, &attempt("d3f2")).unwrap());

    // The key's proof, as the root search found it, passes an audit by a
    // solver that shares none of its tables.
    let mut solver = Solver::new(&spec, 50_000_000, None);
    let key = solver.key(&start, 8).unwrap().expect("a key");
    let audit = solver
        .audit_attempt(&spec, &start, 8, &key, 5_000_000)
        .expect("the proof holds");
    assert!(audit.walked >= 20, "{audit:?}");
}

/// The cook pass on the Rotenberg mate in 8 (about 127 M nodes, most of
/// them the full-information search's moves, 11 s on one thread;
/// SOLVER-NOTES.md): every other first move is decided within 200 M
/// nodes, each reported as it is taken up, and none forces mate: 1.Rg2
/// is the only key.
#[test]
fn rotenberg_has_no_cook() {
    let mut heard = Vec::new();
    let mut listen = |pass: &str, done, total| {
        heard.extend(CookProgress::from_report(pass, done, total));
        Ok(())
    };
    let s = solve_with(
        &puzzle(ROTENBERG),
        &Options {
            max_nodes: 200_000_000,
            cooks: true,
            tree: false,
            shortest: false,
        },
        Some(&mut listen),
    )
    .unwrap();
    assert_eq!(s.verdict, Verdict::Solved, "{s:?}");
    assert!(s.cooks_complete, "{s:?}");
    assert_eq!(s.keys, ["Rg2"]);
    let last = heard.last().expect("the cook pass reports");
    assert_eq!(last.others, 35);
    assert!(heard
        .iter()
        .all(|p| p.also_mating.is_empty() && p.testing != "Rg2"));
    // Cheap first: most first moves are decided in the first round, and
    // the moves still open come round again.
    assert!(heard.len() > 35, "{} reports", heard.len());
}

#[test]
fn placements_white_can_tell_apart_at_the_start_are_refused() {
    let told = puzzle(
        r#"{"fen": "4k3/8/8/3p4/4P3/8/8/R3K2R w KQ - 0 1",
            "hidden": [{"piece": "q", "squares": ["e6", "g6"]}], "goal": "mate", "moves": 2, "rules": "wild16"}"#,
    );
    let err = start_belief(&told).unwrap_err().to_string();
    assert!(err.contains("tell placements apart"), "{err}");
    let seen = puzzle(
        r#"{"fen": "8/8/8/8/8/8/1Q6/K7 w - - 0 1",
            "hidden": [{"piece": "k", "squares": ["a3", "e5"]}], "goal": "capture-king", "moves": 2}"#,
    );
    let err = start_belief(&seen).unwrap_err().to_string();
    assert!(err.contains("ka3"), "{err}");
}

#[test]
fn twins_whose_hidden_squares_make_them_unsound_are_refuted() {
    // Sound: the bishop on c1 or d2 cannot stop 1.Ra8#.
    let sound = r#"{"fen": "6k1/8/6K1/8/8/8/8/R7 w - - 0 1",
        "hidden": [{"piece": "b", "squares": ["c1", "d2"]}], "goal": "mate", "moves": 1, "rules": "english"}"#;
    assert_eq!(
        solve(&puzzle(sound), 100_000).unwrap().verdict,
        Verdict::Solved
    );
    // A twin with g2 allowed: 1.Ra8+ Bxa8.
    let twin = sound.replace(r#"["c1", "d2"]"#, r#"["c1", "d2", "g2"]"#);
    assert_eq!(
        solve(&puzzle(&twin), 100_000).unwrap().verdict,
        Verdict::Refuted
    );
    // Rotenberg with too few moves.
    let short = ROTENBERG.replace(r#""moves": 8"#, r#""moves": 3"#);
    assert_eq!(
        solve(&puzzle(&short), 5_000_000).unwrap().verdict,
        Verdict::Refuted
    );
    // A black king on h8 or g8 with Kg6, Rh1: 1.Rf1 (or 1.Kf6) mates next
    // move; with f8 possible too there is no mate in three.
    let king = r#"{"fen": "8/8/6K1/8/8/8/8/7R w - - 0 1",
        "hidden": [{"piece": "k", "squares": ["g8", "h8"]}], "goal": "mate", "moves": 2, "rules": "english"}"#;
    let s = solve(&puzzle(king), 1_000_000).unwrap();
    assert_eq!(s.verdict, Verdict::Solved);
    assert_eq!(s.keys.len(), 2, "{:?}", s.keys);
    let wider = king
        .replace(r#"["g8", "h8"]"#, r#"["f8", "g8", "h8"]"#)
        .replace(r#""moves": 2"#, r#""moves": 3"#);
    assert_eq!(
        solve(&puzzle(&wider), 5_000_000).unwrap().verdict,
        Verdict::Refuted
    );
}

/// Short mates with every man known: a published two-mover that stays
/// sound when White does not see Black's reply, and one that does not.
#[test]
fn short_mates_sanity() {
    // Werner Speckmann, Deutsche Schachzeitung 1975, #2: 1.g8=Q! (the
    // black king's two moves are both answered by a queen mate that a
    // refused try finds).
    let s = solve(
        &puzzle(r#"{"fen": "8/6P1/8/8/8/2K5/8/1kN5 w - - 0 1", "goal": "mate", "moves": 2, "rules": "english"}"#),
        1_000_000,
    )
    .unwrap();
    assert_eq!(s.verdict, Verdict::Solved);
    assert_eq!(s.first_move.as_deref(), Some("g8=Q"));
    // Langstaff & Mortimer, The Chess Amateur 1922, #2 by 1.Qe3: after
    // 1...Kh5 or 1...g3 White must know which mate to give; in Kriegspiel
    // it cannot, so it is no mate in 2 there.
    let s = solve(
        &puzzle(r#"{"fen": "8/8/8/5K2/6pk/2Q5/8/8 w - - 0 1", "goal": "mate", "moves": 2, "rules": "english"}"#),
        1_000_000,
    )
    .unwrap();
    assert_eq!(s.verdict, Verdict::Refuted);
}

/// Every branch of a plan ends in a win within its moves.
fn all_won(plan: &Plan) -> bool {
    plan.answers.iter().all(|a| match &a.then {
        None => a.won,
        Some(next) => {
            (if a.refused {
                next.moves <= plan.moves
            } else {
                next.moves < plan.moves
            }) && all_won(next)
        }
    })
}

#[test]
fn the_solution_tree_ends_in_wins_and_a_budget_says_unknown() {
    let s = solve(
        &puzzle(r#"{"fen": "8/6P1/8/8/8/2K5/8/1kN5 w - - 0 1", "goal": "mate", "moves": 2, "rules": "english"}"#),
        1_000_000,
    )
    .unwrap();
    let tree = s.tree.expect("a tree");
    assert_eq!(tree.attempt, "g8=Q");
    assert!(all_won(&tree), "{tree:#?}");
    let s = solve(&puzzle(ROTENBERG), 1_000).unwrap();
    assert_eq!(s.verdict, Verdict::Unknown);
    assert!(s.tree.is_none());
}

/// The attempts along the first branch of each answer, depth first.
fn attempts_of(plan: &Plan, out: &mut Vec<String>) {
    out.push(plan.attempt.clone());
    for a in &plan.answers {
        if let Some(next) = &a.then {
            attempts_of(next, out);
        }
    }
}

#[test]
fn any_is_asked_where_the_solution_needs_it() {
    // Pien ten Cate, The Problemist 1973, #2 under "Are there any?":
    // 1.Qh4!, then "Any?" — after "Yes" the empty try exd3 lifts the duty
    // to try a pawn capture and the queen mates where the umpire allows;
    // after "No" 2.Qd4# or 2.Qe7#.
    let json = r#"{"fen": "8/8/8/2KBkpQn/8/4pr2/4P3/8 w - - 0 1", "goal": "mate", "moves": 2, "rules": "english"}"#;
    let s = solve(&puzzle(json), 1_000_000).unwrap();
    assert_eq!(s.verdict, Verdict::Solved);
    assert_eq!(s.first_move.as_deref(), Some("Qh4"));
    let tree = s.tree.expect("a tree");
    assert!(all_won(&tree), "{tree:#?}");
    let mut seen = Vec::new();
    attempts_of(&tree, &mut seen);
    assert!(seen.contains(&"Any?".to_string()), "{seen:?}");
    assert!(
        seen.contains(&"exd3".to_string()),
        "the empty try: {seen:?}"
    );
    let any = tree.answers[0].then.as_ref().expect("White's second turn");
    assert_eq!(any.attempt, "Any?");
    let words: Vec<&str> = any.answers.iter().map(|a| a.told[0].as_str()).collect();
    assert_eq!(words, ["Yes", "No"]);
    // Under rules without "Any?" the same position is no mate in 2: White
    // cannot tell the rook's moves apart.
    let no_any = json.replace("english", "berkeley");
    let s = solve(&puzzle(&no_any), 1_000_000).unwrap();
    assert_eq!(s.verdict, Verdict::Refuted);
}

/// A won belief stays won with more moves. With 32-bit proof numbers this
/// one (from Rotenberg's 15-mover after 1.Be5 Bxe5? h4: White sees all)
/// solved in 2 to 13 moves and was taken for refuted with 14: the sums
/// reached their ceiling and the search stopped as if it had failed.
#[test]
fn more_moves_never_lose_a_won_belief() {
    for moves in [2, 8, 13, 14, 20] {
        let p = puzzle(&format!(
            r#"{{"fen": "8/8/2R5/4B3/7p/8/6Np/5K1k w - - 0 2", "hidden": [], "goal": "mate",
                "moves": {moves}, "rules": "english", "stalemate": "fail"}}"#
        ));
        let s = solve_with(
            &p,
            &Options {
                max_nodes: 20_000_000,
                cooks: false,
                tree: false,
                shortest: false,
            },
            None,
        )
        .unwrap();
        assert_eq!(s.verdict, Verdict::Solved, "{moves} moves: {s:?}");
    }
}
