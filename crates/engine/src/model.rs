//! Information models: who sees what.
//!
//! An [`InformationModel`] turns the true game into per-player
//! [`Observation`](crate::Observation)s and judges a player's [`Attempt`]s.
//! The [`Match`](crate::Match) session owns the true positions and calls the
//! model; the UI, the bot and the puzzle umpire only ever receive
//! observations. A new model is one `impl InformationModel` plus one
//! [`ModelSpec`] variant (the serialisable name the saves and PGN tags use).
//!
//! Built-ins: [`Open`] (everything visible), [`Fog`] (chess.com Fog of War,
//! capture-the-king), [`Dark`](crate::Dark) (Dark Chess, cumulative
//! travelled-path visibility) and [`Umpire`](crate::Umpire) (Kriegspiel, with
//! presets as data in [`KriegspielRules`](crate::KriegspielRules)).

use core::fmt;
use serde::{Deserialize, Serialize};

use crate::observation::{Actions, Audience, Extras, Hint, Message};
use crate::{
    Bitboard, Color, EnPassantView, Geometry, KriegspielRules, Move, MoveKind, MoveTextError,
    Position, Role, RuleMode, Square, Variant,
};

/// Which information model a match uses, as data (saves, PGN tags, links).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "model", rename_all = "kebab-case")]
pub enum ModelSpec {
    /// Everything visible; orthodox rules.
    Open,
    /// Fog of War (chess.com): capture-the-king.
    Fog,
    /// Dark Chess: cumulative travelled-path visibility; orthodox rules.
    Dark,
    /// Kriegspiel with an umpire following `rules`.
    Kriegspiel { rules: KriegspielRules },
}

/// Why a model name or preset was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ModelError {
    UnknownModel {
        found: String,
    },
    UnknownPreset {
        found: String,
    },
    /// Kriegspiel needs a preset.
    MissingPreset,
}

impl fmt::Display for ModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ModelError::UnknownModel { found } => write!(
                f,
                "unknown information model '{found}'; expected open, fog, dark or kriegspiel"
            ),
            ModelError::UnknownPreset { found } => write!(
                f,
                "unknown Kriegspiel preset '{found}'; expected one of {}",
                KriegspielRules::PRESET_IDS.join(", ")
            ),
            ModelError::MissingPreset => write!(f, "Kriegspiel needs a preset"),
        }
    }
}

impl std::error::Error for ModelError {}

impl ModelSpec {
    /// `open`, `fog`, `dark` or `kriegspiel`.
    pub fn id(&self) -> &'static str {
        match self {
            ModelSpec::Open => "open",
            ModelSpec::Fog => "fog",
            ModelSpec::Dark => "dark",
            ModelSpec::Kriegspiel { .. } => "kriegspiel",
        }
    }

    /// The Kriegspiel preset id, if any.
    pub fn preset_id(&self) -> Option<&str> {
        match self {
            ModelSpec::Kriegspiel { rules } => Some(&rules.id),
            _ => None,
        }
    }

    /// The model for a model id and (for Kriegspiel) a preset id.
    pub fn parse(model: &str, preset: Option<&str>) -> Result<ModelSpec, ModelError> {
        match model.trim().to_ascii_lowercase().as_str() {
            "open" => Ok(ModelSpec::Open),
            "fog" | "fog-of-war" => Ok(ModelSpec::Fog),
            "dark" | "dark-chess" => Ok(ModelSpec::Dark),
            "kriegspiel" => {
                let id = preset.ok_or(ModelError::MissingPreset)?;
                let rules = KriegspielRules::preset(id.trim()).ok_or_else(|| {
                    ModelError::UnknownPreset {
                        found: id.chars().take(40).collect(),
                    }
                })?;
                Ok(ModelSpec::Kriegspiel { rules })
            }
            other => Err(ModelError::UnknownModel {
                found: other.chars().take(40).collect(),
            }),
        }
    }

    /// Whether a player may be unable to see an enemy man (every model but
    /// the open board): two people sharing a screen need a curtain.
    pub fn hides_men(&self) -> bool {
        !matches!(self, ModelSpec::Open)
    }

    /// Whether an umpire speaks: the players' announcements are the game's
    /// main news and deserve a log of their own.
    pub fn has_umpire(&self) -> bool {
        matches!(self, ModelSpec::Kriegspiel { .. })
    }

    /// The rule mode the model plays under.
    pub fn rule_mode(&self) -> RuleMode {
        match self {
            ModelSpec::Fog => RuleMode::CaptureKing,
            _ => RuleMode::Orthodox,
        }
    }

    /// The variant as this model plays it (Kriegspiel presets without
    /// host-applied draws turn repetition and the 50-move rule off; under
    /// `rand` the stalemated side loses).
    pub fn adjust_variant(&self, variant: &Variant) -> Variant {
        let mut v = variant.clone();
        if let ModelSpec::Kriegspiel { rules } = self {
            if !rules.host_draws {
                v.draws.repetitions = 0;
                v.draws.fifty_move_plies = 0;
            }
            if rules.stalemate_loses {
                v.draws.stalemate_is_draw = false;
            }
        }
        v
    }

    /// A fresh model (no history) for bitboard type `B`.
    pub fn build<B: Bitboard>(&self) -> Box<dyn InformationModel<B>> {
        match self {
            ModelSpec::Open => Box::new(Open),
            ModelSpec::Fog => Box::new(Fog),
            ModelSpec::Dark => Box::new(crate::Dark::<B>::new()),
            ModelSpec::Kriegspiel { rules } => Box::new(crate::Umpire::new(rules.clone())),
        }
    }
}

