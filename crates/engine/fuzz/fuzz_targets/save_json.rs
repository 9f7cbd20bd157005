//! Save JSON: typed errors only; what loads saves and loads again.
#![no_main]

use fogbound_engine::AnyMatch;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(m) = AnyMatch::from_json(text) {
        let again = AnyMatch::from_json(&m.to_json()).expect("saved match loads");
        assert_eq!(again.fens(), m.fens());
    }
});
