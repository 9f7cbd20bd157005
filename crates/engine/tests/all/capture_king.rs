//! Capture-the-king (Fog of War) mode on orthodox chess: perft against the
//! mailbox reference generator, and the mode's rules.

use crate::reference::{Board, Kind};
use fogbound_engine::{perft, Bitboard64, Color, Game, Position, Reason, RuleMode, Variant};

type Pos = Position<Bitboard64>;

fn pos(fen: &str) -> Pos {
    Pos::from_fen(&Variant::chess(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

const FENS: [&str; 5] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
];

#[test]
fn capture_king_perft_matches_reference() {
    let depth = if cfg!(debug_assertions) { 2 } else { 3 };
    for fen in FENS {
        let ours = pos(fen);
        let refb = Board::from_fen(Kind::Chess, fen);
        for d in 1..=depth {
            assert_eq!(
                perft(&ours, d, RuleMode::CaptureKing),
                refb.perft(d, true),
                "{fen} depth {d}"
            );
            // The reference's orthodox mode agrees too (a third check of the
            // orthodox generator besides the oracle).
            if d <= 2 {
                assert_eq!(perft(&ours, d, RuleMode::Orthodox), refb.perft(d, false));
            }
        }
    }
}

#[test]
fn moving_into_check_is_legal_and_loses_the_king() {
    // White king e1, black rook d8: Kd1 walks into the rook's file.
    let p = pos("3rk3/8/8/8/8/8/8/4K3 w - - 0 1");
    let kd1 = p
        .parse_san("Kd1", RuleMode::CaptureKing)
        .expect("legal in fog");
    assert!(p.parse_san("Kd1", RuleMode::Orthodox).is_err());
    let mut game = Game::new(p, RuleMode::CaptureKing).expect("game");
    game.play(&kd1).expect("play");
    let take = game
        .position()
        .parse_san("Rxd1", RuleMode::CaptureKing)
        .expect("capture");
    game.play(&take).expect("play");
    let o = game.outcome().expect("over");
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::Black), Reason::RoyalCaptured)
    );
    assert!(game.legal_moves().is_empty());
}

#[test]
fn castling_through_attacked_squares_is_allowed_in_fog() {
    // Black rook on f8 attacks f1.
    let p = pos("4kr2/8/8/8/8/8/8/4K2R w K - 0 1");
    assert!(p.parse_san("O-O", RuleMode::Orthodox).is_err());
    assert!(p.parse_san("O-O", RuleMode::CaptureKing).is_ok());
    // Out of check, too.
    let p = pos("4k3/8/8/8/8/8/8/r3K2R w K - 0 1");
    assert!(p.parse_san("O-O", RuleMode::Orthodox).is_err());
    assert!(p.parse_san("O-O", RuleMode::CaptureKing).is_ok());
}

#[test]
fn no_stalemate_in_fog() {
    // Orthodox stalemate: Black king a8, white queen b6, white king c1.
    let p = pos("k7/8/1Q6/8/8/8/8/2K5 b - - 0 1");
    assert_eq!(
        p.outcome(RuleMode::Orthodox).map(|o| o.reason),
        Some(Reason::Stalemate)
    );
    assert_eq!(p.outcome(RuleMode::CaptureKing), None);
    assert_eq!(p.pseudo_legal_moves().len(), 3);
}

#[test]
fn information_model_queries() {
    // Fog of War sees moves into check and pawn advance squares.
    let p = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    let g = p.geometry();
    use fogbound_engine::Bitboard;
    let dest = p.pseudo_legal_destinations(Color::White);
    assert!(
        dest.contains(g.parse_square("d6").unwrap()),
        "en passant square"
    );
    assert!(
        dest.contains(g.parse_square("d5").unwrap()),
        "en passant victim"
    );
    assert!(dest.contains(g.parse_square("e6").unwrap()));
    let adv = p.pawn_advance_squares(Color::White);
    assert_eq!(adv.count(), 1);
    let adv = p.pawn_advance_squares(Color::Black);
    assert!(adv.contains(g.parse_square("d4").unwrap()));
    let start = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(start.pawn_advance_squares(Color::White).count(), 16);
    assert_eq!(start.pawn_advance_squares(Color::Black).count(), 16);
    // Paths: a double step passes its middle square; a knight has two routes.
    let m = start.parse_san("e4", RuleMode::Orthodox).unwrap();
    let names: Vec<String> = start
        .move_path(&m)
        .iter()
        .map(|&s| g.square_name(s))
        .collect();
    assert_eq!(names, ["e2", "e3", "e4"]);
    let routes = start.leap_routes(g.parse_square("g1").unwrap(), g.parse_square("f3").unwrap());
    let names: Vec<Vec<String>> = routes
        .iter()
        .map(|r| r.iter().map(|&s| g.square_name(s)).collect())
        .collect();
    assert_eq!(names, [["g2", "g3"], ["f1", "f2"]]);
    let rook = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    let m = rook.parse_san("Ra5", RuleMode::Orthodox).unwrap();
    let names: Vec<String> = rook
        .move_path(&m)
        .iter()
        .map(|&s| g.square_name(s))
        .collect();
    assert_eq!(names, ["a1", "a2", "a3", "a4", "a5"]);
}
