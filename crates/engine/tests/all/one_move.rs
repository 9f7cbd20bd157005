//! `Position::is_move`, which tests one move apart from the generator under
//! orthodox rules, and `Position::first_moves_into`, the beginning of its
//! list, against the generated list: the same answer for every
//! move of the position, for the moves of the positions before it (the
//! remembered moves a search tries first) and for near misses of each
//! (another capture, promotion, kind or role), in random games of every
//! variant the tests cover, both rule modes. And the hash after a move
//! (`Position::zobrist_hash_after`) against the hash of the position played.

use fogbound_engine::{
    Bitboard, Bitboard128, Bitboard256, Bitboard64, Move, MoveKind, Position, Role, RuleMode,
    Variant,
};

use crate::support::{starts_of, variants, Rng, CHESS_TRICKS};

/// Answers given, counted by what they were and whether the one-move test
/// (orthodox rules) or the list (anything else) gave them.
#[derive(Default)]
struct Tally {
    legal: usize,
    illegal: usize,
    /// Moves `first_moves_into` gave.
    first: usize,
}

/// The near misses of `m`: the same squares with another capture, another
/// promotion, the other kind of pawn move, another role.
fn near_misses(m: &Move) -> Vec<Move> {
    let mut out = Vec::new();
    for capture in [
        None,
        Some(Role::Pawn),
        Some(Role::Knight),
        Some(Role::Queen),
    ] {
        out.push(Move { capture, ..*m });
    }
    for promotion in [
        None,
        Some(Role::Queen),
        Some(Role::Knight),
        Some(Role::King),
    ] {
        out.push(Move { promotion, ..*m });
    }
    for kind in [MoveKind::Normal, MoveKind::DoubleStep, MoveKind::EnPassant] {
        out.push(Move { kind, ..*m });
    }
    for role in [Role::Pawn, Role::Bishop, Role::Rook, Role::King] {
        out.push(Move { role, ..*m });
    }
    out
}

/// Every candidate of `pos` (its moves in both modes, the moves of the
/// positions in `before`, and their near misses) asked of `is_move` in
/// both modes, against the generated lists.
fn check_position<B: Bitboard>(
    pos: &Position<B>,
    before: &[Vec<Move>],
    tally: &mut Tally,
) -> Vec<Move> {
    let legal = pos.moves(RuleMode::Orthodox);
    let every = pos.moves(RuleMode::CaptureKing);
    // The hash after each move, found from the move alone where it can be,
    // is the hash of the position it leads to.
    let h = pos.zobrist_hash();
    for m in legal.iter().chain(&every) {
        assert_eq!(
            pos.zobrist_hash_after(m, h),
            pos.after(m).zobrist_hash(),
            "{m:?} in {}",
            pos.to_fen()
        );
    }
    // The first moves, where the generator says which they are, begin its
    // list in its order.
    let mut first = Vec::new();
    for (mode, list) in [
        (RuleMode::Orthodox, &legal),
        (RuleMode::CaptureKing, &every),
    ] {
        if pos.first_moves_into(mode, &mut first) {
            assert_eq!(first[..], list[..first.len()], "{}", pos.to_fen());
            tally.first += first.len();
        } else {
            assert!(first.is_empty());
        }
    }
    let mut candidates: Vec<Move> = legal.iter().chain(&every).copied().collect();
    for list in before {
        candidates.extend(list);
    }
    let misses: Vec<Move> = candidates.iter().flat_map(near_misses).collect();
    candidates.extend(misses);
    for m in &candidates {
        for (mode, list) in [
            (RuleMode::Orthodox, &legal),
            (RuleMode::CaptureKing, &every),
        ] {
            let expected = list.contains(m);
            assert_eq!(
                pos.is_move(m, mode),
                expected,
                "{m:?} in {} ({mode:?})",
                pos.to_fen()
            );
            if mode == RuleMode::Orthodox {
                if expected {
                    tally.legal += 1;
                } else {
                    tally.illegal += 1;
                }
            }
        }
    }
    legal
}

/// Random games of `variant` from `starts` (its start position when
/// empty): every position checked with the moves of the three before it.
fn run<B: Bitboard>(variant: &Variant, starts: &[&str], games: usize, plies: usize) -> Tally {
    let mut tally = Tally::default();
    let mut rng = Rng::new(0x6f6e_655f_6d6f_7665 ^ games as u64);
    let starts: Vec<Position<B>> = starts_of(variant, starts);
    for start in &starts {
        for _ in 0..games {
            let mut pos = start.clone();
            let mut before: Vec<Vec<Move>> = Vec::new();
            for _ in 0..plies {
                let legal = check_position(&pos, &before, &mut tally);
                if legal.is_empty() {
                    break;
                }
                let m = legal[rng.below(legal.len())];
                before.push(legal);
                if before.len() > 3 {
                    before.remove(0);
                }
                pos = pos.after(&m);
            }
        }
    }
    tally
}

/// Chess from openings, pins, checks, double checks, promotions (to every
/// role, with captures) and en passant: the one-move test and the list
/// agree, and both answers are met often.
#[test]
fn one_move_is_judged_as_the_generator_lists_it_in_chess() {
    let t = run::<Bitboard64>(&Variant::chess(), &CHESS_TRICKS, 6, 40);
    assert!(
        t.legal > 100_000 && t.illegal > 1_000_000,
        "{} / {}",
        t.legal,
        t.illegal
    );
}

/// The same on the page's width, on Foolish King chess (not the orthodox
/// roles: the list answers) and on the endgame boards of 36 and 144
/// squares.
#[test]
fn one_move_is_judged_as_the_generator_lists_it_in_every_variant() {
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
            t.legal > 100 && t.illegal > 500,
            "{}: {} / {}",
            v.id,
            t.legal,
            t.illegal
        );
    }
    let t = run::<Bitboard128>(&Variant::chess(), &[], 2, 40);
    assert!(t.legal > 1_000, "{}", t.legal);
}
