use super::*;
use fogbound_engine::{Bitboard64, Geometry, Variant};

fn pos(fen: &str) -> Position<Bitboard64> {
    Position::from_fen(&Variant::chess(), fen).unwrap()
}

/// The best move of `fen` at `depth` under `mode`, in coordinates, and its
/// score.
fn best(fen: &str, mode: RuleMode, depth: i32) -> (String, i32) {
    let p = pos(fen);
    let mut s = Searcher::new(&p, mode, 16);
    let moves = p.moves(mode);
    let order: Vec<usize> = (0..moves.len()).collect();
    let mut ctl = Control::new(u64::MAX, None, 0.0);
    let mut scores = Vec::new();
    for d in 1..=depth {
        scores = s.root_scores(&p, &moves, &order, d, &mut ctl).unwrap();
    }
    let i = (0..moves.len()).max_by_key(|&i| scores[i]).unwrap();
    let m = &moves[i];
    let g = Geometry::CHESS;
    (g.square_name(m.from) + &g.square_name(m.to), scores[i])
}

#[test]
fn it_takes_a_king_left_en_prise_under_fog() {
    // White's rook on a1 sees the black king on a8 down an open file.
    let (mv, v) = best("k7/8/8/8/8/8/8/R3K3 w - - 0 1", RuleMode::CaptureKing, 2);
    assert_eq!(mv, "a1a8");
    assert!(v >= MATE_BOUND, "{v}");
}

#[test]
fn it_moves_its_king_out_of_an_attack_under_fog() {
    // Black's rook attacks White's king on e1: every move but a king step
    // off the file (or a block) loses the king.
    let (mv, v) = best("4r1k1/8/8/8/8/8/8/4K3 w - - 0 1", RuleMode::CaptureKing, 3);
    assert!(mv.starts_with("e1") && !mv.ends_with("e2"), "{mv}");
    assert!(v > -MATE_BOUND, "{v}");
}

#[test]
fn it_finds_a_back_rank_mate_on_the_open_board() {
    // A back-rank mate: 1.Re8#.
    let (mv, v) = best("6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1", RuleMode::Orthodox, 3);
    assert_eq!(mv, "e1e8");
    assert!(v >= MATE_BOUND, "{v}");
}

#[test]
fn it_saves_an_attacked_queen() {
    // Black's pawn attacks the queen on d4 (…c5 style): the queen must go.
    let (mv, _) = best(
        "rnbqkbnr/pp1ppppp/8/2p5/3Q4/8/PPP1PPPP/RNB1KBNR w KQkq - 0 1",
        RuleMode::CaptureKing,
        4,
    );
    assert!(mv.starts_with("d4"), "{mv}");
}

#[test]
fn it_wins_a_hanging_piece() {
    let (mv, v) = best(
        "rnbqkb1r/pppppppp/8/8/4n3/8/PPPPQPPP/RNB1KBNR w KQkq - 0 1",
        RuleMode::CaptureKing,
        3,
    );
    assert_eq!(mv, "e2e4");
    assert!(v > 200, "{v}");
}

#[test]
fn the_node_cap_stops_it_and_the_same_budget_gives_the_same_scores() {
    let p = pos("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    let moves = p.moves(RuleMode::CaptureKing);
    let order: Vec<usize> = (0..moves.len()).collect();
    let run = || {
        let mut s = Searcher::new(&p, RuleMode::CaptureKing, 14);
        let mut ctl = Control::new(20_000, None, 0.0);
        let mut last = None;
        for d in 1..20 {
            match s.root_scores(&p, &moves, &order, d, &mut ctl) {
                Some(v) => last = Some((d, v)),
                None => break,
            }
        }
        (last, s.nodes())
    };
    let (a, nodes) = run();
    assert!(nodes <= 20_000 + POLL, "{nodes}");
    assert!(a.as_ref().is_some_and(|(d, _)| *d >= 2), "{a:?}");
    assert_eq!(run().0, a);
}