/// A move a player tries: squares from the player's point of view. Whether
/// it is a legal move, and which, is for the model to judge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MoveAttempt {
    pub from: Square,
    pub to: Square,
    /// The role to promote to (`None`: the variant's first choice).
    pub promotion: Option<Role>,
    /// Free castling: where the rook lands.
    pub rook_to: Option<Square>,
    /// Dark Chess: the two squares a knight's L route crosses (`None`: the
    /// first route of [`Position::leap_routes`]).
    pub route: Option<[Square; 2]>,
}

impl MoveAttempt {
    /// The attempt `from` → `to` with nothing else said.
    pub fn plain(from: Square, to: Square) -> MoveAttempt {
        MoveAttempt {
            from,
            to,
            promotion: None,
            rook_to: None,
            route: None,
        }
    }
}

/// What a player tries on their turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Attempt {
    /// Move a man.
    Move(MoveAttempt),
    /// Kriegspiel: "Any?" (are there pawn captures?).
    AskAny,
    /// Kriegspiel (`rand`): how many tries was the opponent refused?
    AskRebuffs,
}

impl Attempt {
    /// A plain move attempt.
    pub fn of(from: Square, to: Square) -> Attempt {
        Attempt::Move(MoveAttempt {
            from,
            to,
            promotion: None,
            rook_to: None,
            route: None,
        })
    }

    /// The attempt that plays exactly `m`.
    pub fn from_move(m: &Move) -> Attempt {
        Attempt::Move(MoveAttempt {
            from: m.from,
            to: m.to,
            promotion: m.promotion,
            rook_to: match m.kind {
                MoveKind::Castle { rook_to, .. } => Some(rook_to),
                _ => None,
            },
            route: None,
        })
    }

    /// The move attempt, if this is one.
    pub fn as_move(&self) -> Option<&MoveAttempt> {
        match self {
            Attempt::Move(m) => Some(m),
            _ => None,
        }
    }

    /// Whether every square named lies on `geometry`.
    pub fn on_board(&self, geometry: Geometry) -> bool {
        let n = geometry.square_count();
        match self {
            Attempt::Move(m) => {
                let mut sqs = vec![m.from, m.to];
                sqs.extend(m.rook_to);
                if let Some(r) = m.route {
                    sqs.extend(r);
                }
                sqs.iter().all(|s| s.index() < n)
            }
            _ => true,
        }
    }

    /// Attempt text: coordinate notation (`e2e4`, `e7e8q`, free castling
    /// `e8c8/d8`, a knight's route `g1f3@g2g3`), `any?` or `rebuffs?`.
    pub fn to_text(&self, geometry: Geometry) -> String {
        match self {
            Attempt::AskAny => "any?".into(),
            Attempt::AskRebuffs => "rebuffs?".into(),
            Attempt::Move(m) => {
                let mut s = geometry.square_name(m.from) + &geometry.square_name(m.to);
                if let Some(p) = m.promotion {
                    s.push(p.lower_char());
                }
                if let Some(r) = m.rook_to {
                    s.push('/');
                    s.push_str(&geometry.square_name(r));
                }
                if let Some([a, b]) = m.route {
                    s.push('@');
                    s.push_str(&geometry.square_name(a));
                    s.push_str(&geometry.square_name(b));
                }
                s
            }
        }
    }

