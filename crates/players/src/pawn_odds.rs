//! Where each hidden enemy pawn is likely to stand: one probability
//! distribution per pawn believed alive, kept inside the sound map of
//! [`crate::danger::PawnReach`] (BOT.md, "a calibrated picture of the
//! hidden pawns").
//!
//! The sampled boards of the belief concentrate the pawns on a few squares
//! and miss some; the sound map never misses but lets every pawn advance
//! each enemy ply. Here each pawn moves only as likely as it is to be the
//! man the opponent moved: after an enemy ply without a capture, a pawn on
//! a square with `k` pushes moved by each with chance `1 / M`, where `M`
//! counts the enemy's expected moves — the pawns' pushes plus the other
//! men's moves counted on a few boards of the belief (a plausible, roughly
//! uniform mover, not any opponent in particular). A capture announced on
//! `x` was made by a pawn attacking `x` in proportion to its chance of
//! standing there, against the other men those boards show able to take
//! there. Then every pawn is cut to the map (what the player knows for
//! certain) and renormalised, and the opponent's "Any?" answered "No" makes
//! the squares its pawns would take the player's men from unlikely (not
//! impossible: a pinned pawn cannot take), as the player's own "No" makes
//! the squares its own pawns would take on. A man the player takes is each
//! pawn in proportion to its chance of having stood there, so each pawn
//! also has a chance of still being on the board.
//!
//! The chance that some pawn attacks a square is `1 − Π (1 − P(pawn i
//! attacks it))`, the pawns taken as independent. Not modelled: an en
//! passant capture (the taker is put on the square announced, one rank
//! short of where it went), and the player's own refused tries.

use fogbound_engine::{Color, Geometry, Square};

use crate::danger::{pawn_attackers, pawn_forward, PawnReach};

/// Expected moves of each enemy man other than a pawn when no board tells
/// (beside the pawns' pushes, in the chance that a given pawn moved).
pub const PIECE_MOVES: f64 = 4.0;
/// A capture announced: the weight of an enemy man other than a pawn
/// that no board shows able to make it (against a pawn's chance of
/// attacking the square).
pub const PIECE_CAPTURE: f64 = 0.15;
/// What the opponent's "No" to "Any?" leaves of the chance of a pawn on a
/// square from which it would take one of the player's men (a pinned pawn
/// cannot).
const NO_CAPTURE_LEFT: f64 = 0.05;

/// Per enemy pawn, its chance of standing on each square (module docs).
#[derive(Clone, Debug)]
pub struct PawnOdds {
    geometry: Geometry,
    them: Color,
    /// Per pawn, where it stands if it is still on the board (sums to one).
    pawns: Vec<Vec<f64>>,
    /// Per pawn, the chance that it is still on the board: a man taken by
    /// the player is each pawn in proportion to its chance of having stood
    /// there, so the alive weights sum to the enemy's pawn count.
    alive: Vec<f64>,
    /// Each pawn's chance of standing where the player's last move took a
    /// man, read before its man stood there ([`PawnOdds::took`]).
    taken: Vec<f64>,
}

impl PawnOdds {
    /// One pawn on each of `homes` for certain (the start of a game).
    pub fn at(geometry: Geometry, them: Color, homes: impl IntoIterator<Item = Square>) -> Self {
        let n = geometry.square_count();
        let pawns: Vec<Vec<f64>> = homes
            .into_iter()
            .filter(|s| s.index() < n)
            .map(|s| {
                let mut p = vec![0.0; n];
                p[s.index()] = 1.0;
                p
            })
            .collect();
        let alive = vec![1.0; pawns.len()];
        PawnOdds {
            geometry,
            them,
            pawns,
            alive,
            taken: Vec::new(),
        }
    }

    /// `count` pawns, each anywhere the map allows with equal chance.
    pub fn spread(reach: &PawnReach, geometry: Geometry, them: Color, count: usize) -> Self {
        let mut odds = PawnOdds {
            geometry,
            them,
            pawns: vec![vec![0.0; geometry.square_count()]; count],
            alive: vec![1.0; count],
            taken: Vec::new(),
        };
        for p in &mut odds.pawns {
            uniform_on(p, reach, geometry);
        }
        odds
    }

    /// How many pawns the enemy is believed to have (the alive weights'
    /// sum, rounded).
    pub fn count(&self) -> usize {
        self.alive.iter().sum::<f64>().round() as usize
    }

    /// The chance that some pawn stands on `sq`.
    pub fn stands(&self, sq: Square) -> f64 {
        1.0 - self
            .pawns
            .iter()
            .zip(&self.alive)
            .map(|(p, a)| 1.0 - a * p.get(sq.index()).copied().unwrap_or(0.0))
            .product::<f64>()
    }

