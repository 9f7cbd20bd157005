//! What one player may know at one moment: the [`Observation`] every
//! information model produces from the true game, and the umpire's
//! [`Announcement`]s.
//!
//! Observations are plain data (serde), so they cross the worker boundary and
//! go into saves. They hold no true position: an enemy man appears in
//! [`Observation::squares`] only where the model lets the player see it.

use serde::{Deserialize, Serialize};

use crate::{Color, Geometry, Outcome, Piece, Role, Square};

/// What a player sees on one square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Cell {
    /// Hidden: the player does not know what is there.
    Fog,
    /// Seen, and empty.
    Empty,
    /// Seen, and this man stands there.
    Man(Piece),
}

/// What a player knows of the last ply.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SeenMove {
    /// Who moved.
    pub by: Option<Color>,
    /// The square the man left, when the player may know it.
    pub from: Option<Square>,
    /// The square the man went to, when the player may know it.
    pub to: Option<Square>,
    /// Where a man was captured, when the player may know it (always known
    /// to both sides when the player's own man was taken).
    pub capture_at: Option<Square>,
    /// The new role after a promotion, when the player may know it.
    pub promotion: Option<Role>,
    /// The ply was a wasted turn (a Dark Chess probe): no man moved.
    pub passed: bool,
}

/// A move the player may be shown as possible (a legal-destination hint).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Hint {
    pub from: Square,
    pub to: Square,
}

/// Who hears an announcement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Audience {
    /// Both players (and spectators).
    All,
    /// Only this player.
    Only(Color),
}

impl Audience {
    /// Whether `player` hears it.
    pub fn includes(self, player: Color) -> bool {
        match self {
            Audience::All => true,
            Audience::Only(c) => c == player,
        }
    }
}

/// Pawn or other man, as some umpires announce captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ManKind {
    Pawn,
    Piece,
}

impl ManKind {
    /// `Pawn` for pawns, `Piece` for every other role.
    pub fn of(role: Role) -> ManKind {
        if role.spec().pawn {
            ManKind::Pawn
        } else {
            ManKind::Piece
        }
    }

    fn word(self) -> &'static str {
        match self {
            ManKind::Pawn => "pawn",
            ManKind::Piece => "piece",
        }
    }
}

/// The line along which a check comes, as an umpire announces it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum CheckDirection {
    Rank,
    File,
    /// The longer of the two diagonals through the king's square.
    LongDiagonal,
    /// The shorter of the two diagonals through the king's square.
    ShortDiagonal,
    /// A diagonal, not saying which (the `rand` rules' pawn checks).
    Diagonal,
    Knight,
}

impl CheckDirection {
    fn words(self) -> &'static str {
        match self {
            CheckDirection::Rank => "on the rank",
            CheckDirection::File => "on the file",
            CheckDirection::LongDiagonal => "on the long diagonal",
            CheckDirection::ShortDiagonal => "on the short diagonal",
            CheckDirection::Diagonal => "on a diagonal",
            CheckDirection::Knight => "by a knight",
        }
    }
}

/// What was said. Words that differ between Kriegspiel presets are carried
/// in the message (`word`) so the text needs no preset to render.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Message {
    /// A side completed a move.
    Moved { by: Color },
    /// A try was refused ("Illegal", "No").
    Illegal { by: Color, word: String },
    /// A try the player must know is impossible ("Nonsense", "Impossible",
    /// "Hell no").
    Nonsense { by: Color, word: String },
    /// The player asked "Any?" and must now try a pawn capture.
    MustTryPawnCapture { by: Color },
    /// A man was captured on `square`.
    Capture {
        square: Square,
        /// The captured man's kind, when the preset tells it.
        victim: Option<ManKind>,
        /// The capturing man's kind, when the preset tells it (`dutch`).
        capturer: Option<ManKind>,
        /// Said to be en passant, when the preset tells it.
        en_passant: bool,
    },
    /// The side to move is in check (two directions for a double check).
    Check { directions: Vec<CheckDirection> },
    /// A pawn promoted (square and role not told).
    Promotion,
    /// The answer to "Any?".
    AnyAnswer { by: Color, yes: bool, word: String },
    /// The number of legal pawn captures of the side to move.
    PawnTries { count: u32 },
    /// The side to move has at least one legal pawn capture.
    PawnCaptureExists,
    /// The squares on which the side to move's pawns can capture.
    PawnCaptureSquares { squares: Vec<String> },
    /// How many tries the opponent had refused on their last turn.
    RebuffCount { of: Color, count: u32 },
    /// The game ended.
    GameOver(Outcome),
}

/// One announcement: what was said, to whom, and at which ply (the number of
/// plies played when it was made).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Announcement {
    pub ply: u32,
    pub audience: Audience,
    pub message: Message,
}

