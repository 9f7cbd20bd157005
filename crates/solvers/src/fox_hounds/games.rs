//! Counting the possible games exactly.
//!
//! A game ends at its first terminal position, so the number of games from a
//! position is 1 for a terminal position and the sum over its moves
//! otherwise. The counts are computed backward layer by layer, like the
//! values, but only two half-layers are kept at a time, each storing counts
//! only for its reachable non-terminal positions (found through a rank
//! directory), in as few 64-bit limbs as the layer needs.

use super::board::{bits, Board, Side};
use super::eval::{is_terminal, FOX_WIN_0, HOUNDS_WIN_0, UNREACHED};
use super::index::HoundSets;
use super::parallel::{run_blocks, threads_for};
use super::solve::{byte_mask, hound_steps, MAX_HOUND_MOVES};
use super::Meter;
use crate::progress::{Cancelled, Progress};
use std::fmt;

/// An unsigned integer of any size that only needs adding. Little-endian
/// 64-bit limbs without trailing zero limbs.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct BigCount {
    limbs: Vec<u64>,
}

impl BigCount {
    pub fn zero() -> BigCount {
        BigCount::default()
    }

    /// From little-endian limbs.
    pub fn from_limbs(limbs: &[u64]) -> BigCount {
        let mut count = BigCount {
            limbs: limbs.to_vec(),
        };
        count.trim();
        count
    }

    pub fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    /// Little-endian limbs.
    pub fn limbs(&self) -> &[u64] {
        &self.limbs
    }

    fn trim(&mut self) {
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
    }

    /// The number of decimal digits (1 for zero).
    pub fn digits(&self) -> usize {
        self.to_string().len()
    }
}

impl From<u64> for BigCount {
    fn from(value: u64) -> BigCount {
        BigCount::from_limbs(&[value])
    }
}

impl std::ops::AddAssign<&BigCount> for BigCount {
    fn add_assign(&mut self, other: &BigCount) {
        if self.limbs.len() < other.limbs.len() {
            self.limbs.resize(other.limbs.len(), 0);
        }
        let carry = add_limbs(&mut self.limbs, &other.limbs);
        if carry {
            self.limbs.push(1);
        }
    }
}

impl std::ops::Add<&BigCount> for BigCount {
    type Output = BigCount;
    fn add(mut self, other: &BigCount) -> BigCount {
        self += other;
        self
    }
}

impl PartialOrd for BigCount {
    fn partial_cmp(&self, other: &BigCount) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for BigCount {
    fn cmp(&self, other: &BigCount) -> std::cmp::Ordering {
        self.limbs
            .len()
            .cmp(&other.limbs.len())
            .then_with(|| self.limbs.iter().rev().cmp(other.limbs.iter().rev()))
    }
}

/// Adds `src` into `dst` (`dst` at least as long); returns the final carry.
#[inline]
fn add_limbs(dst: &mut [u64], src: &[u64]) -> bool {
    let mut carry = false;
    for (i, d) in dst.iter_mut().enumerate() {
        let s = src.get(i).copied().unwrap_or(0);
        if !carry && i >= src.len() {
            break;
        }
        let (a, c1) = d.overflowing_add(s);
        let (b, c2) = a.overflowing_add(carry as u64);
        *d = b;
        carry = c1 || c2;
    }
    carry
}

/// Decimal, without separators.
impl fmt::Display for BigCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const CHUNK: u64 = 10_000_000_000_000_000_000; // 10^19
        if self.limbs.is_empty() {
            return f.pad("0");
        }
        let mut limbs = self.limbs.clone();
        let mut chunks = Vec::new();
        while !limbs.is_empty() {
            let mut rem: u128 = 0;
            for limb in limbs.iter_mut().rev() {
                let cur = rem << 64 | *limb as u128;
                *limb = (cur / CHUNK as u128) as u64;
                rem = cur % CHUNK as u128;
            }
            chunks.push(rem as u64);
            while limbs.last() == Some(&0) {
                limbs.pop();
            }
        }
        let mut text = chunks.pop().unwrap_or(0).to_string();
        for chunk in chunks.iter().rev() {
            text.push_str(&format!("{chunk:019}"));
        }
        f.pad(&text)
    }
}

/// A bit per position of a half-layer and the number of set bits before each
/// 64-position word, so that the set positions can be numbered densely.
pub(crate) struct Directory {
    words: Vec<u64>,
    before: Vec<u32>,
}

impl Directory {
    pub fn new(len: usize, mut member: impl FnMut(usize) -> bool) -> Directory {
        let mut builder = DirectoryBuilder::default();
        for i in 0..len {
            builder.push(member(i));
        }
        builder.finish()
    }

