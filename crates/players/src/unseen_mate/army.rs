//! The hunter's men on an 8×8 board, and what one of its moves does to the
//! squares a bare king it cannot see may stand on.
//!
//! Squares are numbered `file + 8 · rank` (a1 = 0, h8 = 63) and a set of
//! them is a `u64`. The hunted side has its king only, so every board of the
//! belief is the hunter's men plus the king on one square of a set `S`; a
//! move of the hunter's splits `S` by what the umpire will say of it (the
//! directions of the check, or nothing), and each part becomes the squares
//! the king may step to ([`Army::outcome`]).
//!
//! The hunted side may also keep pawns that cannot move (`foes`): each
//! blocked by a man of the hunter's or by another such pawn, with nothing
//! to take. They stand on the same squares on every board, so the belief
//! is still a set of king squares; the hunter never moves a blocker, never
//! puts a man where such a pawn takes it, and the pawns stay frozen (a king
//! with no step and no pawn move is mated or stalemated as before).

use fogbound_engine::Role;

/// A set of squares, bit `file + 8 · rank`.
pub type Squares = u64;

/// The hunter's kinds of men (the procedure knows no fairy pieces).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
}

/// One move of the hunter's: the man on `from` goes to `to` and is `kind`
/// there (a pawn promoting changes kind).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub from: u8,
    pub to: u8,
    pub kind: Kind,
}

/// The hunter's men and the way its pawns go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Army {
    pub men: Vec<(u8, Kind)>,
    /// Its pawns move towards rank 8 (White).
    pub up: bool,
    /// Pawn checks are announced as "diagonal", not long or short.
    pub pawn_diagonal: bool,
    /// The hunted side's pawns, all frozen (see the module's notes); they
    /// move the other way from the hunter's.
    pub foes: Squares,
}

/// What the umpire says of a check, as bits: rank, file, long diagonal,
/// short diagonal, a pawn's diagonal, knight.
pub type Said = u8;
const RANK: Said = 1;
const FILE: Said = 2;
const LONG: Said = 4;
const SHORT: Said = 8;
const PAWN: Said = 16;
const KNIGHT: Said = 32;

/// What one move does to the king's squares `S`.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// Per announcement: the squares of `S` it is heard on and the squares
    /// the king may stand on after its reply there.
    pub groups: Vec<(Said, Squares, Squares)>,
    /// Squares of `S` on which the move mates.
    pub mated: Squares,
    /// Squares of `S` on which the move stalemates.
    pub stalemated: Squares,
    /// Squares of `S` from which the king may take one of the hunter's men.
    pub hanging: Squares,
    /// Those of them from which it may take a man other than a pawn.
    pub hanging_piece: Squares,
}

impl Outcome {
    /// Neither a stalemate nor a man left to the king on any square of `S`.
    pub fn safe(&self) -> bool {
        self.stalemated == 0 && self.hanging == 0
    }
}

fn bit(sq: u8) -> Squares {
    1u64 << sq
}

fn coords(sq: u8) -> (i32, i32) {
    (i32::from(sq % 8), i32::from(sq / 8))
}

fn at(f: i32, r: i32) -> Option<u8> {
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (f + 8 * r) as u8)
}

/// The squares a king on `sq` touches.
pub fn around(sq: u8) -> Squares {
    let (f, r) = coords(sq);
    let mut out = 0;
    for df in -1..=1 {
        for dr in -1..=1 {
            if (df, dr) != (0, 0) {
                if let Some(s) = at(f + df, r + dr) {
                    out |= bit(s);
                }
            }
        }
    }
    out
}

/// The squares touching any square of `set`, and `set` itself.
pub fn spread(set: Squares) -> Squares {
    squares(set).fold(set, |acc, s| acc | around(s))
}

/// The squares of a set, lowest first.
pub fn squares(mut set: Squares) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let s = set.trailing_zeros() as u8;
            set &= set - 1;
            s
        })
    })
}

/// King's-move distance.
pub fn distance(a: u8, b: u8) -> i32 {
    let ((fa, ra), (fb, rb)) = (coords(a), coords(b));
    (fa - fb).abs().max((ra - rb).abs())
}

const ROOK_RAYS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_RAYS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The squares along `rays` from `sq` up to and including the first square
/// of `stop`.
fn slide(sq: u8, rays: &[(i32, i32)], stop: Squares) -> Squares {
    let (f, r) = coords(sq);
    let mut out = 0;
    for &(df, dr) in rays {
        let (mut x, mut y) = (f + df, r + dr);
        while let Some(s) = at(x, y) {
            out |= bit(s);
            if stop & bit(s) != 0 {
                break;
            }
            x += df;
            y += dr;
        }
    }
    out
}

fn jumps(sq: u8) -> Squares {
    let (f, r) = coords(sq);
    // The engine's knight, so the hunter jumps as the rules say.
    Role::Knight
        .spec()
        .leaps
        .iter()
        .filter_map(|&(df, dr)| at(f + i32::from(df), r + i32::from(dr)))
        .fold(0, |acc, s| acc | bit(s))
}

