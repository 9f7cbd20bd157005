//! `Observer::play_into` and `Observer::view_into`, which write a view into
//! one reused `View`, against `Observer::play`: the same position and the
//! same view for every move (both players' plies, every model), with the
//! reused view left from another move before each.

use fogbound_engine::belief::{Observer, View};
use fogbound_engine::{Bitboard64, Color, Position, RuleMode, Variant};

use crate::support::{all_models, Rng};

/// Random games of chess from positions with checks, captures, promotions
/// and en passant about: every legal move of every position played by
/// both viewers' observers under every model, through the reused view and
/// apart.
#[test]
fn a_view_written_into_a_reused_one_is_the_view_played() {
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "4k3/1P6/8/3pP3/8/8/6p1/R3K2R w KQ d6 0 1",
        "8/8/5B2/8/8/3N4/R6p/5K1k w - - 0 1",
        "3k4/8/8/q7/8/2N5/3P4/4K2r w - - 0 1",
    ];
    let variant = Variant::chess();
    let mut rng = Rng::new(0x7669_6577_735f_696e);
    let (mut views, mut heard) = (0, 0);
    for spec in all_models() {
        let mut observers: Vec<Observer<Bitboard64>> = [Color::White, Color::Black]
            .into_iter()
            .map(|c| Observer::new(&spec, c))
            .collect();
        let mut reused = View::default();
        for fen in fens {
            let mut pos: Position<Bitboard64> = Position::from_fen(&variant, fen).unwrap();
            for _ in 0..20 {
                let legal = pos.moves(RuleMode::Orthodox);
                if legal.is_empty() {
                    break;
                }
                for observer in &mut observers {
                    for mv in &legal {
                        let (after, view) = observer.play(&pos, mv);
                        assert_eq!(observer.play_into(&pos, mv, &mut reused), after);
                        assert_eq!(reused, view, "{mv:?} in {}", pos.to_fen());
                        views += 1;
                        heard += usize::from(!view.said.is_empty());
                    }
                }
                pos = pos.after(&legal[rng.below(legal.len())]);
            }
        }
    }
    assert!(views > 10_000 && heard > 1_000, "{heard} of {views}");
}
