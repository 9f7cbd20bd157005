//! What the player knows for certain of the hidden enemy pawns, kept
//! beside the sampled boards (which lose it): the map of where one may
//! stand ([`PawnReach`]), and its own pawn pushes refused out of check
//! ([`Blocked`]), remembered while the pawn stands, no capture was
//! announced where a pawn in the way could have gone, and, when the map
//! allows no pawn in the way, for [`BLOCKED_TURNS`] plies of the opponent
//! (a piece there moves on).
//! Kept under an umpire on 8×8 boards only.

use fogbound_engine::observation::Message;
use fogbound_engine::{
    Attempt, Bitboard, Cell, Geometry, MoveAttempt, Observation, Resolution, Square, Variant,
};

use super::Brain;
use crate::danger::PawnReach;
use crate::pawn_odds::PawnOdds;

/// Opponent's plies a refused push is remembered when no pawn may stand
/// in the way: a piece there moves on (a pawn stays until it captures).
const BLOCKED_TURNS: u32 = 10;
/// Boards of the belief the enemy's other men's moves are counted on.
const ODDS_BOARDS: usize = 16;

/// A pawn push refused out of check: a man stands in the way (or the pawn
/// is pinned).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Blocked {
    pub from: Square,
    pub to: Square,
    /// The opponent's plies since.
    pub age: u32,
}

/// The map for a new game of `variant` seen first in `first` (`None`
/// when it is not kept: no umpire, or another board than 8×8). From the
/// pawns' `homes` when `at_start` (the belief holds the variant's start, as
/// the first observation allows), else anywhere.
pub(super) fn start(
    variant: &Variant,
    has_umpire: bool,
    homes: &[(Square, fogbound_engine::Piece)],
    first: &Observation,
    at_start: bool,
) -> Option<PawnReach> {
    let g = variant.geometry();
    if !has_umpire || g.width() != 8 || g.height() != 8 {
        return None;
    }
    let them = !first.player;
    if at_start && !homes.is_empty() {
        let pawns = homes
            .iter()
            .filter(|(_, p)| p.color == them && p.role.spec().pawn)
            .map(|(s, _)| *s);
        Some(PawnReach::at(g, them, pawns))
    } else {
        Some(PawnReach::anywhere(g, them, &mine(first)))
    }
}

/// Each hidden enemy pawn's odds for a new game, beside the map: at home
/// when the map starts there, else spread over the map.
pub(super) fn start_odds<B: Bitboard>(brain: &Brain<B>, first: &Observation) -> Option<PawnOdds> {
    let reach = brain.reach.as_ref()?;
    let g = brain.variant.geometry();
    let them = !first.player;
    let homes: Vec<Square> = brain
        .homes
        .iter()
        .filter(|(_, p)| p.color == them && p.role.spec().pawn)
        .map(|(s, _)| *s)
        .collect();
    let pawns = brain.enemy.iter().filter(|r| r.spec().pawn).count();
    let mut odds = if !brain.pool.is_empty() && homes.len() == pawns {
        PawnOdds::at(g, them, homes)
    } else {
        PawnOdds::spread(reach, g, them, pawns)
    };
    odds.fit(reach);
    Some(odds)
}

/// The player's men's squares in `obs`.
fn mine(obs: &Observation) -> Vec<Square> {
    obs.men()
        .into_iter()
        .filter(|(_, p)| p.color == obs.player)
        .map(|(s, _)| s)
        .collect()
}

/// Whether `obs` may say its player is in check: a check announced after
/// the opponent's last move (or any check heard, when no move of the
/// opponent's is among the words: erring towards "in check" keeps the map
/// sound).
pub(super) fn in_check(obs: &Observation) -> bool {
    let them = !obs.player;
    let said = &obs.announcements;
    let since = said
        .iter()
        .rposition(|a| matches!(a.message, Message::Moved { by } if by == them))
        .unwrap_or(0);
    said[since..]
        .iter()
        .any(|a| matches!(a.message, Message::Check { .. }))
}

/// The squares strictly between `from` and `to` on a line (none for a leap).
fn between(g: Geometry, from: Square, to: Square) -> Vec<Square> {
    let (f0, r0) = g.coords(from);
    let (f1, r1) = g.coords(to);
    let (df, dr) = (f1 - f0, r1 - r0);
    if !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return Vec::new();
    }
    let steps = df.abs().max(dr.abs());
    (1..steps)
        .filter_map(|k| g.square_at(f0 + k * df.signum(), r0 + k * dr.signum()))
        .collect()
}

