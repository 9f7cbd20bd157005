//! Native benchmarks of the Fox & Hounds solver.
//!
//! `cargo bench -p fogbound-solvers --bench fox_hounds` measures solving 6×6
//! and 8×8, building the 8×8 AI tables, and one fuzz-table row. Set
//! `FOGBOUND_BENCH_10X10=1` to add 10×10 (ten solves of several seconds).
//!
//! Before measuring, one solve per size prints its peak table bytes and the
//! ratio to the published Haskell solver (the write-up's: 8×8 in 3 min and 650 MB,
//! 10×10 in 8 h and 41 GB).

use criterion::{criterion_group, criterion_main, Criterion};
use fogbound_solvers::fox_hounds::{solve, solve_with, BoardSize, SolveOptions};
use fogbound_solvers::progress::Silent;
use std::hint::black_box;
use std::time::Instant;

/// The published solver's time (s) and memory (bytes) per board size.
const PUBLISHED: [(u8, f64, f64); 2] = [(8, 180.0, 650e6), (10, 8.0 * 3600.0, 41e9)];

fn anchor(n: u8) {
    let start = Instant::now();
    let solution = solve(BoardSize::new(n).unwrap(), &mut Silent).unwrap();
    let seconds = start.elapsed().as_secs_f64();
    let bytes = solution.peak_bytes() as f64;
    print!(
        "fox_hounds {n}×{n}: one solve {seconds:.3} s, peak {:.1} MB",
        bytes / 1e6
    );
    if let Some(&(_, s, b)) = PUBLISHED.iter().find(|p| p.0 == n) {
        print!(
            " — {:.0}× faster, {:.0}× less memory than published",
            s / seconds,
            b / bytes
        );
    }
    println!();
}

fn benches(c: &mut Criterion) {
    let big = std::env::var_os("FOGBOUND_BENCH_10X10").is_some();
    anchor(8);
    if big {
        anchor(10);
    }
    let mut group = c.benchmark_group("fox_hounds");
    group.sample_size(10);
    for n in [6u8, 8] {
        let size = BoardSize::new(n).unwrap();
        group.bench_function(format!("solve {n}x{n}"), |b| {
            b.iter(|| solve(black_box(size), &mut Silent).unwrap())
        });
    }
    let one = SolveOptions { threads: 1 };
    group.bench_function("solve 8x8 one thread", |b| {
        b.iter(|| solve_with(black_box(BoardSize::EIGHT), &one, &mut Silent).unwrap())
    });
    group.bench_function("solve 8x8 + AI tables + fuzz row", |b| {
        b.iter(|| {
            let s = solve(BoardSize::EIGHT, &mut Silent).unwrap();
            s.fuzz(black_box(0.006935))
        })
    });
    let eight = solve(BoardSize::EIGHT, &mut Silent).unwrap();
    eight.fuzz(0.0);
    group.bench_function("fuzz row 8x8 (tables built)", |b| {
        b.iter(|| eight.fuzz(black_box(0.006935)))
    });
    if big {
        group.bench_function("solve 10x10", |b| {
            b.iter(|| solve(black_box(BoardSize::new(10).unwrap()), &mut Silent).unwrap())
        });
    }
    group.finish();
}

criterion_group!(fox_hounds, benches);
criterion_main!(fox_hounds);