    /// Reads attempt text (see [`to_text`](Attempt::to_text)). Never panics.
    pub fn parse(text: &str, geometry: Geometry) -> Result<Attempt, MoveTextError> {
        let t = text.trim();
        if t.is_empty() {
            return Err(MoveTextError::Empty);
        }
        if t.len() > crate::notation::MAX_MOVE_TEXT {
            return Err(MoveTextError::TooLong);
        }
        let lower = t.to_ascii_lowercase();
        if lower == "any?" || lower == "any" {
            return Ok(Attempt::AskAny);
        }
        if lower == "rebuffs?" || lower == "rebuffs" {
            return Ok(Attempt::AskRebuffs);
        }
        let syntax = || MoveTextError::Syntax { text: t.into() };
        let (main, route) = match t.split_once('@') {
            Some((m, r)) => {
                let (a, rest) = geometry.parse_square_prefix(r).ok_or_else(syntax)?;
                let b = geometry.parse_square(rest).ok_or_else(syntax)?;
                (m, Some([a, b]))
            }
            None => (t, None),
        };
        let (main, rook_to) = match main.split_once('/') {
            Some((m, r)) => (m, Some(geometry.parse_square(r).ok_or_else(syntax)?)),
            None => (main, None),
        };
        let (from, rest) = geometry.parse_square_prefix(main).ok_or_else(syntax)?;
        let (to, rest) = geometry.parse_square_prefix(rest).ok_or_else(syntax)?;
        let promotion = match rest {
            "" => None,
            r => {
                let mut cs = r.chars();
                let c = cs.next().ok_or_else(syntax)?;
                if cs.next().is_some() {
                    return Err(syntax());
                }
                Some(Role::from_char(c).ok_or_else(syntax)?)
            }
        };
        Ok(Attempt::Move(MoveAttempt {
            from,
            to,
            promotion,
            rook_to,
            route,
        }))
    }
}

/// How an attempt was resolved, as the attempting player may know it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Resolution {
    /// A move was played; the turn passed.
    Played,
    /// Refused: not legal (Kriegspiel "Illegal"/"No"; a move the true
    /// position does not allow). Same player again.
    Illegal,
    /// Refused: impossible on the player's own board (Kriegspiel "Nonsense",
    /// an attempt with a man the player does not have…). Same player again.
    Impossible,
    /// Refused: the player asked "Any?" and must try a pawn capture first.
    MustTryPawnCapture,
    /// Dark Chess: a pawn probe; the turn is wasted (passes) and `square` is
    /// explored.
    Probe { square: Square },
    /// Dark Chess: the move would leave the king in check; refused without
    /// passing the turn. `attackers` flash red.
    IntoCheck { attackers: Vec<Square> },
    /// Kriegspiel: the answer to "Any?". Same player again.
    AnyAnswer { yes: bool },
    /// Kriegspiel: the opponent's refused tries on their last turn.
    RebuffCount { count: u32 },
}

impl Resolution {
    /// Whether the turn passed to the opponent.
    pub fn passes_turn(&self) -> bool {
        matches!(self, Resolution::Played | Resolution::Probe { .. })
    }
}

/// A model's verdict on an attempt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judgement {
    /// Play this move of the true position.
    Play(Move),
    /// The turn passes without a move (a Dark Chess probe).
    Pass(Resolution),
    /// Refused; the same player tries again.
    Keep(Resolution),
}

/// Announcements a model makes, before the session stamps them with a ply.
pub type Said = Vec<(Audience, Message)>;

/// An information model. The session ([`Match`](crate::Match)) owns the true
/// positions; the model holds only its own per-player state (Dark Chess
/// explored squares, Kriegspiel obligations) and answers four questions.
pub trait InformationModel<B: Bitboard>: fmt::Debug + Send {
    /// The model as data.
    fn spec(&self) -> ModelSpec;

    /// A copy with the same state.
    fn clone_box(&self) -> Box<dyn InformationModel<B>>;

    /// The squares `player` sees in `pos` besides its own men (which every
    /// model shows). Enemy men are shown exactly on these squares.
    fn visible(&self, pos: &Position<B>, player: Color) -> B;