impl Message {
    /// The text, with squares named on `geometry`.
    pub fn text(&self, geometry: Geometry) -> String {
        match self {
            Message::Moved { by } => format!("{by} has moved"),
            Message::Illegal { word, .. } | Message::Nonsense { word, .. } => word.clone(),
            Message::MustTryPawnCapture { .. } => "You must try a pawn capture".into(),
            Message::Capture {
                square,
                victim,
                capturer,
                en_passant,
            } => {
                let sq = geometry.square_name(*square);
                let mut s = match victim {
                    Some(k) => format!("{} at {sq} captured", capitalise(k.word())),
                    None => format!("Capture at {sq}"),
                };
                if let Some(k) = capturer {
                    s.push_str(&format!(" by a {}", k.word()));
                }
                if *en_passant {
                    s.push_str(" (en passant)");
                }
                s
            }
            Message::Check { directions } => {
                let words: Vec<&str> = directions.iter().map(|d| d.words()).collect();
                if words.len() > 1 {
                    format!("Double check: {}", words.join(" and "))
                } else {
                    format!("Check {}", words.first().copied().unwrap_or(""))
                        .trim_end()
                        .to_string()
                }
            }
            Message::Promotion => "Promotion".into(),
            Message::AnyAnswer { word, .. } => word.clone(),
            Message::PawnTries { count } => match count {
                1 => "1 pawn try".into(),
                n => format!("{n} pawn tries"),
            },
            Message::PawnCaptureExists => "Pawn capture".into(),
            Message::PawnCaptureSquares { squares } => {
                format!("Pawn captures on {}", squares.join(", "))
            }
            Message::RebuffCount { of, count } => match count {
                0 => format!("No try of {of}'s was refused last turn"),
                1 => format!("{of} was refused once last turn"),
                n => format!("{of} was refused {n} times last turn"),
            },
            Message::GameOver(o) => format!("Game over: {o}"),
        }
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_ascii_uppercase().to_string() + c.as_str(),
        None => String::new(),
    }
}

/// Model-specific extras of an observation.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Extras {
    /// Dark Chess: every square the player has explored so far.
    pub explored: Vec<Square>,
    /// Dark Chess: the square the player's last attempt probed (turn wasted).
    pub probe: Option<Square>,
    /// Dark Chess: after a refused move into check, the squares of the men
    /// that would attack the king (the "red flash").
    pub red_flash: Vec<Square>,
    /// Fog of War: an en passant capture the player can make this turn: the
    /// pawn that may be taken and the square it passed.
    pub en_passant: Option<EnPassantView>,
    /// Kriegspiel: the player asked "Any?" and must try a pawn capture.
    pub must_try_pawn_capture: bool,
}

/// Which move attempts a model takes besides the hinted ones.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Tries {
    /// Only the hinted moves (every legal move is hinted).
    #[default]
    Hinted,
    /// Besides the hints, the try hints: moves of one's own men the player
    /// cannot know to be possible (Kriegspiel's pawn captures). Together
    /// they are every try the player's own board allows; anything else is
    /// refused on the page and never reaches the umpire.
    TryHints,
    /// Besides the hints, a pawn's probe: one or two steps straight ahead
    /// (two from its first rank, over no man of its own) or one diagonally
    /// ahead, onto a square one's own men do not hold (Dark Chess).
    PawnProbes,
}

/// What a player may do at this moment besides moving along a hint: what
/// the page offers as buttons and pickers, and what an automated player may
/// try. Filled only for the player to move in a game going on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Actions {
    /// Which move attempts the model takes.
    pub tries: Tries,
    /// The player may ask "Any?" (are there pawn captures?) now.
    pub ask_any: bool,
    /// The player may ask how many tries the opponent was refused on their
    /// last turn.
    pub ask_rebuffs: bool,
    /// A knight-like leap goes by one of two L routes and the player picks
    /// which (it decides what the player sees on the way).
    pub choose_route: bool,
    /// The player asked "Any?", heard yes, and must now try a pawn capture.
    pub must_try_pawn_capture: bool,
}

/// An en passant chance as the capturer sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct EnPassantView {
    /// The pawn that may be taken.
    pub victim: Square,
    /// The square it passed (where the capturing pawn lands).
    pub passed: Square,
}

/// Everything one player may know at one ply. See the module docs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Observation {
    /// Whose observation.
    pub player: Color,
    /// The variant played (its id): the rules are no secret.
    #[serde(default)]
    pub variant: String,
    /// Plies played so far (moves and wasted turns).
    pub ply: u32,
    pub width: u8,
    pub height: u8,
    /// The side to move.
    pub turn: Color,
    /// One cell per square, indexed by [`Square::index`].
    pub squares: Vec<Cell>,
    /// What the player knows of the last ply.
    pub last_move: Option<SeenMove>,
    /// Moves the player may be shown as possible (empty when not to move).
    pub hints: Vec<Hint>,
    /// Moves the player may try but cannot know to be possible, the page
    /// marks them apart from the hints (Kriegspiel: a pawn's capture onto a
    /// square that may hold an enemy man). Empty when not to move.
    #[serde(default)]
    pub try_hints: Vec<Hint>,
    /// Announcements the player heard since the previous ply began.
    pub announcements: Vec<Announcement>,
    pub extras: Extras,
    /// What the player may do now besides moving along a hint.
    #[serde(default)]
    pub actions: Actions,
    /// The outcome, once the game is over.
    pub outcome: Option<Outcome>,
}

