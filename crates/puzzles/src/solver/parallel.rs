//! One problem searched by several threads at once (native builds: the
//! command line; the page's worker has one thread).
//!
//! Each thread runs the whole search with its own tables; what they share
//! is the root. A thread searching a first move marks it busy, and the
//! other threads pass over it while another first move is open (Kaneko's
//! virtual proof numbers, at the root only); a first move one thread
//! refutes is refuted for all; the first key proved stops the others.
//! After the key the threads share out the other first moves for cooks.
//!
//! Why at the root: a first move whose refutation is deep keeps its proof
//! number low while its subtree grows without bound, and proof numbers
//! alone give no reason to leave it. On Rotenberg's 15-mover one thread
//! spends five sixths of its time in the try 1.Nf4 before it turns to the
//! key; with a second thread, the first move the first thread is in is the
//! one the second leaves alone.
//!
//! Which key is found first depends on the threads' timing; the set of
//! keys (with cooks searched to the end) does not.

use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};

use super::{
    attempt_coord, attempt_san, model_of, solve_with, start_belief, Options, Solution, Solver,
    Stats, Stop, Verdict,
};
use crate::puzzle::{Puzzle, PuzzleError};
use fogbound_engine::MoveAttempt;
use fogbound_progress::Cancelled;

/// What the threads searching one problem tell each other.
pub(super) struct RootShare {
    state: Mutex<Shared>,
    /// Signalled as each thread ends its key search.
    arrived: Condvar,
}

#[derive(Default)]
struct Shared {
    /// Per thread: the first move it is searching (with the moves).
    busy: Vec<Option<(u32, MoveAttempt)>>,
    /// First moves refuted, with the moves they were refuted within.
    refuted: HashSet<(u32, MoveAttempt)>,
    /// Lengths a thread proved to have no key.
    no_key: HashSet<u32>,
    /// Keys proved, in the order they were: moves, first move, thread.
    keys: Vec<(u32, MoveAttempt, usize)>,
    /// A thread ran out of budget or was stopped: the others stop too.
    stopped: bool,
    /// Threads whose key search has ended.
    done: usize,
}

impl RootShare {
    fn new(threads: usize) -> RootShare {
        RootShare {
            state: Mutex::new(Shared {
                busy: vec![None; threads],
                ..Shared::default()
            }),
            arrived: Condvar::new(),
        }
    }

    /// Waits until every thread's key search has ended.
    fn wait_for_all(&self) {
        let threads = self.lock().busy.len();
        let mut s = self.lock();
        while s.done < threads {
            s = self.arrived.wait(s).unwrap_or_else(|e| e.into_inner());
        }
    }

    fn lock(&self) -> MutexGuard<'_, Shared> {
        // A thread that panicked leaves nothing half-written here.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Whether a search of length `moves` by thread `me` has nothing left
    /// to find: stopped, or settled by another thread.
    pub(super) fn settled(&self, me: usize, moves: u32) -> bool {
        let s = self.lock();
        s.stopped
            || s.no_key.contains(&moves)
            || s.keys.iter().any(|&(m, _, t)| m <= moves && t != me)
    }

    pub(super) fn refuted(&self, moves: u32, attempt: &MoveAttempt) -> bool {
        self.lock().refuted.contains(&(moves, *attempt))
    }

    /// Whether a thread other than `me` is searching this first move.
    pub(super) fn busy_elsewhere(&self, me: usize, moves: u32, attempt: &MoveAttempt) -> bool {
        self.lock()
            .busy
            .iter()
            .enumerate()
            .any(|(t, b)| t != me && *b == Some((moves, *attempt)))
    }

    pub(super) fn enter(&self, me: usize, moves: u32, attempt: &MoveAttempt) {
        self.lock().busy[me] = Some((moves, *attempt));
    }

    /// Thread `me` is back from a first move: proved (`Some(true)`),
    /// refuted, or left open.
    pub(super) fn leave(
        &self,
        me: usize,
        moves: u32,
        attempt: &MoveAttempt,
        decided: Option<bool>,
    ) {
        let mut s = self.lock();
        s.busy[me] = None;
        match decided {
            Some(true) => s.keys.push((moves, *attempt, me)),
            Some(false) => {
                s.refuted.insert((moves, *attempt));
            }
            None => {}
        }
    }
}

/// Counts a thread's key search as ended when dropped, also when the
/// thread panics (the others then do not wait for it for ever).
struct KeySearchEnds<'s>(&'s RootShare);

