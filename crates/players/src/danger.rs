//! Where a hidden enemy pawn may stand, and so which squares it may attack:
//! a sound over-approximation kept beside the belief's sampled boards,
//! which miss pawns (BOT.md, "hidden pawns").
//!
//! The set starts at the enemy pawns' home squares and grows only as pawns
//! can move: after each enemy ply, every square of the set may have pushed
//! one step forward (two from home) onto a square none of the player's men
//! stands on, and a pawn may have captured only where the umpire announced
//! a capture (en passant: behind the pawn taken). It shrinks by what the
//! player knows for certain: its men's squares, the squares its legal moves
//! crossed, the squares from which a pawn would attack its king when no
//! check was announced, and, after "Any?" was answered "No" out of check,
//! the squares its pawns could capture on. A square outside the set holds
//! no enemy pawn on any board the rules allow. The bot keeps a refused push
//! in mind while a pawn may stand in the way ([`crate::brain`]), and each
//! pawn's odds are kept inside the set ([`crate::pawn_odds`]); marking the
//! moves that land where a pawn of the set itself may attack cost wins,
//! the set being wide (BOT.md).

use fogbound_engine::{Color, Geometry, Square};

/// The squares a hidden enemy pawn may stand on (module docs).
#[derive(Clone, Debug)]
pub struct PawnReach {
    geometry: Geometry,
    /// The pawns' owner.
    them: Color,
    may: Vec<bool>,
}

impl PawnReach {
    /// Enemy pawns only on `homes` (the start of a game).
    pub fn at(geometry: Geometry, them: Color, homes: impl IntoIterator<Item = Square>) -> Self {
        let mut may = vec![false; geometry.square_count()];
        for sq in homes {
            if let Some(m) = may.get_mut(sq.index()) {
                *m = true;
            }
        }
        let mut reach = PawnReach {
            geometry,
            them,
            may,
        };
        reach.drop_end_ranks();
        reach
    }

    /// Nothing known: an enemy pawn may stand on any square off the two
    /// end ranks but `mine`.
    pub fn anywhere(geometry: Geometry, them: Color, mine: &[Square]) -> Self {
        let mut reach = PawnReach::at(geometry, them, geometry.squares());
        reach.clear(mine.iter().copied());
        reach
    }

    /// Whether an enemy pawn may stand on `sq`.
    pub fn may_stand(&self, sq: Square) -> bool {
        self.may.get(sq.index()).copied().unwrap_or(false)
    }

    /// How many squares an enemy pawn may stand on.
    pub fn len(&self) -> usize {
        self.may.iter().filter(|m| **m).count()
    }

    /// Whether no enemy pawn may stand anywhere.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether an enemy pawn may attack `sq`.
    pub fn attacks(&self, sq: Square) -> bool {
        self.attackers_of(sq)
            .into_iter()
            .flatten()
            .any(|s| self.may_stand(s))
    }

    /// The squares from which an enemy pawn attacks `sq`.
    pub fn attackers_of(&self, sq: Square) -> [Option<Square>; 2] {
        pawn_attackers(self.geometry, self.them, sq)
    }

    /// No enemy pawn stands on any of `squares`.
    pub fn clear(&mut self, squares: impl IntoIterator<Item = Square>) {
        for sq in squares {
            if let Some(m) = self.may.get_mut(sq.index()) {
                *m = false;
            }
        }
    }

    /// The enemy played a ply: any pawn of the set may have pushed, or
    /// taken on `captured_at`; `mine` are the player's men after it.
    pub fn enemy_moved(&mut self, captured_at: Option<Square>, mine: &[Square]) {
        let g = self.geometry;
        let fwd = self.forward();
        let blocked = |sq: Square| mine.contains(&sq);
        let mut next = self.may.clone();
        for sq in g.squares().filter(|s| self.may_stand(*s)) {
            let (f, r) = g.coords(sq);
            let Some(one) = g.square_at(f, r + fwd).filter(|s| !blocked(*s)) else {
                continue;
            };
            next[one.index()] = true;
            if g.relative_rank(self.them, g.rank(sq)).0 == 1 {
                if let Some(two) = g.square_at(f, r + 2 * fwd).filter(|s| !blocked(*s)) {
                    next[two.index()] = true;
                }
            }
        }
        if let Some(x) = captured_at {
            if self.attacks(x) {
                next[x.index()] = true;
            }
            // En passant: the pawn taken stood beside the taker, which
            // went behind it.
            let (f, r) = g.coords(x);
            let beside = [g.square_at(f - 1, r), g.square_at(f + 1, r)];
            if beside.into_iter().flatten().any(|s| self.may_stand(s)) {
                if let Some(behind) = g.square_at(f, r + fwd) {
                    next[behind.index()] = true;
                }
            }
        }
        self.may = next;
        self.drop_end_ranks();
        self.clear(mine.iter().copied());
    }

    /// The rank step of the enemy's pawns.
    fn forward(&self) -> i32 {
        pawn_forward(self.them)
    }

    /// No pawn stands on its own first rank or on the last (it promoted).
    fn drop_end_ranks(&mut self) {
        let g = self.geometry;
        let top = g.height() - 1;
        for sq in g.squares() {
            let rel = g.relative_rank(self.them, g.rank(sq)).0;
            if rel == 0 || rel == top {
                self.may[sq.index()] = false;
            }
        }
    }
}

/// The rank step of `color`'s pawns.
pub fn pawn_forward(color: Color) -> i32 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// The squares from which a pawn of `color` attacks `sq`.
pub fn pawn_attackers(g: Geometry, color: Color, sq: Square) -> [Option<Square>; 2] {
    let (f, r) = g.coords(sq);
    let back = r - pawn_forward(color);
    [g.square_at(f - 1, back), g.square_at(f + 1, back)]
}

#[cfg(test)]
mod tests;
