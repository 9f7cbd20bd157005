//! Dark Chess (Charlie Bishop's rules, as the multiplayer web version
//! describes them): each player sees their own men and every square
//! their moves have travelled (cumulative), plus squares where the opponent
//! captured their men and squares their probes explored. Orthodox check,
//! mate and stalemate.
//!
//! Paths (see [`Position::move_path`]): pawns every step (both squares of a
//! double step; the captured pawn's square for en passant), knights the
//! chosen L route (the attempt carries it; default the first of
//! [`Position::leap_routes`]), sliders the whole ray, kings start and end,
//! castling both paths.
//!
//! Attempts: a pawn pushed into an occupied square, or a pawn "capture" onto
//! an empty square that is not the en passant square, is a probe: the turn
//! is wasted and the square explored. A slider aimed past a hidden enemy man
//! captures the first one on its path and stops there. An attempt that
//! would leave the king in check is refused without passing the turn and
//! names the squares of the men that would attack the king (the red flash).
//! Hints are the moves of the player's own picture (hidden men left out), so
//! moves into check show as normal and nothing hidden is revealed.

use crate::model::{find_in, hints_of, masked, Judgement, Said};
use crate::observation::{Actions, Extras, Hint, Tries};
use crate::{
    Attempt, Bitboard, ByColor, Color, InformationModel, ModelSpec, Move, MoveKind, Position,
    Resolution, Role, Square,
};

/// The Dark Chess model: explored squares per player, plus the last probe
/// and red flash of each player (shown until their next attempt).
#[derive(Clone, Debug)]
pub struct Dark<B: Bitboard> {
    explored: ByColor<B>,
    probe: ByColor<Option<Square>>,
    flash: ByColor<Vec<Square>>,
}

impl<B: Bitboard> Default for Dark<B> {
    fn default() -> Self {
        Self::new()
    }
}

impl<B: Bitboard> Dark<B> {
    /// Nothing explored yet.
    pub fn new() -> Dark<B> {
        Dark {
            explored: ByColor {
                white: B::EMPTY,
                black: B::EMPTY,
            },
            probe: ByColor::default(),
            flash: ByColor::default(),
        }
    }

    /// The squares `player` has explored.
    pub fn explored(&self, player: Color) -> B {
        self.explored[player]
    }

    fn probe_at(&mut self, player: Color, sq: Square) -> Judgement {
        self.explored[player].add(sq);
        self.probe[player] = Some(sq);
        Judgement::Pass(Resolution::Probe { square: sq })
    }

    /// Where the attempt really goes in the true position: `Ok(square)` or a
    /// verdict (probe, impossible).
    fn target(
        &mut self,
        pos: &Position<B>,
        player: Color,
        from: Square,
        to: Square,
        role: Role,
    ) -> Result<Square, Judgement> {
        let g = pos.geometry();
        let own = pos.by_color(player);
        let theirs = pos.by_color(!player);
        let occ = own | theirs;
        let impossible = Err(Judgement::Keep(Resolution::Impossible));
        if role.spec().pawn {
            let (ff, fr) = g.coords(from);
            let (tf, tr) = g.coords(to);
            let fwd = player.fold(1, -1);
            let dr = (tr - fr) * fwd;
            if tf == ff && (dr == 1 || dr == 2) {
                if dr == 2
                    && !(pos.variant().pawn_double_step
                        && g.relative_rank(player, g.rank(from)).0 == 1)
                {
                    return impossible;
                }
                let mut steps = vec![];
                for k in 1..=dr {
                    if let Some(s) = g.square_at(ff, fr + k * fwd) {
                        steps.push(s);
                    }
                }
                for s in steps {
                    if own.contains(s) {
                        return impossible;
                    }
                    if occ.contains(s) {
                        return Err(self.probe_at(player, s));
                    }
                }
                return Ok(to);
            }
            if (tf - ff).abs() == 1 && dr == 1 {
                if own.contains(to) {
                    return impossible;
                }
                let ep = pos.variant().en_passant && pos.ep_square() == Some(to);
                if theirs.contains(to) || ep {
                    return Ok(to);
                }
                return Err(self.probe_at(player, to));
            }
            return impossible;
        }
        if own.contains(to) {
            return impossible;
        }
        let spec = role.spec();
        if spec.diagonal.is_some() || spec.orthogonal.is_some() {
            let mut between: Vec<Square> = pos.rules().between(from, to).squares().collect();
            if to < from {
                between.reverse();
            }
            for s in between {
                if own.contains(s) {
                    return impossible;
                }
                if theirs.contains(s) {
                    return Ok(s);
                }
            }
        }
        Ok(to)
    }
}