    /// Judges `player`'s attempt (`player` is to move in `pos`; the
    /// attempt's squares are on the board). May update the model's state
    /// and say things.
    fn judge(
        &mut self,
        pos: &Position<B>,
        player: Color,
        attempt: &Attempt,
        said: &mut Said,
    ) -> Judgement;

    /// A move the model asked for was played (`before` → `after`).
    fn played(
        &mut self,
        _before: &Position<B>,
        _after: &Position<B>,
        _mv: &Move,
        _attempt: &Attempt,
        _said: &mut Said,
    ) {
    }

    /// A new turn begins in `pos` (also at the start of the match), the game
    /// going on.
    fn turn_started(&mut self, _pos: &Position<B>, _said: &mut Said) {}

    /// Whether what a move tells the opponent (what [`played`] says, the
    /// squares [`visible`] shows) can depend on the square the moved man
    /// left, beyond the position after the move and the move's landing
    /// square, man, capture, promotion and kind. Two moves from different
    /// positions that agree on all of those then tell the same when this
    /// is `false`. Only a model sure of it says `false`.
    ///
    /// [`played`]: InformationModel::played
    /// [`visible`]: InformationModel::visible
    fn tells_origin(&self) -> bool {
        true
    }

    /// The moves `player` may be shown as possible when to move. Must be
    /// computed from what the player may know.
    fn hints(&self, pos: &Position<B>, player: Color) -> Vec<Hint>;

    /// The moves `player` may try without being able to know whether they
    /// are possible, worth showing apart from the hints. Must be computed
    /// from what the player may know.
    fn try_hints(&self, _pos: &Position<B>, _player: Color) -> Vec<Hint> {
        Vec::new()
    }

    /// Model-specific extras of `player`'s observation.
    fn extras(&self, _pos: &Position<B>, _player: Color) -> Extras {
        Extras::default()
    }

    /// What `player`, to move in `pos`, may do besides moving along a hint
    /// (asked only for the player to move in a game going on). Must be
    /// computed from what the player may know.
    fn actions(&self, _pos: &Position<B>, _player: Color) -> Actions {
        Actions::default()
    }
}

impl<B: Bitboard> Clone for Box<dyn InformationModel<B>> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// Finds the move of `pos` (under `mode`) that `a` names: same squares,
/// promotion (the variant's first choice when none is named), rook square for
/// free castling (a plain king step wins when none is named).
pub fn find_move<B: Bitboard>(pos: &Position<B>, mode: RuleMode, a: &MoveAttempt) -> Option<Move> {
    find_in(&pos.moves(mode), a)
}

/// An attempt in SAN on a player's picture (their men and the enemy men
/// they know of, the player to move): a move onto a square the picture
/// shows empty is written as a plain move, and a pawn's try onto one as a
/// capture (`exd5`), since that is what a pawn's diagonal step is.
pub fn picture_san<B: Bitboard>(picture: &Position<B>, a: &MoveAttempt) -> String {
    if let Some(mv) = find_in(&picture.pseudo_legal_moves(), a) {
        return picture.san_without_marks(&mv, RuleMode::CaptureKing);
    }
    let g = picture.geometry();
    let mut s = format!("{}x{}", g.file(a.from).char(), g.square_name(a.to));
    if let Some(p) = a.promotion {
        s.push('=');
        s.push(p.upper_char());
    }
    s
}

/// [`find_move`] over a given move list.
pub fn find_in(moves: &[Move], a: &MoveAttempt) -> Option<Move> {
    // Without a rook square, a plain move wins over a castling with the
    // same ends (free castling's king step); else the first match. No
    // allocation: the puzzle solver calls this for every attempt in every
    // position of a belief.
    let mut first = None;
    for m in moves.iter().filter(|m| {
        m.from == a.from
            && m.to == a.to
            && (a.promotion.is_none() || m.promotion == a.promotion)
            && match (m.kind, a.rook_to) {
                (MoveKind::Castle { rook_to, .. }, Some(r)) => rook_to == r,
                (_, Some(_)) => false,
                _ => true,
            }
    }) {
        if a.rook_to.is_none() && !m.is_castle() {
            return Some(*m);
        }
        first = first.or(Some(*m));
    }
    first
}

pub(crate) fn hints_of(moves: &[Move]) -> Vec<Hint> {
    let mut v: Vec<Hint> = moves
        .iter()
        .map(|m| Hint {
            from: m.from,
            to: m.to,
        })
        .collect();
    crate::small_sort::sort_small(&mut v);
    v.dedup();
    v
}

