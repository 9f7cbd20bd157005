//! The retrograde solver: a dense table of one byte per position, filled by
//! named passes (classify, then retrograde levels, then summary).

use super::geometry::{Board, MAX_SIZE, MIN_SIZE, ROOK_DIRECTIONS};
use super::KrkSummary;
use crate::progress::{Cancelled, Progress};

/// The byte stored for each position. Values `0..=MAX_DTM` are a win for the
/// king and rook: the number of white moves until mate with best play by
/// both sides (0 = black is checkmated now).
pub mod cell {
    /// Not a legal position (see the counting conventions in [`crate::krk`]).
    pub const ILLEGAL: u8 = 0xFF;
    /// A legal position that is not won: a draw. During solving it means
    /// "not yet known" for white to move.
    pub const DRAW: u8 = 0xFE;
    /// Black to move, not in check, and without a legal move.
    pub const STALEMATE: u8 = 0xFD;
    /// Black to move can take the undefended rook (a draw: bare kings).
    pub const ROOK_CAPTURABLE: u8 = 0xFC;
    /// Black to move during solving: `PENDING + k` means `k` (1 to 8) of
    /// black's legal moves are not yet known to lose. Never left in a
    /// finished table (turned into [`DRAW`]).
    pub(crate) const PENDING: u8 = 0xF0;
    /// The largest depth to mate the byte can hold.
    pub const MAX_DTM: u8 = 0xEF;
}

/// The names of the solver's passes, as given to [`Progress::report`].
pub mod pass {
    /// Marks illegal positions, checkmates, stalemates and capturable rooks,
    /// and counts black's legal moves. Units: white king squares.
    pub const CLASSIFY: &str = "krk: classify";
    /// Works back from the checkmates, one move at a time. Units: legal
    /// positions resolved, out of all legal positions.
    pub const RETROGRADE: &str = "krk: retrograde";
    /// Turns unresolved positions into draws and counts. Units: white king squares.
    pub const SUMMARY: &str = "krk: summary";
}

/// The solved table of King+Rook vs King on one n×n board.
///
/// One table per side to move, one byte per position (see [`cell`]). The
/// dense index of a position is `(wk · n² + bk) · n² + wr` (white king, black
/// king, white rook as square numbers `rank · n + file`): the rook is the
/// fastest-moving coordinate, so the many rook moves undone from one position
/// stay within a few cache lines.
#[derive(Debug, Clone)]
pub struct KrkTable {
    pub(crate) board: Board,
    pub(crate) white_to_move: Vec<u8>,
    pub(crate) black_to_move: Vec<u8>,
    pub(crate) summary: KrkSummary,
}

impl KrkTable {
    /// The board size n.
    pub fn size(&self) -> usize {
        self.board.size
    }

    /// The counts and depth-to-mate histograms.
    pub fn summary(&self) -> &KrkSummary {
        &self.summary
    }

    /// The raw byte of a position by its dense index (see [`cell`] and
    /// [`KrkTable`]), White or Black to move; `None` past the end.
    pub fn cell(&self, white_to_move: bool, index: usize) -> Option<u8> {
        let table = if white_to_move {
            &self.white_to_move
        } else {
            &self.black_to_move
        };
        table.get(index).copied()
    }

    /// The dense index of white king, white rook and black king squares.
    #[inline]
    pub(crate) fn index(&self, wk: usize, wr: usize, bk: usize) -> usize {
        (wk * self.board.squares + bk) * self.board.squares + wr
    }

    /// The squares (white king, white rook, black king) of a dense index.
    pub(crate) fn squares_at(&self, index: usize) -> (usize, usize, usize) {
        let s = self.board.squares;
        (index / (s * s), index % s, index / s % s)
    }
}

/// Whether [`solve`] accepts board size `n`: `MIN_SIZE..=MAX_SIZE`.
pub fn check_size(n: usize) -> Result<(), String> {
    if (MIN_SIZE..=MAX_SIZE).contains(&n) {
        Ok(())
    } else {
        Err(format!(
            "board size must be from {MIN_SIZE} to {MAX_SIZE}, not {n}"
        ))
    }
}

/// How often (in inner-loop items) the long loops report and check for cancellation.
const REPORT_EVERY: usize = 1 << 16;

