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
fn the_players_own_no_lowers_the_squares_its_pawns_would_take_on() {
    // A black pawn pushed from e7: half on e6, half on e5. White's pawn on
    // d4 would take on c5 and e5; its "No" leaves e5 a little, and the
    // squares behind (e6) and beside take the rest.
    let mut odds = PawnOdds::at(g(), Color::Black, [sq("e7")]);
    odds.enemy_moved(None, &[], 0.0);
    odds.none_in_reach_of(&[sq("d4")]);
    let (e5, e6) = (odds.stands(sq("e5")), odds.stands(sq("e6")));
    assert!((e5 - 0.05 / 1.05).abs() < 1e-9, "{e5}");
    assert!((e6 - 1.0 / 1.05).abs() < 1e-9, "{e6}");
    // For Black's pawns the capture squares lie below them: a black pawn
    // on d5 would take a white pawn on c4 or e4.
    let mut odds = PawnOdds::at(g(), Color::White, [sq("e4"), sq("h2")]);
    odds.none_in_reach_of(&[sq("d5")]);
    assert!(
        (odds.stands(sq("e4")) - 1.0).abs() < 1e-9,
        "its only square"
    );
    let mut two = PawnOdds::at(g(), Color::White, [sq("e2")]);
    two.enemy_moved(None, &[], 0.0);
    two.none_in_reach_of(&[sq("d5")]);
    assert!(two.stands(sq("e4")) < 0.06);
    assert!(two.stands(sq("e3")) > 0.9);
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

#[test]
fn a_capture_draws_a_spread_pawn_towards_it() {
    // A pawn spread over a7, a6 and a5: a capture on b4 was its with the
    // chance of a5 against the other men's weight; that much of it now
    // stands on b4, and every square it may have stood on keeps its share
    // of the rest (the capture is evidence that it stood near).
    let mut odds = PawnOdds::at(g(), Color::Black, [sq("a7")]);
    odds.enemy_moved(None, &[], 18.0);
    let (a7, a5) = (odds.stands(sq("a7")), odds.stands(sq("a5")));
    assert!(a5 > 0.0 && a7 > a5);
    let others = 0.5;
    odds.enemy_moved(Some(sq("b4")), &[], others);
    let w = a5 / (a5 + others);
    assert!((odds.stands(sq("b4")) - w).abs() < 1e-9);
    assert!((odds.stands(sq("a7")) - a7 * (1.0 - w)).abs() < 1e-9);
    // With no other man able to take there, it was this pawn for certain.
    let mut alone = PawnOdds::at(g(), Color::Black, [sq("a7")]);
    alone.enemy_moved(None, &[], 18.0);
    alone.enemy_moved(Some(sq("b4")), &[], 0.0);
    assert!((alone.stands(sq("b4")) - 1.0).abs() < 1e-9);
}

#[test]
fn pushes_never_take_more_than_a_square_holds() {
    // Half on e6 (one push), half on e5 blocked by a man on e4, and no
    // other enemy move: the pawn on e6 goes to e5 at most whole.
    let mut odds = PawnOdds::at(g(), Color::Black, [sq("e7")]);
    odds.enemy_moved(None, &[], 0.0);
    odds.enemy_moved(None, &[sq("e4")], 0.0);
    let p = &odds.pawns[0];
    assert!(p.iter().all(|q| (0.0..=1.0 + 1e-9).contains(q)), "{p:?}");
    assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    assert!((odds.stands(sq("e5")) - 1.0).abs() < 1e-9);
    for s in ["d4", "f4", "d5", "f5"] {
        let a = odds.attacks(sq(s));
        assert!((0.0..=1.0).contains(&a), "{s}: {a}");
    }
}

#[test]
fn a_pawn_taken_is_always_one_pawn_of_the_weights() {
    // The only pawn that can have stood on e5 is half alive: it gives all
    // it has, and the other half pawn falls on the others.
    let mut odds = PawnOdds::at(g(), Color::Black, [sq("e5"), sq("a7"), sq("h7")]);
    odds.alive = vec![0.5, 1.0, 1.0];
    odds.took(sq("e5"));
    odds.lose_one(Some(sq("e5")));
    let sum: f64 = odds.alive.iter().sum();
    assert!((sum - 1.5).abs() < 1e-9, "{:?}", odds.alive);
    assert_eq!(odds.alive[0], 0.0);
    assert!(odds.alive.iter().all(|a| (0.0..=1.0).contains(a)));
    // A promotion (no square): the most advanced pawn, and still one.
    odds.lose_one(None);
    let sum: f64 = odds.alive.iter().sum();
    assert!((sum - 0.5).abs() < 1e-9, "{:?}", odds.alive);
}