impl<B: Bitboard> Brain<B> {
    /// The opponent's ply was played (`obs` is the player's view after
    /// it), or the player lost track of the plies (`track` false).
    pub(super) fn reach_after_enemy(&mut self, obs: &Observation, track: bool) {
        let taken = obs
            .last_move
            .filter(|l| l.by == Some(!self.me))
            .and_then(|l| l.capture_at);
        let others = if track && self.odds.is_some() {
            self.other_men_weight(taken)
        } else {
            0.0
        };
        let Some(reach) = self.reach.as_mut() else {
            return;
        };
        let mine = mine(obs);
        if track {
            if let Some(odds) = self.odds.as_mut() {
                // Where the player's men stood while the opponent chose.
                let before = self.last.as_ref().map(self::mine).unwrap_or_default();
                let said_no = obs.announcements.iter().any(|a| {
                    matches!(a.message, Message::AnyAnswer { by, yes: false, .. }
                        if by != self.me && a.ply + 1 == obs.ply)
                });
                if said_no {
                    odds.no_capture(&before);
                }
                odds.enemy_moved(taken, &before, others);
            }
            reach.enemy_moved(taken, &mine);
            let g = self.variant.geometry();
            let reach = &*reach;
            self.blocked.retain_mut(|b| {
                b.age += 1;
                let path = path(g, b.from, b.to);
                // A pawn in the way leaves it only by a capture.
                let left = taken.is_some_and(|x| {
                    reach
                        .attackers_of(x)
                        .into_iter()
                        .flatten()
                        .any(|s| path.contains(&s))
                });
                // A pawn may be what stands there: it stays.
                let pawn = path.iter().any(|s| reach.may_stand(*s));
                (pawn || b.age <= BLOCKED_TURNS) && !left
            });
        } else {
            *reach = PawnReach::anywhere(self.variant.geometry(), !self.me, &mine);
            self.blocked.clear();
            let pawns = self.enemy.iter().filter(|r| r.spec().pawn).count();
            self.odds = Some(PawnOdds::spread(
                reach,
                self.variant.geometry(),
                !self.me,
                pawns,
            ));
        }
        self.reach_facts(obs);
    }

    /// What the enemy's men other than pawns weigh in the pawns' motion
    /// ([`PawnOdds::enemy_moved`]): on a few boards of the belief with the
    /// enemy to move, their moves other than captures, or, the capture
    /// being on `taken`, their captures there (plus a little for a man the
    /// boards miss).
    fn other_men_weight(&self, taken: Option<Square>) -> f64 {
        let them = !self.me;
        let boards: Vec<_> = self
            .pool
            .iter()
            .filter(|p| p.turn() == them)
            .take(ODDS_BOARDS)
            .collect();
        if boards.is_empty() {
            let pieces = self.enemy.iter().filter(|r| !r.spec().pawn).count() as f64;
            return match taken {
                Some(_) => crate::pawn_odds::PIECE_CAPTURE * pieces,
                None => crate::pawn_odds::PIECE_MOVES * pieces,
            };
        }
        let mut count = 0usize;
        for p in &boards {
            count += p
                .moves(self.mode)
                .iter()
                .filter(|m| {
                    m.role != fogbound_engine::Role::Pawn
                        && match taken {
                            Some(x) => m.to == x && m.is_capture(),
                            None => !m.is_capture(),
                        }
                })
                .count();
        }
        let mean = count as f64 / boards.len() as f64;
        match taken {
            Some(_) => mean + crate::pawn_odds::PIECE_CAPTURE,
            None => mean,
        }
    }

