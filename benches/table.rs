//! The cost of an action at the game table on a long game: a clock tick
//! and a move, 200 plies in, as the Play page's reducer pays it.
//!
//! `cargo bench -p fogbound --bench table`. "copy" is what the reducer did
//! before the table moved behind a shared cell — copy the whole table, its
//! match history included, then apply the action — and "in place" is what
//! it does now ([`PlayState`]'s reduce). Besides criterion's figures the
//! bench prints the ratio copy time / in-place time for each action.

use std::hint::black_box;
use std::rc::Rc;
use std::time::{Duration, Instant};

use criterion::{criterion_group, BatchSize, Criterion};
use fogbound::play::settings::PlayLink;
use fogbound::play::state::{PlayAction, PlayState};
use fogbound::play::table::{Act, GameTable};

/// A timed Dark Chess game of at least `plies` plies, played by clicks on
/// hinted moves picked by a fixed generator (an ended game starts over
/// with the next seed).
fn long_game(plies: usize) -> GameTable {
    for seed in 1u64.. {
        let link = PlayLink::parse("model=dark&clock=180+0").0;
        let mut s = GameTable::new(link, 0.0).expect("a game");
        let mut x = seed;
        while s.outcome().is_none() && s.plies() < plies {
            s.apply(Act::Pass);
            s.apply(Act::Reveal { now: 0.0 });
            let Some(obs) = s.observation() else { break };
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let h = obs.hints[(x >> 33) as usize % obs.hints.len()];
            s.apply(Act::Square {
                square: h.from,
                now: 0.0,
            });
            s.apply(Act::Square {
                square: h.to,
                now: 0.0,
            });
            if let Some(p) = s.promotion().cloned() {
                s.apply(Act::Promote {
                    role: p.choices[0],
                    now: 0.0,
                });
            }
        }
        if s.plies() >= plies && s.outcome().is_none() {
            s.apply(Act::Pass);
            s.apply(Act::Reveal { now: 0.0 });
            return s;
        }
    }
    unreachable!("some seed gives a long game")
}

/// The first hinted move of the viewer, as two clicks.
fn a_move(s: &GameTable) -> [Act; 2] {
    let h = s.observation().expect("a view").hints[0];
    [
        Act::Square {
            square: h.from,
            now: 1.0,
        },
        Act::Square {
            square: h.to,
            now: 1.0,
        },
    ]
}

fn state_with(game: &GameTable) -> Rc<PlayState> {
    Rc::new(PlayState::default()).reduce(PlayAction::Start(Box::new(game.clone())))
}

/// The old reducer: a whole copy, then the action.
fn by_copy(game: &GameTable, acts: &[Act]) -> GameTable {
    let mut next = game.clone();
    for a in acts {
        next.apply(a.clone());
    }
    next
}

/// The reducer now: the action on the shared table.
fn in_place(state: Rc<PlayState>, acts: &[Act]) -> Rc<PlayState> {
    let mut state = state;
    for a in acts {
        state = state.reduce(PlayAction::Play(a.clone()));
    }
    state
}

fn mean_of(runs: u32, mut f: impl FnMut() -> Duration) -> Duration {
    (0..runs).map(|_| f()).sum::<Duration>() / runs
}

fn bench(c: &mut Criterion) {
    let game = long_game(200);
    println!("game: {} plies, {} attempts", game.plies(), game.attempts());
    let tick = [Act::Tick { now: 1.0 }];
    let mv = a_move(&game);
    let mut group = c.benchmark_group("table 200 plies");
    group.bench_function("tick copy", |b| b.iter(|| black_box(by_copy(&game, &tick))));
    group.bench_function("tick in place", |b| {
        b.iter_batched(
            || state_with(&game),
            |s| black_box(in_place(s, &tick)),
            BatchSize::SmallInput,
        )
    });
    group.bench_function("move copy", |b| b.iter(|| black_box(by_copy(&game, &mv))));
    group.bench_function("move in place", |b| {
        b.iter_batched(
            || state_with(&game),
            |s| black_box(in_place(s, &mv)),
            BatchSize::SmallInput,
        )
    });
    group.finish();

    // The ratios, measured here in the same run (mean of 2,000 each). The
    // copy's time includes dropping the copy: the old reducer left one
    // whole table to drop per action.
    for (name, acts) in [("tick", &tick[..]), ("move", &mv[..])] {
        let copy = mean_of(2000, || {
            let t = Instant::now();
            black_box(by_copy(&game, acts));
            t.elapsed()
        });
        let place = mean_of(2000, || {
            let s = state_with(&game);
            let t = Instant::now();
            let out = black_box(in_place(s, acts));
            let spent = t.elapsed();
            // The bench's own fresh state is dropped untimed (the page
            // never drops its table per action).
            drop(out);
            spent
        });
        println!(
            "ratio {name} at 200 plies: copy {:.1} µs, in place {:.1} µs, {:.1}× less time in place",
            copy.as_secs_f64() * 1e6,
            place.as_secs_f64() * 1e6,
            copy.as_secs_f64() / place.as_secs_f64()
        );
    }
}

criterion_group!(benches, bench);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
}
