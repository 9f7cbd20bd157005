//! Games: a start position, the moves played, host-applied draws and game
//! events (resignation, draw agreement, flag fall), with an [`Outcome`].

use core::fmt;
use serde::{Deserialize, Serialize};

use crate::setup::FenError;
use crate::{
    Bitboard, Color, Move, Position, PositionError, Role, RuleMode, Variant, WinCondition,
};

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Reason {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// A side lost its last royal man (a king captured in capture-the-king
    /// play; the last fool in Foolish King Chess).
    RoyalCaptured,
    /// A side lost the last man of roles it needs (Foolish King: White's
    /// rooks and archbishops).
    NoneLeft,
    /// A man reached its goal rank (Foolish King: Black's king on rank 1).
    ReachedRank,
    /// Capture-the-king mode: the side to move has no move at all.
    NoMoves,
    ThreefoldRepetition,
    FiftyMoveRule,
    InsufficientMaterial,
    Resignation,
    DrawAgreement,
    FlagFall,
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::RoyalCaptured => "royal man captured",
            Reason::NoneLeft => "required men all lost",
            Reason::ReachedRank => "goal rank reached",
            Reason::NoMoves => "no move available",
            Reason::ThreefoldRepetition => "repetition",
            Reason::FiftyMoveRule => "50-move rule",
            Reason::InsufficientMaterial => "insufficient material",
            Reason::Resignation => "resignation",
            Reason::DrawAgreement => "draw agreed",
            Reason::FlagFall => "time forfeit",
        })
    }
}

/// How a game ended: the winner (`None` for a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    pub winner: Option<Color>,
    pub reason: Reason,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let score = match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        };
        write!(f, "{score} ({})", self.reason)
    }
}

impl Outcome {
    /// Why the game ended, in the one wording of records and referees (a
    /// PGN's `Termination`, protocol v1's `end.reason`): the royal man taken
    /// by name where the loser had one royal kind ("king captured"), else
    /// the [`Reason`] as it reads.
    pub fn reason_text(&self, variant: &Variant) -> String {
        let royal = match (self.reason, self.winner) {
            (Reason::RoyalCaptured, Some(w)) => variant.royal_role(!w),
            _ => None,
        };
        match royal {
            Some(role) => format!("{} captured", role.name()),
            None => self.reason.to_string(),
        }
    }
}

impl<B: Bitboard> Position<B> {
    /// Whether [`decided`](Position::decided) can ever be `Some` in `mode`
    /// (false for orthodox chess, so perft skips the check).
    #[inline]
    pub(crate) fn needs_end_check(&self, mode: RuleMode) -> bool {
        mode == RuleMode::CaptureKing
            || self.rules.extra_end_conditions
            || self.rules.royals.len() != self.rules.checkables.len()
    }

    /// The side whose last royal man is gone has lost (the side to move
    /// looked at first), or `None` while both have one.
    #[inline]
    fn royal_captured(&self) -> Option<Outcome> {
        [self.turn, !self.turn]
            .into_iter()
            .find(|&color| self.royals(color).is_empty())
            .map(|color| Outcome {
                winner: Some(!color),
                reason: Reason::RoyalCaptured,
            })
    }

    /// The outcome fixed by the men on the board alone (royal men lost, a
    /// variant's material or goal-rank condition), before looking at moves.
    pub fn decided(&self) -> Option<Outcome> {
        if !self.rules.extra_end_conditions {
            // Only a royal man's capture can have decided: the loop below
            // without its look at every condition (a search asks this of
            // every position it reaches).
            return if self.rules.royal_capture_wins {
                self.royal_captured()
            } else {
                None
            };
        }
        for cond in &self.variant().win_conditions {
            match cond {
                WinCondition::Checkmate => {}
                WinCondition::LastRoyalCaptured => {
                    if self.rules.royals.is_empty() {
                        continue;
                    }
                    if let Some(outcome) = self.royal_captured() {
                        return Some(outcome);
                    }
                }
                WinCondition::NoneLeftOf { color, roles } => {
                    if roles.iter().all(|&r| self.pieces(*color, r).is_empty()) {
                        return Some(Outcome {
                            winner: Some(!*color),
                            reason: Reason::NoneLeft,
                        });
                    }
                }
                WinCondition::ReachRank { color, role, rank } => {
                    if (self.pieces(*color, *role) & self.rules.rank_squares(*rank)).any() {
                        return Some(Outcome {
                            winner: Some(*color),
                            reason: Reason::ReachedRank,
                        });
                    }
                }
            }
        }
        None
    }

