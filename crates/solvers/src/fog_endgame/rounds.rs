//! A second search, by rounds with dominance: for each placement of White's
//! men, the belief sets White wins within k moves form a family closed
//! under subsets (fewer squares for the king is never worse), kept as its
//! maximal sets. Round k builds every family from round k − 1's:
//!
//! - blind: S wins within k by a safe move to W' iff steps(S) \ X lies in
//!   a set T of W''s family (or is empty), i.e. S ⊆ erode(T ∪ X), where X
//!   is what W' sees and occupies and erode(Y) the squares whose every
//!   step is in Y;
//! - sighted: the unseen part must satisfy that, and every square s of S
//!   that W' sees must be "good": steps(s) \ X empty or inside a set of the
//!   family.
//!
//! So each move and each maximal set T of the family after it gives one
//! candidate maximal set; the round keeps the maximal candidates. A start
//! is won within k once its king's square lies in a set of round k. No
//! belief state is ever stored, so the memory is the families alone.

use super::board::{bits, Board};
use super::game::Reading;
use super::men::Placements;
use crate::progress::{Cancelled, Progress};

/// The passes reported through [`Progress`] are `rounds 2`, `rounds 3` …
/// (how many is not known ahead), each counting White's placements.
pub const ROUNDS: &str = "rounds";

/// Per canonical placement, the round at which each square's singleton
/// belief set is first won (0: never).
pub struct RoundValues {
    /// Indexed by placement code (only canonical codes are filled).
    first: Vec<[u8; 64]>,
    /// When kept: per canonical code, each round's maximal won sets where
    /// they changed (round, sets), so any belief state can be valued.
    history: Vec<Vec<(u8, Vec<u64>)>>,
    /// Maximal sets held in the largest round (all placements).
    pub max_sets: u64,
    pub rounds: u16,
    pub peak_bytes: u64,
}

impl RoundValues {
    /// White moves to capture from a start (placement code, king square),
    /// 0 when not won.
    pub fn value(&self, table: &Placements, code: u32, king: u8) -> u16 {
        let info = table.get(code);
        let g = info.symmetries.trailing_zeros() as u8;
        let sq = table.board.map_square(g, king);
        self.first[info.canon as usize][sq as usize] as u16
    }

    /// White moves to capture from a canonical state (kept history only;
    /// 0 when not won).
    pub fn value_canonical(&self, canon: u32, set: u64) -> u16 {
        self.history
            .get(canon as usize)
            .and_then(|rounds| {
                rounds
                    .iter()
                    .find(|(_, sets)| sets.iter().any(|&t| set & !t == 0))
            })
            .map_or(0, |&(k, _)| k as u16)
    }

    /// A canonical placement's kept history: each round where its maximal
    /// won sets changed, with those sets (empty without history).
    pub fn history_of(&self, canon: u32) -> &[(u8, Vec<u64>)] {
        self.history
            .get(canon as usize)
            .map_or(&[], |h| h.as_slice())
    }

    /// The round a canonical placement's start with the king on `sq` is
    /// first won at (0: never).
    pub fn first_round(&self, canon: u32, sq: u8) -> u8 {
        self.first[canon as usize][sq as usize]
    }

    /// Start values alone (a starts file): no belief state beyond the
    /// starts can be valued.
    pub fn from_first(first: Vec<[u8; 64]>, rounds: u16) -> RoundValues {
        let peak_bytes = first.len() as u64 * 64;
        RoundValues {
            first,
            history: Vec::new(),
            max_sets: 0,
            rounds,
            peak_bytes,
        }
    }

    /// Values rebuilt from a kept history (a table file): each square's
    /// first winning round comes from the sets.
    pub fn from_history(
        table: &Placements,
        history: Vec<Vec<(u8, Vec<u64>)>>,
        rounds: u16,
    ) -> RoundValues {
        let mut first = vec![[0u8; 64]; table.info.len()];
        let mut max_sets = 0u64;
        for (c, changes) in history.iter().enumerate() {
            for (round, sets) in changes {
                for &s in sets {
                    for sq in bits(s) {
                        if first[c][sq as usize] == 0 {
                            first[c][sq as usize] = *round;
                        }
                    }
                }
            }
            max_sets += changes.last().map_or(0, |(_, s)| s.len() as u64);
        }
        let peak_bytes = history
            .iter()
            .flatten()
            .map(|(_, f)| f.len() as u64 * 8 + 32)
            .sum::<u64>()
            + first.len() as u64 * 64;
        RoundValues {
            first,
            history,
            max_sets,
            rounds,
            peak_bytes,
        }
    }

    /// Whether every round's sets were kept ([`RoundValues::value_canonical`]).
    pub fn has_history(&self) -> bool {
        !self.history.is_empty()
    }
}

fn erode(board: Board, y: u64) -> u64 {
    board.mask() & !board.king_steps(board.mask() & !y)
}

/// Keeps the maximal sets of `sets` (in place).
fn maximal(sets: &mut Vec<u64>) {
    sets.sort_unstable_by_key(|&s| (std::cmp::Reverse(s.count_ones()), s));
    sets.dedup();
    let mut kept = 0;
    for i in 0..sets.len() {
        let s = sets[i];
        if sets[..kept].iter().all(|&k| s & !k != 0) {
            sets[kept] = s;
            kept += 1;
        }
    }
    sets.truncate(kept);
}

