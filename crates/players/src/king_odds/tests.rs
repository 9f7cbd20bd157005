//! The king's odds and the price of a man next to it, on small cases.

use fogbound_engine::{Bitboard64, Color, Position, Square, Variant};

use super::{king_odds, king_price, CHECKER_TAKEN, NEIGHBOUR_TAKEN};

fn pos(fen: &str) -> Position<Bitboard64> {
    Position::from_fen(&Variant::chess(), fen).unwrap()
}

fn sq(p: &Position<Bitboard64>, name: &str) -> Square {
    p.geometry().parse_square(name).unwrap()
}

#[test]
fn the_odds_spread_the_boards_king_by_steps_and_sum_to_one() {
    let a = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    let b = pos("8/8/8/8/8/8/8/k3K3 w - - 0 1");
    let odds = king_odds(&[&a, &b], Color::White);
    assert!((odds.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    // e8 held half the boards and keeps more than any square next to it.
    let e8 = odds[sq(&a, "e8").index()];
    assert!(e8 > 0.1 && e8 < 0.5, "{e8}");
    for s in ["d8", "d7", "e7", "f7", "f8"] {
        let x = odds[sq(&a, s).index()];
        assert!(x > 0.0 && x < e8, "{s}: {x}");
    }
    // The spread's two steps reach e6; e5 holds the mix's floor only.
    let (e6, e5) = (odds[sq(&a, "e6").index()], odds[sq(&a, "e5").index()]);
    assert!(e5 > 0.0 && e6 > e5, "{e6} {e5}");
    // Never on the player's own men nor next to its king; weakly where
    // the line of a slider of its reaches.
    for s in ["e1", "d1", "d2", "e2", "f2", "f1"] {
        assert_eq!(odds[sq(&a, s).index()], 0.0, "{s}");
    }
    let rook = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    let odds = king_odds(&[&rook], Color::White);
    let (a5, b5) = (odds[sq(&rook, "a5").index()], odds[sq(&rook, "b5").index()]);
    assert!(
        a5 > 0.0 && (a5 - super::LINE_LEFT * b5).abs() < 1e-9,
        "{a5} {b5}"
    );
}

#[test]
fn a_checker_next_to_the_king_unguarded_is_priced_and_guarded_is_not() {
    // The king on e8 for certain (one board, no spread would leave it
    // there whole, so read the price against the odds given).
    let p = pos("4k3/8/8/8/8/8/8/4K2Q w - - 0 1");
    let n = p.geometry().square_count();
    let mut odds = vec![0.0; n];
    odds[sq(&p, "e8").index()] = 1.0;
    // Qh1-e7?: checks from next door, unguarded.
    let after = pos("4k3/4Q3/8/8/8/8/8/4K3 b - - 0 1");
    let price = king_price(&after, sq(&after, "e7"), Color::White, &odds);
    assert!((price - CHECKER_TAKEN * 900.0).abs() < 1e-6, "{price}");
    // The same with a rook guarding e7 from e1's file: no price.
    let guarded = pos("4k3/4Q3/8/8/8/8/8/4RK2 b - - 0 1");
    assert_eq!(
        king_price(&guarded, sq(&guarded, "e7"), Color::White, &odds),
        0.0
    );
    // A knight next to the king gives no check from there: the quiet price.
    let knight = pos("4k3/3N4/8/8/8/8/8/4K3 b - - 0 1");
    let price = king_price(&knight, sq(&knight, "d7"), Color::White, &odds);
    assert!((price - NEIGHBOUR_TAKEN * 300.0).abs() < 1e-6, "{price}");
    // Far from the king: nothing.
    let far = pos("4k3/8/8/8/4Q3/8/8/4K3 b - - 0 1");
    assert_eq!(king_price(&far, sq(&far, "e4"), Color::White, &odds), 0.0);
}
