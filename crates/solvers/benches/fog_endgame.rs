//! The Fog of War endgame solver. The closure search (every belief state,
//! what lines and escapes need): 8×8 K+R in both readings, 8×8 K+Q blind,
//! 6×6 K+R+R. The rounds search (the figures only): 8×8 K+Q, K+R and K+R+R
//! in the true (sighted) reading — the three the paper is about; K+R+R
//! takes about half a minute a solve, so this group takes minutes. Each
//! solve's figures are printed once before timing.

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

fn by_rounds(c: &mut Criterion) {
    let mut group = c.benchmark_group("fog_endgame_rounds");
    group.sample_size(10);
    for material in [Material::KR, Material::KQ, Material::KRR] {
        let s = fog_endgame::summary_by_rounds(8, material, Reading::Sighted, &mut Silent).unwrap();
        eprintln!(
            "{material:?} 8×8 sighted (rounds): {} starts, {} won, {} lost, longest {} moves",
            s.positions, s.won, s.lost, s.max_moves
        );
        group.bench_function(format!("{}_8x8_sighted", material.name()), |b| {
            b.iter(|| {
                fog_endgame::summary_by_rounds(
                    black_box(8),
                    material,
                    Reading::Sighted,
                    &mut Silent,
                )
                .unwrap()
                .won
            })
        });
    }
    group.finish();
}

fn by_closure(c: &mut Criterion) {
    let mut group = c.benchmark_group("fog_endgame_closure");
    group.sample_size(10);
    for (n, material, reading) in [
        (8, Material::KR, Reading::Sighted),
        (8, Material::KR, Reading::Blind),
        (8, Material::KQ, Reading::Blind),
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

criterion_group!(benches, by_closure, by_rounds);
criterion_main!(benches);
