//! The Fog of War endgame solver: 8×8 K+Q and K+R in the true (sighted)
//! reading and in the one-player (blind) reading, and K+R+R on 6×6. The
//! 8×8 figures (starts, won, the longest win, belief states) are printed
//! once before timing, so a run also shows what was solved.

use criterion::{criterion_group, criterion_main, Criterion};
use fogbound_solvers::fog_endgame::{self, Material, Reading};
use fogbound_solvers::progress::Silent;
use std::hint::black_box;

fn print_figures(n: usize, material: Material, reading: Reading) {
    let s = fog_endgame::solve(n, material, reading, &mut Silent).unwrap();
    let s = s.summary();
    eprintln!(
        "{material:?} {n}×{n} {}: {} starts, {} won, {} lost, longest {} moves, {} belief states",
        reading.name(),
        s.positions,
        s.won,
        s.lost,
        s.max_moves,
        s.belief_states
    );
}

fn endgames(c: &mut Criterion) {
    let mut group = c.benchmark_group("fog_endgame");
    group.sample_size(10);
    for (n, material, reading) in [
        (8, Material::KR, Reading::Sighted),
        (8, Material::KR, Reading::Blind),
        (8, Material::KQ, Reading::Blind),
        (8, Material::KQ, Reading::Sighted),
        (6, Material::KRR, Reading::Sighted),
    ] {
        print_figures(n, material, reading);
        let name = format!("{}_{n}x{n}_{}", material.name(), reading.name());
        group.bench_function(name, |b| {
            b.iter(|| {
                fog_endgame::solve(black_box(n), material, reading, &mut Silent)
                    .unwrap()
                    .summary()
                    .won
            })
        });
    }
    group.finish();
}

criterion_group!(benches, endgames);
criterion_main!(benches);
