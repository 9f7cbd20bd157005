//! `Position::count_moves_keeping`, which counts a position's moves and
//! writes only those a `MoveFilter` keeps, against the generated list: the
//! count is the list's length and the moves written are the list's kept
//! ones in its order, for filters that keep nothing but the special moves,
//! everything, and random sets of men and destinations, in random games of
//! every variant the tests cover, both rule modes.

use fogbound_engine::{
    Bitboard, Bitboard128, Bitboard256, Bitboard64, Move, MoveFilter, Position, Role, RuleMode,
    Variant,
};

use crate::support::{starts_of, variants, Rng, CHESS_TRICKS};

/// Moves counted and moves written, over all the filters tried.
#[derive(Default)]
struct Tally {
    counted: usize,
    written: usize,
}

/// A filter of random men and destinations among those of `list` (about
/// half of each), so that both answers are met for every kind of move.
fn random_filter<B: Bitboard>(list: &[Move], rng: &mut Rng) -> MoveFilter<B> {
    let mut filter = MoveFilter {
        movers: B::EMPTY,
        targets: [B::EMPTY; Role::COUNT],
    };
    for m in list {
        if rng.chance(15) {
            filter.movers.add(m.from);
        }
        if rng.chance(40) {
            filter.targets[m.role.index()].add(m.to);
        }
    }
    filter
}

/// Every filter tried on `pos` in `mode`: the count and the moves written
/// against the generated list.
fn check_position<B: Bitboard>(
    pos: &Position<B>,
    mode: RuleMode,
    rng: &mut Rng,
    tally: &mut Tally,
) {
    let list = pos.moves(mode);
    let nothing = MoveFilter {
        movers: B::EMPTY,
        targets: [B::EMPTY; Role::COUNT],
    };
    let mut everything = nothing;
    for m in &list {
        everything.movers.add(m.from);
    }
    let mut out = vec![list[0]; 3];
    for filter in [
        nothing,
        everything,
        random_filter(&list, rng),
        random_filter(&list, rng),
    ] {
        let count = pos.count_moves_keeping(mode, &filter, &mut out);
        let kept: Vec<Move> = list.iter().copied().filter(|m| filter.keeps(m)).collect();
        assert_eq!(count, list.len(), "{} ({mode:?})", pos.to_fen());
        assert_eq!(out, kept, "{} ({mode:?})", pos.to_fen());
        tally.counted += count;
        tally.written += out.len();
    }
}

/// Random games of `variant` from `starts` (its start position when
/// empty), each position checked in both rule modes.
fn run<B: Bitboard>(variant: &Variant, starts: &[&str], games: usize, plies: usize) -> Tally {
    let mut tally = Tally::default();
    let mut rng = Rng::new(0x636f_756e_7465_6421 ^ games as u64);
    let starts: Vec<Position<B>> = starts_of(variant, starts);
    for start in &starts {
        for _ in 0..games {
            let mut pos = start.clone();
            for _ in 0..plies {
                let legal = pos.moves(RuleMode::Orthodox);
                if legal.is_empty() {
                    break;
                }
                check_position(&pos, RuleMode::Orthodox, &mut rng, &mut tally);
                if !pos.moves(RuleMode::CaptureKing).is_empty() {
                    check_position(&pos, RuleMode::CaptureKing, &mut rng, &mut tally);
                }
                pos = pos.after(&legal[rng.below(legal.len())]);
            }
        }
    }
    tally
}

/// Chess from openings, pins, checks, double checks, promotions, castling
/// (both sides, through attacks) and en passant: counted as listed.
#[test]
fn moves_are_counted_and_kept_as_the_generator_lists_them_in_chess() {
    let t = run::<Bitboard64>(&Variant::chess(), &CHESS_TRICKS, 6, 40);
    assert!(
        t.counted > 50_000 && t.written > 10_000 && t.written * 4 < t.counted * 3,
        "{} / {}",
        t.written,
        t.counted
    );
}

/// The same on the page's width, on Foolish King chess (not the orthodox
/// roles: the list is filtered) and on the endgame boards of 36 and 144
/// squares.
#[test]
fn moves_are_counted_and_kept_as_the_generator_lists_them_in_every_variant() {
    for v in variants() {
        let n = v.width as usize * v.height as usize;
        let t = if n <= 64 {
            run::<Bitboard64>(&v, &[], 8, 40)
        } else if n <= 128 {
            run::<Bitboard128>(&v, &[], 4, 40)
        } else {
            run::<Bitboard256>(&v, &[], 2, 30)
        };
        assert!(
            t.counted > 500 && t.written > 100,
            "{}: {} / {}",
            v.id,
            t.written,
            t.counted
        );
    }
}