/// Solves King+Rook vs King on the n×n board by retrograde analysis, without
/// the 50-move rule.
///
/// Uses `2·n⁶` bytes for the tables plus work lists (reported as
/// [`KrkSummary::peak_bytes`]). Reports the passes named in [`pass`] and
/// stops with `Err(Cancelled)` as soon as `progress` asks.
///
/// # Panics
/// If `n` is outside `MIN_SIZE..=MAX_SIZE`; check with [`check_size`] first.
pub fn solve(n: usize, progress: &mut impl Progress) -> Result<KrkTable, Cancelled> {
    if let Err(message) = check_size(n) {
        panic!("{message}");
    }
    let board = Board::new(n);
    let squares = board.squares;
    let total = squares * squares * squares;
    let mut white_to_move = vec![cell::ILLEGAL; total];
    let mut black_to_move = vec![cell::ILLEGAL; total];
    let table_bytes = 2 * total as u64;

    let (mut lost, legal_total) =
        classify(&board, &mut white_to_move, &mut black_to_move, progress)?;

    // Pass 2: retrograde, one level (one White move) at a time. Work lists
    // hold packed squares (see `pack`), so no division is needed to decode.
    let index = |wk: usize, bk: usize, wr: usize| (wk * squares + bk) * squares + wr;
    let mut peak_work = 4 * lost.capacity() as u64;
    let mut resolved = lost.len() as u64;
    let mut won: Vec<u32> = Vec::new();
    // The most White moves one position can undo: 8 king and 2(n − 1) rook moves.
    let most_undone = 8 + 2 * (n - 1);
    let mut ticks = 0usize;
    let mut depth: u8 = 0;
    while !lost.is_empty() {
        assert!(
            depth < cell::MAX_DTM,
            "depth to mate exceeds the byte encoding"
        );
        let next = depth + 1;
        // White to move wins in `next` if some move reaches a Black-to-move
        // position lost in `depth`: undo White moves from those. Pushes are
        // branch-free: write at `len`, advance only on a hit.
        won.clear();
        let mut len = 0;
        for &p in &lost {
            ticks += 1;
            if ticks.is_multiple_of(REPORT_EVERY) {
                progress.report(pass::RETROGRADE, resolved, legal_total)?;
            }
            if won.len() < len + most_undone {
                won.resize(2 * (len + most_undone), 0);
            }
            let (wk, bk, wr) = unpack(p);
            for from in board.king_steps(wk) {
                if from == wr || from == bk {
                    continue;
                }
                let q = index(from, bk, wr);
                let hit = white_to_move[q] == cell::DRAW;
                if hit {
                    white_to_move[q] = next;
                }
                won[len] = pack(from, bk, wr);
                len += usize::from(hit);
            }
            let row = &mut white_to_move[index(wk, bk, 0)..index(wk, bk + 1, 0)];
            for d in 0..4 {
                for &from in board.rook_ray(wr, d, wk, bk) {
                    let from = usize::from(from);
                    let hit = row[from] == cell::DRAW;
                    row[from] = if hit { next } else { row[from] };
                    won[len] = pack(wk, bk, from);
                    len += usize::from(hit);
                }
            }
        }
        won.truncate(len);
        resolved += won.len() as u64;
        peak_work = peak_work.max(4 * (lost.capacity() + won.capacity()) as u64);
        // Black to move loses in `next` once every legal move reaches a White
        // win: undo Black king moves from the new wins and count down.
        lost.clear();
        for &w in &won {
            ticks += 1;
            if ticks.is_multiple_of(REPORT_EVERY) {
                progress.report(pass::RETROGRADE, resolved, legal_total)?;
            }
            let (wk, bk, wr) = unpack(w);
            for from in board.king_steps(bk) {
                if from == wk || from == wr {
                    continue;
                }
                let b = index(wk, from, wr);
                let v = black_to_move[b];
                if v > cell::PENDING && v <= cell::PENDING + 8 {
                    if v == cell::PENDING + 1 {
                        black_to_move[b] = next;
                        lost.push(pack(wk, from, wr));
                    } else {
                        black_to_move[b] = v - 1;
                    }
                }
            }
        }
        resolved += lost.len() as u64;
        peak_work = peak_work.max(4 * (lost.capacity() + won.capacity()) as u64);
        depth = next;
    }
    progress.report(pass::RETROGRADE, resolved, legal_total)?;
    drop(lost);
    drop(won);

    // Pass 3: summary; what is still pending is a draw. Counts every byte
    // value once per table, then reads the figures off the 256 counts.
    let mut white_counts = [0u64; 256];
    let mut black_counts = [0u64; 256];
    let block = squares * squares;
    for wk in 0..squares {
        progress.report(pass::SUMMARY, wk as u64, squares as u64)?;
        let range = wk * block..(wk + 1) * block;
        for &v in &white_to_move[range.clone()] {
            white_counts[usize::from(v)] += 1;
        }
        for v in &mut black_to_move[range] {
            if *v > cell::PENDING && *v <= cell::PENDING + 8 {
                *v = cell::DRAW;
            }
            black_counts[usize::from(*v)] += 1;
        }
    }
    progress.report(pass::SUMMARY, squares as u64, squares as u64)?;
    let mut summary = KrkSummary::from_counts(n, &white_counts, &black_counts);
    summary.peak_bytes = table_bytes + peak_work;
    Ok(KrkTable {
        board,
        white_to_move,
        black_to_move,
        summary,
    })
}

