//! SAN-like and coordinate move text, and attempt text, against fixed
//! positions of each board width and both rule modes.
#![no_main]

use fogbound_engine::{
    AnyMatch, Attempt, Bitboard128, Bitboard64, Geometry, ModelSpec, Position, RuleMode, Variant,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let chess = Variant::chess();
    let p = Position::<Bitboard64>::from_fen(
        &chess,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    )
    .expect("valid");
    let fk = Position::<Bitboard128>::start(&Variant::foolish_king()).expect("valid");
    for mode in [RuleMode::Orthodox, RuleMode::CaptureKing] {
        if let Ok(m) = p.parse_san(text, mode) {
            assert_eq!(p.parse_san(&p.to_san(&m, mode), mode), Ok(m));
        }
        if let Ok(m) = p.parse_coord(text, mode) {
            assert!(p.is_move(&m, mode));
        }
        let _ = fk.parse_san(text, mode);
        let _ = fk.parse_coord(text, mode);
    }
    if let Ok(a) = Attempt::parse(text, Geometry::CHESS) {
        for spec in [
            ModelSpec::Open,
            ModelSpec::Fog,
            ModelSpec::Dark,
            ModelSpec::parse("kriegspiel", Some("berkeley-any")).expect("preset"),
        ] {
            let mut m = AnyMatch::new(&chess, spec, None).expect("start");
            let _ = m.attempt(m.turn(), a);
        }
    }
});
