//! Boards guessed afresh when the belief is lost: the enemy men not seen
//! are put on squares the player cannot see (at home, where home is unseen,
//! with a good chance), a check the umpire named starting from its checker
//! ([`checker`](super::checker)), and only boards that agree with the
//! observation are kept (failing that, boards that at least show what the
//! player sees).

use fogbound_engine::observation::Message;
use fogbound_engine::{
    Bitboard, Cell, CheckDirection, Color, ModelSpec, Observation, Piece, Position, Role, RuleMode,
    Setup, Square,
};
use rand_chacha::ChaCha8Rng;

use super::checker::plant_checker;
use super::{below, Brain};
use crate::Level;

impl<B: Bitboard> Brain<B> {
    /// Random consistent completions of `obs`.
    pub(super) fn rebuild(&mut self, obs: &Observation, level: &Level, rng: &mut ChaCha8Rng) {
        self.rebuilds += 1;
        #[cfg(not(target_arch = "wasm32"))]
        if std::env::var_os("FOGBOUND_BOT_DEBUG").is_some() {
            let said: Vec<String> = obs
                .announcements
                .iter()
                .filter(|a| a.ply == obs.ply)
                .map(|a| a.message.text(fogbound_engine::Geometry::CHESS))
                .collect();
            eprintln!("rebuilt at ply {} after: {}", obs.ply, said.join("; "));
        }
        let g =
            match fogbound_engine::Geometry::new(usize::from(obs.width), usize::from(obs.height)) {
                Ok(g) => g,
                Err(_) => return,
            };
        let mut hidden = self.enemy.clone();
        for (_, pc) in obs.men() {
            if pc.color != self.me {
                if let Some(i) = hidden.iter().position(|r| *r == pc.role) {
                    hidden.remove(i);
                }
            }
        }
        // Royal men first, then the others, pawns last.
        hidden.sort_by_key(|r| (!r.spec().royal, r.spec().pawn));
        let fog: Vec<Square> = obs.fogged();
        let base: Vec<Option<Piece>> = obs
            .squares
            .iter()
            .map(|c| match c {
                Cell::Man(p) => Some(*p),
                _ => None,
            })
            .collect();
        let enemy = !self.me;
        let want = level.pool.clamp(8, 64);
        let mut relaxed: Vec<Position<B>> = Vec::new();
        // A check told to the player: each board starts from its checker.
        let check: Option<(Square, Vec<CheckDirection>)> = (obs.turn == self.me
            && self.spec.has_umpire())
        .then(|| {
            let king = obs
                .men()
                .into_iter()
                .find(|(_, p)| p.color == self.me && p.role.spec().royal)?
                .0;
            let dirs = obs
                .announcements
                .iter()
                .filter(|a| a.ply == obs.ply && a.audience.includes(self.me))
                .find_map(|a| match &a.message {
                    Message::Check { directions } => Some(directions.clone()),
                    _ => None,
                })?;
            Some((king, dirs))
        })
        .flatten();
        let blocked = if self.spec == ModelSpec::Fog {
            blocked_pushes(obs, self.me, self.variant.pawn_double_step)
        } else {
            Vec::new()
        };
        for _ in 0..want * 12 {
            if self.pool.len() >= want {
                break;
            }
            let mut board = base.clone();
            let mut free: Vec<Square> = fog.clone();
            let mut roles = hidden.clone();
            if let Some((king, dirs)) = &check {
                if !plant_checker(
                    g, *king, dirs, &mut board, &mut free, &mut roles, enemy, rng,
                ) {
                    continue;
                }
            }
            let mut ok = true;
            // Under Fog of War an unseen square a pawn of the player's would
            // advance to holds an enemy man.
            for sq in &blocked {
                let Some(at) = free.iter().position(|f| f == sq) else {
                    continue;
                };
                let rank = g.rank(*sq).0 as usize;
                let edge = rank == 0 || rank + 1 == usize::from(obs.height);
                let fitting: Vec<usize> = roles
                    .iter()
                    .enumerate()
                    .filter(|(_, r)| !(r.spec().royal || edge && r.spec().pawn))
                    .map(|(i, _)| i)
                    .collect();
                if fitting.is_empty() {
                    ok = false;
                    break;
                }
                let role = roles.swap_remove(fitting[below(rng, fitting.len())]);
                free.swap_remove(at);
                board[sq.index()] = Some(Piece { color: enemy, role });
            }
            if !ok {
                continue;
            }
            for &role in &roles {
                let pawn = role.spec().pawn;
                let fits = |sq: Square| {
                    !pawn || {
                        let r = g.rank(sq).0 as usize;
                        r != 0 && r + 1 != usize::from(obs.height)
                    }
                };
                let home: Vec<usize> = free
                    .iter()
                    .enumerate()
                    .filter(|(_, s)| {
                        self.homes
                            .iter()
                            .any(|(h, p)| h == *s && p.role == role && p.color == enemy)
                    })
                    .map(|(i, _)| i)
                    .collect();
                let pick = if !home.is_empty() && below(rng, 10) < 7 {
                    Some(home[below(rng, home.len())])
                } else {
                    let fitting: Vec<usize> = free
                        .iter()
                        .enumerate()
                        .filter(|(_, s)| fits(**s))
                        .map(|(i, _)| i)
                        .collect();
                    if fitting.is_empty() {
                        None
                    } else {
                        Some(fitting[below(rng, fitting.len())])
                    }
                };
                match pick {
                    Some(i) => {
                        let sq = free.swap_remove(i);
                        board[sq.index()] = Some(Piece { color: enemy, role });
                    }
                    None => {
                        ok = false;
                        break;
                    }
                }
            }
            if !ok {
                continue;
            }
            let setup = Setup {
                geometry: g,
                board,
                turn: obs.turn,
                castling: Vec::new(),
                en_passant: None,
                halfmoves: 0,
                fullmoves: 1 + obs.ply / 2,
            };
            let Ok(pos) = Position::<B>::from_setup(&self.variant, &setup) else {
                continue;
            };
            // In the orthodox models the side not to move is never in check.
            if self.mode == RuleMode::Orthodox && pos.is_king_attacked(!obs.turn) {
                continue;
            }
            if self.consistent(&pos, obs) {
                self.pool.push(pos);
            } else if relaxed.len() < want {
                relaxed.push(pos);
            }
        }
        if self.pool.is_empty() {
            // Nothing met the umpire's words (the enemy's list may be wrong):
            // boards that at least show what the player sees.
            self.pool = relaxed;
        }
    }
}

