//! Perft speed, ours against the oracle (shakmaty) in the same run.
//!
//! `cargo bench -p fogbound-engine --bench perft`. Besides criterion's
//! figures, prints the ratio oracle time / our time for each position
//! (1.0 = as fast as the oracle; above 1.0 = faster).
//!
//! For repeatable instruction counts on a loaded machine, run one side only
//! under callgrind (no criterion): `FOGBOUND_PERFT_ONLY=fogbound` or
//! `FOGBOUND_PERFT_ONLY=shakmaty`, optionally `FOGBOUND_PERFT_CASE=startpos`
//! or `kiwipete`, e.g.
//! `FOGBOUND_PERFT_ONLY=fogbound valgrind --tool=callgrind <bench binary>`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_group, Criterion};
use fogbound_engine::{perft, Bitboard128, Bitboard64, Position, RuleMode, Variant};
use shakmaty::{fen::Fen, CastlingMode, Chess};

const CASES: [(&str, &str, u32, u64); 2] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
        4_865_609,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
        4_085_603,
    ),
];

fn ours(fen: &str) -> Position<Bitboard64> {
    Position::from_fen(&Variant::chess(), fen).expect("valid")
}

fn oracle(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .expect("valid")
        .into_position(CastlingMode::Standard)
        .expect("legal")
}

fn best_of<F: FnMut() -> u64>(runs: usize, mut f: F) -> Duration {
    (0..runs)
        .map(|_| {
            let t = Instant::now();
            black_box(f());
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (name, fen, depth, nodes) in CASES {
        let p = ours(fen);
        let o = oracle(fen);
        assert_eq!(perft(&p, depth, RuleMode::Orthodox), nodes);
        assert_eq!(shakmaty::perft(&o, depth), nodes);
        group.bench_function(format!("{name}/d{depth}/fogbound"), |b| {
            b.iter(|| perft(black_box(&p), depth, RuleMode::Orthodox))
        });
        group.bench_function(format!("{name}/d{depth}/shakmaty"), |b| {
            b.iter(|| shakmaty::perft(black_box(&o), depth))
        });
        let t_ours = best_of(5, || perft(black_box(&p), depth, RuleMode::Orthodox));
        let t_oracle = best_of(5, || shakmaty::perft(black_box(&o), depth));
        println!(
            "ratio {name} perft({depth}): fogbound {:.1} ms, shakmaty {:.1} ms, speed ratio {:.2} (oracle time / our time; best of 5)",
            t_ours.as_secs_f64() * 1e3,
            t_oracle.as_secs_f64() * 1e3,
            t_oracle.as_secs_f64() / t_ours.as_secs_f64()
        );
    }
    // Foolish King Chess on the 128-bit board, for reference (no oracle).
    let fk = Variant::foolish_king();
    let p = Position::<Bitboard128>::start(&fk).expect("start");
    group.bench_function("foolish-king/start/d4/fogbound", |b| {
        b.iter(|| perft(black_box(&p), 4, RuleMode::Orthodox))
    });
    group.finish();
}

/// One perft per selected case for one engine, checked against the node
/// count (for callgrind).
fn single(which: &str) {
    let case = std::env::var("FOGBOUND_PERFT_CASE").ok();
    for (name, fen, depth, nodes) in CASES {
        if case.as_deref().is_some_and(|c| c != name) {
            continue;
        }
        let n = match which {
            "fogbound" => perft(black_box(&ours(fen)), depth, RuleMode::Orthodox),
            "shakmaty" => shakmaty::perft(black_box(&oracle(fen)), depth),
            other => panic!("FOGBOUND_PERFT_ONLY: unknown engine {other}"),
        };
        assert_eq!(n, nodes, "{which} {name}");
        println!("{which} {name} perft({depth}) = {n}");
    }
}

criterion_group!(benches, bench);

fn main() {
    if let Ok(which) = std::env::var("FOGBOUND_PERFT_ONLY") {
        single(&which);
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
