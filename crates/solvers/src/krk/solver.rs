//! The retrograde solver. The answer is a dense table of one byte per
//! position; the work is done on sets of rook squares, one set per pair of
//! king squares, so that undoing a move handles every rook square at once.
//!
//! A rook set holds one `u32` per rank, bit `f` for file `f` (n ≤ 26). The
//! solver keeps two of them per king pair (white king, black king):
//! - `settled`: the White-to-move positions that are won or illegal. For
//!   Black's moves both mean the same: the move is no way out.
//! - `open`: the Black-to-move positions not yet decided (legal, no rook to
//!   take, not stalemate, not yet known lost).
//!
//! Level `d` (Black to move, lost in `d` White moves) gives level `d + 1`:
//! White to move wins in `d + 1` if the rook can slide onto a lost square
//! (a fill along ranks and files, stopped by the kings) or the king can step
//! next to a lost pair; Black to move loses in `d + 1` if the rook square is
//! settled in every pair the black king can step to (an intersection of
//! up to eight sets). Only king pairs next to the last level are visited.

use super::geometry::{Board, MAX_SIZE, MIN_SIZE};
use super::KrkSummary;
use crate::progress::{Cancelled, Progress};

/// The byte stored for each position. Values `0..=MAX_DTM` are a win for the
/// king and rook: the number of white moves until mate with best play by
/// both sides (0 = black is checkmated now).
pub mod cell {
    /// Not a legal position (see the counting conventions in [`crate::krk`]).
    pub const ILLEGAL: u8 = 0xFF;
    /// A legal position that is not won: a draw. During solving it means
    /// "not yet known".
    pub const DRAW: u8 = 0xFE;
    /// Black to move, not in check, and without a legal move.
    pub const STALEMATE: u8 = 0xFD;
    /// Black to move can take the undefended rook (a draw: bare kings).
    pub const ROOK_CAPTURABLE: u8 = 0xFC;
    /// The largest depth to mate the byte can hold.
    pub const MAX_DTM: u8 = 0xEF;
}

/// The names of the solver's passes, as given to [`Progress::report`].
pub mod pass {
    /// Marks illegal positions, checkmates, stalemates and capturable rooks.
    /// Units: white king squares.
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
/// fastest-moving coordinate, so one king pair is one run of n² bytes.
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

/// How often (in king pairs) the long loops report and check for cancellation.
const REPORT_EVERY: usize = 1 << 10;

/// Solves King+Rook vs King on the n×n board by retrograde analysis, without
/// the 50-move rule.
///
/// Uses `2·n⁶` bytes for the tables plus about `12·n⁵` bytes of rook sets
/// (reported as [`KrkSummary::peak_bytes`]). Reports the passes named in
/// [`pass`] and stops with `Err(Cancelled)` as soon as `progress` asks.
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

    // The 8×8 board (the page's default) gets its own copy of the solver,
    // with the rank count known to the compiler.
    let tables = (&mut white_to_move[..], &mut black_to_move[..]);
    let (white_counts, black_counts, peak_bytes) = match n {
        8 => solve_sets::<8>(&board, tables, progress)?,
        _ => solve_sets::<0>(&board, tables, progress)?,
    };

    // Pass 3: summary. The passes counted every byte value they wrote; what
    // was never written is illegal, what stayed `DRAW` is a draw.
    progress.report(pass::SUMMARY, 0, 1)?;
    let mut summary = KrkSummary::from_counts(n, &white_counts, &black_counts);
    summary.peak_bytes = 2 * total as u64 + peak_bytes;
    progress.report(pass::SUMMARY, 1, 1)?;
    Ok(KrkTable {
        board,
        white_to_move,
        black_to_move,
        summary,
    })
}

/// Passes 1 and 2 on rook sets of `N` ranks (`N = 0`: the board's size,
/// read at run time). Returns how often each byte value was written, White
/// and Black to move, and the bytes the sets held at their peak.
fn solve_sets<const N: usize>(
    board: &Board,
    (white_to_move, black_to_move): (&mut [u8], &mut [u8]),
    progress: &mut impl Progress,
) -> Result<([u64; 256], [u64; 256], u64), Cancelled> {
    let mut sets = RookSets::<N>::new(board);
    let mates = sets.classify(white_to_move, black_to_move, progress)?;
    sets.retrograde(mates, white_to_move, black_to_move, progress)?;
    let total = board.squares.pow(3) as u64;
    let (white, black) = sets.byte_counts(total);
    Ok((white, black, sets.peak_bytes))
}