impl Army {
    /// Where its men stand.
    pub fn occupied(&self) -> Squares {
        self.men.iter().fold(0, |acc, (s, _)| acc | bit(*s))
    }

    /// Its king's square.
    pub fn king(&self) -> u8 {
        self.men
            .iter()
            .find(|(_, k)| *k == Kind::King)
            .map_or(0, |(s, _)| *s)
    }

    /// The squares the hunted side's pawns attack (where a man of the
    /// hunter's would be taken).
    pub fn foe_attacks(&self) -> Squares {
        let dr = if self.up { -1 } else { 1 };
        squares(self.foes).fold(0, |acc, p| {
            let (f, r) = coords(p);
            [-1, 1]
                .iter()
                .filter_map(|df| at(f + df, r + dr))
                .fold(acc, |a, s| a | bit(s))
        })
    }

    /// The hunter's men that block a pawn of the hunted side: they stay
    /// where they are, so the pawn stays frozen.
    fn blockers(&self) -> Squares {
        let dr = if self.up { -1 } else { 1 };
        squares(self.foes)
            .filter_map(|p| {
                let (f, r) = coords(p);
                at(f, r + dr)
            })
            .fold(0, |acc, s| acc | bit(s))
            & self.occupied()
    }

    /// The squares the man on `sq` of `kind` attacks, lines stopped by `occ`.
    fn attacks(&self, sq: u8, kind: Kind, occ: Squares) -> Squares {
        match kind {
            Kind::King => around(sq),
            Kind::Queen => slide(sq, &ROOK_RAYS, occ) | slide(sq, &BISHOP_RAYS, occ),
            Kind::Rook => slide(sq, &ROOK_RAYS, occ),
            Kind::Bishop => slide(sq, &BISHOP_RAYS, occ),
            Kind::Knight => jumps(sq),
            Kind::Pawn => {
                let (f, r) = coords(sq);
                let dr = if self.up { 1 } else { -1 };
                [-1, 1]
                    .iter()
                    .filter_map(|df| at(f + df, r + dr))
                    .fold(0, |acc, s| acc | bit(s))
            }
        }
    }

    /// Every man's attacks with the king off the board (it blocks no line
    /// to the squares it flees to).
    fn attack_sets(&self) -> Vec<Squares> {
        let occ = self.occupied() | self.foes;
        self.men
            .iter()
            .map(|&(s, k)| self.attacks(s, k, occ))
            .collect()
    }

    /// The squares its men attack, its king included.
    pub fn attacked(&self) -> Squares {
        self.attack_sets().iter().fold(0, |a, b| a | b)
    }

    /// The squares its men other than the king attack.
    pub fn fence(&self) -> Squares {
        let sets = self.attack_sets();
        self.men
            .iter()
            .zip(&sets)
            .filter(|((_, k), _)| *k != Kind::King)
            .fold(0, |a, (_, b)| a | b)
    }

    /// Its moves that are legal whichever square of `s` the king stands on
    /// (a line through the king's possible squares stops before them; its
    /// king keeps away from them).
    pub fn steps(&self, s: Squares) -> Vec<Step> {
        let own = self.occupied();
        let near = spread(s);
        // Never onto a pawn of the hunted side or where one takes.
        let barred = self.foes | self.foe_attacks();
        let frozen = self.blockers();
        let mut out = Vec::new();
        for &(from, kind) in &self.men {
            if frozen & bit(from) != 0 {
                continue;
            }
            let to = match kind {
                Kind::King => around(from) & !own & !near,
                Kind::Knight => jumps(from) & !own & !s,
                Kind::Queen | Kind::Rook | Kind::Bishop => {
                    let blocked = own | s | self.foes;
                    let mut reach = 0;
                    if kind != Kind::Bishop {
                        reach |= slide(from, &ROOK_RAYS, blocked);
                    }
                    if kind != Kind::Rook {
                        reach |= slide(from, &BISHOP_RAYS, blocked);
                    }
                    reach & !blocked
                }
                Kind::Pawn => {
                    let (f, r) = coords(from);
                    let dr = if self.up { 1 } else { -1 };
                    let start = if self.up { 1 } else { 6 };
                    let stop = own | s | self.foes;
                    let mut to = 0;
                    if let Some(one) = at(f, r + dr).filter(|t| stop & bit(*t) == 0) {
                        to |= bit(one);
                        if r == start {
                            // Not beside a pawn that could take it in passing.
                            if let Some(two) = at(f, r + 2 * dr)
                                .filter(|t| stop & bit(*t) == 0 && self.foes & around(*t) == 0)
                            {
                                to |= bit(two);
                            }
                        }
                    }
                    to
                }
            } & !barred;
            for t in squares(to) {
                let last = t / 8 == if self.up { 7 } else { 0 };
                if kind == Kind::Pawn && last {
                    for k in [Kind::Queen, Kind::Rook] {
                        out.push(Step {
                            from,
                            to: t,
                            kind: k,
                        });
                    }
                } else {
                    out.push(Step { from, to: t, kind });
                }
            }
        }
        out
    }