impl<B: Bitboard> InformationModel<B> for Dark<B> {
    fn spec(&self) -> ModelSpec {
        ModelSpec::Dark
    }

    fn clone_box(&self) -> Box<dyn InformationModel<B>> {
        Box::new(self.clone())
    }

    fn visible(&self, _pos: &Position<B>, player: Color) -> B {
        self.explored[player]
    }

    fn judge(
        &mut self,
        pos: &Position<B>,
        player: Color,
        attempt: &Attempt,
        _said: &mut Said,
    ) -> Judgement {
        self.probe[player] = None;
        self.flash[player].clear();
        let Attempt::Move(a) = attempt else {
            return Judgement::Keep(Resolution::Impossible);
        };
        let Some(role) = pos
            .role_at(a.from)
            .filter(|_| pos.by_color(player).contains(a.from))
        else {
            return Judgement::Keep(Resolution::Impossible);
        };
        if let Some(route) = a.route {
            if !pos.leap_routes(a.from, a.to).contains(&route) {
                return Judgement::Keep(Resolution::Impossible);
            }
        }
        let pseudo = pos.pseudo_legal_moves();
        let direct = find_in(&pseudo, a).filter(|m| m.is_castle());
        let mv = match direct {
            Some(m) => m,
            None => {
                let target = match self.target(pos, player, a.from, a.to, role) {
                    Ok(t) => t,
                    Err(j) => return j,
                };
                let want = crate::MoveAttempt {
                    to: target,
                    rook_to: None,
                    ..*a
                };
                match find_in(&pseudo, &want).filter(|m| !m.is_castle()) {
                    Some(m) => m,
                    None => return Judgement::Keep(Resolution::Illegal),
                }
            }
        };
        if pos.legal_moves().contains(&mv) {
            return Judgement::Play(mv);
        }
        let after = pos.after(&mv);
        match after.king_of(player) {
            Some(k) if after.is_king_attacked(player) => {
                let attackers: Vec<Square> = after
                    .attackers_to(k, !player, after.occupied())
                    .squares()
                    .collect();
                self.flash[player] = attackers.clone();
                Judgement::Keep(Resolution::IntoCheck { attackers })
            }
            _ => Judgement::Keep(Resolution::Illegal),
        }
    }

    fn played(
        &mut self,
        before: &Position<B>,
        _after: &Position<B>,
        mv: &Move,
        attempt: &Attempt,
        _said: &mut Said,
    ) {
        let mover = before.turn();
        for s in before.move_path(mv) {
            self.explored[mover].add(s);
        }
        let routes = before.leap_routes(mv.from, mv.to);
        if !routes.is_empty() && !mv.is_castle() && !mv.role.spec().pawn {
            let chosen = attempt
                .as_move()
                .and_then(|a| a.route)
                .filter(|r| routes.contains(r))
                .unwrap_or(routes[0]);
            for s in chosen {
                self.explored[mover].add(s);
            }
        }
        if mv.capture.is_some() {
            let at = match mv.kind {
                MoveKind::EnPassant => before.ep_victim(mv.to),
                _ => mv.to,
            };
            self.explored[!mover].add(at);
        }
    }

    fn hints(&self, pos: &Position<B>, player: Color) -> Vec<Hint> {
        hints_of(&masked(pos, player, self.explored[player]).pseudo_legal_moves())
    }

    fn actions(&self, _pos: &Position<B>, _player: Color) -> Actions {
        Actions {
            tries: Tries::PawnProbes,
            choose_route: true,
            ..Actions::default()
        }
    }

    fn extras(&self, _pos: &Position<B>, player: Color) -> Extras {
        Extras {
            explored: self.explored[player].squares().collect(),
            probe: self.probe[player],
            red_flash: self.flash[player].clone(),
            ..Extras::default()
        }
    }
}