/// One level of positions for each king pair that has some: the pair
/// numbers and, `n` words per pair, their rook sets.
#[derive(Default)]
struct Level {
    pairs: Vec<u32>,
    rows: Vec<u32>,
}

impl Level {
    fn clear(&mut self) {
        self.pairs.clear();
        self.rows.clear();
    }

    fn bytes(&self) -> u64 {
        4 * (self.pairs.capacity() + self.rows.capacity()) as u64
    }
}

/// The solver's working state: rook sets per king pair (see the module docs).
/// King pair `wk · n² + bk` owns words `pair · n .. pair · n + n`.
struct RookSets<'b, const N: usize> {
    board: &'b Board,
    n: usize,
    /// The files of one rank: `n` low bits.
    full: u32,
    /// White to move: won or illegal.
    settled: Vec<u32>,
    /// Black to move: legal and not yet decided.
    open: Vec<u32>,
    /// White to move: positions with a move to the last level, gathered for
    /// the pairs in `gathered_pairs` (the first write of a level overwrites).
    gathered: Vec<u32>,
    gathered_pairs: Vec<u32>,
    /// The level at which a pair was last gathered into / examined for Black.
    gathered_at: Vec<u8>,
    examined_at: Vec<u8>,
    /// The most bytes held at once, besides the two tables.
    peak_bytes: u64,
    /// Legal positions, White and Black to move.
    legal_white: u64,
    legal_black: u64,
    /// How often each byte value other than `ILLEGAL` and `DRAW` was
    /// written, White and Black to move.
    white_written: [u64; 256],
    black_written: [u64; 256],
}