    /// The members among positions `start..start + len` (`len ≤ 64`) as a bit
    /// mask, and how many members precede `start`.
    #[inline]
    pub fn row(&self, start: usize, len: usize) -> (u64, usize) {
        let (w, off) = (start / 64, start % 64);
        let mut bits = self.words.get(w).map_or(0, |word| word >> off);
        if off + len > 64 {
            bits |= self.words[w + 1] << (64 - off);
        }
        let bits = if len == 64 {
            bits
        } else {
            bits & ((1 << len) - 1)
        };
        (bits, self.rank(start))
    }

    /// How many members precede position `i`.
    #[inline]
    pub fn rank(&self, i: usize) -> usize {
        let w = i / 64;
        let low = self
            .words
            .get(w)
            .map_or(0, |word| word & ((1u64 << (i % 64)) - 1));
        self.before[w] as usize + low.count_ones() as usize
    }

    pub fn members(&self) -> usize {
        *self.before.last().unwrap_or(&0) as usize
    }

    pub fn bytes(&self) -> usize {
        self.words.len() * 8 + self.before.len() * 4
    }
}

/// Builds a [`Directory`] one position at a time.
#[derive(Default)]
pub(crate) struct DirectoryBuilder {
    words: Vec<u64>,
    before: Vec<u32>,
    total: u32,
    len: usize,
}

impl DirectoryBuilder {
    #[inline]
    pub fn push(&mut self, member: bool) {
        if self.len.is_multiple_of(64) {
            self.before.push(self.total);
            self.words.push(0);
        }
        if member {
            *self.words.last_mut().expect("pushed above") |= 1 << (self.len % 64);
            self.total += 1;
        }
        self.len += 1;
    }

    /// Pushes the low `len` bits of `mask`, lowest first.
    pub fn push_bits(&mut self, mask: u64, len: usize) {
        let mut done = 0;
        while done < len {
            if self.len.is_multiple_of(64) {
                self.before.push(self.total);
                self.words.push(0);
            }
            let off = self.len % 64;
            let take = (64 - off).min(len - done);
            let part = (mask >> done)
                & if take == 64 {
                    u64::MAX
                } else {
                    (1 << take) - 1
                };
            *self.words.last_mut().expect("pushed above") |= part << off;
            self.total += part.count_ones();
            self.len += take;
            done += take;
        }
    }

    pub fn finish(mut self) -> Directory {
        self.before.push(self.total);
        Directory {
            words: self.words,
            before: self.before,
        }
    }
}

/// Game counts of the non-terminal reachable positions of one half-layer.
struct HalfCounts {
    /// First slot of the layer.
    start: usize,
    directory: Directory,
    width: usize,
    limbs: Vec<u64>,
}

/// Counts never get near the top of their width (a position has at most 16
/// moves), so a layer whose children's counts stay under 2^58 in the top limb
/// can keep the same width.
const ROOM: u64 = 1 << 58;

impl HalfCounts {
    fn bytes(&self) -> usize {
        self.directory.bytes() + self.limbs.len() * 8
    }

    /// The width a layer summing these counts needs.
    fn parent_width(&self) -> usize {
        let tight = self
            .limbs
            .chunks(self.width)
            .any(|c| c[self.width - 1] >= ROOM);
        self.width + tight as usize
    }

    /// The members of `slot`'s row and the rank of its first position.
    #[inline]
    fn row(&self, slot: usize, light: usize) -> Row {
        let (members, first) = self.directory.row((slot - self.start) * light, light);
        Row { members, first }
    }

    /// Adds the count of the position on square `fox` of `row` into `acc`.
    /// Reachable positions that are not members are terminal: one game.
    #[inline]
    fn add_to<const W: usize>(&self, acc: &mut [u64; W], row: Row, fox: usize) {
        if row.members >> fox & 1 == 1 {
            let r = row.first + (row.members & ((1 << fox) - 1)).count_ones() as usize;
            add_fixed(acc, &self.limbs[r * self.width..(r + 1) * self.width]);
        } else {
            add_fixed(acc, &[1]);
        }
    }
}

/// The non-terminal positions of one hound set in a [`HalfCounts`].
#[derive(Clone, Copy, Default)]
struct Row {
    members: u64,
    first: usize,
}

/// Adds `src` (at most `W` limbs) into `acc`, dropping the final carry (the
/// widths are chosen so that there is none).
#[inline(always)]
fn add_fixed<const W: usize>(acc: &mut [u64; W], src: &[u64]) {
    let mut carry = false;
    for (i, a) in acc.iter_mut().enumerate() {
        let s = if i < src.len() { src[i] } else { 0 };
        let (x, c1) = a.overflowing_add(s);
        let (y, c2) = x.overflowing_add(carry as u64);
        *a = y;
        carry = c1 | c2;
    }
    debug_assert!(!carry);
}

