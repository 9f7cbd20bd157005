//! A variant compiled for one bitboard width: step and ray tables per square,
//! the role groups move generation iterates over, and a process-wide cache so
//! that every [`Position`](crate::Position) can hold a cheap `&'static Rules`.

use std::any::Any;
use std::sync::Mutex;

use crate::{Bitboard, Color, Geometry, Role, Square, Stop, Variant};

/// Direction offsets `(file, rank)`: N, E, NE, NW (towards higher indices)
/// then S, W, SW, SE (towards lower indices). `DIRS[d]` and `DIRS[d ^ 4]` are
/// opposite.
pub(crate) const DIRS: [(i32, i32); 8] = [
    (0, 1),
    (1, 0),
    (1, 1),
    (-1, 1),
    (0, -1),
    (-1, 0),
    (-1, -1),
    (1, -1),
];

/// Why a variant cannot be compiled for a bitboard type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesError {
    /// The board is larger than the bitboard.
    BoardTooLarge { squares: usize, capacity: usize },
    /// The board size is outside 3…16 per side.
    Geometry(crate::GeometryError),
}

impl core::fmt::Display for RulesError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            RulesError::BoardTooLarge { squares, capacity } => write!(
                f,
                "a board of {squares} squares does not fit a {capacity}-square bitboard"
            ),
            RulesError::Geometry(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for RulesError {}

/// A variant compiled into tables for bitboard type `B`. Obtain one with
/// [`Rules::get`]; it lives for the rest of the process.
#[derive(Debug)]
pub struct Rules<B: Bitboard> {
    variant: Variant,
    geometry: Geometry,
    pub(crate) all: B,
    /// `leaps[role * n + sq]`.
    pub(crate) leaps: Vec<B>,
    /// `rays[sq][dir]`: squares from `sq` (exclusive) to the edge.
    pub(crate) rays: Vec<[B; 8]>,
    /// `pawn_attacks[color][sq]`.
    pub(crate) pawn_attacks: [Vec<B>; 2],
    /// Light and dark squares: `colours[1]` is the light squares.
    pub(crate) colours: [B; 2],
    pub(crate) ranks: Vec<B>,
    pub(crate) files: Vec<B>,
    pub(crate) coords: Vec<(i8, i8)>,
    /// Roles with leaps, present in the variant (not pawns).
    pub(crate) leapers: Vec<Role>,
    /// Roles sliding diagonally (any stop).
    pub(crate) diag_sliders: Vec<Role>,
    /// Roles sliding orthogonally, any stop.
    pub(crate) orth_sliders: Vec<Role>,
    /// Roles sliding orthogonally, stopping on same-colour squares only.
    pub(crate) orth_same_sliders: Vec<Role>,
    /// Non-pawn roles of the variant.
    pub(crate) pieces: Vec<Role>,
    /// `immune[r]`: roles a man of role `r` may not capture.
    pub(crate) immune: [Vec<Role>; Role::COUNT],
    /// Roles that confine the enemy king (fools).
    pub(crate) confiners: Vec<Role>,
    /// Roles that are royal.
    pub(crate) royals: Vec<Role>,
    /// Roles subject to check.
    pub(crate) checkables: Vec<Role>,
    /// The variant has win conditions beyond mate and royal capture.
    pub(crate) extra_end_conditions: bool,
    /// Capturing the last royal man wins, and the variant has royal men.
    pub(crate) royal_capture_wins: bool,
    /// Roles that castle (as the king).
    pub(crate) castlers: Vec<Role>,
    /// `lines[sq]`: the diagonal and the orthogonal lines through `sq` on an
    /// empty board (`[diagonal, orthogonal]`).
    pub(crate) lines: Vec<[B; 2]>,
    /// Only orthodox roles: attack detection takes a fixed fast path.
    pub(crate) orthodox: bool,
    /// `dirs[a * n + b]`: the direction index from `a` to `b` if they share a
    /// line, else [`NO_DIR`].
    pub(crate) dirs: Vec<u8>,
    /// Magic sliding-attack tables, for an 8×8 board on a 64-square bitboard.
    pub(crate) magics: Option<Box<Magics>>,
}

/// Marks "no common line" in [`Rules::dirs`].
pub(crate) const NO_DIR: u8 = 8;

/// One square's entry of a magic table: the relevant blockers (the slider's
/// lines without their edge squares), the multiplier, the shift and where its
/// block of attack sets starts in [`Magics::table`].
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: u32,
}

