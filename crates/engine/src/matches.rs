//! A match under an information model: [`Match`], generic over the
//! bitboard ([`crate::AnyMatch`] picks the bitboard from the board size).
//!
//! A match owns the true positions, the model with its per-player state, the
//! log of every attempt (the save format replays it) and the announcements.
//! Players act through [`Match::attempt`] and learn only through
//! [`Match::observation`].

use core::fmt;
use serde::{Deserialize, Serialize};

use crate::model::{InformationModel, Judgement, MoveAttempt, Said};
use crate::observation::{Actions, Announcement, Audience, Cell, Message, Observation, SeenMove};
use crate::{
    Attempt, Bitboard, ByColor, Color, FenError, Geometry, ModelSpec, Move, MoveKind,
    MoveTextError, Outcome, Position, PositionError, Reason, Resolution, RuleMode, Variant,
};

/// One ply: a move, or a wasted turn (Dark Chess probe).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ply {
    pub by: Color,
    pub mv: Option<Move>,
}

/// One attempt as the session resolved it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    pub player: Color,
    pub attempt: Attempt,
    pub resolution: Resolution,
}

/// A game-ending event that is not a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameEvent {
    Resign(Color),
    DrawAgreed,
    FlagFall(Color),
}

/// Why a match could not be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchError {
    Fen(FenError),
    Position(PositionError),
    /// A board this build does not play (see [`crate::AnyMatch`]).
    BoardTooLarge {
        squares: usize,
    },
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::Fen(e) => e.fmt(f),
            MatchError::Position(e) => e.fmt(f),
            MatchError::BoardTooLarge { squares } => write!(
                f,
                "a board of {squares} squares is not played here: this build plays boards of at \
                 most 128 squares (the command line plays them all)"
            ),
        }
    }
}

impl std::error::Error for MatchError {}

/// Why an attempt or event was not accepted at all (nothing happened; the
/// attempt is not logged).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AttemptError {
    GameOver(Outcome),
    NotYourTurn,
    /// A square of the attempt is not on the board.
    OffBoard,
}

impl fmt::Display for AttemptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AttemptError::GameOver(o) => write!(f, "the game is over: {o}"),
            AttemptError::NotYourTurn => write!(f, "it is not your turn"),
            AttemptError::OffBoard => write!(f, "a square of the attempt is off the board"),
        }
    }
}

impl std::error::Error for AttemptError {}

/// What an attempt led to: the resolution (as the attempting player may
/// know it) and both players' observations afterwards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttemptResult {
    pub resolution: Resolution,
    pub observations: ByColor<Observation>,
    pub outcome: Option<Outcome>,
}

/// A game under an information model. See the module docs.
#[derive(Clone)]
pub struct Match<B: Bitboard> {
    variant: Variant,
    spec: ModelSpec,
    model: Box<dyn InformationModel<B>>,
    mode: RuleMode,
    positions: Vec<Position<B>>,
    hashes: Vec<u64>,
    plies: Vec<Ply>,
    log: Vec<LogEntry>,
    announcements: Vec<Announcement>,
    last_seen: ByColor<Option<SeenMove>>,
    event: Option<(GameEvent, Outcome)>,
}

impl<B: Bitboard> fmt::Debug for Match<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Match")
            .field("variant", &self.variant.id)
            .field("model", &self.spec.id())
            .field("position", self.position())
            .field("plies", &self.plies.len())
            .finish()
    }
}

impl<B: Bitboard> Match<B> {
    /// A match of `variant` under `spec`, from `start_fen` (default: the
    /// variant's start position).
    pub fn new(
        variant: &Variant,
        spec: ModelSpec,
        start_fen: Option<&str>,
    ) -> Result<Match<B>, MatchError> {
        let variant = spec.adjust_variant(variant);
        let fen = start_fen.unwrap_or(&variant.start_fen);
        let start = Position::<B>::from_fen(&variant, fen).map_err(MatchError::Fen)?;
        let mode = spec.rule_mode();
        if mode == RuleMode::Orthodox && start.is_king_attacked(!start.turn()) {
            return Err(MatchError::Position(PositionError::OppositeCheck));
        }
        let mut m = Match {
            model: spec.build::<B>(),
            variant,
            spec,
            mode,
            hashes: vec![start.zobrist_hash()],
            positions: vec![start],
            plies: Vec::new(),
            log: Vec::new(),
            announcements: Vec::new(),
            last_seen: ByColor::default(),
            event: None,
        };
        if m.outcome().is_none() {
            let mut said = Said::new();
            let pos = m.position().clone();
            m.model.turn_started(&pos, &mut said);
            m.stamp(said);
        }
        Ok(m)
    }

    /// The variant as played (after the model's adjustments).
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The information model.
    pub fn spec(&self) -> &ModelSpec {
        &self.spec
    }

