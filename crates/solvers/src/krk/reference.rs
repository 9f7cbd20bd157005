//! The first solver, kept for the tests only: a byte per position and work
//! lists of packed squares, undoing moves one position at a time. Slow but
//! straightforward; the bit-set solver in `solver.rs` must agree with it on
//! every position.

use super::geometry::{Board, ROOK_DIRECTIONS};
use super::solver::{cell, check_size, pass, KrkTable};
use super::KrkSummary;
use crate::progress::{Cancelled, Progress};

/// How often (in inner-loop items) the long loops report and check for cancellation.
const REPORT_EVERY: usize = 1 << 16;

/// Black to move during solving: `PENDING + k` means `k` (1 to 8) of
/// black's legal moves are not yet known to lose.
const PENDING: u8 = 0xF0;

pub(crate) fn solve(n: usize, progress: &mut impl Progress) -> Result<KrkTable, Cancelled> {
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
                if v > PENDING && v <= PENDING + 8 {
                    if v == PENDING + 1 {
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
            if *v > PENDING && *v <= PENDING + 8 {
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
                    PENDING + open[wr]
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

/// The bit-set solver against this one, every byte of both tables.
#[test]
fn the_solver_agrees_with_the_reference_on_every_position() {
    use crate::progress::Silent;
    for n in 3..=10 {
        let new = super::solve(n, &mut Silent).expect("not cancelled");
        let old = solve(n, &mut Silent).expect("not cancelled");
        for (white, new_table, old_table) in [
            (true, &new.white_to_move, &old.white_to_move),
            (false, &new.black_to_move, &old.black_to_move),
        ] {
            assert_eq!(new_table.len(), old_table.len());
            if let Some(i) = (0..new_table.len()).find(|&i| new_table[i] != old_table[i]) {
                let (wk, wr, bk) = new.squares_at(i);
                panic!(
                    "{n}×{n}, white king {wk}, rook {wr}, black king {bk}, white to move {white}: \
                     {:#x}, reference {:#x}",
                    new_table[i], old_table[i]
                );
            }
        }
        let mut summary = new.summary.clone();
        summary.peak_bytes = old.summary.peak_bytes;
        assert_eq!(summary, old.summary, "{n}×{n}");
    }
}