    /// The chance that some pawn attacks `sq`.
    pub fn attacks(&self, sq: Square) -> f64 {
        let from = self.attackers_of(sq);
        1.0 - self
            .pawns
            .iter()
            .zip(&self.alive)
            .map(|(p, a)| {
                let here: f64 = from.iter().flatten().map(|s| p[s.index()]).sum();
                1.0 - (a * here).clamp(0.0, 1.0)
            })
            .product::<f64>()
    }

    /// The squares from which an enemy pawn attacks `sq`.
    fn attackers_of(&self, sq: Square) -> [Option<Square>; 2] {
        pawn_attackers(self.geometry, self.them, sq)
    }

    /// The enemy played a ply, a capture on `captured_at` or not; `mine`
    /// are the player's men before it (a push cannot land on them) and
    /// `others` what the enemy's other men weigh against the pawns: their
    /// expected moves other than captures, or, after a capture, their
    /// chance of having made it.
    pub fn enemy_moved(&mut self, captured_at: Option<Square>, mine: &[Square], others: f64) {
        self.taken.clear();
        match captured_at {
            Some(x) => self.captured(x, others),
            None => self.pushed(mine, others),
        }
    }

    /// No capture: each pawn pushed by each of its pushes with chance
    /// `1 / M` (module docs).
    fn pushed(&mut self, mine: &[Square], others: f64) {
        let g = self.geometry;
        let fwd = pawn_forward(self.them);
        let them = self.them;
        let pushes = |sq: Square| -> Vec<Square> {
            let (f, r) = g.coords(sq);
            let free = |s: &Square| !mine.contains(s);
            let mut out = Vec::with_capacity(2);
            if let Some(one) = g.square_at(f, r + fwd).filter(free) {
                out.push(one);
                if g.relative_rank(them, g.rank(sq)).0 == 1 {
                    if let Some(two) = g.square_at(f, r + 2 * fwd).filter(free) {
                        out.push(two);
                    }
                }
            }
            out
        };
        let moves: Vec<Vec<Square>> = g.squares().map(pushes).collect();
        let pawn_moves: f64 = self
            .pawns
            .iter()
            .zip(&self.alive)
            .map(|(p, a)| {
                a * p
                    .iter()
                    .zip(&moves)
                    .map(|(q, m)| q * m.len() as f64)
                    .sum::<f64>()
            })
            .sum();
        let total = pawn_moves + others;
        if total <= 0.0 {
            return;
        }
        for p in &mut self.pawns {
            let mut next = p.clone();
            for (i, to) in moves.iter().enumerate() {
                let q = p[i];
                if q == 0.0 || to.is_empty() {
                    continue;
                }
                // Each push at most once in `to.len()`: `total` may be
                // below a square's own pushes when the enemy has few other
                // moves, and a pawn never moves away more than it has.
                let each = q / total.max(to.len() as f64);
                next[i] -= each * to.len() as f64;
                for t in to {
                    next[t.index()] += each;
                }
            }
            *p = next;
        }
    }

    /// A capture on `x`: each pawn made it in proportion to its chance of
    /// attacking `x`, against the other men's weight `others`.
    fn captured(&mut self, x: Square, others: f64) {
        let from = self.attackers_of(x);
        let near: Vec<f64> = self
            .pawns
            .iter()
            .map(|p| from.iter().flatten().map(|s| p[s.index()]).sum())
            .collect();
        let total = near
            .iter()
            .zip(&self.alive)
            .map(|(n, a)| n * a)
            .sum::<f64>()
            + others;
        if total <= 0.0 {
            return;
        }
        // Pawn i, if alive, made it with chance w = near_i / total: then
        // it stands on `x`; else where it stood. Every square loses, not
        // only the two that attack `x`: a capture is likelier the more men
        // could make it (each capture a move of the opponent's like any
        // other), so it is evidence that the pawn stood near `x`. With no
        // other man able to take there, w is 1 wherever the pawn stood.
        for (p, a) in self.pawns.iter_mut().zip(near) {
            let w = (a / total).min(1.0);
            p.iter_mut().for_each(|q| *q *= 1.0 - w);
            p[x.index()] += w;
        }
    }

    /// Keeps each pawn where the map allows one; a pawn the map leaves no
    /// square of its own is spread over the map.
    pub fn fit(&mut self, reach: &PawnReach) {
        let g = self.geometry;
        for p in &mut self.pawns {
            for sq in g.squares() {
                if !reach.may_stand(sq) {
                    p[sq.index()] = 0.0;
                }
            }
            if !normalise(p) {
                uniform_on(p, reach, g);
            }
        }
    }

