//! The sound map of hidden pawns: where it allows a pawn and where not.

use fogbound_engine::{Color, Geometry, Square};

use super::PawnReach;

fn g() -> Geometry {
    Geometry::new(8, 8).unwrap()
}

fn sq(name: &str) -> Square {
    g().parse_square(name).unwrap()
}

/// Black's pawns at home.
fn black_at_home() -> PawnReach {
    PawnReach::at(
        g(),
        Color::Black,
        (0..8).map(|f| g().square_at(f, 6).unwrap()),
    )
}

#[test]
fn at_the_start_only_the_third_rank_from_black_is_attacked() {
    let r = black_at_home();
    assert!(r.attacks(sq("d6")) && r.attacks(sq("a6")));
    assert!(!r.attacks(sq("e5")) && !r.attacks(sq("c3")));
    assert_eq!(r.len(), 8);
}

#[test]
fn one_ply_lets_a_pawn_push_one_or_two_squares() {
    let mut r = black_at_home();
    r.enemy_moved(None, &[]);
    assert!(r.may_stand(sq("d5")) && r.may_stand(sq("d6")) && r.may_stand(sq("d7")));
    assert!(r.attacks(sq("e4")), "d7–d5 attacks e4");
    assert!(!r.attacks(sq("e3")), "no pawn reaches d4 in one ply");
}

#[test]
fn a_man_in_front_blocks_the_pushes_behind_it() {
    let mut r = PawnReach::at(g(), Color::Black, [sq("e7")]);
    let mine = [sq("e6")];
    for _ in 0..10 {
        r.enemy_moved(None, &mine);
    }
    assert_eq!(r.len(), 1, "the e-pawn never passes e6");
    assert!(r.attacks(sq("d6")) && !r.attacks(sq("d5")));
}

#[test]
fn a_pawn_leaves_its_file_only_by_an_announced_capture() {
    let mut r = PawnReach::at(g(), Color::Black, [sq("a7")]);
    for _ in 0..10 {
        r.enemy_moved(None, &[]);
    }
    assert!(!r.attacks(sq("c3")), "the a-pawn attacks the b-file only");
    assert!(r.attacks(sq("b3")));
    // A capture at b3: the a-pawn may be there now, attacking c2.
    r.enemy_moved(Some(sq("b3")), &[]);
    assert!(r.may_stand(sq("b3")) && r.attacks(sq("c2")));
    // A capture where no pawn of the map attacks: not a pawn's.
    r.enemy_moved(Some(sq("h4")), &[]);
    assert!(!r.may_stand(sq("h4")));
}

#[test]
fn en_passant_puts_the_taker_behind_the_pawn_taken() {
    let mut r = PawnReach::at(g(), Color::Black, [sq("d4")]);
    r.clear([sq("d3")]);
    // White's e2–e4 was taken en passant: the capture is announced at e4.
    r.enemy_moved(Some(sq("e4")), &[]);
    assert!(r.may_stand(sq("e3")));
}

#[test]
fn squares_seen_empty_cut_the_map_until_a_pawn_may_come_back() {
    let mut r = PawnReach::at(g(), Color::White, [sq("c2"), sq("c3"), sq("c4")]);
    r.clear([sq("c2"), sq("c3"), sq("c4")]);
    assert!(r.is_empty());
    r.enemy_moved(None, &[]);
    assert!(r.is_empty(), "no pawn left to come");
}

#[test]
fn promoted_pawns_leave_the_map() {
    let mut r = PawnReach::at(g(), Color::Black, [sq("b2")]);
    r.enemy_moved(None, &[]);
    assert!(!r.may_stand(sq("b1")));
    assert!(r.may_stand(sq("b2")));
}
