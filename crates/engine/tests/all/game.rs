//! Game termination: mate, stalemate, host-applied draws and game events.

use fogbound_engine::{
    perft, Bitboard128, Bitboard256, Bitboard64, Color, Endgame, Game, Position, PositionError,
    Reason, RuleMode, Variant,
};

fn chess(fen: &str) -> Position<Bitboard64> {
    Position::from_fen(&Variant::chess(), fen).unwrap()
}

fn play_san(game: &mut Game<Bitboard64>, moves: &str) {
    for san in moves.split_whitespace() {
        let m = game
            .position()
            .parse_san(san, game.mode())
            .unwrap_or_else(|e| panic!("{san}: {e}"));
        game.play(&m).unwrap_or_else(|e| panic!("{san}: {e}"));
    }
}

#[test]
fn fools_mate_and_stalemate() {
    let mut g = Game::<Bitboard64>::start(&Variant::chess(), RuleMode::Orthodox).unwrap();
    play_san(&mut g, "f3 e5 g4 Qh4#");
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::Black), Reason::Checkmate)
    );
    assert_eq!(o.to_string(), "0-1 (checkmate)");
    let s = chess("k7/8/1Q6/8/8/8/8/2K5 b - - 0 1");
    assert_eq!(
        s.outcome(RuleMode::Orthodox).unwrap().reason,
        Reason::Stalemate
    );
}

#[test]
fn threefold_repetition_is_applied_without_a_claim() {
    let mut g = Game::<Bitboard64>::start(&Variant::chess(), RuleMode::Orthodox).unwrap();
    play_san(&mut g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    assert!(g.outcome().is_none());
    assert_eq!(g.repetitions(), 2);
    play_san(&mut g, "Ng8");
    assert_eq!(g.outcome().unwrap().reason, Reason::ThreefoldRepetition);
    assert!(g.legal_moves().is_empty());
    // Undo reopens the game.
    g.undo();
    assert!(g.outcome().is_none());
}

#[test]
fn castling_rights_change_the_position_for_repetition() {
    let mut g = Game::new(chess("r3k3/8/8/8/8/8/8/4K2R w K - 0 1"), RuleMode::Orthodox).unwrap();
    // Rh1-h2-h1 loses the right: the men stand as at the start, but the
    // start position does not repeat.
    play_san(&mut g, "Rh2 Kd8 Rh1 Ke8");
    let start = &g.positions()[0];
    assert_eq!(
        g.position().to_fen().split(' ').next(),
        start.to_fen().split(' ').next()
    );
    assert_ne!(g.position().zobrist_hash(), start.zobrist_hash());
    assert_eq!(g.repetitions(), 1);
    play_san(&mut g, "Rh2 Kd8 Rh1 Ke8");
    assert_eq!(g.repetitions(), 2);
    assert!(g.outcome().is_none());
    // Rh2 now stands for the third time.
    play_san(&mut g, "Rh2");
    assert_eq!(g.outcome().unwrap().reason, Reason::ThreefoldRepetition);
}

#[test]
fn fifty_move_rule_and_dead_material() {
    let p = chess("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    let mut g = Game::new(p, RuleMode::Orthodox).unwrap();
    assert!(g.outcome().is_none());
    play_san(&mut g, "Ra2");
    assert_eq!(g.outcome().unwrap().reason, Reason::FiftyMoveRule);
    for (fen, dead) in [
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", true),
        ("4k3/8/8/8/8/8/8/4KN2 w - - 0 1", true),
        // c1 and f8 are both dark; c8 is light.
        ("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", true),
        ("2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1", false),
        ("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", false),
        ("4k3/8/8/8/8/8/8/4K2R w - - 0 1", false),
    ] {
        assert_eq!(chess(fen).is_insufficient_material(), dead, "{fen}");
    }
    // Not in capture-the-king mode: kings can still be captured.
    let p = chess("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        p.outcome(RuleMode::Orthodox).unwrap().reason,
        Reason::InsufficientMaterial
    );
    assert_eq!(p.outcome(RuleMode::CaptureKing), None);
}

#[test]
fn events_end_the_game() {
    let v = Variant::chess();
    let mut g = Game::<Bitboard64>::start(&v, RuleMode::Orthodox).unwrap();
    g.resign(Color::White).unwrap();
    assert_eq!(g.outcome().unwrap().winner, Some(Color::Black));
    assert!(g.agree_draw().is_err());
    let mut g = Game::<Bitboard64>::start(&v, RuleMode::CaptureKing).unwrap();
    g.agree_draw().unwrap();
    assert_eq!(g.outcome().unwrap().reason, Reason::DrawAgreement);
    let mut g = Game::<Bitboard64>::start(&v, RuleMode::Orthodox).unwrap();
    g.flag_fall(Color::Black).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!((o.winner, o.reason), (Some(Color::White), Reason::FlagFall));
    let m = g.position().legal_moves()[0];
    assert!(g.play(&m).is_err());
}

#[test]
fn opposite_check_is_refused_in_orthodox_mode_only() {
    let p = chess("4k3/8/8/8/8/8/8/4KR2 w - - 0 1");
    assert!(Game::new(p.clone(), RuleMode::Orthodox).is_ok());
    let p = chess("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1");
    assert_eq!(
        Game::new(p.clone(), RuleMode::Orthodox).unwrap_err(),
        PositionError::OppositeCheck
    );
    let mut g = Game::new(p, RuleMode::CaptureKing).unwrap();
    play_san(&mut g, "Rxe8");
    assert_eq!(g.outcome().unwrap().reason, Reason::RoyalCaptured);
}

/// The same n×n end-game counted with the three bitboard widths gives the same
/// figures, on every board size 3…16 where they fit.
#[test]
fn bitboard_widths_agree_on_every_board_size() {
    let depth = if cfg!(debug_assertions) { 2 } else { 3 };
    for n in 3..=16 {
        for kind in [Endgame::Krk, Endgame::Kqk, Endgame::Krrk] {
            let v = Variant::endgame(kind, n).unwrap();
            for mode in [RuleMode::Orthodox, RuleMode::CaptureKing] {
                let wide = perft(&Position::<Bitboard256>::start(&v).unwrap(), depth, mode);
                if n * n <= 128 {
                    let mid = perft(&Position::<Bitboard128>::start(&v).unwrap(), depth, mode);
                    assert_eq!(mid, wide, "{} {mode:?}", v.id);
                }
                if n * n <= 64 {
                    let small = perft(&Position::<Bitboard64>::start(&v).unwrap(), depth, mode);
                    assert_eq!(small, wide, "{} {mode:?}", v.id);
                } else {
                    assert!(Position::<Bitboard64>::start(&v).is_err());
                }
                assert!(wide > 0);
            }
        }
    }
}

#[test]
fn krk_8x8_matches_orthodox_chess() {
    // The solver set-up on 8×8 is a chess position.
    let v = Variant::endgame(Endgame::Krk, 8).unwrap();
    let a = Position::<Bitboard64>::start(&v).unwrap();
    let b = chess(&v.start_fen);
    for d in 1..=4 {
        assert_eq!(
            perft(&a, d, RuleMode::Orthodox),
            perft(&b, d, RuleMode::Orthodox)
        );
    }
}