    /// Orthodox dead material: only kings, knights and bishops, and either at
    /// most one knight or bishop in all, or only bishops all on one colour.
    pub fn is_insufficient_material(&self) -> bool {
        let minor_or_king =
            self.by_role(Role::King) | self.by_role(Role::Knight) | self.by_role(Role::Bishop);
        if (self.occupied() & !minor_or_king).any() || self.by_role(Role::King).count() != 2 {
            return false;
        }
        let minors = self.by_role(Role::Knight) | self.by_role(Role::Bishop);
        if minors.count() <= 1 {
            return true;
        }
        let bishops = self.by_role(Role::Bishop);
        if self.by_role(Role::Knight).any() {
            return false;
        }
        let light = self.rules.colours[1];
        (bishops & light).is_empty() || (bishops & !light).is_empty()
    }

    /// The outcome of the position alone (no history: repetition is the
    /// [`Game`]'s business) in `mode`: decided by the men, mate, stalemate or
    /// no moves, the 50-move rule, dead material.
    pub fn outcome(&self, mode: RuleMode) -> Option<Outcome> {
        if let Some(o) = self.decided() {
            return Some(o);
        }
        self.outcome_with_moves(mode, !self.moves(mode).is_empty())
    }

    /// [`Position::outcome`] answering "any move?" by a safe king step
    /// first ([`Position::has_moves`]): for searches that look for a
    /// game's end after every move.
    pub fn outcome_quick(&self, mode: RuleMode) -> Option<Outcome> {
        if let Some(o) = self.decided() {
            return Some(o);
        }
        self.outcome_with_moves(mode, self.has_moves(mode))
    }

    /// [`Position::outcome`] for a caller that has the moves in `mode` at
    /// hand already (`has_moves`: whether there are any) and knows the men
    /// decide nothing ([`Position::decided`] is `None`): no second move
    /// generation.
    pub fn outcome_with_moves(&self, mode: RuleMode, has_moves: bool) -> Option<Outcome> {
        let variant = self.variant();
        if !has_moves {
            return Some(match mode {
                RuleMode::CaptureKing => Outcome {
                    winner: Some(!self.turn),
                    reason: Reason::NoMoves,
                },
                RuleMode::Orthodox => {
                    if self.is_check() && variant.win_conditions.contains(&WinCondition::Checkmate)
                    {
                        Outcome {
                            winner: Some(!self.turn),
                            reason: Reason::Checkmate,
                        }
                    } else {
                        Outcome {
                            winner: (!variant.draws.stalemate_is_draw).then_some(!self.turn),
                            reason: Reason::Stalemate,
                        }
                    }
                }
            });
        }
        let plies = variant.draws.fifty_move_plies;
        if plies > 0 && self.halfmoves >= plies as u32 {
            return Some(Outcome {
                winner: None,
                reason: Reason::FiftyMoveRule,
            });
        }
        if mode == RuleMode::Orthodox
            && variant.draws.insufficient_material
            && self.is_insufficient_material()
        {
            return Some(Outcome {
                winner: None,
                reason: Reason::InsufficientMaterial,
            });
        }
        None
    }
}

/// Why a move or event was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The game is over.
    GameOver(Outcome),
    /// The move is not among the moves of the game's rule mode.
    IllegalMove,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver(o) => write!(f, "the game is over: {o}"),
            PlayError::IllegalMove => write!(f, "illegal move"),
        }
    }
}

impl std::error::Error for PlayError {}