/// Packs white king, black king and rook squares (each below 1024) into a work-list entry.
#[inline]
fn pack(wk: usize, bk: usize, wr: usize) -> u32 {
    ((wk << 20) | (bk << 10) | wr) as u32
}

#[inline]
fn unpack(p: u32) -> (usize, usize, usize) {
    let p = p as usize;
    (p >> 20, (p >> 10) & 0x3FF, p & 0x3FF)
}

/// Pass 1, classify: for every pair of kings apart, and every rook square,
/// marks White-to-move positions legal (as [`cell::DRAW`], "not yet known")
/// unless Black is in check, and Black-to-move positions as
/// [`cell::ROOK_CAPTURABLE`], [`cell::STALEMATE`], checkmate (0) or
/// `PENDING + legal moves`. Returns the checkmates, packed, and the number
/// of legal positions (both sides to move).
///
/// Instead of testing every rook square against every escape square, it
/// walks the rook lines through each escape square once and counts down.
fn classify(
    board: &Board,
    white_to_move: &mut [u8],
    black_to_move: &mut [u8],
    progress: &mut impl Progress,
) -> Result<(Vec<u32>, u64), Cancelled> {
    let squares = board.squares;
    let mut mates = Vec::new();
    let mut legal = 0u64;
    // Per rook square, for the current kings: escape squares still open,
    // whether the black king is in check, whether it can take the rook.
    let mut open = vec![0u8; squares];
    let mut check = vec![false; squares];
    let mut capture = vec![false; squares];
    let mut escapes: Vec<usize> = Vec::with_capacity(8);
    for wk in 0..squares {
        progress.report(pass::CLASSIFY, wk as u64, squares as u64)?;
        for bk in 0..squares {
            if bk == wk || board.touching(wk, bk) {
                continue;
            }
            escapes.clear();
            escapes.extend(board.king_steps(bk).filter(|&t| !board.touching(t, wk)));
            open.fill(escapes.len() as u8);
            check.fill(false);
            capture.fill(false);
            for &t in &escapes {
                // A rook on t itself: Black takes it unless the white king guards it.
                open[t] -= 1;
                capture[t] = !board.touching(t, wk);
                // A rook anywhere on t's lines up to the white king attacks t;
                // the black king's own square does not shield t.
                for (df, dr) in ROOK_DIRECTIONS {
                    let mut s = t;
                    while let Some(next) = board.step(s, df, dr) {
                        if next == wk {
                            break;
                        }
                        s = next;
                        if s != bk {
                            open[s] -= 1;
                        }
                    }
                }
            }
            for (df, dr) in ROOK_DIRECTIONS {
                let mut s = bk;
                while let Some(next) = board.step(s, df, dr) {
                    if next == wk {
                        break;
                    }
                    s = next;
                    check[s] = true;
                }
            }
            let row = (wk * squares + bk) * squares;
            for wr in 0..squares {
                if wr == wk || wr == bk {
                    continue;
                }
                let i = row + wr;
                legal += 1;
                if !check[wr] {
                    white_to_move[i] = cell::DRAW;
                    legal += 1;
                }
                black_to_move[i] = if capture[wr] {
                    cell::ROOK_CAPTURABLE
                } else if open[wr] > 0 {
                    cell::PENDING + open[wr]
                } else if check[wr] {
                    mates.push(pack(wk, bk, wr));
                    0
                } else {
                    cell::STALEMATE
                };
            }
        }
    }
    Ok((mates, legal))
}