impl<'b, const N: usize> RookSets<'b, N> {
    fn new(board: &'b Board) -> RookSets<'b, N> {
        assert!(N == 0 || N == board.size, "rook sets for the wrong board");
        let n = board.size;
        let squares = board.squares;
        let pairs = squares * squares;
        let words = pairs * n;
        RookSets {
            board,
            n,
            full: (1u32 << n) - 1,
            settled: vec![0; words],
            open: vec![0; words],
            gathered: vec![0; words],
            gathered_pairs: Vec::new(),
            gathered_at: vec![0; pairs],
            examined_at: vec![0; pairs],
            peak_bytes: (3 * 4 * words + 2 * pairs) as u64,
            legal_white: 0,
            legal_black: 0,
            white_written: [0; 256],
            black_written: [0; 256],
        }
    }

    /// How often each byte value occurs in the finished White-to-move and
    /// Black-to-move tables of `total` bytes each.
    fn byte_counts(&self, total: u64) -> ([u64; 256], [u64; 256]) {
        let finish = |written: &[u64; 256], legal: u64| {
            let mut counts = *written;
            counts[usize::from(cell::ILLEGAL)] = total - legal;
            counts[usize::from(cell::DRAW)] = legal - written.iter().sum::<u64>();
            counts
        };
        (
            finish(&self.white_written, self.legal_white),
            finish(&self.black_written, self.legal_black),
        )
    }

    /// Writes `value` into the row of `table` starting at `base` for each bit
    /// of `bits`, counting it in `written`; returns how many.
    #[inline]
    fn write(table: &mut [u8], written: &mut [u64; 256], base: usize, bits: u32, value: u8) -> u64 {
        let count = write_bits(table, base, bits, value);
        written[usize::from(value)] += count;
        count
    }

    /// The number of ranks: `N`, or the board's size if `N` is 0.
    #[inline(always)]
    fn n(&self) -> usize {
        if N == 0 {
            self.n
        } else {
            N
        }
    }

    /// The squares of the two kings, one word per rank.
    #[inline]
    fn kings(&self, wk: usize, bk: usize) -> [u32; MAX_SIZE] {
        let b = self.board;
        let mut rows = [0u32; MAX_SIZE];
        rows[b.rank(wk)] |= 1 << b.file(wk);
        rows[b.rank(bk)] |= 1 << b.file(bk);
        rows
    }

    /// Pass 1, classify. For every pair of kings: the illegal White-to-move
    /// positions (kings touching, a square shared, Black in check) start the
    /// `settled` sets; then for Black to move the rook squares are sorted
    /// into capturable (next to the black king, unguarded), without a move
    /// (checkmate or stalemate) and open. Writes both byte tables; returns
    /// the checkmates.
    fn classify(
        &mut self,
        white_to_move: &mut [u8],
        black_to_move: &mut [u8],
        progress: &mut impl Progress,
    ) -> Result<Level, Cancelled> {
        let squares = self.n() * self.n();
        let mut mates = Level::default();
        for wk in 0..squares {
            progress.report(pass::CLASSIFY, wk as u64, squares as u64)?;
            self.classify_white_king(wk, white_to_move, black_to_move, &mut mates);
        }
        Ok(mates)
    }

    /// Classifies the king pairs with the white king on `wk`, adding the
    /// checkmates to `mates`.
    #[inline(never)]
    fn classify_white_king(
        &mut self,
        wk: usize,
        white_to_move: &mut [u8],
        black_to_move: &mut [u8],
        mates: &mut Level,
    ) {
        let (board, n, full) = (self.board, self.n(), self.full);
        let squares = n * n;
        for bk in 0..squares {
            let rows = &mut self.settled[(wk * squares + bk) * n..][..n];
            if bk == wk || board.touching(wk, bk) {
                rows.fill(full);
            } else {
                illegal_for_white(board, wk, bk, rows);
            }
        }
        for bk in 0..squares {
            if bk == wk || board.touching(wk, bk) {
                continue;
            }
            let pair = wk * squares + bk;
            // Rook squares that leave Black no move (none when an escape
            // is left), and those Black can take.
            let mut stuck = [full; MAX_SIZE];
            let mut capture = [0u32; MAX_SIZE];
            for t in board.king_steps(bk) {
                if board.touching(t, wk) {
                    continue;
                }
                capture[board.rank(t)] |= 1 << board.file(t);
                let attacks = &self.settled[(wk * squares + t) * n..][..n];
                for (s, &a) in stuck.iter_mut().zip(attacks) {
                    *s &= a;
                }
            }
            let mut mate_rows = [0u32; MAX_SIZE];
            let base = pair * squares;
            white_to_move[base..base + squares].fill(cell::DRAW);
            black_to_move[base..base + squares].fill(cell::DRAW);
            let kings = self.kings(wk, bk);
            for y in 0..n {
                let free = full & !kings[y];
                let settled = self.settled[pair * n + y];
                let check = settled & free;
                let stuck = stuck[y] & free & !capture[y];
                let mates = stuck & check;
                self.open[pair * n + y] = free & !capture[y] & !stuck;
                mate_rows[y] = mates;
                self.legal_white += u64::from((full & !settled).count_ones());
                self.legal_black += u64::from(free.count_ones());
                let row = base + y * n;
                write_bits(white_to_move, row, settled, cell::ILLEGAL);
                write_bits(black_to_move, row, kings[y], cell::ILLEGAL);
                let black = &mut self.black_written;
                Self::write(black_to_move, black, row, capture[y], cell::ROOK_CAPTURABLE);
                Self::write(black_to_move, black, row, mates, 0);
                Self::write(black_to_move, black, row, stuck & !check, cell::STALEMATE);
            }
            if mate_rows[..n].iter().any(|&m| m != 0) {
                mates.pairs.push(pair as u32);
                mates.rows.extend_from_slice(&mate_rows[..n]);
            }
        }
    }

    /// Pass 2, retrograde: one level (one White move) at a time, from the
    /// checkmates until a level is empty.
    fn retrograde(
        &mut self,
        mut lost: Level,
        white_to_move: &mut [u8],
        black_to_move: &mut [u8],
        progress: &mut impl Progress,
    ) -> Result<(), Cancelled> {
        let n = self.n();
        let legal_total = self.legal_white + self.legal_black;
        let mut resolved: u64 = lost.rows.iter().map(|r| u64::from(r.count_ones())).sum();
        let mut won: Vec<u32> = Vec::new();
        let mut next_lost = Level::default();
        let mut ticks = 0usize;
        let mut depth: u8 = 0;
        while !lost.pairs.is_empty() {
            assert!(
                depth < cell::MAX_DTM,
                "depth to mate exceeds the byte encoding"
            );
            let next = depth + 1;
            // White to move wins in `next` by a move to a position of `lost`:
            // gather the rook and king moves undone, per king pair.
            self.gathered_pairs.clear();
            for (i, &pair) in lost.pairs.iter().enumerate() {
                ticks += 1;
                if ticks.is_multiple_of(REPORT_EVERY) {
                    progress.report(pass::RETROGRADE, resolved, legal_total)?;
                }
                self.undo_white(pair as usize, &lost.rows[i * n..][..n], next);
            }
            // Keep only what was not settled before, and write it down.
            won.clear();
            for i in 0..self.gathered_pairs.len() {
                let pair = self.gathered_pairs[i] as usize;
                let count = self.settle(pair, next, white_to_move);
                if count != 0 {
                    resolved += count;
                    won.push(pair as u32);
                }
            }
            // Black to move loses in `next` once every king move lands on a
            // settled square: intersect the pairs around each candidate.
            next_lost.clear();
            for &pair in &won {
                ticks += 1;
                if ticks.is_multiple_of(REPORT_EVERY) {
                    progress.report(pass::RETROGRADE, resolved, legal_total)?;
                }
                resolved += self.undo_black(pair as usize, next, black_to_move, &mut next_lost);
            }
            self.peak_bytes = self
                .peak_bytes
                .max(self.peak_bytes_now(&lost, &next_lost, &won));
            std::mem::swap(&mut lost, &mut next_lost);
            depth = next;
        }
        progress.report(pass::RETROGRADE, resolved, legal_total)
    }

    // The three steps of a level below, like classifying one white king
    // square, are functions of their own, called once per king pair: a
    // WebAssembly engine first runs baseline code and optimises a function
    // for its later calls, so one long-running function would never get
    // the optimised code.

    /// White to move: gathers the positions with a rook or king move into
    /// the lost positions `rows` of `pair`.
    #[inline(never)]
    fn undo_white(&mut self, pair: usize, rows: &[u32], next: u8) {
        let (board, n) = (self.board, self.n());
        let squares = n * n;
        let (wk, bk) = (pair / squares, pair % squares);
        let mut slid = [0u32; MAX_SIZE];
        self.rook_sources(rows, wk, bk, &mut slid[..n]);
        self.gather(pair, &slid[..n], next);
        for from in board.king_steps(wk) {
            if from != bk && !board.touching(from, bk) {
                self.gather(from * squares + bk, rows, next);
            }
        }
    }

    /// White to move: settles the gathered positions of `pair` that were
    /// not settled before as won in `next`; returns how many.
    #[inline(never)]
    fn settle(&mut self, pair: usize, next: u8, white_to_move: &mut [u8]) -> u64 {
        let n = self.n();
        let mut count = 0;
        for y in 0..n {
            let w = pair * n + y;
            let new = self.gathered[w] & !self.settled[w];
            self.settled[w] |= new;
            let row = pair * n * n + y * n;
            count += Self::write(white_to_move, &mut self.white_written, row, new, next);
        }
        count
    }

    /// Black to move: around the newly settled `pair`, finds the open
    /// positions whose every king move now lands on a settled square, marks
    /// them lost in `next` and adds them to `lost`; returns how many.
    #[inline(never)]
    fn undo_black(
        &mut self,
        pair: usize,
        next: u8,
        black_to_move: &mut [u8],
        lost: &mut Level,
    ) -> u64 {
        let (board, n) = (self.board, self.n());
        let squares = n * n;
        let (wk, bk) = (pair / squares, pair % squares);
        let mut count = 0;
        for from in board.king_steps(bk) {
            let candidate = wk * squares + from;
            if from == wk || self.examined_at[candidate] == next {
                continue;
            }
            self.examined_at[candidate] = next;
            let open = &self.open[candidate * n..][..n];
            if open.iter().all(|&r| r == 0) {
                continue;
            }
            let mut rows = [0u32; MAX_SIZE];
            let rows = &mut rows[..n];
            rows.copy_from_slice(open);
            for to in board.king_steps(from) {
                let settled = &self.settled[(wk * squares + to) * n..][..n];
                for (r, &s) in rows.iter_mut().zip(settled) {
                    *r &= s;
                }
            }
            if rows.iter().all(|&r| r == 0) {
                continue;
            }
            for (y, &r) in rows.iter().enumerate() {
                self.open[candidate * n + y] &= !r;
                let row = candidate * squares + y * n;
                count += Self::write(black_to_move, &mut self.black_written, row, r, next);
            }
            lost.pairs.push(candidate as u32);
            lost.rows.extend_from_slice(rows);
        }
        count
    }

    fn peak_bytes_now(&self, a: &Level, b: &Level, won: &Vec<u32>) -> u64 {
        let words = self.settled.len();
        let pairs = self.gathered_at.len();
        (3 * 4 * words + 2 * pairs) as u64
            + 4 * (self.gathered_pairs.capacity() + won.capacity()) as u64
            + a.bytes()
            + b.bytes()
    }

    /// ORs `rows` into the gathered set of `pair`, the first time in level
    /// `level` by overwriting.
    #[inline(always)]
    fn gather(&mut self, pair: usize, rows: &[u32], level: u8) {
        let n = self.n();
        let target = &mut self.gathered[pair * n..][..n];
        if self.gathered_at[pair] == level {
            for (t, &r) in target.iter_mut().zip(rows) {
                *t |= r;
            }
        } else {
            self.gathered_at[pair] = level;
            self.gathered_pairs.push(pair as u32);
            target.copy_from_slice(rows);
        }
    }

    /// The rook squares from which the rook slides onto a square of
    /// `targets` in one move, along a rank or file, without passing the
    /// kings on `wk` and `bk`. Squares of the kings may be included.
    fn rook_sources(&self, targets: &[u32], wk: usize, bk: usize, out: &mut [u32]) {
        let (n, full) = (self.n(), self.full);
        let kings = self.kings(wk, bk);
        let free = |y: usize| full & !kings[y];
        // Along the files: from below (scanning down), then from above.
        let mut reach = 0u32;
        for y in (0..n).rev() {
            out[y] = reach;
            reach = free(y) & (targets[y] | reach);
        }
        reach = 0;
        for y in 0..n {
            out[y] |= reach;
            reach = free(y) & (targets[y] | reach);
        }
        // Along the ranks: without a king on the rank, from every other
        // square of it; else an occluded fill both ways.
        let king_ranks = [self.board.rank(wk), self.board.rank(bk)];
        for y in 0..n {
            let t = targets[y];
            if t == 0 {
                continue;
            }
            out[y] |= if !king_ranks.contains(&y) {
                if t & (t - 1) == 0 {
                    full & !t
                } else {
                    full
                }
            } else {
                slide_both_ways(t, free(y), n)
            };
        }
    }
}

/// The squares of one rank from which a rook reaches a bit of `targets`
/// sliding over `free` squares only (at least one step), in either direction.
#[inline]
fn slide_both_ways(targets: u32, free: u32, n: usize) -> u32 {
    let (mut up, mut down) = ((targets << 1) & free, (targets >> 1) & free);
    let (mut pass_up, mut pass_down) = (free, free);
    let mut shift = 1;
    while shift < n {
        up |= pass_up & (up << shift);
        down |= pass_down & (down >> shift);
        pass_up &= pass_up << shift;
        pass_down &= pass_down >> shift;
        shift *= 2;
    }
    up | down
}

/// Writes `value` into `table[base + f]` for each bit `f` of `bits`;
/// returns how many.
#[inline]
fn write_bits(table: &mut [u8], base: usize, mut bits: u32, value: u8) -> u64 {
    let mut count = 0;
    while bits != 0 {
        table[base + bits.trailing_zeros() as usize] = value;
        bits &= bits - 1;
        count += 1;
    }
    count
}

/// The `settled` start of a legal king pair: the rook squares where White to
/// move is illegal, i.e. the kings' own squares and every square from which
/// the rook attacks the black king (its lines stop at the white king).
fn illegal_for_white(board: &Board, wk: usize, bk: usize, rows: &mut [u32]) {
    let n = board.size;
    let (kf, kr, bf, br) = (
        board.file(wk),
        board.rank(wk),
        board.file(bk),
        board.rank(bk),
    );
    rows.fill(1 << bf);
    rows[br] = (1u32 << n) - 1;
    if kf == bf {
        if kr > br {
            rows[kr..].fill(0);
        } else {
            rows[..=kr].fill(0);
        }
    }
    if kr == br {
        if kf > bf {
            rows[br] &= (1u32 << kf) - 1;
        } else {
            rows[br] &= !((1u32 << (kf + 1)) - 1);
        }
        rows[br] |= 1 << bf;
    }
    rows[kr] |= 1 << kf;
}