impl Drop for KeySearchEnds<'_> {
    fn drop(&mut self) {
        let mut s = self.0.lock();
        s.done += 1;
        if std::thread::panicking() {
            s.stopped = true;
        }
        self.0.arrived.notify_all();
    }
}

/// What one thread brings back.
#[derive(Default)]
struct ThreadReport {
    stats: Stats,
    /// The solution tree, from the thread that proved the key.
    tree: Option<(super::Plan, bool)>,
    /// Cooks pass: (index among the first moves, answer).
    cooks: Vec<(usize, Result<bool, Stop>)>,
}

/// [`solve_with`] on `threads` threads; `progress` is told each thread's
/// nodes every [`super::REPORT_EVERY`] nodes (any thread's cancel stops
/// them all), and the node budget is each thread's; the solution's counters are the threads' sums. One thread is
/// [`solve_with`] itself.
pub fn solve_parallel(
    puzzle: &Puzzle,
    options: &Options,
    threads: usize,
    progress: &(dyn Fn(&str, u64, u64) -> Result<(), Cancelled> + Sync),
) -> Result<Solution, PuzzleError> {
    if threads <= 1 {
        let mut report = |pass: &str, done, total| progress(pass, done, total);
        return solve_with(puzzle, options, Some(&mut report));
    }
    let spec = model_of(puzzle)?;
    let belief = start_belief(puzzle)?;
    let first = belief.positions()[0].clone();
    let first_moves = Solver::new(&spec, u64::MAX, None).attempts(&belief);
    let share = RootShare::new(threads);
    let next_cook = AtomicUsize::new(0);
    let from = if options.shortest { 1 } else { puzzle.moves };

    // The key found at the least length, if every shorter one has none.
    let winner = |s: &Shared| -> Option<(u32, MoveAttempt, usize)> {
        let best = s.keys.iter().min_by_key(|k| k.0).copied()?;
        (from..best.0)
            .all(|m| s.no_key.contains(&m))
            .then_some(best)
    };

    let reports: Vec<ThreadReport> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|me| {
                let (spec, belief, share, first_moves) = (&spec, &belief, &share, &first_moves);
                let (next_cook, winner) = (&next_cook, &winner);
                scope.spawn(move || {
                    let mut report = |pass: &str, done, total| progress(pass, done, total);
                    let mut solver = Solver::new(spec, options.max_nodes, Some(&mut report));
                    solver.share = Some((share, me));
                    let ends = KeySearchEnds(share);
                    for n in from..=puzzle.moves {
                        {
                            let s = share.lock();
                            if s.stopped || s.keys.iter().any(|k| k.0 <= n) {
                                break;
                            }
                            if s.no_key.contains(&n) {
                                continue;
                            }
                        }
                        solver.stats.depth = n;
                        match solver.key(belief, n) {
                            // The key went into the share as it was proved.
                            Ok(Some(_)) => break,
                            Ok(None) => {
                                share.lock().no_key.insert(n);
                            }
                            Err(Stop::Settled) => {}
                            Err(_) => {
                                share.lock().stopped = true;
                                break;
                            }
                        }
                    }
                    solver.share = None;
                    drop(ends);
                    share.wait_for_all();

                    let mut report = ThreadReport::default();
                    let won = winner(&share.lock());
                    let Some((n, key, prover)) = won else {
                        report.stats = solver.stats();
                        return report;
                    };
                    if me == prover && options.tree {
                        if let Ok(plan) = solver.plan_with(belief, n, &key) {
                            report.tree = Some((plan, solver.tree_cut()));
                        }
                    }
                    if options.cooks {
                        solver.stats.depth = puzzle.moves;
                        loop {
                            let i = next_cook.fetch_add(1, Ordering::Relaxed);
                            let Some(other) = first_moves.get(i) else {
                                break;
                            };
                            if *other == key {
                                continue;
                            }
                            let known = {
                                let s = share.lock();
                                if s.keys.iter().any(|k| k.0 == puzzle.moves && k.1 == *other) {
                                    Some(true)
                                } else if s.refuted.contains(&(puzzle.moves, *other)) {
                                    Some(false)
                                } else {
                                    None
                                }
                            };
                            let answer = match known {
                                Some(k) => Ok(k),
                                None => solver.forces(belief, puzzle.moves, other),
                            };
                            let spent = matches!(answer, Err(Stop::Budget | Stop::Cancelled));
                            report.cooks.push((i, answer));
                            if spent {
                                break;
                            }
                        }
                    }
                    report.stats = solver.stats();
                    report
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a solver thread panicked"))
            .collect()
    });

    let san = |a: &MoveAttempt| attempt_san(&first, a, spec.rule_mode());
    let shared = share.lock();
    let mut solution = Solution::unknown(belief.len());
    for r in &reports {
        solution.stats.nodes += r.stats.nodes;
        solution.stats.belief_states += r.stats.belief_states;
        solution.stats.full_info_positions += r.stats.full_info_positions;
    }
    match winner(&shared) {
        Some((n, key, _)) => {
            solution.solved_by(san(&key), attempt_coord(&first, &key), n);
            solution.stats.depth = n;
            if let Some((plan, cut)) = reports.iter().find_map(|r| r.tree.clone()) {
                solution.tree = Some(plan);
                solution.tree_cut = cut;
            }
            if options.cooks {
                let mut answers: Vec<&(usize, Result<bool, Stop>)> =
                    reports.iter().flat_map(|r| &r.cooks).collect();
                answers.sort_by_key(|a| a.0);
                let asked = first_moves.iter().filter(|a| **a != key).count();
                solution.cooks_complete =
                    answers.len() == asked && answers.iter().all(|a| a.1.is_ok());
                for (i, answer) in answers {
                    if *answer == Ok(true) {
                        solution.keys.push(san(&first_moves[*i]));
                    }
                }
            }
        }
        None => {
            let refuted =
                !shared.stopped && (from..=puzzle.moves).all(|m| shared.no_key.contains(&m));
            solution.verdict = if refuted {
                Verdict::Refuted
            } else {
                Verdict::Unknown
            };
            solution.cooks_complete = refuted;
            solution.stats.depth = puzzle.moves;
        }
    }
    Ok(solution)
}

#[cfg(test)]
mod tests {
    use super::super::tests::puzzle;
    use super::*;

    fn options(shortest: bool) -> Options {
        Options {
            max_nodes: 10_000_000,
            cooks: true,
            tree: true,
            shortest,
        }
    }

    #[test]
    fn a_refuted_problem_is_refuted_by_every_thread_together() {
        // On g2 the bishop guards a8: nothing mates in one.
        let p = puzzle(
            "6k1/8/6K1/8/8/8/8/R7 w - - 0 1",
            r#"[{"piece": "b", "squares": ["b1", "g2"]}]"#,
            1,
        );
        for threads in [2, 3] {
            let s = solve_parallel(&p, &options(false), threads, &|_, _, _| Ok(())).unwrap();
            assert_eq!(s.verdict, Verdict::Refuted, "{s:?}");
            assert!(s.first_move.is_none());
            assert!(s.cooks_complete);
        }
    }

    #[test]
    fn deepening_on_threads_finds_the_shortest_mate() {
        // Nothing hidden: K+R against a cornered king, mate in two at most
        // asked for in four; the shortest is what one thread finds.
        let p = puzzle("7k/8/5K2/8/8/8/8/R7 w - - 0 1", "[]", 4);
        let one = solve_with(&p, &options(true), None).unwrap();
        let two = solve_parallel(&p, &options(true), 2, &|_, _, _| Ok(())).unwrap();
        assert_eq!(one.verdict, Verdict::Solved);
        assert_eq!(one.moves, Some(2), "{one:?}");
        assert_eq!(two.verdict, Verdict::Solved, "{two:?}");
        assert_eq!(two.moves, one.moves);
        let (mut a, mut b) = (one.keys.clone(), two.keys.clone());
        a.sort();
        b.sort();
        assert_eq!(a, b);
        assert!(two.cooks_complete);
    }

    #[test]
    fn a_spent_budget_or_a_stop_says_unknown() {
        // Rotenberg's mate in 8 needs millions of nodes.
        let p = puzzle(
            "8/8/5B2/8/8/3N4/R6p/5K1k w - - 0 1",
            r#"[{"piece": "b", "squares": "dark"}]"#,
            8,
        );
        let tiny = Options {
            max_nodes: 5_000,
            ..options(false)
        };
        let s = solve_parallel(&p, &tiny, 2, &|_, _, _| Ok(())).unwrap();
        assert_eq!(s.verdict, Verdict::Unknown, "{s:?}");
        assert!(!s.cooks_complete);
        let s = solve_parallel(&p, &options(false), 2, &|_, _, _| Err(Cancelled)).unwrap();
        assert_eq!(s.verdict, Verdict::Unknown, "{s:?}");
        assert!(
            s.stats.nodes <= 2 * (super::super::REPORT_EVERY + 1),
            "{s:?}"
        );
    }
}
