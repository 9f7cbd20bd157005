//! The full-information search's speed on a few boards: nodes per second
//! and the depth reached in a fixed number of nodes, under both rule modes.
//!
//! `cargo run --release -p fogbound-players --example search_speed`

use std::time::Instant;

use fogbound_engine::{Bitboard64, Position, RuleMode, Variant};
use fogbound_players::budget::Control;
use fogbound_players::search::Searcher;

const BOARDS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
];

fn main() {
    let nodes = 2_000_000;
    for mode in [RuleMode::CaptureKing, RuleMode::Orthodox] {
        for fen in BOARDS {
            let pos: Position<Bitboard64> = Position::from_fen(&Variant::chess(), fen).unwrap();
            let moves = pos.moves(mode);
            let mut order: Vec<usize> = (0..moves.len()).collect();
            let mut s = Searcher::new(&pos, mode, 20);
            let mut ctl = Control::new(nodes, None, 0.0);
            let start = Instant::now();
            let mut depth = 0;
            while let Some(scores) = s.root_scores(&pos, &moves, &order, depth + 1, &mut ctl) {
                depth += 1;
                order.sort_by_key(|&i| -scores[i]);
                if depth >= 30 {
                    break;
                }
            }
            let secs = start.elapsed().as_secs_f64();
            println!(
                "{:>12} depth {depth:>2} in {} nodes, {:.0} knodes/s  {fen}",
                mode.id(),
                s.nodes(),
                s.nodes() as f64 / secs / 1000.0
            );
        }
    }
}