    /// The player's own attempt `attempt` came to `resolution`.
    pub(super) fn reach_after_own(
        &mut self,
        attempt: &Attempt,
        resolution: &Resolution,
        obs: &Observation,
    ) {
        let g = self.variant.geometry();
        // The observation the player answered from: the last one kept, or
        // `obs` itself.
        let was_in_check = in_check(self.last.as_ref().unwrap_or(obs));
        if let (Some(odds), Resolution::Played) = (self.odds.as_mut(), resolution) {
            if let Some(x) = obs.last_move.and_then(|l| l.capture_at) {
                odds.took(x);
            }
        }
        let Some(reach) = self.reach.as_mut() else {
            return;
        };
        match resolution {
            Resolution::Played => {
                if let Some(m) = attempt.as_move() {
                    // The line it crossed was empty and the square it left
                    // is now.
                    reach.clear(between(g, m.from, m.to));
                    reach.clear([m.from]);
                }
            }
            Resolution::AnyAnswer { yes: false } if !was_in_check => {
                // No pawn capture is legal: out of check, an enemy man on a
                // square one of its pawns attacks would be one, unless the
                // pawn is pinned (on a line through its king).
                let me = self.me;
                let king = obs
                    .men()
                    .into_iter()
                    .find(|(_, p)| p.color == me && p.role.spec().royal)
                    .map(|(s, _)| s);
                let fwd = if me == fogbound_engine::Color::White {
                    1
                } else {
                    -1
                };
                for (sq, p) in obs.men() {
                    if p.color != me || !p.role.spec().pawn {
                        continue;
                    }
                    if king.is_some_and(|k| aligned(g, k, sq)) {
                        continue;
                    }
                    let (f, r) = g.coords(sq);
                    reach.clear(
                        [g.square_at(f - 1, r + fwd), g.square_at(f + 1, r + fwd)]
                            .into_iter()
                            .flatten(),
                    );
                }
            }
            Resolution::Illegal if !was_in_check => {
                if let Some(m) = attempt.as_move() {
                    let pawn = self.last.as_ref().is_some_and(|o| {
                        matches!(o.cell(m.from), Cell::Man(p) if p.color == self.me && p.role.spec().pawn)
                    });
                    if pawn && g.file(m.from) == g.file(m.to) {
                        self.blocked.push(Blocked {
                            from: m.from,
                            to: m.to,
                            age: 0,
                        });
                    }
                }
            }
            _ => {}
        }
        self.reach_facts(obs);
    }

    /// What every observation tells for certain: the player's men stand on
    /// their squares; no enemy pawn attacks its king after its own move
    /// (the umpire refuses a move into check) or at its turn without a
    /// check announced.
    fn reach_facts(&mut self, obs: &Observation) {
        let Some(reach) = self.reach.as_mut() else {
            return;
        };
        reach.clear(mine(obs));
        let me = self.me;
        // A push is remembered while its pawn stands and the way is not
        // its own.
        let g = self.variant.geometry();
        self.blocked.retain(|b| {
            matches!(obs.cell(b.from), Cell::Man(p) if p.color == me && p.role.spec().pawn)
                && path(g, b.from, b.to)
                    .iter()
                    .all(|s| !matches!(obs.cell(*s), Cell::Man(p) if p.color == me))
        });
        let king_safe = obs.turn != me || !in_check(obs);
        if king_safe {
            for (sq, p) in obs.men() {
                if p.color == me && p.role.spec().royal {
                    let attackers = reach.attackers_of(sq);
                    reach.clear(attackers.into_iter().flatten());
                }
            }
        }
        if let Some(odds) = self.odds.as_mut() {
            odds.fit(reach);
        }
    }

    /// As many pawns tracked as the enemy is believed to have: one taken
    /// on `at` (or promoted) is dropped, one more spread over the map.
    pub(super) fn odds_count(&mut self, at: Option<Square>) {
        let (Some(odds), Some(reach)) = (self.odds.as_mut(), self.reach.as_ref()) else {
            return;
        };
        let pawns = self.enemy.iter().filter(|r| r.spec().pawn).count();
        for _ in 0..16 {
            if odds.count() <= pawns {
                break;
            }
            odds.lose_one(at);
        }
        while odds.count() < pawns {
            odds.gain_one(reach);
        }
    }

    /// Whether `a` is a pawn push refused lately whose way may still be
    /// barred.
    pub(crate) fn remembered_blocked(&self, a: &MoveAttempt) -> bool {
        self.blocked
            .iter()
            .any(|b| (b.from, b.to) == (a.from, a.to))
    }
}

/// The squares a push from `from` to `to` crosses and lands on.
fn path(g: Geometry, from: Square, to: Square) -> Vec<Square> {
    let mut out = between(g, from, to);
    out.push(to);
    out
}

/// Whether `a` and `b` share a rank, file or diagonal.
fn aligned(g: Geometry, a: Square, b: Square) -> bool {
    let (fa, ra) = g.coords(a);
    let (fb, rb) = g.coords(b);
    fa == fb || ra == rb || (fa - fb).abs() == (ra - rb).abs()
}