/// A game: positions after each move (so undo and replay are trivial), their
/// hashes for the repetition rule, and an optional ending event.
#[derive(Clone, Debug)]
pub struct Game<B: Bitboard> {
    mode: RuleMode,
    positions: Vec<Position<B>>,
    hashes: Vec<u64>,
    moves: Vec<Move>,
    event: Option<Outcome>,
}

impl<B: Bitboard> Game<B> {
    /// A game from `start` under `mode`. In the orthodox mode the side not to
    /// move must not be in check.
    pub fn new(start: Position<B>, mode: RuleMode) -> Result<Game<B>, PositionError> {
        if mode == RuleMode::Orthodox && start.is_king_attacked(!start.turn()) {
            return Err(PositionError::OppositeCheck);
        }
        Ok(Game {
            mode,
            hashes: vec![start.zobrist_hash()],
            positions: vec![start],
            moves: Vec::new(),
            event: None,
        })
    }

    /// A game from the variant's start position.
    pub fn start(variant: &Variant, mode: RuleMode) -> Result<Game<B>, FenError> {
        Ok(Game::new(Position::start(variant)?, mode)?)
    }

    /// The rule mode.
    pub fn mode(&self) -> RuleMode {
        self.mode
    }

    /// The current position.
    pub fn position(&self) -> &Position<B> {
        self.positions.last().expect("a game always has a position")
    }

    /// The start position.
    pub fn start_position(&self) -> &Position<B> {
        &self.positions[0]
    }

    /// Every position, the start first and the current last.
    pub fn positions(&self) -> &[Position<B>] {
        &self.positions
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The moves available now (none once the game is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.outcome().is_some() {
            Vec::new()
        } else {
            self.position().moves(self.mode)
        }
    }

    /// Plays `m` if the game is running and `m` is a move of the current
    /// position in the game's rule mode.
    pub fn play(&mut self, m: &Move) -> Result<(), PlayError> {
        if let Some(o) = self.outcome() {
            return Err(PlayError::GameOver(o));
        }
        if !self.position().is_move(m, self.mode) {
            return Err(PlayError::IllegalMove);
        }
        let next = self.position().after(m);
        self.hashes.push(next.zobrist_hash());
        self.positions.push(next);
        self.moves.push(*m);
        Ok(())
    }

    /// Takes back the last move (and any ending event). Returns it.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        self.hashes.pop();
        self.event = None;
        Some(m)
    }

    fn end(&mut self, outcome: Outcome) -> Result<(), PlayError> {
        if let Some(o) = self.outcome() {
            return Err(PlayError::GameOver(o));
        }
        self.event = Some(outcome);
        Ok(())
    }

    /// `color` resigns.
    pub fn resign(&mut self, color: Color) -> Result<(), PlayError> {
        self.end(Outcome {
            winner: Some(!color),
            reason: Reason::Resignation,
        })
    }

    /// Both players agree to a draw.
    pub fn agree_draw(&mut self) -> Result<(), PlayError> {
        self.end(Outcome {
            winner: None,
            reason: Reason::DrawAgreement,
        })
    }

    /// `color`'s clock ran out: `color` loses.
    pub fn flag_fall(&mut self, color: Color) -> Result<(), PlayError> {
        self.end(Outcome {
            winner: Some(!color),
            reason: Reason::FlagFall,
        })
    }

    /// How many times the current position has occurred (at least 1).
    pub fn repetitions(&self) -> usize {
        let h = self.hashes.last().copied().unwrap_or(0);
        self.hashes.iter().filter(|&&x| x == h).count()
    }

    /// The outcome, if the game is over: an event; else the position's own
    /// outcome (royal capture, variant conditions, mate, stalemate, no moves,
    /// 50-move rule, dead material); else repetition.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(e) = self.event {
            return Some(e);
        }
        let pos = self.position();
        if let Some(o) = pos.outcome(self.mode) {
            return Some(o);
        }
        let reps = pos.variant().draws.repetitions;
        if reps > 0 && self.repetitions() >= reps as usize {
            return Some(Outcome {
                winner: None,
                reason: Reason::ThreefoldRepetition,
            });
        }
        None
    }
}
