//! FEN and move text: round trips, clear errors, and no panic on garbage.

use fogbound_engine::{
    Bitboard128, Bitboard256, Bitboard64, FenError, Geometry, MoveTextError, Position,
    PositionError, RuleMode, Setup, Variant,
};

use crate::support::Rng;

#[test]
fn fen_round_trips() {
    let chess = Variant::chess();
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
        "4k3/8/8/8/8/8/8/4K2R w K - 99 120",
    ] {
        let p = Position::<Bitboard64>::from_fen(&chess, fen).unwrap();
        assert_eq!(p.to_fen(), fen);
    }
    let fk = Variant::foolish_king();
    let p = Position::<Bitboard128>::start(&fk).unwrap();
    assert_eq!(p.to_fen(), fk.start_fen);
    // Inner rooks use file letters (Shredder style).
    let fen = "r1r1k4r/10/10/10/10/10/10/F8R b kqc - 0 1";
    let p = Position::<Bitboard128>::from_fen(&fk, fen).unwrap();
    assert_eq!(p.to_fen(), "r1r1k4r/10/10/10/10/10/10/F8R b kqc - 0 1");
    assert_eq!(p.castling_rooks().0.count_ones(), 3);
    // Large boards: two-digit counts and ranks.
    for n in 3..=16 {
        for id in ["krk", "kqk", "krrk"] {
            let v = Variant::by_id(&format!("{id}-{n}x{n}")).unwrap();
            let p = Position::<Bitboard256>::start(&v).unwrap();
            assert_eq!(p.to_fen(), v.start_fen);
            let s = Setup::from_fen(&v.start_fen).unwrap();
            assert_eq!(s.geometry, Geometry::new(n, n).unwrap());
        }
    }
}

#[test]
fn fen_errors_are_specific() {
    let chess = Variant::chess();
    let err = |fen: &str| Position::<Bitboard64>::from_fen(&chess, fen).unwrap_err();
    assert_eq!(err(""), FenError::Empty);
    assert_eq!(err("8/8"), FenError::RankCount { count: 2 });
    assert!(matches!(
        err("8/8/8/8/8/8/8/7"),
        FenError::RankLength {
            rank: 1,
            files: 7,
            expected: 8
        }
    ));
    assert!(matches!(
        err("8/8/8/8/8/8/8/7x"),
        FenError::BadPiece {
            rank: 1,
            found: 'x'
        }
    ));
    assert!(matches!(
        err("8/8/8/8/8/8/8/08"),
        FenError::BadEmptyCount { .. }
    ));
    assert!(matches!(
        err("4k3/8/8/8/8/8/8/4K3 x"),
        FenError::BadTurn { .. }
    ));
    assert!(matches!(
        err("4k3/8/8/8/8/8/8/4K3 w KK"),
        FenError::BadCastling { .. }
    ));
    assert!(matches!(
        err("4k3/8/8/8/8/8/8/4K3 w - z9"),
        FenError::BadEnPassant { .. }
    ));
    assert!(matches!(
        err("4k3/8/8/8/8/8/8/4K3 w - - x"),
        FenError::BadHalfmoves { .. }
    ));
    assert!(matches!(
        err("4k3/8/8/8/8/8/8/4K3 w - - 0 0"),
        FenError::BadFullmoves { .. }
    ));
    assert!(matches!(
        err("4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra"),
        FenError::ExtraField { .. }
    ));
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K3 w K - 0 1"),
        FenError::Invalid(PositionError::CastlingWithoutRook { flag: 'K' })
    );
    assert!(matches!(
        err("4k3/8/8/8/8/8/8/4KA2 w - - 0 1"),
        FenError::Invalid(PositionError::RoleNotInVariant { .. })
    ));
    assert!(matches!(
        err("4k3/8/8/8/8/8/8/P3K3 w - - 0 1"),
        FenError::Invalid(PositionError::PawnOnBackRank { .. })
    ));
    assert!(matches!(
        err("4k3/8/8/8/8/8/8/3KK3 w - - 0 1"),
        FenError::Invalid(PositionError::TooManyKings { .. })
    ));
    assert!(matches!(
        err("4k3/8/8/8/8/8/8/4K3 w - e6 0 1"),
        FenError::Invalid(PositionError::EnPassant { .. })
    ));
    assert!(matches!(
        err("10/10/10/10/10/10/10/10 w - - 0 1"),
        FenError::Invalid(PositionError::WrongBoard { .. })
    ));
    // Messages name the problem.
    let msg = err("8/8/8/8/8/8/8/7x").to_string();
    assert!(msg.contains("rank 1") && msg.contains("'x'"), "{msg}");
}