/// Sliding attacks for 8×8 boards by "fancy" magic multiplication: the
/// blockers on a slider's lines, multiplied by a per-square constant, give in
/// their top bits an index into a table of precomputed attack sets. The
/// multipliers are searched for when the rules are built (a deterministic
/// pseudo-random search; a few milliseconds) and every table entry is filled
/// from the classical ray method, so the two always agree.
pub(crate) struct Magics {
    bishop: [Magic; 64],
    rook: [Magic; 64],
    table: Vec<u64>,
}

impl core::fmt::Debug for Magics {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Magics({} entries)", self.table.len())
    }
}

/// Multipliers for the 8×8 board (bishops by square, then rooks), found once
/// by the search in [`Magics::build`] (checked by the test
/// `the_tabled_multipliers_are_the_ones_used`) so that
/// building the rules only fills the tables. Any entry that does not fit is
/// searched for again at build time, so a wrong constant costs time only.
const MAGICS_8X8: [u64; 128] = [
    0x10102002004a1420,
    0x0020010224910040,
    0x4090008a00c0288c,
    0x0008218124020100,
    0x4002021000100000,
    0x8c01100210802300,
    0x80140a0104221010,
    0x484010880b082002,
    0x0a035a1808008401,
    0x4030200404a18102,
    0x4180040800890080,
    0x9b51a40409801400,
    0x3000040420002002,
    0x2200608805402048,
    0x00660201822030c6,
    0x0000288048029000,
    0x100500a08c100200,
    0x0204000810040050,
    0x8042023000820008,
    0x0022026020801054,
    0x5002000400940c02,
    0x0921002201010140,
    0x0289400924100400,
    0x0081004605008200,
    0x52ac218040030400,
    0x10080ca402100200,
    0x0008041208003020,
    0x8440040000410020,
    0x80f084000a802000,
    0x018041000200a200,
    0x04240c0011010544,
    0x40040888004200a0,
    0x1090222a00105010,
    0x0004010400181002,
    0x024a104410080808,
    0x0401200800030050,
    0x0004200200082080,
    0x30808112011f0080,
    0x0408720404008086,
    0xa241820042220100,
    0x00c8148220220822,
    0x0000888450042008,
    0x0002001048100410,
    0x4120404010400200,
    0x0800010124002201,
    0x0020840080208200,
    0x2920220081004600,
    0x4204810200208200,
    0x4061008220200010,
    0x4002020084542000,
    0x8920208400d80010,
    0x1200000042020808,
    0x1020124210c30008,
    0x008040c20c050000,
    0x036008100104c020,
    0x0128680820802020,
    0x0982010421840460,
    0x800302c404882818,
    0x000000014a009040,
    0x0028028004208810,
    0x000006b04010c300,
    0x0000001004080820,
    0x02024088a1050202,
    0x0862180808198860,
    0x1080004008801020,
    0x0840092002c03000,
    0x1900200010400900,
    0x0880100008000480,
    0x4200100420080200,
    0x8100020100080400,
    0x0200040110886200,
    0x0200008040220411,
    0x0404800084400220,
    0x0000401000402000,
    0x0086001081220440,
    0x0408800800100280,
    0x000a001201040820,
    0x8848800200840080,
    0x4001000100040200,
    0x0442000102105084,
    0x9080010020804100,
    0x0040404000201009,
    0x0000808010002009,
    0x2200090021d00100,
    0x0008008008040080,
    0x0004004002010040,
    0x0011040008015042,
    0x00000a0001768104,
    0x0000800080204009,
    0x2010004140002001,
    0x9800200280100080,
    0x1000100080080080,
    0x0442000a00049020,
    0x2100040080020080,
    0x0800120400900148,
    0x0010040a00128541,
    0x2800804000800030,
    0x1010002000400041,
    0x4000200011004100,
    0x0610008410800800,
    0x0400802402800800,
    0xc100020080800400,
    0x0002000802000401,
    0x0182085882000401,
    0x0220204000808000,
    0x2860100040024022,
    0x0001002004110040,
    0x99101042000a0020,
    0x0004080004008080,
    0x0010040002008080,
    0x2012004881020004,
    0x8300842444820011,
    0x0088403882010200,
    0x0820400080210100,
    0x0110910040a00300,
    0x0801100280080480,
    0x0242009008200600,
    0x1002000489500200,
    0x0040800200010080,
    0x0091800041000080,
    0x0000209300488001,
    0x04c1002414824001,
    0x020020000b001041,
    0x7000100004200901,
    0x8002002004100802,
    0x30010002084c0007,
    0x0888221800813004,
    0x4000002840840112,
];

