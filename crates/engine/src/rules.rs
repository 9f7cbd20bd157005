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
    /// Roles that castle (as the king).
    pub(crate) castlers: Vec<Role>,
    /// `lines[sq]`: the diagonal and the orthogonal lines through `sq` on an
    /// empty board (`[diagonal, orthogonal]`).
    pub(crate) lines: Vec<[B; 2]>,
    /// Only orthodox roles: attack detection takes a fixed fast path.
    pub(crate) orthodox: bool,
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
        let royals = variant
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
        let castlers = present(&|s| s.castles);
        let lines = rays
            .iter()
            .map(|r| [r[2] | r[3] | r[6] | r[7], r[0] | r[1] | r[4] | r[5]])
            .collect();
        let orthodox = variant
            .roles
            .iter()
            .all(|r| r.index() <= Role::King.index());
        Ok(Rules {
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
    #[inline]
    pub fn bishop_attacks(&self, sq: Square, occupied: B) -> B {
        self.ray_attacks(2, sq, occupied)
            | self.ray_attacks(3, sq, occupied)
            | self.ray_attacks(6, sq, occupied)
            | self.ray_attacks(7, sq, occupied)
    }

    /// Orthogonal slides from `sq`.
    #[inline]
    pub fn rook_attacks(&self, sq: Square, occupied: B) -> B {
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
        let (af, ar) = self.coords[a.index()];
        let (bf, br) = self.coords[b.index()];
        let (df, dr) = ((bf - af) as i32, (br - ar) as i32);
        if (df, dr) == (0, 0) || (df != 0 && dr != 0 && df.abs() != dr.abs()) {
            return None;
        }
        let step = (df.signum(), dr.signum());
        DIRS.iter().position(|&d| d == step)
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
