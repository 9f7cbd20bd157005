//! PGN import: typed errors only; what imports exports and imports again.
#![no_main]

use fogbound_engine::AnyMatch;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok((m, _)) = AnyMatch::from_pgn(text) {
        let pgn = m.to_pgn(&[]);
        let (again, _) = AnyMatch::from_pgn(&pgn).expect("exported PGN imports");
        assert_eq!(again.fens(), m.fens());
    }
});