/// Open: everything visible, orthodox rules.
#[derive(Clone, Copy, Debug, Default)]
pub struct Open;

impl<B: Bitboard> InformationModel<B> for Open {
    fn spec(&self) -> ModelSpec {
        ModelSpec::Open
    }

    fn clone_box(&self) -> Box<dyn InformationModel<B>> {
        Box::new(*self)
    }

    fn visible(&self, pos: &Position<B>, _player: Color) -> B {
        pos.rules().all_squares()
    }

    fn judge(&mut self, pos: &Position<B>, _: Color, attempt: &Attempt, _: &mut Said) -> Judgement {
        match attempt {
            Attempt::Move(a) => match find_move(pos, RuleMode::Orthodox, a) {
                Some(m) => Judgement::Play(m),
                None => Judgement::Keep(Resolution::Illegal),
            },
            _ => Judgement::Keep(Resolution::Impossible),
        }
    }

    fn hints(&self, pos: &Position<B>, _player: Color) -> Vec<Hint> {
        hints_of(&pos.legal_moves())
    }
}

/// Fog of War (chess.com; Gehnen & Stannat, "Fog of War Chess", §1.1): a player
/// sees their men and every square their men can move to in the
/// capture-the-king rule mode (moves into check count). So an enemy man is
/// seen exactly when one of the player's men could capture it; a blocked pawn
/// does not see its blocker; a pawn's diagonal is seen only when a capture is
/// possible there; the en passant victim and the square it passed are seen by
/// the side that may capture, during that turn only.
#[derive(Clone, Copy, Debug, Default)]
pub struct Fog;

impl<B: Bitboard> InformationModel<B> for Fog {
    fn spec(&self) -> ModelSpec {
        ModelSpec::Fog
    }

    fn clone_box(&self) -> Box<dyn InformationModel<B>> {
        Box::new(*self)
    }

    fn visible(&self, pos: &Position<B>, player: Color) -> B {
        pos.pseudo_legal_destinations(player)
    }

    fn judge(&mut self, pos: &Position<B>, _: Color, attempt: &Attempt, _: &mut Said) -> Judgement {
        match attempt {
            // Every destination of a move is visible, so refusing reveals
            // nothing the player does not see.
            Attempt::Move(a) => match find_move(pos, RuleMode::CaptureKing, a) {
                Some(m) => Judgement::Play(m),
                None => Judgement::Keep(Resolution::Illegal),
            },
            _ => Judgement::Keep(Resolution::Impossible),
        }
    }

    fn hints(&self, pos: &Position<B>, player: Color) -> Vec<Hint> {
        if pos.turn() != player {
            return Vec::new();
        }
        hints_of(&pos.pseudo_legal_moves())
    }

    fn extras(&self, pos: &Position<B>, player: Color) -> Extras {
        let mut extras = Extras::default();
        if pos.turn() == player {
            if let Some(m) = pos
                .pseudo_legal_moves()
                .into_iter()
                .find(|m| m.kind == MoveKind::EnPassant)
            {
                extras.en_passant = Some(EnPassantView {
                    victim: pos.ep_victim(m.to),
                    passed: m.to,
                });
            }
        }
        extras
    }
}

/// `pos` as `player` may picture it: their own men, enemy men only on
/// `keep`, `player` to move, the en passant square only when the pawn that
/// could be taken stands on a kept square, castling rights only for
/// `player`. Used to compute hints and "possible on one's own board" without
/// looking at hidden men.
pub fn masked<B: Bitboard>(pos: &Position<B>, player: Color, keep: B) -> Position<B> {
    let mut p = pos.clone();
    let ep = pos.ep_square();
    let ep_victim = if pos.turn() == player {
        ep.map(|e| pos.ep_victim(e))
    } else {
        None
    };
    p.set_turn(player);
    let them = !player;
    let hidden = p.by_color[them.index()] & !keep;
    for bb in p.by_role.iter_mut() {
        *bb &= !hidden;
    }
    p.by_color[them.index()] &= !hidden;
    p.castling &= p.by_color[player.index()];
    p.ep = match (ep, ep_victim) {
        (Some(e), Some(v)) if keep.contains(v) && p.by_color[them.index()].contains(v) => Some(e),
        _ => None,
    };
    p
}
