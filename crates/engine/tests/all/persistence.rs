//! Save format and PGN: round trips over random matches of every variant ×
//! model, typed errors, and a short "no panic" fuzz loop over every parser.

use crate::support::{all_models, random_match, variants, Rng};
use fogbound_engine::{
    save_from_json, AnyMatch, Attempt, Bitboard, Bitboard128, Bitboard256, Bitboard64, Color,
    GameEvent, Geometry, Match, ModelSpec, Position, RuleMode, SaveError, Setup, Variant,
};

fn any<B: Bitboard>(m: Match<B>) -> AnyMatch
where
    Match<B>: Into<AnyMatch>,
{
    m.into()
}

fn resolutions(m: &AnyMatch) -> Vec<fogbound_engine::Resolution> {
    m.log().iter().map(|e| e.resolution.clone()).collect()
}

fn check_round_trips(m: &AnyMatch) {
    // Save → JSON → load: the same match, observations included.
    let json = m.to_json();
    let back = AnyMatch::from_json(&json).unwrap_or_else(|e| panic!("{e}\n{json}"));
    assert_eq!(back.fens(), m.fens());
    assert_eq!(back.log(), m.log());
    assert_eq!(back.outcome(), m.outcome());
    assert_eq!(back.observations(), m.observations());
    assert_eq!(back.to_json(), json);
    // PGN → import → PGN: the same record and the same true game.
    let pgn = m.to_pgn(&[("White", "Ann \"A\""), ("Black", "Bob")]);
    let (imported, tags) = AnyMatch::from_pgn(&pgn).unwrap_or_else(|e| panic!("{e}\n{pgn}"));
    assert!(tags.contains(&("White".into(), "Ann \"A\"".into())));
    assert_eq!(imported.fens(), m.fens(), "{pgn}");
    assert_eq!(resolutions(&imported), resolutions(m), "{pgn}");
    assert_eq!(imported.outcome(), m.outcome(), "{pgn}");
    assert_eq!(imported.spec(), m.spec());
    assert_eq!(
        imported.to_pgn(&[("White", "Ann \"A\""), ("Black", "Bob")]),
        pgn
    );
}

fn run<B: Bitboard>(v: &Variant, games: u64, plies: usize)
where
    Match<B>: Into<AnyMatch>,
{
    for spec in all_models() {
        for seed in 0..games {
            let m = random_match::<B>(v, spec.clone(), 100 + seed, plies, plies * 3, |_| {});
            let mut m = any(m);
            if m.outcome().is_none() {
                let ev = match seed % 3 {
                    0 => GameEvent::Resign(Color::White),
                    1 => GameEvent::DrawAgreed,
                    _ => GameEvent::FlagFall(Color::Black),
                };
                if seed % 2 == 0 {
                    m.end(ev).unwrap();
                }
            }
            check_round_trips(&m);
        }
    }
}

#[test]
fn save_and_pgn_round_trip_every_variant_and_model() {
    for v in variants() {
        let n = v.width as usize * v.height as usize;
        if n <= 64 {
            run::<Bitboard64>(&v, 2, 40);
        } else if n <= 128 {
            run::<Bitboard128>(&v, 2, 30);
        } else {
            run::<Bitboard256>(&v, 1, 20);
        }
    }
}

