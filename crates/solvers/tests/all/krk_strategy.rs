//! The quadrant strategy ([`fogbound_solvers::krk::strategy`]) played out
//! against the exact tables.
//!
//! Normal suite (8×8, a few seconds in release):
//! `cargo test --profile checked -p fogbound-solvers --test all -- krk_strategy::`.
//! Bigger boards are opt-in:
//! `cargo test --release -p fogbound-solvers --test all -- --ignored krk_strategy:: --nocapture`.

use fogbound_solvers::krk::quadrant::quadrant_plan;
use fogbound_solvers::krk::strategy::{
    against_table, exhaustive_worst_case, failing_line, Strategy,
};
use fogbound_solvers::krk::{KrkTable, Position, Side, Value};

use crate::support::solved;

/// Every White-to-move legal start of the board, in index order.
fn starts(table: &KrkTable) -> Vec<Position> {
    let n = table.size();
    let mut out = Vec::new();
    for i in 0..n.pow(6) {
        if table.cell(true, i).is_some_and(|v| v != 0xFF) {
            let s = n * n;
            let sq = |q: usize| fogbound_solvers::krk::Square::new(q % n, q / n).unwrap();
            out.push(Position {
                white_king: sq(i / (s * s)),
                black_king: sq(i / s % s),
                white_rook: sq(i % s),
                to_move: Side::White,
            });
        }
    }
    out
}

#[test]
fn the_strategy_only_plays_legal_moves_on_8x8() {
    let t = solved(8);
    let s = Strategy::new(8);
    let all = starts(&t);
    assert_eq!(all.len(), 175_168);
    for p in all.iter().step_by(3) {
        let c = s.choose(p).expect("a legal start has a move");
        let legal = t.moves(p);
        assert!(
            legal
                .iter()
                .any(|m| m.mv == c.mv && m.after == Some(c.after)),
            "{p}: {} is not legal",
            c.mv
        );
    }
}

#[test]
fn played_out_counts_are_never_below_the_table_on_8x8() {
    let t = solved(8);
    let s = Strategy::new(8);
    // Every 7th start keeps the suite fast (all of them: `fogbound krk
    // --strategy --sizes 8`).
    let r = against_table(&s, &t, 7);
    assert!(r.starts > 25_000);
    assert_eq!(
        r.failures, 0,
        "the strategy mates against the table's defence"
    );
    assert_eq!(r.below_dtm, 0, "the table is optimal");
    assert!(r.worst_moves >= t.summary().max_dtm_white_to_move);
}

/// The exhaustive one-player search: from every legal White-to-move start,
/// against every Black defence, the strategy mates (no stalemate, no lost
/// rook, no cycle Black can force).
fn assert_always_mates(n: usize, starts: u64) -> u32 {
    let s = Strategy::new(n);
    let e = exhaustive_worst_case(&s);
    assert_eq!(e.starts, starts);
    let line = e.failing_start.and_then(|f| failing_line(&s, &f));
    assert_eq!(
        e.failures,
        0,
        "{n}×{n}: Black holds the strategy off, e.g. {:?}",
        line.map(|l| l.iter().map(|p| p.to_string()).collect::<Vec<_>>())
    );
    let w = e.worst_start.expect("some start mates");
    assert!(failing_line(&s, &w).is_none());
    e.worst_moves
}

#[test]
fn the_strategy_always_mates_on_8x8() {
    let worst = assert_always_mates(8, 175_168);
    let t = solved(8);
    assert!(worst >= t.summary().max_dtm_white_to_move);
}

#[test]
fn the_old_frame_flip_loop_is_gone() {
    // With the frame taken from the black king's board half, the rook
    // shuttled Ra2-b2, Rb2-a2, … here for ever (see the module docs).
    let s = Strategy::new(8);
    for start in ["Kc2 Ra2 kc5 w", "Kc2 Rb2 kc6 w"] {
        let p = Position::parse(start, 8).unwrap();
        assert!(failing_line(&s, &p).is_none(), "{start}");
    }
}

#[test]
fn the_quadrant_plans_first_phase_formula() {
    // The write-up's set-up: lone king on (x, y), white king on (p, q); the box
    // size m ≥ 6 + x + y − min(p, q), White spends m + 4 − min(p, q) moves.
    let plan = quadrant_plan((3, 2), (5, 4));
    assert_eq!(plan.box_size, 6 + 3 + 2 - 4);
    assert_eq!(plan.white_moves, plan.box_size + 4 - 4);
    assert_eq!(plan.lone_king_moves, 2 * plan.box_size - (3 + 2 + 2));
}

#[test]
fn mates_from_the_tables_worst_position_on_8x8() {
    let t = solved(8);
    let s = Strategy::new(8);
    let worst = fogbound_solvers::krk::quadrant::growth_row(&t).worst_position;
    let Value::WhiteWins { moves } = t.value(&worst) else {
        panic!("won")
    };
    let r = s.play_out(&worst, 1000, |p| t.best_move(p).and_then(|m| m.after));
    assert!(r.mated(), "{r:?}");
    assert!(r.white_moves >= u32::from(moves));
}

/// 10×10 and 12×12 exhaustively (742,080 and 2,360,160 starts; about 10 s
/// and 30 s with `--profile checked`, 2·n⁶ bytes of memo). Run with
/// `cargo test --profile checked -p fogbound-solvers --test all -- --ignored krk_strategy:: --nocapture`.
#[test]
#[ignore]
fn the_strategy_always_mates_on_10x10_and_12x12() {
    for (n, starts) in [(10usize, 742_080u64), (12, 2_360_160)] {
        let worst = assert_always_mates(n, starts);
        println!("{n}×{n}: always mates, worst case {worst} White moves");
    }
}

/// 16×16 exhaustively (14,241,920 starts, 34 MB of memo; several minutes).
/// Run with
/// `cargo test --profile checked -p fogbound-solvers --test all -- --ignored --nocapture krk_strategy::the_strategy_always_mates_on_16x16`.
#[test]
#[ignore]
fn the_strategy_always_mates_on_16x16() {
    let worst = assert_always_mates(16, 14_241_920);
    println!("16×16: always mates, worst case {worst} White moves");
}