    /// The opponent answered "No" to its "Any?": no pawn of its stands
    /// where it would take one of the player's men on `mine` (module docs).
    pub fn no_capture(&mut self, mine: &[Square]) {
        let squares: Vec<Square> = mine
            .iter()
            .flat_map(|s| self.attackers_of(*s))
            .flatten()
            .collect();
        self.unlikely_on(&squares);
    }

    /// The player's own "Any?" was answered "No": no enemy pawn stands
    /// where one of the player's pawns on `ours` would take it (unlikely,
    /// not impossible: a pinned pawn of the player's cannot take, nor any
    /// that leaves a check unanswered).
    pub fn none_in_reach_of(&mut self, ours: &[Square]) {
        let g = self.geometry;
        let ahead = -pawn_forward(self.them);
        let squares: Vec<Square> = ours
            .iter()
            .flat_map(|s| {
                let (f, r) = g.coords(*s);
                [g.square_at(f - 1, r + ahead), g.square_at(f + 1, r + ahead)]
            })
            .flatten()
            .collect();
        self.unlikely_on(&squares);
    }

    /// Each pawn's chance on `squares` cut to [`NO_CAPTURE_LEFT`] of what
    /// it was, the rest renormalised (a pawn that stood nowhere else keeps
    /// its odds).
    fn unlikely_on(&mut self, squares: &[Square]) {
        for p in &mut self.pawns {
            let before = p.clone();
            for s in squares {
                p[s.index()] *= NO_CAPTURE_LEFT;
            }
            if !normalise(p) {
                p.copy_from_slice(&before);
            }
        }
    }

    /// The player's move took a man on `x`: each pawn's chance of having
    /// been it is kept for [`PawnOdds::lose_one`].
    pub fn took(&mut self, x: Square) {
        self.taken = self.pawns.iter().map(|p| p[x.index()]).collect();
    }

    /// One pawn fewer: each pawn in proportion to its chance of having
    /// stood on `at` (taken there: `Some`), or of being the most advanced
    /// (promoted: `None`).
    pub fn lose_one(&mut self, at: Option<Square>) {
        let g = self.geometry;
        let them = self.them;
        let weight: Vec<f64> = match at {
            Some(_) if self.taken.len() == self.pawns.len() => self.taken.clone(),
            Some(sq) => self.pawns.iter().map(|p| p[sq.index()]).collect(),
            None => self
                .pawns
                .iter()
                .map(|p| {
                    g.squares()
                        .map(|s| {
                            p[s.index()] * f64::from(g.relative_rank(them, g.rank(s)).0).powi(4)
                        })
                        .sum::<f64>()
                })
                .collect(),
        };
        self.taken.clear();
        let mut w: Vec<f64> = weight.iter().zip(&self.alive).map(|(w, a)| w * a).collect();
        if w.iter().sum::<f64>() <= 1e-12 {
            // No pawn could have stood there: the loss falls on all alike.
            w = self.alive.clone();
        }
        let sum: f64 = w.iter().sum();
        if sum <= 1e-12 {
            return;
        }
        let left = (self.alive.iter().sum::<f64>() - 1.0).max(0.0);
        for (a, wi) in self.alive.iter_mut().zip(&w) {
            *a = (*a - wi / sum).max(0.0);
        }
        // A pawn with less left than its share of the loss gave all it had:
        // the rest of the one pawn falls on the others, in proportion, so
        // the weights still sum to the pawns left.
        let now: f64 = self.alive.iter().sum();
        if now > left && now > 1e-12 {
            self.alive.iter_mut().for_each(|a| *a *= left / now);
        }
    }

    /// One pawn more (a board the belief had lost): spread over `reach`.
    pub fn gain_one(&mut self, reach: &PawnReach) {
        let mut p = vec![0.0; self.geometry.square_count()];
        uniform_on(&mut p, reach, self.geometry);
        self.pawns.push(p);
        self.alive.push(1.0);
    }
}

/// Scales `p` to sum to one; `false` when nothing is left.
fn normalise(p: &mut [f64]) -> bool {
    let sum: f64 = p.iter().sum();
    if sum <= 1e-12 {
        return false;
    }
    p.iter_mut().for_each(|q| *q /= sum);
    true
}

/// Equal chance on every square the map allows (none if it allows none).
fn uniform_on(p: &mut [f64], reach: &PawnReach, g: Geometry) {
    let n = reach.len().max(1) as f64;
    for sq in g.squares() {
        p[sq.index()] = if reach.may_stand(sq) { 1.0 / n } else { 0.0 };
    }
}

#[cfg(test)]
mod tests;
