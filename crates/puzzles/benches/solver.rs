//! The puzzle solver's speed against the anchors, in one run.
//!
//! `cargo bench -p fogbound-puzzles --bench solver`: criterion's
//! figures for the key and its tree, from scratch, of the Rotenberg mate in
//! 8 (anchor: 1 s) and of one mate in 2 (anchor: 100 ms), then a table of
//! every problem in 2 of the collection and the mate in 8 against its
//! anchor, timed with one thread (as the page's worker has) and with two.
//!
//! `FOGBOUND_BENCH_15=1` adds Rotenberg's 15-mover
//! (`tests/data/rotenberg-fiedler50-15.json`, anchor: a minute), timed once
//! with one thread and once with two (about two and a half minutes).

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_group, Criterion};
use fogbound_puzzles::collection::collection;
use fogbound_puzzles::puzzle::{Goal, Puzzle};
use fogbound_puzzles::solver::{solve_parallel, Options, Solution, Verdict};

const KEY_AND_TREE: Options = Options {
    max_nodes: 2_000_000_000,
    cooks: false,
    tree: true,
    shortest: false,
};

fn solve(puzzle: &Puzzle, threads: usize) -> Solution {
    let s =
        solve_parallel(puzzle, &KEY_AND_TREE, threads, &|_, _, _| Ok(())).expect("a valid puzzle");
    assert_eq!(s.verdict, Verdict::Solved, "{s:?}");
    s
}

/// The problems benchmarked, with their anchors.
fn cases() -> Vec<(String, Puzzle, Duration)> {
    let entries = collection().expect("the collection reads");
    let mut cases = Vec::new();
    let rotenberg = entries
        .iter()
        .find(|e| e.id == "rotenberg-1976")
        .expect("Rotenberg's mate in 8");
    cases.push((
        "rotenberg-1976 (mate in 8)".to_string(),
        rotenberg.puzzle.clone(),
        Duration::from_secs(1),
    ));
    for e in entries.iter().filter(|e| e.puzzle.moves == 2) {
        cases.push((
            format!(
                "{} ({} in 2)",
                e.id,
                match e.puzzle.goal {
                    Goal::Mate => "mate",
                    Goal::CaptureKing => "capture",
                }
            ),
            e.puzzle.clone(),
            Duration::from_millis(100),
        ));
    }
    cases
}

fn best_of(runs: usize, mut f: impl FnMut()) -> Duration {
    (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .min()
        .expect("at least one run")
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("puzzle key and tree");
    group.sample_size(10);
    for (name, puzzle, _) in cases() {
        if name.starts_with("rotenberg") || name.starts_with("speckmann") {
            group.bench_function(&name, |b| b.iter(|| black_box(solve(&puzzle, 1))));
        }
    }
    group.finish();
}

fn report() {
    println!(
        "| problem | nodes | belief states | 1 thread | 2 threads | anchor \
         | 1 thread / anchor | 2 threads / anchor |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    let mut rows = cases();
    if std::env::var_os("FOGBOUND_BENCH_15").is_some() {
        let text = include_str!("../tests/data/rotenberg-fiedler50-15.json");
        rows.push((
            "rotenberg-fiedler50 (mate in 15)".to_string(),
            Puzzle::from_json(text).expect("the 15-mover reads"),
            Duration::from_secs(60),
        ));
    }
    for (name, puzzle, anchor) in rows {
        let runs = if anchor >= Duration::from_secs(60) {
            1
        } else {
            5
        };
        let mut one = None;
        let t1 = best_of(runs, || {
            one = Some(black_box(solve(&puzzle, 1)).stats);
        });
        let one = one.expect("one run at least");
        let t2 = best_of(runs, || {
            black_box(solve(&puzzle, 2));
        });
        println!(
            "| {name} | {} | {} | {:.1} ms | {:.1} ms | {} ms | {:.2} | {:.2} |",
            one.nodes,
            one.belief_states,
            t1.as_secs_f64() * 1e3,
            t2.as_secs_f64() * 1e3,
            anchor.as_millis(),
            t1.as_secs_f64() / anchor.as_secs_f64(),
            t2.as_secs_f64() / anchor.as_secs_f64()
        );
    }
}

criterion_group!(benches, bench);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
    report();
}