#[test]
fn save_errors_are_typed() {
    let mut m = AnyMatch::new(&Variant::chess(), ModelSpec::Dark, None).unwrap();
    m.attempt_text(Color::White, "e2e4").unwrap();
    m.attempt_text(Color::Black, "e7e5").unwrap();
    let json = m.to_json();
    let mut value: serde_json::Value = serde_json::from_str(&json).unwrap();
    value["version"] = 99.into();
    assert_eq!(
        AnyMatch::from_json(&value.to_string()).unwrap_err(),
        SaveError::UnsupportedVersion { found: 99 }
    );
    value.as_object_mut().unwrap().remove("version");
    assert_eq!(
        AnyMatch::from_json(&value.to_string()).unwrap_err(),
        SaveError::MissingVersion
    );
    assert!(matches!(
        AnyMatch::from_json("{not json").unwrap_err(),
        SaveError::Corrupt { .. }
    ));
    assert!(matches!(
        AnyMatch::from_json(r#"{"version":1,"variant":"chess"}"#).unwrap_err(),
        SaveError::Corrupt { .. }
    ));
    let mut value: serde_json::Value = serde_json::from_str(&json).unwrap();
    value["variant"] = "nonsense".into();
    assert!(matches!(
        AnyMatch::from_json(&value.to_string()).unwrap_err(),
        SaveError::UnknownVariant { .. }
    ));
    // A tampered record does not replay.
    let mut value: serde_json::Value = serde_json::from_str(&json).unwrap();
    value["log"][1]["resolution"] = "Illegal".into();
    let err = AnyMatch::from_json(&value.to_string()).unwrap_err();
    assert!(matches!(err, SaveError::Replay { index: 1, .. }), "{err}");
    assert!(err.to_string().contains("attempt 2"));
}

#[test]
fn pgn_import_reads_ordinary_pgn_and_reports_errors() {
    let pgn = "[Event \"x\"]\n[Variant \"chess\"]\n\n1. e4 e5 (1... c5 2. Nf3) 2. Nf3 $1 {good} Nc6 ; rest\n3. Bb5 *\n";
    let (m, _) = AnyMatch::from_pgn(pgn).unwrap();
    assert_eq!(m.san_moves(), vec!["e4", "e5", "Nf3", "Nc6", "Bb5"]);
    assert!(matches!(m, AnyMatch::B64(_)));
    let bad = AnyMatch::from_pgn("1. e4 e4").unwrap_err();
    assert!(bad.to_string().contains("'e4'"), "{bad}");
    assert!(AnyMatch::from_pgn("[Variant \"nope\"] 1. e4").is_err());
    assert!(AnyMatch::from_pgn("[InformationModel \"kriegspiel\"] 1. e4").is_err());
    assert!(AnyMatch::from_pgn("{unterminated").is_err());
    assert!(AnyMatch::from_pgn("1. e4 (e5").is_err());
    // Kriegspiel records carry the preset and the umpire's words.
    let mut m = AnyMatch::new(
        &Variant::chess(),
        ModelSpec::parse("kriegspiel", Some("wild16")).unwrap(),
        None,
    )
    .unwrap();
    m.attempt_text(Color::White, "e2e4").unwrap();
    m.attempt_text(Color::Black, "d7d5").unwrap();
    m.attempt_text(Color::White, "e4e6").unwrap();
    m.attempt_text(Color::White, "e4d5").unwrap();
    let pgn = m.to_pgn(&[]);
    assert!(pgn.contains("[KriegspielPreset \"wild16\"]"), "{pgn}");
    assert!(pgn.contains("{[%try e4e6]}"), "{pgn}");
    assert!(pgn.contains("Pawn at d5 captured"), "{pgn}");
    assert!(pgn.contains("1 pawn try"), "{pgn}");
}

fn mutate(rng: &mut Rng, s: &str) -> String {
    let mut b: Vec<u8> = s.as_bytes().to_vec();
    for _ in 0..1 + rng.below(4) {
        let alphabet = b"0123456789abcdefghpnbrqkPNBRQKAHFwx-/ .[]{}()\"%:;=+#?!\\*\n";
        match rng.below(4) {
            0 if !b.is_empty() => {
                let i = rng.below(b.len());
                b[i] = alphabet[rng.below(alphabet.len())];
            }
            1 => {
                let i = rng.below(b.len() + 1);
                b.insert(i, alphabet[rng.below(alphabet.len())]);
            }
            2 if !b.is_empty() => {
                let i = rng.below(b.len());
                b.remove(i);
            }
            _ if !b.is_empty() => {
                let i = rng.below(b.len());
                b[i] = rng.next() as u8;
            }
            _ => {}
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

fn random_bytes(rng: &mut Rng) -> String {
    let n = rng.below(64);
    let b: Vec<u8> = (0..n).map(|_| rng.next() as u8).collect();
    String::from_utf8_lossy(&b).into_owned()
}

/// Every parser on random and mutated input: typed errors, never a panic.
#[test]
fn parsers_never_panic() {
    let mut rng = Rng::new(7);
    let chess = Variant::chess();
    let fk = Variant::foolish_king();
    let pos = Position::<Bitboard64>::from_fen(
        &chess,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    )
    .unwrap();
    let fk_pos = Position::<Bitboard128>::start(&fk).unwrap();
    let mut m = AnyMatch::new(
        &chess,
        ModelSpec::parse("kriegspiel", Some("cvp")).unwrap(),
        None,
    )
    .unwrap();
    for t in ["e2e4", "any?", "d7d5", "e4d5", "d8d5", "b1c3"] {
        let _ = m.attempt_text(m.turn(), t);
    }
    let seeds_fen = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnnhkqhnnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RANBFNBNAR w kq - 0 1",
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
    ];
    let seeds_move = [
        "e4",
        "Nxe5+",
        "O-O-O",
        "e8=Q",
        "Raxd1#",
        "e2e4",
        "e7e8q",
        "e8c8/d8",
        "g1f3@g2g3",
        "any?",
    ];
    let pgn = m.to_pgn(&[]);
    let json = m.to_json();
    for i in 0..3000 {
        let fen = if i % 3 == 0 {
            random_bytes(&mut rng)
        } else {
            let k = rng.below(seeds_fen.len());
            mutate(&mut rng, seeds_fen[k])
        };
        let _ = Setup::from_fen(&fen);
        let _ = Position::<Bitboard64>::from_fen(&chess, &fen);
        let _ = Position::<Bitboard128>::from_fen(&fk, &fen);
        let _ = Position::<Bitboard256>::from_fen(&Variant::by_id("krk-16x16").unwrap(), &fen);
        let mv = if i % 3 == 0 {
            random_bytes(&mut rng)
        } else {
            let k = rng.below(seeds_move.len());
            mutate(&mut rng, seeds_move[k])
        };
        for mode in [RuleMode::Orthodox, RuleMode::CaptureKing] {
            let _ = pos.parse_san(&mv, mode);
            let _ = pos.parse_coord(&mv, mode);
            let _ = fk_pos.parse_san(&mv, mode);
            let _ = fk_pos.parse_coord(&mv, mode);
        }
        if let Ok(a) = Attempt::parse(&mv, Geometry::CHESS) {
            let mut copy = m.clone();
            let _ = copy.attempt(copy.turn(), a);
        }
        let _ = ModelSpec::parse(&mv, Some(&mv));
        if i % 4 == 0 {
            let _ = AnyMatch::from_pgn(&mutate(&mut rng, &pgn));
            let _ = AnyMatch::from_json(&mutate(&mut rng, &json));
            let _ = save_from_json(&random_bytes(&mut rng));
            let _ = AnyMatch::from_pgn(&random_bytes(&mut rng));
        }
    }
}