    /// The rule mode.
    pub fn mode(&self) -> RuleMode {
        self.mode
    }

    /// The board.
    pub fn geometry(&self) -> Geometry {
        self.position().geometry()
    }

    /// The true current position (host and tests only: never show it to a
    /// player before the game ends).
    pub fn position(&self) -> &Position<B> {
        self.positions
            .last()
            .expect("a match always has a position")
    }

    /// Every true position, the start first.
    pub fn positions(&self) -> &[Position<B>] {
        &self.positions
    }

    /// The plies played.
    pub fn plies(&self) -> &[Ply] {
        &self.plies
    }

    /// The moves played (wasted turns left out).
    pub fn moves(&self) -> Vec<Move> {
        self.plies.iter().filter_map(|p| p.mv).collect()
    }

    /// Every attempt and how it was resolved.
    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    /// Every announcement made (host and records; players get theirs in
    /// observations).
    pub fn announcements(&self) -> &[Announcement] {
        &self.announcements
    }

    /// The event that ended the game, if one did.
    pub fn event(&self) -> Option<GameEvent> {
        self.event.map(|(e, _)| e)
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.position().turn()
    }

    /// How many times the current position has occurred.
    pub fn repetitions(&self) -> usize {
        let h = self.hashes.last().copied().unwrap_or(0);
        self.hashes.iter().filter(|&&x| x == h).count()
    }

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some((_, o)) = self.event {
            return Some(o);
        }
        let pos = self.position();
        if let Some(o) = pos.outcome(self.mode) {
            return Some(o);
        }
        let reps = self.variant.draws.repetitions;
        if reps > 0 && self.repetitions() >= reps as usize {
            return Some(Outcome {
                winner: None,
                reason: Reason::ThreefoldRepetition,
            });
        }
        None
    }

    fn stamp(&mut self, said: Said) {
        let ply = self.plies.len() as u32;
        self.announcements
            .extend(said.into_iter().map(|(audience, message)| Announcement {
                ply,
                audience,
                message,
            }));
    }

    /// The squares `player` sees in `pos` (own men included).
    fn seen(&self, pos: &Position<B>, player: Color) -> B {
        self.model.visible(pos, player) | pos.by_color(player)
    }

    /// Reads an attempt as `player` may type it: coordinates
    /// ([`Attempt::parse`]: `e2e4`, `e7e8q`, `g1f3@g2g3`, `any?`) or SAN
    /// (`e4`, `Nf3`, `Bxf7`, `exd5`, `O-O`, `e8=Q`). SAN is read against
    /// the player's own picture of the board — their men and what they see;
    /// a hidden square counts as empty — so it never depends on hidden men:
    /// `Bxf7` onto a fogged square is the try `Bf7`, and a pawn capture onto
    /// a square the player cannot see is a pawn try there. Whether the try
    /// is legal is the model's answer, not the parser's.
    pub fn parse_attempt(&self, player: Color, text: &str) -> Result<Attempt, MoveTextError> {
        let coordinate_error = match Attempt::parse(text, self.geometry()) {
            Ok(attempt) => return Ok(attempt),
            Err(e) => e,
        };
        let position = self.position();
        let picture = crate::model::masked(position, player, self.seen(position, player));
        let free_castling = matches!(self.variant().castling, crate::CastlingRule::Free { .. });
        match picture.parse_san(text, RuleMode::CaptureKing) {
            Ok(m) => Ok(Attempt::Move(MoveAttempt {
                from: m.from,
                to: m.to,
                promotion: m.promotion,
                rook_to: match m.kind {
                    MoveKind::Castle { rook_to, .. } if free_castling => Some(rook_to),
                    _ => None,
                },
                route: None,
            })),
            Err(san_error) => match pawn_try(&picture, player, text) {
                Some(attempt) => Ok(attempt),
                // Text that is neither notation: report it as coordinates,
                // the form the page suggests.
                None if matches!(san_error, MoveTextError::Syntax { .. }) => Err(coordinate_error),
                None => Err(san_error),
            },
        }
    }

    /// The ways `player` could mean a king move `from` → `to`, read on
    /// their own picture of the board (as [`Match::parse_attempt`]): `None`
    /// for a plain king move, `Some(square)` for a castling whose rook
    /// lands on `square`. Under free castling one king square can go with
    /// several rook squares (and with a plain step); the page asks which.
    /// Empty when no castling is involved.
    pub fn castling_choices(
        &self,
        player: Color,
        from: crate::Square,
        to: crate::Square,
    ) -> Vec<Option<crate::Square>> {
        let position = self.position();
        let picture = crate::model::masked(position, player, self.seen(position, player));
        let moves: Vec<Move> = picture
            .moves(RuleMode::CaptureKing)
            .into_iter()
            .filter(|m| m.from == from && m.to == to)
            .collect();
        if !moves.iter().any(|m| m.is_castle()) {
            return Vec::new();
        }
        let mut out: Vec<Option<crate::Square>> = moves
            .iter()
            .map(|m| match m.kind {
                MoveKind::Castle { rook_to, .. } => Some(rook_to),
                _ => None,
            })
            .collect();
        crate::small_sort::sort_small(&mut out);
        out.dedup();
        out
    }

    /// `player` tries `attempt`.
    pub fn attempt(
        &mut self,
        player: Color,
        attempt: Attempt,
    ) -> Result<AttemptResult, AttemptError> {
        if let Some(o) = self.outcome() {
            return Err(AttemptError::GameOver(o));
        }
        if player != self.turn() {
            return Err(AttemptError::NotYourTurn);
        }
        if !attempt.on_board(self.geometry()) {
            return Err(AttemptError::OffBoard);
        }
        let before = self.position().clone();
        let mut said = Said::new();
        let judgement = self.model.judge(&before, player, &attempt, &mut said);
        let resolution = match judgement {
            Judgement::Keep(r) => {
                self.stamp(said);
                r
            }
            Judgement::Play(mv) => {
                let seen_before = ByColor::new_with(|c| self.seen(&before, c));
                let after = before.after(&mv);
                self.model.played(&before, &after, &mv, &attempt, &mut said);
                self.last_seen = ByColor::new_with(|c| {
                    Some(self.seen_move(&before, &after, &mv, c, seen_before[c]))
                });
                self.push(after, Some(mv), player);
                self.stamp(said);
                Resolution::Played
            }
            Judgement::Pass(r) => {
                let mut after = before.clone();
                after.set_turn(!player);
                after.halfmoves = after.halfmoves.saturating_add(1);
                if player == Color::Black {
                    after.fullmoves = after.fullmoves.saturating_add(1);
                }
                self.last_seen = ByColor::new_with(|c| {
                    Some(SeenMove {
                        by: Some(player),
                        passed: c == player,
                        ..SeenMove::default()
                    })
                });
                self.push(after, None, player);
                self.stamp(said);
                r
            }
        };
        self.log.push(LogEntry {
            player,
            attempt,
            resolution: resolution.clone(),
        });
        if resolution.passes_turn() {
            self.after_ply();
        }
        Ok(self.result(resolution))
    }

    fn push(&mut self, pos: Position<B>, mv: Option<Move>, by: Color) {
        self.hashes.push(pos.zobrist_hash());
        self.positions.push(pos);
        self.plies.push(Ply { by, mv });
    }

    fn after_ply(&mut self) {
        let mut said = Said::new();
        match self.outcome() {
            Some(o) => said.push((Audience::All, Message::GameOver(o))),
            None => {
                let pos = self.position().clone();
                self.model.turn_started(&pos, &mut said);
            }
        }
        self.stamp(said);
    }

    fn result(&self, resolution: Resolution) -> AttemptResult {
        AttemptResult {
            resolution,
            observations: ByColor::new_with(|c| self.observation(c)),
            outcome: self.outcome(),
        }
    }

    fn seen_move(
        &self,
        before: &Position<B>,
        after: &Position<B>,
        mv: &Move,
        player: Color,
        seen_before: B,
    ) -> SeenMove {
        let mover = before.turn();
        let capture_at = mv.capture.map(|_| match mv.kind {
            MoveKind::EnPassant => before.ep_victim(mv.to),
            _ => mv.to,
        });
        if player == mover {
            return SeenMove {
                by: Some(mover),
                from: Some(mv.from),
                to: Some(mv.to),
                capture_at,
                promotion: mv.promotion,
                passed: false,
            };
        }
        let seen_after = self.seen(after, player);
        let to_seen = seen_after.contains(mv.to);
        SeenMove {
            by: Some(mover),
            from: seen_before.contains(mv.from).then_some(mv.from),
            to: to_seen.then_some(mv.to),
            // The player's own man was taken: they always know where.
            capture_at,
            promotion: if to_seen { mv.promotion } else { None },
            passed: false,
        }
    }

    /// The move of ply `index` (0 = the first) in SAN as its mover knows
    /// it: told apart from the moves of the mover's other men on their own
    /// board (no enemy man counted), a capture marked when one was made,
    /// no check marks (which the mover may not know). `None` for a wasted
    /// turn or a ply not played.
    pub fn known_san(&self, index: usize) -> Option<String> {
        let ply = self.plies.get(index)?;
        let mv = ply.mv?;
        let before = self.positions.get(index)?;
        let picture = crate::model::masked(before, ply.by, B::EMPTY);
        Some(picture.san_without_marks(&mv, RuleMode::CaptureKing))
    }

    /// What `player` may know now.
    pub fn observation(&self, player: Color) -> Observation {
        let pos = self.position();
        let g = pos.geometry();
        let seen = self.seen(pos, player);
        let squares = g
            .squares()
            .map(|sq| {
                if !seen.contains(sq) {
                    Cell::Fog
                } else {
                    match pos.piece_at(sq) {
                        Some(p) => Cell::Man(p),
                        None => Cell::Empty,
                    }
                }
            })
            .collect();
        let outcome = self.outcome();
        let ply = self.plies.len() as u32;
        let to_move = outcome.is_none() && pos.turn() == player;
        let (hints, try_hints) = if to_move {
            (
                self.model.hints(pos, player),
                self.model.try_hints(pos, player),
            )
        } else {
            (Vec::new(), Vec::new())
        };
        let actions = if to_move {
            self.model.actions(pos, player)
        } else {
            Actions::default()
        };
        let announcements = self
            .announcements
            .iter()
            .filter(|a| a.ply + 1 >= ply && a.audience.includes(player))
            .cloned()
            .collect();
        Observation {
            player,
            variant: self.variant().id.clone(),
            ply,
            width: g.width(),
            height: g.height(),
            turn: pos.turn(),
            squares,
            last_move: *self.last_seen.get(player),
            hints,
            try_hints,
            announcements,
            extras: self.model.extras(pos, player),
            actions,
            outcome,
        }
    }

    /// Both observations.
    pub fn observations(&self) -> ByColor<Observation> {
        ByColor::new_with(|c| self.observation(c))
    }

    /// The squares `player` sees now (own men included), as the model says.
    pub fn visible_squares(&self, player: Color) -> Vec<crate::Square> {
        self.seen(self.position(), player).squares().collect()
    }

    /// Ends the game by an event (resignation, agreed draw, flag fall).
    pub fn end(&mut self, event: GameEvent) -> Result<Outcome, AttemptError> {
        if let Some(o) = self.outcome() {
            return Err(AttemptError::GameOver(o));
        }
        let outcome = match event {
            GameEvent::Resign(c) => Outcome {
                winner: Some(!c),
                reason: Reason::Resignation,
            },
            GameEvent::DrawAgreed => Outcome {
                winner: None,
                reason: Reason::DrawAgreement,
            },
            GameEvent::FlagFall(c) => Outcome {
                winner: Some(!c),
                reason: Reason::FlagFall,
            },
        };
        self.event = Some((event, outcome));
        self.stamp(vec![(Audience::All, Message::GameOver(outcome))]);
        Ok(outcome)
    }

    /// `color` resigns.
    pub fn resign(&mut self, color: Color) -> Result<Outcome, AttemptError> {
        self.end(GameEvent::Resign(color))
    }

    /// Both players agree to a draw.
    pub fn agree_draw(&mut self) -> Result<Outcome, AttemptError> {
        self.end(GameEvent::DrawAgreed)
    }

    /// `color`'s clock ran out.
    pub fn flag_fall(&mut self, color: Color) -> Result<Outcome, AttemptError> {
        self.end(GameEvent::FlagFall(color))
    }
}