/// The unseen squares a pawn of `me` would advance to (one step, or two
/// from its second rank over an empty square): under Fog of War each holds
/// an enemy man, or the player would see it.
fn blocked_pushes(obs: &Observation, me: Color, double_step: bool) -> Vec<Square> {
    let (w, h) = (i32::from(obs.width), i32::from(obs.height));
    let fwd = if me == Color::White { 1 } else { -1 };
    let at = |f: i32, r: i32| -> Option<Square> {
        ((0..w).contains(&f) && (0..h).contains(&r)).then(|| Square((r * w + f) as u8))
    };
    let mut out = Vec::new();
    for (sq, pc) in obs.men() {
        if pc.color != me || pc.role != Role::Pawn {
            continue;
        }
        let (f, r) = (i32::from(sq.0) % w, i32::from(sq.0) / w);
        let Some(one) = at(f, r + fwd) else { continue };
        match obs.cell(one) {
            Cell::Fog => out.push(one),
            Cell::Empty => {
                let second = double_step
                    && if me == Color::White {
                        r == 1
                    } else {
                        r == h - 2
                    };
                if let Some(two) = at(f, r + 2 * fwd).filter(|_| second) {
                    if obs.cell(two) == Cell::Fog {
                        out.push(two);
                    }
                }
            }
            Cell::Man(_) => {}
        }
    }
    out
}
