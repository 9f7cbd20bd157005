//! The two retrograde passes over the position table.
//!
//! * `reachable` walks the layers forward (hound rank sum 0, 1, 2, …). A
//!   fox-to-move position of layer `s` is reachable when some reachable,
//!   non-terminal hounds-to-move position of layer `s − 1` leads to it; a
//!   hounds-to-move position of layer `s` when some reachable, non-terminal
//!   fox-to-move position of the same layer and hound set leads to it. Each
//!   position found is stored as its terminal value or as `PENDING`.
//! * `values` walks the layers backward: hounds-to-move positions take the
//!   minimum over the next layer's fox-to-move positions, then fox-to-move
//!   positions the maximum over the same layer's hounds-to-move positions,
//!   one ply further away.
//!
//! Both passes pull from the layer already done, so the slots of a layer are
//! independent and are shared out in blocks among threads.

use super::board::{bits, Board};
use super::eval::{one_ply_earlier, FOX_WIN_0, HOUNDS_WIN_0, PENDING};
use super::index::HoundSets;
use super::parallel::{run_blocks, threads_for};
use crate::progress::{Cancelled, Progress};

/// Slots per block of parallel work.
const BLOCK_SLOTS: usize = 256;
/// At most two moves per hound (`hounds ≤ 5` for n ≤ 10).
pub(crate) const MAX_HOUND_MOVES: usize = 16;

/// Where a hound move leads: the new hound set's slot and the square the
/// hound steps to (which the fox must not occupy).
pub(crate) type Step = (usize, usize);

/// The hound moves from `hounds`, ignoring the fox: `(slot, target)` pairs.
/// Returns how many were written.
#[inline]
pub(crate) fn hound_steps(
    board: &Board,
    sets: &HoundSets,
    hounds: u64,
    out: &mut [Step; MAX_HOUND_MOVES],
) -> usize {
    let mut n = 0;
    for h in bits(hounds) {
        for t in bits(board.up[h] & !hounds) {
            out[n] = (sets.slot(hounds ^ 1 << h ^ 1 << t), t);
            n += 1;
        }
    }
    n
}

/// The terminal code of a fox-to-move position, or `PENDING`.
#[inline]
pub(crate) fn classify_fox(board: &Board, hounds: u64, cones: u64, fox: usize) -> u8 {
    if board.escaped(cones, fox) {
        FOX_WIN_0
    } else if board.near[fox] & !hounds == 0 {
        HOUNDS_WIN_0
    } else {
        PENDING
    }
}

/// The terminal code of a hounds-to-move position, or `PENDING`.
#[inline]
pub(crate) fn classify_hounds(board: &Board, targets: u64, cones: u64, fox: usize) -> u8 {
    if board.escaped(cones, fox) || targets & !(1 << fox) == 0 {
        FOX_WIN_0
    } else {
        PENDING
    }
}

/// Marks every position reachable from the initial position.
pub(crate) fn reachable(
    board: &Board,
    sets: &HoundSets,
    values: &mut [u8],
    threads: usize,
    progress: &mut impl Progress,
) -> Result<(), Cancelled> {
    let light = board.light_squares();
    let row = 2 * light;
    let layers = sets.layers();
    for s in 0..layers {
        progress.report("reachable", s as u64, layers as u64)?;
        let range = sets.layer(s);
        let (before, rest) = values.split_at_mut(range.start * row);
        let layer = &mut rest[..range.len() * row];
        let before = &*before;
        let blocks: Vec<(usize, &mut [u8])> = layer
            .chunks_mut(BLOCK_SLOTS * row)
            .enumerate()
            .map(|(i, chunk)| (range.start + i * BLOCK_SLOTS, chunk))
            .collect();
        run_blocks(
            threads_for(threads, range.len()),
            blocks,
            |(first, chunk)| {
                for (i, entries) in chunk.chunks_mut(row).enumerate() {
                    reach_slot(board, sets, before, first + i, entries, s == 0);
                }
            },
        );
    }
    progress.report("reachable", layers as u64, layers as u64)
}

fn reach_slot(
    board: &Board,
    sets: &HoundSets,
    before: &[u8],
    slot: usize,
    entries: &mut [u8],
    first_layer: bool,
) {
    let light = board.light_squares();
    let hounds = sets.mask(slot);
    let free = board.all() & !hounds;
    let cones = board.cones(hounds);
    let (fox_half, hound_half) = entries.split_at_mut(light);
    let mut found = 0u64;
    if first_layer {
        found = 1 << board.fox_start;
    } else {
        // The hound that moved last came from `from` into its square; the fox
        // must not stand on `from`.
        for h in bits(hounds) {
            for from in bits(board.down[h] & !hounds) {
                let p = sets.slot(hounds ^ 1 << h ^ 1 << from);
                let row = &before[(2 * p + 1) * light..(2 * p + 2) * light];
                found |= byte_mask(row, PENDING) & !(1 << from);
            }
        }
    }
    for fox in bits(found & free) {
        fox_half[fox] = classify_fox(board, hounds, cones, fox);
    }
    let pending = byte_mask(fox_half, PENDING);
    let found = bits(pending).fold(0, |acc, g| acc | board.near[g]) & free;
    let targets = board.hound_targets(hounds);
    for fox in bits(found) {
        hound_half[fox] = classify_hounds(board, targets, cones, fox);
    }
}

