//! King+Rook vs King solve times (issue 5 goals: 8×8 ≤ 50 ms in the browser,
//! 16×16 ≤ 10 s natively).
//!
//! `cargo bench -p fogbound-solvers --bench krk`; add `-- 16x16` for the
//! large board only. Allocation of the tables is part of what is timed.

use criterion::{criterion_group, criterion_main, Criterion};
use fogbound_solvers::krk::solve;
use fogbound_solvers::progress::Silent;
use std::hint::black_box;
use std::time::Duration;

fn small_boards(c: &mut Criterion) {
    let mut group = c.benchmark_group("krk");
    for n in [4usize, 6, 8, 10] {
        group.bench_function(format!("{n}x{n}"), |b| {
            b.iter(|| solve(black_box(n), &mut Silent).expect("not cancelled"))
        });
    }
    group.finish();
}

fn large_boards(c: &mut Criterion) {
    let mut group = c.benchmark_group("krk");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20))
        .warm_up_time(Duration::from_secs(1));
    for n in [12usize, 16] {
        group.bench_function(format!("{n}x{n}"), |b| {
            b.iter(|| solve(black_box(n), &mut Silent).expect("not cancelled"))
        });
    }
    group.finish();
}

criterion_group!(benches, small_boards, large_boards);
criterion_main!(benches);