/// A pawn capture typed in SAN (`exd5`, `ed5`, `exd8=Q`) onto a square the
/// player's picture shows empty: the pawn try from the named file, if the
/// player has a pawn there that could capture onto that square.
fn pawn_try<B: Bitboard>(picture: &Position<B>, player: Color, text: &str) -> Option<Attempt> {
    let g = picture.geometry();
    let body = text.trim().trim_end_matches(['+', '#', '!', '?']);
    let (body, promotion) = match body.char_indices().last() {
        Some((i, c)) if c.is_ascii_uppercase() => {
            let role = crate::Role::from_char(c)?;
            (
                body[..i].strip_suffix('=').unwrap_or(&body[..i]),
                Some(role),
            )
        }
        _ => (body, None),
    };
    let mut chars = body.chars();
    let from_file = crate::File::from_char(chars.next()?)?;
    let rest: String = chars.collect();
    let target = rest.strip_prefix('x').unwrap_or(&rest);
    let to = g.parse_square(target)?;
    let (tf, tr) = g.coords(to);
    let ff = i32::from(from_file.0);
    if (ff - tf).abs() != 1 {
        return None;
    }
    let from = g.square_at(ff, tr - if player == Color::White { 1 } else { -1 })?;
    let own_pawn = picture
        .piece_at(from)
        .is_some_and(|p| p.color == player && p.role == crate::Role::Pawn);
    own_pawn.then_some(Attempt::Move(MoveAttempt {
        from,
        to,
        promotion,
        rook_to: None,
        route: None,
    }))
}