#[test]
fn move_text_round_trips_and_errors() {
    let chess = Variant::chess();
    let p = Position::<Bitboard64>::from_fen(
        &chess,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    )
    .unwrap();
    for mode in [RuleMode::Orthodox, RuleMode::CaptureKing] {
        for m in p.moves(mode) {
            let san = p.to_san(&m, mode);
            assert_eq!(p.parse_san(&san, mode), Ok(m), "{san}");
            let coord = p.to_coord(&m);
            assert_eq!(p.parse_coord(&coord, mode), Ok(m), "{coord}");
        }
    }
    let san: Vec<String> = p
        .legal_moves()
        .iter()
        .map(|m| p.to_san(m, RuleMode::Orthodox))
        .collect();
    for s in [
        "O-O", "O-O-O", "Nxf7", "Qxf6", "Bxa6", "Nb1", "Nd1", "gxh3", "d6",
    ] {
        assert!(san.contains(&s.to_string()), "{s} missing from {san:?}");
    }
    let e = |t: &str| p.parse_san(t, RuleMode::Orthodox).unwrap_err();
    assert_eq!(e(""), MoveTextError::Empty);
    assert!(matches!(e("Zz9"), MoveTextError::Syntax { .. }));
    assert!(matches!(e("Qa8"), MoveTextError::Illegal { .. }));
    assert!(matches!(e("N1b1"), MoveTextError::Illegal { .. }));
    // Two knights can reach ... none ambiguous here; build one.
    let q = Position::<Bitboard64>::from_fen(&chess, "4k3/8/8/8/8/8/8/N1N1K3 w - - 0 1").unwrap();
    assert!(matches!(
        q.parse_san("Nb3", RuleMode::Orthodox),
        Err(MoveTextError::Ambiguous { .. })
    ));
    assert!(q.parse_san("Nab3", RuleMode::Orthodox).is_ok());
    let m = q.parse_san("Ncb3", RuleMode::Orthodox).unwrap();
    assert_eq!(q.to_san(&m, RuleMode::Orthodox), "Ncb3");
    // Promotion and checks.
    let r = Position::<Bitboard64>::from_fen(&chess, "7k/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let m = r.parse_san("a8=Q+", RuleMode::Orthodox).unwrap();
    assert_eq!(r.to_san(&m, RuleMode::Orthodox), "a8=Q+");
    assert_eq!(r.to_coord(&m), "a7a8q");
    assert!(matches!(
        r.parse_san("a8", RuleMode::Orthodox),
        Err(MoveTextError::Ambiguous { .. })
    ));
    // Squares of large boards.
    let v = Variant::by_id("krk-12x12").unwrap();
    let big = Position::<Bitboard256>::start(&v).unwrap();
    let m = big.parse_san("Rb12", RuleMode::Orthodox).unwrap();
    assert_eq!(big.to_coord(&m), "b1b12");
    assert_eq!(big.parse_coord("b1b12", RuleMode::Orthodox), Ok(m));
}

fn garbage(rng: &mut Rng, seeds: &[&str]) -> String {
    const ALPHABET: &[u8] = b"0123456789/ -kqrbnpKQRBNPAHFafhjpxwz=+#O:!?\t\xc3\xa9";
    let mut s: Vec<u8> = if rng.below(2) == 0 {
        seeds[rng.below(seeds.len())].as_bytes().to_vec()
    } else {
        Vec::new()
    };
    let edits = 1 + rng.below(8);
    for _ in 0..edits {
        match rng.below(4) {
            0 if !s.is_empty() => {
                let i = rng.below(s.len());
                s.remove(i);
            }
            1 if !s.is_empty() => {
                let i = rng.below(s.len());
                s[i] = ALPHABET[rng.below(ALPHABET.len())];
            }
            _ => {
                let i = rng.below(s.len() + 1);
                s.insert(i, ALPHABET[rng.below(ALPHABET.len())]);
            }
        }
    }
    String::from_utf8_lossy(&s).into_owned()
}

#[test]
fn parsers_never_panic_on_garbage() {
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnnhkqhnnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RANBFNBNAR w kq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq e3 0 1",
        "15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/KR14 w - - 0 1",
    ];
    let moves = [
        "e2e4",
        "e7e8q",
        "O-O-O/c8d8",
        "Nbd7",
        "exd6",
        "e8c8/d8",
        "Rb12",
        "a7a8=F+",
    ];
    let variants = [
        Variant::chess(),
        Variant::foolish_king(),
        Variant::by_id("krk-16x16").unwrap(),
    ];
    let p64 = Position::<Bitboard64>::start(&variants[0]).unwrap();
    let p128 = Position::<Bitboard128>::start(&variants[1]).unwrap();
    let p256 = Position::<Bitboard256>::start(&variants[2]).unwrap();
    let mut rng = Rng::new(0xdead_beef_cafe_f00d);
    let rounds = if cfg!(debug_assertions) {
        3_000
    } else {
        30_000
    };
    let mut accepted = 0;
    for _ in 0..rounds {
        let f = garbage(&mut rng, &fens);
        for v in &variants {
            accepted += Position::<Bitboard64>::from_fen(v, &f).is_ok() as usize;
            accepted += Position::<Bitboard128>::from_fen(v, &f).is_ok() as usize;
            if let Ok(p) = Position::<Bitboard256>::from_fen(v, &f) {
                accepted += 1;
                // Whatever parses must also generate and print.
                for m in p.moves(RuleMode::CaptureKing) {
                    let _ = p.to_san(&m, RuleMode::CaptureKing);
                }
                let _ = p.legal_moves();
                assert_eq!(
                    Position::<Bitboard256>::from_fen(v, &p.to_fen()).as_ref(),
                    Ok(&p)
                );
            }
        }
        let m = garbage(&mut rng, &moves);
        for mode in [RuleMode::Orthodox, RuleMode::CaptureKing] {
            let _ = p64.parse_san(&m, mode);
            let _ = p64.parse_coord(&m, mode);
            let _ = p128.parse_san(&m, mode);
            let _ = p128.parse_coord(&m, mode);
            let _ = p256.parse_san(&m, mode);
            let _ = p256.parse_coord(&m, mode);
        }
        let _ = Variant::by_id(&m);
        let _ = Geometry::new(10, 8).unwrap().parse_square(&m);
    }
    assert!(accepted > 0, "the mutations should sometimes stay valid");
}