/// The moves out of the positions of one half-layer, for summing counts.
trait Children: Sync {
    /// What all positions with the same hound set share.
    type Shared;
    fn shared(&self, slot: usize) -> Self::Shared;
    /// Adds the counts of the children of the position with the fox on `fox`.
    fn sum<const W: usize>(&self, shared: &Self::Shared, fox: usize, acc: &mut [u64; W]);
}

/// Hounds to move: children are the next layer's fox-to-move positions.
struct HoundMoves<'a> {
    board: &'a Board,
    sets: &'a HoundSets,
    next: &'a HalfCounts,
}

impl Children for HoundMoves<'_> {
    /// Each hound move: the square it steps to and the child row.
    type Shared = ([(usize, Row); MAX_HOUND_MOVES], usize);

    fn shared(&self, slot: usize) -> Self::Shared {
        let mut steps = [(0, 0); MAX_HOUND_MOVES];
        let n = hound_steps(self.board, self.sets, self.sets.mask(slot), &mut steps);
        let mut rows = [(0, Row::default()); MAX_HOUND_MOVES];
        let light = self.board.light_squares();
        for (row, &(to, target)) in rows.iter_mut().zip(&steps[..n]) {
            *row = (target, self.next.row(to, light));
        }
        (rows, n)
    }

    #[inline]
    fn sum<const W: usize>(&self, shared: &Self::Shared, fox: usize, acc: &mut [u64; W]) {
        for &(target, row) in &shared.0[..shared.1] {
            if target != fox {
                self.next.add_to(acc, row, fox);
            }
        }
    }
}

/// Fox to move: children are the same hound set's hounds-to-move positions.
struct FoxMoves<'a> {
    board: &'a Board,
    sets: &'a HoundSets,
    hounds_to_move: &'a HalfCounts,
}

impl Children for FoxMoves<'_> {
    type Shared = (u64, Row);

    fn shared(&self, slot: usize) -> (u64, Row) {
        let light = self.board.light_squares();
        (self.sets.mask(slot), self.hounds_to_move.row(slot, light))
    }

    #[inline]
    fn sum<const W: usize>(&self, shared: &(u64, Row), fox: usize, acc: &mut [u64; W]) {
        let (hounds, row) = *shared;
        for g in bits(self.board.near[fox] & !hounds) {
            self.hounds_to_move.add_to(acc, row, g);
        }
    }
}

/// Counts the games from the initial position.
pub(crate) fn count_games(
    board: &Board,
    sets: &HoundSets,
    values: &[u8],
    threads: usize,
    meter: &mut Meter,
    progress: &mut impl Progress,
) -> Result<BigCount, Cancelled> {
    let light = board.light_squares();
    let layers = sets.layers();
    let mut next_fox: Option<HalfCounts> = None;
    for s in (0..layers).rev() {
        progress.report("games", (layers - 1 - s) as u64, layers as u64)?;
        let range = sets.layer(s);
        // Hounds to move: sums over the next layer's fox-to-move positions.
        // (The last layer has no hound moves, so all its positions are terminal.)
        let hound_counts = match &next_fox {
            Some(next) => {
                let moves = HoundMoves { board, sets, next };
                fill(
                    threads,
                    range.clone(),
                    light,
                    next.parent_width(),
                    Side::Hounds,
                    values,
                    &moves,
                )
            }
            None => fill_terminal(range.clone(), light, Side::Hounds, values),
        };
        meter.grow(hound_counts.bytes());
        if let Some(done) = next_fox.take() {
            meter.shrink(done.bytes());
        }
        // Fox to move: sums over this layer's hounds-to-move positions.
        let moves = FoxMoves {
            board,
            sets,
            hounds_to_move: &hound_counts,
        };
        let width = hound_counts.parent_width();
        let fox_counts = fill(
            threads,
            range.clone(),
            light,
            width,
            Side::Fox,
            values,
            &moves,
        );
        meter.grow(fox_counts.bytes());
        meter.shrink(hound_counts.bytes());
        drop(hound_counts);
        next_fox = Some(fox_counts);
    }
    progress.report("games", layers as u64, layers as u64)?;
    let start = board.fox_start as usize;
    let code = values[start];
    let first = next_fox.expect("there is at least one layer");
    meter.shrink(first.bytes());
    Ok(if is_terminal(code) {
        BigCount::from(1)
    } else {
        let r = first.directory.rank(start);
        BigCount::from_limbs(&first.limbs[r * first.width..(r + 1) * first.width])
    })
}

