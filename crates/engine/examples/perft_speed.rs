//! Times perft from the start position and Kiwipete (a quick manual check;
//! the real comparison with the oracle is `cargo bench --bench perft`).

use std::time::Instant;

use fogbound_engine::{perft, Bitboard64, Position, RuleMode, Variant};

fn main() {
    let depth: u32 = std::env::args()
        .nth(1)
        .and_then(|d| d.parse().ok())
        .unwrap_or(5);
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ] {
        let pos = Position::<Bitboard64>::from_fen(&Variant::chess(), fen).expect("valid");
        let t = Instant::now();
        let n = perft(&pos, depth, RuleMode::Orthodox);
        let s = t.elapsed().as_secs_f64();
        println!(
            "{n} nodes in {:.1} ms ({:.1} Mnps)",
            s * 1e3,
            n as f64 / s / 1e6
        );
    }
}
