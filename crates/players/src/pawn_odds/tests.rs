//! The pawns' odds move as the module says, on small cases.

use fogbound_engine::{Color, Geometry, Square};

use super::PawnOdds;
use crate::danger::PawnReach;

fn g() -> Geometry {
    Geometry::CHESS
}

fn sq(name: &str) -> Square {
    g().parse_square(name).unwrap()
}

#[test]
fn a_pawn_at_home_moves_only_as_often_as_it_is_the_man_moved() {
    let mut odds = PawnOdds::at(g(), Color::Black, [sq("e7")]);
    // One pawn with two pushes, one other man with PIECE_MOVES moves.
    odds.enemy_moved(None, &[], super::PIECE_MOVES);
    let total = 2.0 + super::PIECE_MOVES;
    assert!((odds.stands(sq("e6")) - 1.0 / total).abs() < 1e-9);
    assert!((odds.stands(sq("e5")) - 1.0 / total).abs() < 1e-9);
    assert!((odds.stands(sq("e7")) - (1.0 - 2.0 / total)).abs() < 1e-9);
    // It attacks d5 and f5 from e6 only.
    assert!((odds.attacks(sq("d5")) - 1.0 / total).abs() < 1e-9);
    assert!((odds.attacks(sq("d4")) - 1.0 / total).abs() < 1e-9);
}

#[test]
fn a_capture_next_to_a_pawn_is_likely_its() {
    let mut odds = PawnOdds::at(g(), Color::Black, [sq("e5"), sq("a7")]);
    odds.enemy_moved(Some(sq("d4")), &[], 3.0 * super::PIECE_CAPTURE);
    let w = 1.0 / (1.0 + 3.0 * super::PIECE_CAPTURE);
    assert!((odds.stands(sq("d4")) - w).abs() < 1e-9);
    assert_eq!(odds.stands(sq("a7")), 1.0);
}

#[test]
fn the_map_cuts_and_the_answer_no_lowers() {
    let mut odds = PawnOdds::at(g(), Color::Black, [sq("e7")]);
    odds.enemy_moved(None, &[], 0.0);
    // Only pushes: half on e6, half on e5.
    assert!((odds.stands(sq("e6")) - 0.5).abs() < 1e-9);
    let mut reach = PawnReach::at(g(), Color::Black, [sq("e7"), sq("e6"), sq("e5")]);
    reach.clear([sq("e6")]);
    odds.fit(&reach);
    assert!((odds.stands(sq("e5")) - 1.0).abs() < 1e-9);
    // A man of the player's on d4 would be taken from e5: after "No",
    // e5 keeps only a little where it was all.
    let mut odds = PawnOdds::at(g(), Color::Black, [sq("e5"), sq("h7")]);
    odds.no_capture(&[sq("d4")]);
    assert!(
        (odds.stands(sq("e5")) - 1.0).abs() < 1e-9,
        "its only square"
    );
    let mut two = PawnOdds::at(g(), Color::Black, [sq("e7")]);
    two.enemy_moved(None, &[], 0.0);
    two.no_capture(&[sq("d4")]);
    assert!(two.stands(sq("e5")) < 0.06);
}

#[test]
fn a_pawn_taken_is_the_one_likeliest_there() {
    let mut odds = PawnOdds::at(g(), Color::Black, [sq("e5"), sq("a7")]);
    odds.took(sq("e5"));
    odds.lose_one(Some(sq("e5")));
    assert_eq!(odds.count(), 1);
    assert_eq!(odds.stands(sq("a7")), 1.0);
    assert_eq!(odds.stands(sq("e5")), 0.0);
}