    /// Its king's steps that are legal on some squares of `s` and refused
    /// on others (next to the enemy king): tries that either move or tell
    /// the hunter the king stands next to the square.
    pub fn king_tries(&self, s: Squares) -> Vec<Step> {
        let from = self.king();
        let to =
            around(from) & !self.occupied() & !s & spread(s) & !self.foes & !self.foe_attacks();
        squares(to)
            .filter(|&t| s & !around(t) != 0)
            .map(|t| Step {
                from,
                to: t,
                kind: Kind::King,
            })
            .collect()
    }

    /// A key of where its men stand and what they are.
    pub fn placement(&self) -> u64 {
        let mut men = self.men.clone();
        men.sort_by_key(|m| m.0);
        men.iter().fold(0xcbf2_9ce4_8422_2325, |h, &(sq, kind)| {
            (h ^ (u64::from(sq) << 8 | kind as u64)).wrapping_mul(0x0100_0000_01b3)
        })
    }

    /// The army after `step`.
    pub fn after(&self, step: Step) -> Army {
        let mut next = self.clone();
        for m in &mut next.men {
            if m.0 == step.from {
                *m = (step.to, step.kind);
            }
        }
        next
    }

    /// What the umpire says on a king standing on `k` (the hunted side to
    /// move), given the men's attack sets.
    fn said(&self, k: u8, sets: &[Squares]) -> Said {
        let (kf, kr) = coords(k);
        let diag_len = |s: i32| {
            let mut n = 1;
            for dir in [1, -1] {
                let (mut f, mut r) = (kf + dir, kr + dir * s);
                while at(f, r).is_some() {
                    n += 1;
                    f += dir;
                    r += dir * s;
                }
            }
            n
        };
        let mut said = 0;
        for (&(c, kind), set) in self.men.iter().zip(sets) {
            if set & bit(k) == 0 {
                continue;
            }
            let (cf, cr) = coords(c);
            let (df, dr) = (cf - kf, cr - kr);
            said |= if dr == 0 {
                RANK
            } else if df == 0 {
                FILE
            } else if df.abs() == dr.abs() {
                if kind == Kind::Pawn && self.pawn_diagonal {
                    PAWN
                } else {
                    let s = if (df > 0) == (dr > 0) { 1 } else { -1 };
                    if diag_len(s) >= diag_len(-s) {
                        LONG
                    } else {
                        SHORT
                    }
                }
            } else {
                KNIGHT
            };
        }
        said
    }

    /// Its men that another of its men guards (attacks the square of).
    fn guarded(&self, sets: &[Squares]) -> Squares {
        let mut guarded = 0;
        for (i, &(sq, _)) in self.men.iter().enumerate() {
            if sets
                .iter()
                .enumerate()
                .any(|(j, set)| j != i && set & bit(sq) != 0)
            {
                guarded |= bit(sq);
            }
        }
        guarded
    }

    /// Its men a king on `k` could take: next to it and unguarded.
    #[cfg(test)]
    pub fn takeable(&self, k: u8) -> Squares {
        around(k) & self.occupied() & !self.guarded(&self.attack_sets())
    }

    /// What this army (just moved) does to a king that may stand on any
    /// square of `s`: see [`Outcome`].
    pub fn outcome(&self, s: Squares) -> Outcome {
        let own = self.occupied();
        let sets = self.attack_sets();
        let all = sets.iter().fold(0, |a, b| a | b);
        let guarded = self.guarded(&sets);
        let pawns = self
            .men
            .iter()
            .filter(|m| m.1 == Kind::Pawn)
            .fold(0, |a, m| a | bit(m.0));
        let mut out = Outcome::default();
        for k in squares(s) {
            let said = if all & bit(k) != 0 {
                self.said(k, &sets)
            } else {
                0
            };
            let near = around(k);
            if near & own & !guarded != 0 {
                out.hanging |= bit(k);
                if near & own & !guarded & !pawns != 0 {
                    out.hanging_piece |= bit(k);
                }
            }
            let flights = near & !own & !all & !self.foes;
            if flights == 0 && near & own & !guarded == 0 {
                if said != 0 {
                    out.mated |= bit(k);
                } else {
                    out.stalemated |= bit(k);
                }
                continue;
            }
            match out.groups.iter_mut().find(|g| g.0 == said) {
                Some(g) => {
                    g.1 |= bit(k);
                    g.2 |= flights;
                }
                None => out.groups.push((said, bit(k), flights)),
            }
        }
        out
    }
}

/// The flood of the squares a king starting anywhere in `from` could walk
/// to over squares outside `wall`.
pub fn flood(from: Squares, wall: Squares) -> Squares {
    let mut region = from & !wall;
    loop {
        let next = (spread(region)) & !wall;
        if next == region {
            return region;
        }
        region = next;
    }
}