/// The directory of the non-terminal reachable positions with `side` to move
/// in the slots of `range`.
fn half_directory(
    range: &std::ops::Range<usize>,
    light: usize,
    side: Side,
    values: &[u8],
) -> Directory {
    let mut builder = DirectoryBuilder::default();
    let all = (1u64 << light) - 1;
    for slot in range.clone() {
        let base = (slot * 2 + side.index()) * light;
        let row = &values[base..base + light];
        let over =
            byte_mask(row, UNREACHED) | byte_mask(row, HOUNDS_WIN_0) | byte_mask(row, FOX_WIN_0);
        builder.push_bits(all & !over, light);
    }
    builder.finish()
}

/// A half-layer without non-terminal positions.
fn fill_terminal(
    range: std::ops::Range<usize>,
    light: usize,
    side: Side,
    values: &[u8],
) -> HalfCounts {
    let directory = half_directory(&range, light, side, values);
    debug_assert_eq!(directory.members(), 0);
    HalfCounts {
        start: range.start,
        directory,
        width: 1,
        limbs: Vec::new(),
    }
}

/// Computes the counts of one half-layer (`width` limbs each).
fn fill<C: Children>(
    threads: usize,
    range: std::ops::Range<usize>,
    light: usize,
    width: usize,
    side: Side,
    values: &[u8],
    children: &C,
) -> HalfCounts {
    let directory = half_directory(&range, light, side, values);
    let mut limbs = vec![0u64; directory.members() * width];
    match width {
        1 => fill_fixed::<C, 1>(threads, &range, light, &directory, &mut limbs, children),
        2 => fill_fixed::<C, 2>(threads, &range, light, &directory, &mut limbs, children),
        3 => fill_fixed::<C, 3>(threads, &range, light, &directory, &mut limbs, children),
        4 => fill_fixed::<C, 4>(threads, &range, light, &directory, &mut limbs, children),
        5 => fill_fixed::<C, 5>(threads, &range, light, &directory, &mut limbs, children),
        6 => fill_fixed::<C, 6>(threads, &range, light, &directory, &mut limbs, children),
        // A game lasts at most 91 plies with at most 10 moves a ply (n ≤ 10),
        // so no count exceeds 10^91 < 2^320.
        _ => unreachable!("game counts need at most 5 limbs for n ≤ 10"),
    }
    HalfCounts {
        start: range.start,
        directory,
        width,
        limbs,
    }
}

fn fill_fixed<C: Children, const W: usize>(
    threads: usize,
    range: &std::ops::Range<usize>,
    light: usize,
    directory: &Directory,
    limbs: &mut [u64],
    children: &C,
) {
    const BLOCK: usize = 256;
    let mut blocks = Vec::new();
    let mut rest: &mut [u64] = limbs;
    let mut slot = range.start;
    while slot < range.end {
        let end = (slot + BLOCK).min(range.end);
        let from = directory.rank((slot - range.start) * light);
        let to = directory.rank((end - range.start) * light);
        let (mine, tail) = rest.split_at_mut((to - from) * W);
        blocks.push((slot, end, mine));
        rest = tail;
        slot = end;
    }
    run_blocks(
        threads_for(threads, range.len()),
        blocks,
        |(first, end, out)| {
            let mut out = out.chunks_exact_mut(W);
            for slot in first..end {
                let shared = children.shared(slot);
                let (members, _) = directory.row((slot - range.start) * light, light);
                for fox in bits(members) {
                    let mut acc = [0u64; W];
                    children.sum(&shared, fox, &mut acc);
                    out.next()
                        .expect("one entry per member")
                        .copy_from_slice(&acc);
                }
            }
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adds_and_prints_in_decimal() {
        let mut x = BigCount::from(u64::MAX);
        x += &BigCount::from(1);
        assert_eq!(x.limbs(), &[0, 1]);
        assert_eq!(x.to_string(), "18446744073709551616");
        let mut y = BigCount::zero();
        assert_eq!(y.to_string(), "0");
        for _ in 0..1000 {
            y += &x;
        }
        assert_eq!(y.to_string(), "18446744073709551616000");
        let ten19 = BigCount::from(10_000_000_000_000_000_000);
        assert_eq!((ten19.clone() + &ten19).to_string(), "20000000000000000000");
        assert!(y > x);
    }

    #[test]
    fn directory_ranks() {
        let dir = Directory::new(200, |i| i % 3 == 0);
        assert_eq!(dir.members(), 67);
        for i in 0..200 {
            assert_eq!(dir.rank(i), i.div_ceil(3));
        }
    }
}