/// The maximal won sets of placement `c` after one more round, from the
/// previous round's `families`.
fn next_family(
    table: &Placements,
    reading: Reading,
    families: &[Vec<u64>],
    c: u32,
    family: &mut Vec<u64>,
) -> Vec<u64> {
    let board = table.board;
    let here = table.get(c);
    let free = board.mask() & !here.seen & !here.occupied;
    let mut candidates = families[c as usize].clone();
    for &to in table.moves_of(c) {
        let after = table.get(to);
        let allowed = free & !after.forbidden;
        if allowed == 0 {
            continue;
        }
        let x = after.seen | after.occupied;
        // The family after the move, in this move's orientation.
        let back = Board::inverse(after.symmetries.trailing_zeros() as u8);
        family.clear();
        family.push(0);
        family.extend(
            families[after.canon as usize]
                .iter()
                .map(|&t| board.map_set(back, t)),
        );
        let good = match reading {
            Reading::Blind => 0,
            Reading::Sighted => {
                let mut good = 0u64;
                for s in bits(allowed & after.seen) {
                    let b = board.king_steps(1 << s) & !x;
                    if family.iter().any(|&t| b & !t == 0) {
                        good |= 1 << s;
                    }
                }
                good
            }
        };
        for &t in family.iter() {
            let m = match reading {
                Reading::Blind => allowed & erode(board, t | x),
                Reading::Sighted => allowed & (good | (!after.seen & erode(board, t | x))),
            };
            if m != 0 {
                candidates.push(m);
            }
        }
    }
    maximal(&mut candidates);
    candidates
}

/// Placements handed out per batch (progress is reported between batches).
const BATCH: usize = 2048;

/// `next_family` for every placement of a batch, on up to `threads`
/// threads natively, one after another on wasm32.
fn batch_families(
    table: &Placements,
    reading: Reading,
    families: &[Vec<u64>],
    batch: &[u32],
    threads: usize,
) -> Vec<Vec<u64>> {
    #[cfg(not(target_arch = "wasm32"))]
    if threads > 1 && batch.len() > 64 {
        let share = batch.len().div_ceil(threads);
        return std::thread::scope(|scope| {
            let handles: Vec<_> = batch
                .chunks(share)
                .map(|part| {
                    scope.spawn(move || {
                        let mut family = Vec::new();
                        part.iter()
                            .map(|&c| next_family(table, reading, families, c, &mut family))
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect()
        });
    }
    let _ = threads;
    let mut family = Vec::new();
    batch
        .iter()
        .map(|&c| next_family(table, reading, families, c, &mut family))
        .collect()
}

/// The threads to use when the caller does not say: every core natively,
/// one on wasm32.
pub fn default_threads() -> usize {
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    }
    #[cfg(target_arch = "wasm32")]
    {
        1
    }
}

/// Runs rounds until nothing changes (or `max_rounds`), on up to `threads`
/// threads (natively; one on wasm32).
pub fn solve(
    table: &Placements,
    reading: Reading,
    max_rounds: u16,
    threads: usize,
    keep_history: bool,
    progress: &mut dyn Progress,
) -> Result<RoundValues, Cancelled> {
    let canon: Vec<u32> = (0..table.info.len() as u32)
        .filter(|&c| table.info[c as usize].occupied != 0 && table.info[c as usize].canon == c)
        .collect();
    let mut families: Vec<Vec<u64>> = vec![Vec::new(); table.info.len()];
    let mut first = vec![[0u8; 64]; table.info.len()];
    let mut history: Vec<Vec<(u8, Vec<u64>)>> = if keep_history {
        vec![Vec::new(); table.info.len()]
    } else {
        Vec::new()
    };
    let mut rounds = 1;
    let mut max_sets = 0u64;
    let mut peak_bytes = 0u64;
    for k in 2..=max_rounds.min(255) {
        let pass = format!("{ROUNDS} {k}");
        let mut next: Vec<Vec<u64>> = vec![Vec::new(); table.info.len()];
        let mut changed = false;
        for (b, batch) in canon.chunks(BATCH).enumerate() {
            progress.report(&pass, (b * BATCH) as u64, canon.len() as u64)?;
            let results = batch_families(table, reading, &families, batch, threads);
            for (&c, sets) in batch.iter().zip(results) {
                if sets != families[c as usize] {
                    changed = true;
                    if keep_history {
                        history[c as usize].push((k as u8, sets.clone()));
                    }
                    for &s in &sets {
                        for sq in bits(s) {
                            if first[c as usize][sq as usize] == 0 {
                                first[c as usize][sq as usize] = k as u8;
                            }
                        }
                    }
                }
                next[c as usize] = sets;
            }
        }
        let sets: u64 = next.iter().map(|f| f.len() as u64).sum();
        let kept: u64 = history
            .iter()
            .flatten()
            .map(|(_, f)| f.capacity() as u64 * 8 + 32)
            .sum();
        let bytes: u64 = next
            .iter()
            .chain(&families)
            .map(|f| f.capacity() as u64 * 8 + 24)
            .sum::<u64>()
            + kept;
        max_sets = max_sets.max(sets);
        peak_bytes = peak_bytes.max(bytes + first.len() as u64 * 64);
        families = next;
        if !changed {
            break;
        }
        rounds = k;
    }
    Ok(RoundValues {
        first,
        history,
        max_sets,
        rounds,
        peak_bytes,
    })
}