/// The positions `i` (at most 64) with `row[i] == value`, as a bit mask.
#[inline]
pub(crate) fn byte_mask(row: &[u8], value: u8) -> u64 {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let eq8 = |chunk: u64| -> u64 {
        // A byte of `x` is zero exactly where `chunk` holds `value`.
        let x = chunk ^ (LOW * value as u64);
        let nonzero = (((x & !HIGH) + !HIGH) | x) & HIGH;
        // Gather the eight high bits of `!nonzero` into one byte.
        (((!nonzero & HIGH) >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56
    };
    let mut mask = 0u64;
    let chunks = row.chunks_exact(8);
    let tail = chunks.remainder();
    let mut at = 0;
    for chunk in chunks {
        let word = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
        mask |= eq8(word) << at;
        at += 8;
    }
    if !tail.is_empty() {
        let mut last = [!value; 8];
        last[..tail.len()].copy_from_slice(tail);
        mask |= eq8(u64::from_le_bytes(last)) << at;
    }
    mask
}

/// Replaces every `PENDING` code by the position's value.
pub(crate) fn values(
    board: &Board,
    sets: &HoundSets,
    values: &mut [u8],
    threads: usize,
    progress: &mut impl Progress,
) -> Result<(), Cancelled> {
    let light = board.light_squares();
    let row = 2 * light;
    let layers = sets.layers();
    for s in (0..layers).rev() {
        progress.report("values", (layers - 1 - s) as u64, layers as u64)?;
        let range = sets.layer(s);
        let (_, rest) = values.split_at_mut(range.start * row);
        let (layer, after) = rest.split_at_mut(range.len() * row);
        let after = &*after;
        let next = range.end;
        let blocks: Vec<(usize, &mut [u8])> = layer
            .chunks_mut(BLOCK_SLOTS * row)
            .enumerate()
            .map(|(i, chunk)| (range.start + i * BLOCK_SLOTS, chunk))
            .collect();
        run_blocks(
            threads_for(threads, range.len()),
            blocks,
            |(first, chunk)| {
                for (i, entries) in chunk.chunks_mut(row).enumerate() {
                    value_slot(board, sets, after, next, first + i, entries);
                }
            },
        );
    }
    progress.report("values", layers as u64, layers as u64)
}

fn value_slot(
    board: &Board,
    sets: &HoundSets,
    after: &[u8],
    next: usize,
    slot: usize,
    entries: &mut [u8],
) {
    let light = board.light_squares();
    let row = 2 * light;
    let hounds = sets.mask(slot);
    let free = board.all() & !hounds;
    let (fox_half, hound_half) = entries.split_at_mut(light);
    let pending = byte_mask(hound_half, PENDING);
    if pending != 0 {
        // best[f]: the hounds' best child for the fox on f, a row at a time.
        let mut best = [FOX_WIN_0; 64];
        let best = &mut best[..light];
        let mut steps = [(0usize, 0usize); MAX_HOUND_MOVES];
        let n = hound_steps(board, sets, hounds, &mut steps);
        for &(to_slot, target) in &steps[..n] {
            let start = (to_slot - next) * row;
            let child = &after[start..start + light];
            // The fox cannot stand where the hound steps.
            let keep = best[target];
            for (b, &c) in best.iter_mut().zip(child) {
                *b = (*b).min(c);
            }
            best[target] = keep;
        }
        for fox in bits(pending) {
            debug_assert!(best[fox] > PENDING);
            hound_half[fox] = one_ply_earlier(best[fox]);
        }
    }
    for fox in bits(byte_mask(fox_half, PENDING)) {
        let best = bits(board.near[fox] & free)
            .map(|g| hound_half[g])
            .max()
            .unwrap_or(HOUNDS_WIN_0);
        debug_assert!(best > PENDING);
        fox_half[fox] = one_ply_earlier(best);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_masks() {
        let row: Vec<u8> = (0..50).map(|i| (i % 7) as u8).collect();
        for value in [0u8, 1, 3, 6, 7, 255] {
            let expected = (0..50)
                .filter(|&i| row[i] == value)
                .fold(0u64, |m, i| m | 1 << i);
            assert_eq!(byte_mask(&row, value), expected, "value {value}");
        }
        assert_eq!(byte_mask(&[255; 13], 255), (1 << 13) - 1);
        assert_eq!(byte_mask(&[0x81, 0x80, 0x01, 0x7f], 0x80), 0b10);
    }
}