/// Diagonal and orthogonal direction indices into [`DIRS`].
const DIAGONALS: [usize; 4] = [2, 3, 6, 7];
const ORTHOGONALS: [usize; 4] = [0, 1, 4, 5];

/// The classical ray method on `u64` rays (reference for the magic tables).
fn slide_u64(rays: &[[u64; 8]], sq: usize, dirs: [usize; 4], occ: u64) -> u64 {
    let mut attacks = 0;
    for d in dirs {
        let ray = rays[sq][d];
        let blockers = ray & occ;
        attacks |= if blockers == 0 {
            ray
        } else {
            let b = if d < 4 {
                blockers.trailing_zeros()
            } else {
                63 - blockers.leading_zeros()
            };
            ray ^ rays[b as usize][d]
        };
    }
    attacks
}

impl Magics {
    /// Builds the tables from the rays of a 64-square board, trying the
    /// multipliers of `known` (bishops then rooks, by square) first and
    /// searching only where one does not fit.
    fn build(rays: &[[u64; 8]], known: &[u64; 128]) -> Magics {
        let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut random = move || {
            // xorshift64*
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            state.wrapping_mul(0x2545_F491_4F6C_DD1D)
        };
        let mut table = Vec::new();
        let mut build_kind = |dirs: [usize; 4], known: &[u64], table: &mut Vec<u64>| {
            let mut entries = [Magic::default(); 64];
            for (sq, entry) in entries.iter_mut().enumerate() {
                let mut mask = 0u64;
                for d in dirs {
                    let ray = rays[sq][d];
                    // Drop the edge square: a blocker there changes nothing.
                    mask |= if ray == 0 {
                        0
                    } else if d < 4 {
                        ray & !(1u64 << (63 - ray.leading_zeros()))
                    } else {
                        ray & ray.wrapping_sub(1)
                    };
                }
                let bits = mask.count_ones().max(1);
                let size = 1usize << bits;
                // Every subset of the mask (carry-rippler) with its attacks.
                let mut subsets = Vec::with_capacity(size);
                let mut sub = 0u64;
                loop {
                    subsets.push((sub, slide_u64(rays, sq, dirs, sub)));
                    sub = sub.wrapping_sub(mask) & mask;
                    if sub == 0 {
                        break;
                    }
                }
                let shift = 64 - bits;
                let mut slots = vec![0u64; size];
                let mut used = vec![0u32; size];
                let mut attempt = 0u32;
                let mut first = Some(known[sq]);
                let magic = loop {
                    let candidate = match first.take() {
                        Some(k) => k,
                        None => random() & random() & random(),
                    };
                    if (mask.wrapping_mul(candidate) >> 56).count_ones() < 6 && bits > 6 {
                        continue;
                    }
                    attempt += 1;
                    let ok = subsets.iter().all(|&(occ, att)| {
                        let i = (occ.wrapping_mul(candidate) >> shift) as usize;
                        if used[i] != attempt {
                            used[i] = attempt;
                            slots[i] = att;
                            true
                        } else {
                            slots[i] == att
                        }
                    });
                    if ok {
                        break candidate;
                    }
                };
                *entry = Magic {
                    mask,
                    magic,
                    shift,
                    offset: table.len() as u32,
                };
                table.extend_from_slice(&slots);
            }
            entries
        };
        let bishop = build_kind(DIAGONALS, &known[..64], &mut table);
        let rook = build_kind(ORTHOGONALS, &known[64..], &mut table);
        Magics {
            bishop,
            rook,
            table,
        }
    }