impl Observation {
    /// The player's picture as a position: its men and the enemy men it
    /// sees, itself to move. `None` when the rules are unknown or the
    /// picture is not a position of them. The greedy player scores moves on
    /// it, and protocol v1 works a player's moves out from it.
    pub fn as_position<B: crate::Bitboard>(&self) -> Option<crate::Position<B>> {
        let variant = crate::Variant::by_id(&self.variant)?;
        let geometry = Geometry::new(usize::from(self.width), usize::from(self.height)).ok()?;
        let setup = crate::Setup {
            geometry,
            board: self
                .squares
                .iter()
                .map(|c| match c {
                    Cell::Man(p) => Some(*p),
                    _ => None,
                })
                .collect(),
            turn: self.player,
            castling: Vec::new(),
            en_passant: None,
            halfmoves: 0,
            fullmoves: 1,
        };
        crate::Position::from_setup(&variant, &setup).ok()
    }

    /// The cell on `sq` (`Fog` off the board).
    pub fn cell(&self, sq: Square) -> Cell {
        self.squares.get(sq.index()).copied().unwrap_or(Cell::Fog)
    }

    /// Whether `player` (this observation's player, to move) may try the
    /// move `from` → `to` on this board: a hinted move, or one the model's
    /// [`Tries`] admits. Read on the player's own picture only: an attempt
    /// this says no to is impossible whatever the hidden men are, so every
    /// page refuses it itself and no model, umpire or opponent hears of it.
    pub fn may_try(&self, from: Square, to: Square) -> bool {
        let own = |sq: Square| matches!(self.cell(sq), Cell::Man(p) if p.color == self.player);
        if self.turn != self.player || self.outcome.is_some() || !own(from) || own(to) {
            return false;
        }
        let listed = |hints: &[Hint]| hints.iter().any(|h| h.from == from && h.to == to);
        if listed(&self.hints) {
            return true;
        }
        match self.actions.tries {
            Tries::Hinted => false,
            Tries::TryHints => listed(&self.try_hints),
            Tries::PawnProbes => self.pawn_probe(from, to),
        }
    }

    /// Whether `from` → `to` is a pawn probe on this picture (see
    /// [`Tries::PawnProbes`]; `from` holds one of the player's men and `to`
    /// none).
    fn pawn_probe(&self, from: Square, to: Square) -> bool {
        if !matches!(self.cell(from), Cell::Man(p) if p.role.spec().pawn) {
            return false;
        }
        let Ok(g) = Geometry::new(usize::from(self.width), usize::from(self.height)) else {
            return false;
        };
        let (ff, fr) = g.coords(from);
        let (tf, tr) = g.coords(to);
        let ahead = (tr - fr) * self.player.fold(1, -1);
        if (tf - ff).abs() == 1 {
            return ahead == 1;
        }
        if tf != ff {
            return false;
        }
        match ahead {
            1 => true,
            2 => {
                let double =
                    crate::Variant::by_id(&self.variant).is_none_or(|v| v.pawn_double_step);
                let first_rank = g.relative_rank(self.player, g.rank(from)).0 == 1;
                let over = g.square_at(ff, fr + self.player.fold(1, -1));
                let own_over = over.is_some_and(
                    |s| matches!(self.cell(s), Cell::Man(p) if p.color == self.player),
                );
                double && first_rank && !own_over
            }
            _ => false,
        }
    }

    /// The squares the player cannot see.
    pub fn fogged(&self) -> Vec<Square> {
        self.squares
            .iter()
            .enumerate()
            .filter(|(_, c)| **c == Cell::Fog)
            .map(|(i, _)| Square(i as u8))
            .collect()
    }

    /// The men the player sees, with their squares.
    pub fn men(&self) -> Vec<(Square, Piece)> {
        self.squares
            .iter()
            .enumerate()
            .filter_map(|(i, c)| match c {
                Cell::Man(p) => Some((Square(i as u8), *p)),
                _ => None,
            })
            .collect()
    }

    /// A text picture (rank 8 at the top): letters as in FEN, `.` empty,
    /// `?` fog.
    pub fn picture(&self) -> String {
        let mut s = String::new();
        for rank in (0..self.height as usize).rev() {
            for file in 0..self.width as usize {
                let i = rank * self.width as usize + file;
                s.push(match self.squares.get(i) {
                    Some(Cell::Man(p)) => p.char(),
                    Some(Cell::Empty) => '.',
                    _ => '?',
                });
            }
            s.push('\n');
        }
        s
    }
}
