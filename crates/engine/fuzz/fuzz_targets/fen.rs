//! FEN: the unvalidated reader and validation for every board width.
#![no_main]

use fogbound_engine::{Bitboard128, Bitboard256, Bitboard64, Position, Setup, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(setup) = Setup::from_fen(text) {
        // What parses must print and parse back to the same setup.
        assert_eq!(Setup::from_fen(&setup.to_fen()).ok(), Some(setup));
    }
    if let Ok(p) = Position::<Bitboard64>::from_fen(&Variant::chess(), text) {
        let _ = p.legal_moves();
        let _ = p.pseudo_legal_moves();
    }
    if let Ok(p) = Position::<Bitboard128>::from_fen(&Variant::foolish_king(), text) {
        let _ = p.legal_moves();
    }
    if let Some(v) = Variant::by_id("kqk-16x16") {
        let _ = Position::<Bitboard256>::from_fen(&v, text);
    }
});