    #[inline]
    fn lookup(&self, e: &Magic, occ: u64) -> u64 {
        let i = ((occ & e.mask).wrapping_mul(e.magic) >> e.shift) as usize;
        self.table[e.offset as usize + i]
    }

    /// Diagonal slides from `sq` (an index below 64).
    #[inline]
    pub(crate) fn bishop(&self, sq: Square, occ: u64) -> u64 {
        self.lookup(&self.bishop[sq.index() & 63], occ)
    }

    /// Orthogonal slides from `sq` (an index below 64).
    #[inline]
    pub(crate) fn rook(&self, sq: Square, occ: u64) -> u64 {
        self.lookup(&self.rook[sq.index() & 63], occ)
    }
}

type CacheEntry = &'static (dyn Any + Send + Sync);
static CACHE: Mutex<Vec<CacheEntry>> = Mutex::new(Vec::new());

impl<B: Bitboard> Rules<B> {
    /// The compiled rules of `variant` for bitboard `B`, built once per
    /// process and variant and then shared (the tables are leaked on purpose:
    /// there are few variants and positions keep `&'static` references).
    pub fn get(variant: &Variant) -> Result<&'static Rules<B>, RulesError> {
        let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
        for entry in cache.iter() {
            if let Some(rules) = entry.downcast_ref::<Rules<B>>() {
                if rules.variant == *variant {
                    return Ok(rules);
                }
            }
        }
        let rules: &'static Rules<B> = Box::leak(Box::new(Rules::build(variant)?));
        cache.push(rules);
        Ok(rules)
    }

    fn build(variant: &Variant) -> Result<Rules<B>, RulesError> {
        let geometry = Geometry::new(variant.width as usize, variant.height as usize)
            .map_err(RulesError::Geometry)?;
        let n = geometry.square_count();
        if n > B::CAPACITY {
            return Err(RulesError::BoardTooLarge {
                squares: n,
                capacity: B::CAPACITY,
            });
        }
        let sq_at = |f: i32, r: i32| geometry.square_at(f, r);
        let coords: Vec<(i8, i8)> = geometry
            .squares()
            .map(|s| {
                let (f, r) = geometry.coords(s);
                (f as i8, r as i8)
            })
            .collect();
        let all = B::from_squares(geometry.squares());
        let mut leaps = vec![B::EMPTY; Role::COUNT * n];
        for role in Role::ALL {
            for sq in geometry.squares() {
                let (f, r) = geometry.coords(sq);
                let mut bb = B::EMPTY;
                for &(df, dr) in role.spec().leaps {
                    if let Some(t) = sq_at(f + df as i32, r + dr as i32) {
                        bb.add(t);
                    }
                }
                leaps[role.index() * n + sq.index()] = bb;
            }
        }
        let mut rays = vec![[B::EMPTY; 8]; n];
        for sq in geometry.squares() {
            let (f, r) = geometry.coords(sq);
            for (d, &(df, dr)) in DIRS.iter().enumerate() {
                let mut bb = B::EMPTY;
                let (mut x, mut y) = (f + df, r + dr);
                while let Some(t) = sq_at(x, y) {
                    bb.add(t);
                    x += df;
                    y += dr;
                }
                rays[sq.index()][d] = bb;
            }
        }
        let pawn_attacks = [Color::White, Color::Black].map(|c| {
            let dr = c.fold(1, -1);
            geometry
                .squares()
                .map(|sq| {
                    let (f, r) = geometry.coords(sq);
                    B::from_squares(
                        [sq_at(f - 1, r + dr), sq_at(f + 1, r + dr)]
                            .into_iter()
                            .flatten(),
                    )
                })
                .collect::<Vec<B>>()
        });
        let light = B::from_squares(geometry.squares().filter(|&s| geometry.is_light(s)));
        let ranks = (0..geometry.height())
            .map(|r| B::from_squares(geometry.squares().filter(|&s| geometry.rank(s).0 == r)))
            .collect();
        let files = (0..geometry.width())
            .map(|f| B::from_squares(geometry.squares().filter(|&s| geometry.file(s).0 == f)))
            .collect();
        let present = |pred: &dyn Fn(&crate::PieceSpec) -> bool| -> Vec<Role> {
            variant
                .roles
                .iter()
                .copied()
                .filter(|r| !r.spec().pawn && pred(r.spec()))
                .collect()
        };
        let leapers = present(&|s| !s.leaps.is_empty());
        let diag_sliders = present(&|s| s.diagonal.is_some());
        let orth_sliders = present(&|s| s.orthogonal == Some(Stop::Any));
        let orth_same_sliders = present(&|s| s.orthogonal == Some(Stop::SameColour));
        let pieces = present(&|_| true);
        let immune = Role::ALL.map(|capturer| {
            variant
                .roles
                .iter()
                .copied()
                .filter(|v| {
                    let only = v.spec().captured_only_by;
                    !only.is_empty() && !only.contains(&capturer)
                })
                .collect()
        });
        let confiners = present(&|s| s.confines_enemy_king);
        let royals: Vec<Role> = variant
            .roles
            .iter()
            .copied()
            .filter(|r| r.spec().royal)
            .collect();
        let checkables = variant
            .roles
            .iter()
            .copied()
            .filter(|r| r.spec().subject_to_check)
            .collect();
        let extra_end_conditions = variant.win_conditions.iter().any(|w| {
            matches!(
                w,
                crate::WinCondition::NoneLeftOf { .. } | crate::WinCondition::ReachRank { .. }
            )
        });
        let royal_capture_wins = !royals.is_empty()
            && variant
                .win_conditions
                .contains(&crate::WinCondition::LastRoyalCaptured);
        let castlers = present(&|s| s.castles);
        let lines = rays
            .iter()
            .map(|r| [r[2] | r[3] | r[6] | r[7], r[0] | r[1] | r[4] | r[5]])
            .collect();
        let orthodox = variant
            .roles
            .iter()
            .all(|r| r.index() <= Role::King.index());
        let mut dirs = vec![NO_DIR; n * n];
        for a in geometry.squares() {
            for (d, ray) in rays[a.index()].iter().enumerate() {
                for b in ray.squares() {
                    dirs[a.index() * n + b.index()] = d as u8;
                }
            }
        }
        let magics =
            (B::CAPACITY == 64 && geometry.width() == 8 && geometry.height() == 8).then(|| {
                let rays64: Vec<[u64; 8]> = rays.iter().map(|r| r.map(|b| b.low_u64())).collect();
                Box::new(Magics::build(&rays64, &MAGICS_8X8))
            });
        Ok(Rules {
            dirs,
            magics,
            castlers,
            lines,
            orthodox,
            variant: variant.clone(),
            geometry,
            all,
            leaps,
            rays,
            pawn_attacks,
            colours: [all & !light, light],
            ranks,
            files,
            coords,
            leapers,
            diag_sliders,
            orth_sliders,
            orth_same_sliders,
            pieces,
            immune,
            confiners,
            royals,
            checkables,
            extra_end_conditions,
            royal_capture_wins,
        })
    }

    /// The variant these tables were built from.
    #[inline]
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The board.
    #[inline]
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// Every square of the board.
    #[inline]
    pub fn all_squares(&self) -> B {
        self.all
    }

    /// The squares of `rank`.
    pub fn rank_squares(&self, rank: crate::Rank) -> B {
        self.ranks.get(rank.0 as usize).copied().unwrap_or(B::EMPTY)
    }

    /// The squares of `file`.
    pub fn file_squares(&self, file: crate::File) -> B {
        self.files.get(file.0 as usize).copied().unwrap_or(B::EMPTY)
    }

    /// The leap targets of `role` from `sq` on an empty board.
    #[inline]
    pub fn leap_targets(&self, role: Role, sq: Square) -> B {
        self.leaps[role.index() * self.coords.len() + sq.index()]
    }

    /// Squares a pawn of `color` on `sq` attacks.
    #[inline]
    pub fn pawn_attacks(&self, color: Color, sq: Square) -> B {
        self.pawn_attacks[color.index()][sq.index()]
    }

    /// The squares of the same colour as `sq`.
    #[inline]
    pub fn same_colour(&self, sq: Square) -> B {
        let (f, r) = self.coords[sq.index()];
        self.colours[((f + r) & 1) as usize]
    }

    /// A sliding line from `sq` in direction `dir` (index into the eight
    /// directions N, E, NE, NW, S, W, SW, SE), stopping at the first man in
    /// `occupied` (included).
    #[inline]
    pub(crate) fn ray_attacks(&self, dir: usize, sq: Square, occupied: B) -> B {
        let ray = self.rays[sq.index()][dir];
        let blockers = ray & occupied;
        let first = if dir < 4 {
            blockers.first()
        } else {
            blockers.last()
        };
        match first {
            Some(b) => ray ^ self.rays[b.index()][dir],
            None => ray,
        }
    }

    /// Diagonal slides from `sq`.
    #[inline(always)]
    pub fn bishop_attacks(&self, sq: Square, occupied: B) -> B {
        if B::CAPACITY == 64 {
            if let Some(m) = &self.magics {
                return B::from_low_u64(m.bishop(sq, occupied.low_u64()));
            }
        }
        self.classical_bishop_attacks(sq, occupied)
    }

    /// Diagonal slides from `sq` by the classical ray method.
    #[inline]
    fn classical_bishop_attacks(&self, sq: Square, occupied: B) -> B {
        self.ray_attacks(2, sq, occupied)
            | self.ray_attacks(3, sq, occupied)
            | self.ray_attacks(6, sq, occupied)
            | self.ray_attacks(7, sq, occupied)
    }

    /// Orthogonal slides from `sq`.
    #[inline(always)]
    pub fn rook_attacks(&self, sq: Square, occupied: B) -> B {
        if B::CAPACITY == 64 {
            if let Some(m) = &self.magics {
                return B::from_low_u64(m.rook(sq, occupied.low_u64()));
            }
        }
        self.classical_rook_attacks(sq, occupied)
    }

    /// Orthogonal slides from `sq` by the classical ray method.
    #[inline]
    fn classical_rook_attacks(&self, sq: Square, occupied: B) -> B {
        self.ray_attacks(0, sq, occupied)
            | self.ray_attacks(1, sq, occupied)
            | self.ray_attacks(4, sq, occupied)
            | self.ray_attacks(5, sq, occupied)
    }

    /// The squares a man of `role` and `color` on `sq` attacks (reaches for
    /// capture or check) given `occupied`. For a fool: the squares it reaches.
    #[inline]
    pub fn attacks(&self, role: Role, color: Color, sq: Square, occupied: B) -> B {
        let spec = role.spec();
        if spec.pawn {
            return self.pawn_attacks(color, sq);
        }
        let mut bb = self.leap_targets(role, sq);
        if spec.diagonal.is_some() {
            bb |= self.bishop_attacks(sq, occupied);
        }
        match spec.orthogonal {
            Some(Stop::Any) => bb |= self.rook_attacks(sq, occupied),
            Some(Stop::SameColour) => bb |= self.rook_attacks(sq, occupied) & self.same_colour(sq),
            None => {}
        }
        bb
    }

    /// The direction index from `a` to `b` if they share a line.
    #[inline]
    pub(crate) fn direction(&self, a: Square, b: Square) -> Option<usize> {
        let n = self.coords.len();
        match self.dirs.get(a.index() * n + b.index()) {
            Some(&d) if d != NO_DIR => Some(d as usize),
            _ => None,
        }
    }

    /// Squares strictly between `a` and `b` if they share a line, else empty.
    #[inline]
    pub fn between(&self, a: Square, b: Square) -> B {
        match self.direction(a, b) {
            Some(d) => self.rays[a.index()][d] & self.rays[b.index()][d ^ 4],
            None => B::EMPTY,
        }
    }

    /// `(file, rank)` of `sq`.
    #[inline]
    pub(crate) fn coords(&self, sq: Square) -> (i32, i32) {
        let (f, r) = self.coords[sq.index()];
        (f as i32, r as i32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Bitboard64;

    /// The magic tables agree with the classical ray method everywhere.
    #[test]
    fn magics_match_classical_rays() {
        let rules = Rules::<Bitboard64>::get(&Variant::chess()).expect("chess");
        let magics = rules.magics.as_ref().expect("8x8 on u64 has magics");
        let mut x: u64 = 0x1234_5678_9ABC_DEF1;
        for i in 0..20_000u32 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Sparse and dense occupancies.
            let occ = if i % 2 == 0 { x & (x >> 11) } else { x };
            for sq in 0..64u8 {
                let s = Square(sq);
                let b = Bitboard64(occ);
                let classical_b = (0..4).fold(Bitboard64(0), |a, k| {
                    a | rules.ray_attacks(DIAGONALS[k], s, b)
                });
                let classical_r = (0..4).fold(Bitboard64(0), |a, k| {
                    a | rules.ray_attacks(ORTHOGONALS[k], s, b)
                });
                assert_eq!(magics.bishop(s, occ), classical_b.0, "bishop {sq} {occ:#x}");
                assert_eq!(magics.rook(s, occ), classical_r.0, "rook {sq} {occ:#x}");
                assert_eq!(rules.bishop_attacks(s, b), classical_b);
                assert_eq!(rules.rook_attacks(s, b), classical_r);
            }
        }
        // Other boards and widths keep the classical method.
        let small = Variant::endgame(crate::Endgame::Krk, 6).expect("6x6");
        assert!(Rules::<Bitboard64>::get(&small)
            .expect("6x6")
            .magics
            .is_none());
        assert!(Rules::<crate::Bitboard128>::get(&Variant::chess())
            .expect("chess on u128")
            .magics
            .is_none());
    }

    /// Every tabled multiplier fits, so building the rules searches for
    /// none (a stale entry would cost time at every start). On failure the
    /// message is the table the search found, to paste into [`MAGICS_8X8`].
    #[test]
    fn the_tabled_multipliers_are_the_ones_used() {
        let rules = Rules::<Bitboard64>::get(&Variant::chess()).expect("chess");
        let m = rules.magics.as_ref().expect("magics");
        let used: Vec<u64> = m
            .bishop
            .iter()
            .chain(m.rook.iter())
            .map(|e| e.magic)
            .collect();
        let table: String = used.iter().map(|x| format!("    {x:#018x},\n")).collect();
        assert_eq!(used, MAGICS_8X8, "MAGICS_8X8 should read:\n{table}");
    }
}
