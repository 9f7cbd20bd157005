//! Fog puzzles as data: known men, hidden men with the squares they may
//! stand on, the side to move, the stipulation and the rules; read from
//! JSON (files, links, the command line), checked, and carried in links.
//!
//! ```json
//! {"fen": "8/8/5B2/8/8/3N4/R6p/5K1k w - - 0 1",
//!  "hidden": [{"piece": "b", "squares": "dark"}],
//!  "goal": "mate", "moves": 8, "rules": "english", "stalemate": "fail",
//!  "title": "…", "author": "…", "source": "…", "solution": "…"}
//! ```
//!
//! A hidden entry names one man (`"piece": "b"`) or one of several
//! (`"pieces": ["q", "r"]`); its `"squares"` are `"dark"`, `"light"`,
//! `"any"` or a list (`["e1", "h5"]`). Lower case is Black. `goal` is
//! `"mate"` (a Kriegspiel problem: `rules` is an umpire preset id) or
//! `"capture-king"` (Fog of War: `rules` is `"fog"` or left out).
//!
//! [`Puzzle::placements`] lists every way the hidden men may stand: on
//! allowed squares, no two on one square or on a known man, each a position
//! of chess (a king on each side, no pawn on a back rank), and — in a game
//! with check — the side not to move not in check. A puzzle without any placement is refused as
//! impossible.
//!
//! Links: [`Puzzle::to_code`] is a versioned, checksummed URL-safe text
//! (`#/puzzle?p=…`); people writing links by hand may URL-encode the JSON
//! itself (`#/puzzle?json=…`). Every failure is a [`PuzzleError`] with a
//! message that says what is wrong; nothing panics.

use core::fmt;

use serde::{Deserialize, Serialize};

use fogbound_engine::share::{base64url, fnv1a, from_base64url};
use fogbound_engine::{Bitboard128, Color, Geometry, Piece, Position, Setup, Square, Variant};

/// Longest puzzle text accepted (bytes of JSON, or characters of a code).
pub const MAX_PUZZLE_LEN: usize = 16 * 1024;
/// The most placements a puzzle may have (beyond, it is not supported).
pub const MAX_PLACEMENTS: usize = 200_000;
/// The longest stipulation, in moves.
pub const MAX_MOVES: u32 = 50;
/// The code format this build writes and reads.
pub const PUZZLE_CODE_VERSION: u8 = 1;

/// What the solver must force.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Goal {
    /// Checkmate (Kriegspiel problems).
    Mate,
    /// Capture the enemy king (Fog of War, which has no check).
    CaptureKing,
}

/// What a stalemate on the way counts as.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stalemate {
    /// A stalemate fails the stipulation (the problem convention).
    #[default]
    Fail,
}

/// The squares a hidden man may stand on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Squares {
    Dark,
    Light,
    Any,
    List(Vec<Square>),
}

/// One hidden man: which it may be and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hidden {
    pub pieces: Vec<Piece>,
    pub squares: Squares,
}

/// A checked puzzle. See the module docs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The known men, the side to move and the rest of a FEN.
    pub fen: String,
    pub hidden: Vec<Hidden>,
    pub goal: Goal,
    pub moves: u32,
    /// An umpire preset id, or `fog`.
    pub rules: String,
    pub stalemate: Stalemate,
    pub title: Option<String>,
    pub author: Option<String>,
    pub source: Option<String>,
    pub solution: Option<String>,
}

/// One way the hidden men stand: square and man, in the order of
/// [`Puzzle::hidden`].
pub type Placement = Vec<(Square, Piece)>;

/// Why a puzzle was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleError {
    TooLong {
        len: usize,
    },
    /// Not JSON of the puzzle's shape (serde's message).
    Json(String),
    Fen(String),
    /// A field's value is not one this build knows.
    Field {
        field: &'static str,
        message: String,
    },
    /// No way to place the hidden men.
    Impossible(String),
    /// More placements than the solver takes.
    TooManyPlacements {
        count: usize,
    },
    /// A damaged or cut link code.
    Code(String),
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleError::TooLong { len } => {
                write!(f, "the puzzle is {len} bytes long; at most {MAX_PUZZLE_LEN} are accepted")
            }
            PuzzleError::Json(m) => write!(f, "the puzzle is not valid: {m}"),
            PuzzleError::Fen(m) => write!(f, "the puzzle's fen is not valid: {m}"),
            PuzzleError::Field { field, message } => write!(f, "'{field}': {message}"),
            PuzzleError::Impossible(m) => write!(f, "the puzzle is impossible: {m}"),
            PuzzleError::TooManyPlacements { count } => write!(
                f,
                "the hidden men can stand in {count} ways or more; at most {MAX_PLACEMENTS} are supported"
            ),
            PuzzleError::Code(m) => write!(f, "the puzzle code is damaged: {m}"),
        }
    }
}

impl std::error::Error for PuzzleError {}

/// The JSON as written, before checking.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PuzzleFile {
    fen: String,
    #[serde(default)]
    hidden: Vec<HiddenFile>,
    goal: Goal,
    moves: u32,
    #[serde(default)]
    rules: Option<String>,
    #[serde(default)]
    stalemate: Stalemate,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    author: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    source: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct HiddenFile {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    piece: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pieces: Option<Vec<String>>,
    squares: SquaresFile,
}

#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum SquaresFile {
    Named(String),
    List(Vec<String>),
}

fn field(field: &'static str, message: impl Into<String>) -> PuzzleError {
    PuzzleError::Field {
        field,
        message: message.into(),
    }
}

/// At most 40 characters of someone's text, for a message.
fn quoted(text: &str) -> String {
    let cut: String = text.chars().take(40).collect();
    if cut.len() < text.len() {
        format!("{cut}…")
    } else {
        cut
    }
}

fn piece_of(letter: &str) -> Result<Piece, PuzzleError> {
    let mut chars = letter.chars();
    match (chars.next().and_then(Piece::from_char), chars.next()) {
        (Some(p), None) => Ok(p),
        _ => Err(field(
            "hidden",
            format!(
                "'{}' is not a man's letter (K Q R B N P, lower case for Black)",
                quoted(letter)
            ),
        )),
    }
}

impl Puzzle {
    /// Reads and checks a puzzle's JSON.
    pub fn from_json(text: &str) -> Result<Puzzle, PuzzleError> {
        if text.len() > MAX_PUZZLE_LEN {
            return Err(PuzzleError::TooLong { len: text.len() });
        }
        let file: PuzzleFile =
            serde_json::from_str(text).map_err(|e| PuzzleError::Json(e.to_string()))?;
        Puzzle::from_checked_file(file)
    }

    /// A puzzle from its file form, checked as [`Puzzle::from_json`] checks
    /// it (the collection reads its entries this way).
    pub(crate) fn from_checked_file(file: PuzzleFile) -> Result<Puzzle, PuzzleError> {
        let puzzle = Puzzle::from_file(file)?;
        puzzle.placements()?;
        Ok(puzzle)
    }

    fn from_file(file: PuzzleFile) -> Result<Puzzle, PuzzleError> {
        let setup = Setup::from_fen(&file.fen).map_err(|e| PuzzleError::Fen(e.to_string()))?;
        if setup.geometry != Geometry::CHESS {
            return Err(field("fen", "puzzles are played on the 8×8 board"));
        }
        Position::<Bitboard128>::from_setup(&Variant::chess(), &setup)
            .map_err(|e| PuzzleError::Fen(e.to_string()))?;
        let g = setup.geometry;
        let mut hidden = Vec::new();
        for h in file.hidden {
            let pieces = match (h.piece, h.pieces) {
                (Some(p), None) => vec![piece_of(&p)?],
                (None, Some(list)) if !list.is_empty() => {
                    list.iter().map(|p| piece_of(p)).collect::<Result<_, _>>()?
                }
                _ => {
                    return Err(field(
                        "hidden",
                        "each hidden man needs \"piece\" or a non-empty \"pieces\", not both",
                    ))
                }
            };
            let squares = match h.squares {
                SquaresFile::Named(name) => match name.as_str() {
                    "dark" => Squares::Dark,
                    "light" => Squares::Light,
                    "any" => Squares::Any,
                    other => {
                        return Err(field(
                            "hidden",
                            format!(
                                "squares '{}' is not \"dark\", \"light\", \"any\" or a list such as [\"e1\", \"h5\"]",
                                quoted(other)
                            ),
                        ))
                    }
                },
                SquaresFile::List(list) if !list.is_empty() => Squares::List(
                    list.iter()
                        .map(|s| {
                            g.parse_square(s).ok_or_else(|| {
                                field("hidden", format!("'{}' is not a square of the board", quoted(s)))
                            })
                        })
                        .collect::<Result<_, _>>()?,
                ),
                SquaresFile::List(_) => return Err(field("hidden", "an empty list of squares")),
            };
            hidden.push(Hidden { pieces, squares });
        }
        let rules = match (file.goal, file.rules) {
            (Goal::Mate, Some(id)) if fogbound_engine::KriegspielRules::preset(&id).is_some() => id,
            (Goal::Mate, Some(id)) => {
                return Err(field(
                    "rules",
                    format!(
                        "'{}' is not an umpire preset ({})",
                        quoted(&id),
                        fogbound_engine::KriegspielRules::PRESET_IDS.join(", ")
                    ),
                ))
            }
            (Goal::Mate, None) => {
                return Err(field(
                    "rules",
                    "a mate needs an umpire preset, such as \"english\"",
                ))
            }
            (Goal::CaptureKing, None) => "fog".to_string(),
            (Goal::CaptureKing, Some(id)) if id == "fog" => id,
            (Goal::CaptureKing, Some(id)) => {
                return Err(field(
                    "rules",
                    format!(
                        "a capture-king puzzle is played under Fog of War (\"fog\"), not '{}'",
                        quoted(&id)
                    ),
                ))
            }
        };
        if !(1..=MAX_MOVES).contains(&file.moves) {
            return Err(field(
                "moves",
                format!("{} is not from 1 to {MAX_MOVES}", file.moves),
            ));
        }
        Ok(Puzzle {
            fen: file.fen,
            hidden,
            goal: file.goal,
            moves: file.moves,
            rules,
            stalemate: file.stalemate,
            title: file.title,
            author: file.author,
            source: file.source,
            solution: file.solution,
        })
    }

    /// The puzzle as JSON (its canonical form: what the code carries).
    pub fn to_json(&self) -> String {
        let g = Geometry::CHESS;
        let file = PuzzleFile {
            fen: self.fen.clone(),
            hidden: self
                .hidden
                .iter()
                .map(|h| {
                    let letters: Vec<String> =
                        h.pieces.iter().map(|p| p.char().to_string()).collect();
                    let (piece, pieces) = match letters.as_slice() {
                        [one] => (Some(one.clone()), None),
                        _ => (None, Some(letters)),
                    };
                    let squares = match &h.squares {
                        Squares::Dark => SquaresFile::Named("dark".into()),
                        Squares::Light => SquaresFile::Named("light".into()),
                        Squares::Any => SquaresFile::Named("any".into()),
                        Squares::List(l) => {
                            SquaresFile::List(l.iter().map(|&s| g.square_name(s)).collect())
                        }
                    };
                    HiddenFile {
                        piece,
                        pieces,
                        squares,
                    }
                })
                .collect(),
            goal: self.goal,
            moves: self.moves,
            rules: Some(self.rules.clone()),
            stalemate: self.stalemate,
            title: self.title.clone(),
            author: self.author.clone(),
            source: self.source.clone(),
            solution: self.solution.clone(),
        };
        serde_json::to_string(&file).unwrap_or_default()
    }

    /// The link code: version, the canonical JSON, an FNV-1a checksum, in
    /// base64url.
    pub fn to_code(&self) -> String {
        let mut bytes = vec![PUZZLE_CODE_VERSION];
        bytes.extend_from_slice(self.to_json().as_bytes());
        let sum = fnv1a(&bytes);
        bytes.extend(sum.to_be_bytes());
        base64url(&bytes)
    }

    /// Reads a link code ([`Puzzle::to_code`]).
    pub fn from_code(code: &str) -> Result<Puzzle, PuzzleError> {
        let code = code.trim();
        if code.len() > MAX_PUZZLE_LEN * 2 {
            return Err(PuzzleError::TooLong { len: code.len() });
        }
        let bytes = from_base64url(code).map_err(|e| PuzzleError::Code(e.to_string()))?;
        if bytes.len() < 5 {
            return Err(PuzzleError::Code("it is cut short".into()));
        }
        let (body, sum) = bytes.split_at(bytes.len() - 4);
        if fnv1a(body).to_be_bytes() != sum {
            return Err(PuzzleError::Code(
                "its checksum does not match (was the link copied whole?)".into(),
            ));
        }
        if body[0] != PUZZLE_CODE_VERSION {
            return Err(PuzzleError::Code(format!(
                "format version {}; this build reads version {PUZZLE_CODE_VERSION}",
                body[0]
            )));
        }
        let json = core::str::from_utf8(&body[1..])
            .map_err(|_| PuzzleError::Code("it is not text".into()))?;
        Puzzle::from_json(json)
    }

    /// Whether the rules have check (a mate problem) — then the side not to
    /// move may not stand in check.
    fn has_check(&self) -> bool {
        self.goal == Goal::Mate
    }

    /// Every way the hidden men may stand (see the module docs); an error
    /// when there is none or too many.
    pub fn placements(&self) -> Result<Vec<Placement>, PuzzleError> {
        let setup = Setup::from_fen(&self.fen).map_err(|e| PuzzleError::Fen(e.to_string()))?;
        let g = setup.geometry;
        let allowed = |s: &Squares, sq: Square| -> bool {
            let dark = (g.file(sq).0 + g.rank(sq).0) % 2 == 0;
            match s {
                Squares::Dark => dark,
                Squares::Light => !dark,
                Squares::Any => true,
                Squares::List(l) => l.contains(&sq),
            }
        };
        let mut out: Vec<Placement> = Vec::new();
        let mut current: Placement = Vec::new();
        let mut board = setup.board.clone();
        self.place(0, &setup, &mut board, &allowed, &mut current, &mut out)?;
        if out.is_empty() {
            return Err(PuzzleError::Impossible(if self.has_check() {
                "no placement of the hidden men is a legal position (free squares, a king on each side, no pawn on a back rank, the side not to move not in check)".into()
            } else {
                "no placement of the hidden men is a position (free squares, a king on each side, no pawn on a back rank)".into()
            }));
        }
        Ok(out)
    }

    fn place(
        &self,
        index: usize,
        setup: &Setup,
        board: &mut Vec<Option<Piece>>,
        allowed: &dyn Fn(&Squares, Square) -> bool,
        current: &mut Placement,
        out: &mut Vec<Placement>,
    ) -> Result<(), PuzzleError> {
        if out.len() >= MAX_PLACEMENTS {
            return Err(PuzzleError::TooManyPlacements { count: out.len() });
        }
        let Some(h) = self.hidden.get(index) else {
            if self.legal(setup, board) {
                out.push(current.clone());
            }
            return Ok(());
        };
        for sq in setup.geometry.squares() {
            if board[sq.index()].is_some() || !allowed(&h.squares, sq) {
                continue;
            }
            for &piece in &h.pieces {
                board[sq.index()] = Some(piece);
                current.push((sq, piece));
                let done = self.place(index + 1, setup, board, allowed, current, out);
                current.pop();
                board[sq.index()] = None;
                done?;
            }
        }
        Ok(())
    }

    /// Whether the known men with this placement are a position of the
    /// puzzle's rules.
    fn legal(&self, setup: &Setup, board: &[Option<Piece>]) -> bool {
        let mut with = setup.clone();
        with.board = board.to_vec();
        let Ok(pos) = Position::<Bitboard128>::from_setup(&Variant::chess(), &with) else {
            return false;
        };
        Color::ALL.into_iter().all(|c| pos.king_of(c).is_some())
            && !(self.has_check() && pos.is_king_attacked(!with.turn))
    }

    /// The side to move.
    pub fn to_move(&self) -> Color {
        Setup::from_fen(&self.fen).map_or(Color::White, |s| s.turn)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROTENBERG: &str = r#"{"fen": "8/8/5B2/8/8/3N4/R6p/5K1k w - - 0 1",
        "hidden": [{"piece": "b", "squares": "dark"}],
        "goal": "mate", "moves": 8, "rules": "english", "stalemate": "fail",
        "title": "Mate in 8", "author": "Rotenberg", "source": "The Problemist, 1976"}"#;

    #[test]
    fn the_rotenberg_bishop_has_thirty_squares() {
        let p = Puzzle::from_json(ROTENBERG).unwrap();
        let placements = p.placements().unwrap();
        assert_eq!(placements.len(), 30);
        let g = Geometry::CHESS;
        assert!(placements.iter().all(|pl| {
            let (sq, piece) = pl[0];
            piece == Piece::from_char('b').unwrap()
                && (g.file(sq).0 + g.rank(sq).0).is_multiple_of(2)
        }));
        assert_eq!(p.to_move(), Color::White);
    }

    #[test]
    fn codes_and_json_round_trip_and_damage_is_refused() {
        let p = Puzzle::from_json(ROTENBERG).unwrap();
        assert_eq!(Puzzle::from_json(&p.to_json()).unwrap(), p);
        let code = p.to_code();
        assert!(code
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_'));
        assert_eq!(Puzzle::from_code(&code).unwrap(), p);
        for cut in [1, 5, code.len() / 2, code.len() - 1] {
            assert!(Puzzle::from_code(&code[..cut]).is_err(), "cut at {cut}");
        }
        let mut changed = code.into_bytes();
        changed[10] = if changed[10] == b'A' { b'B' } else { b'A' };
        let err = Puzzle::from_code(std::str::from_utf8(&changed).unwrap()).unwrap_err();
        assert!(matches!(err, PuzzleError::Code(_)), "{err}");
    }

    #[test]
    fn one_of_several_men_on_listed_squares() {
        let p = Puzzle::from_json(
            r#"{"fen": "4k3/8/8/8/8/8/8/4K2R w - - 0 1",
                "hidden": [{"pieces": ["q", "r", "b", "n"], "squares": ["a8", "h8", "e2"]}],
                "goal": "mate", "moves": 2, "rules": "cvp"}"#,
        )
        .unwrap();
        // 4 men × 3 squares, all legal: a black man on e2 attacks the white
        // king, which is to move; one on h8 is attacked by the rook, but
        // only the side not to move may not be in check.
        assert_eq!(p.placements().unwrap().len(), 12);
    }

    #[test]
    fn impossible_and_malformed_puzzles_say_what_is_wrong() {
        let cases = [
            ("{", "not valid"),
            (
                r#"{"fen": "8/8/8/8/8/8/8/8 w - - 0 1", "goal": "mate", "moves": 2, "rules": "english"}"#,
                "a king on each side",
            ),
            (
                r#"{"fen": "4k3/8/8/8/8/8/8/4K3 w - - 0 1 x", "goal": "mate", "moves": 2, "rules": "english"}"#,
                "fen",
            ),
            (
                r#"{"fen": "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "goal": "mate", "moves": 2}"#,
                "umpire preset",
            ),
            (
                r#"{"fen": "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "goal": "mate", "moves": 2, "rules": "wild99"}"#,
                "not an umpire preset",
            ),
            (
                r#"{"fen": "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "goal": "mate", "moves": 0, "rules": "english"}"#,
                "not from 1",
            ),
            (
                r#"{"fen": "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "goal": "win", "moves": 2, "rules": "english"}"#,
                "not valid",
            ),
            (
                r#"{"fen": "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "goal": "mate", "moves": 2, "rules": "english", "extra": 1}"#,
                "not valid",
            ),
            (
                r#"{"fen": "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "hidden": [{"piece": "x", "squares": "any"}], "goal": "mate", "moves": 2, "rules": "english"}"#,
                "not a man's letter",
            ),
            (
                r#"{"fen": "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "hidden": [{"piece": "q", "squares": ["z9"]}], "goal": "mate", "moves": 2, "rules": "english"}"#,
                "not a square",
            ),
            (
                r#"{"fen": "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "hidden": [{"piece": "q", "squares": "purple"}], "goal": "mate", "moves": 2, "rules": "english"}"#,
                "is not \"dark\"",
            ),
            // Only square e1, held by the white king.
            (
                r#"{"fen": "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "hidden": [{"piece": "q", "squares": ["e1"]}], "goal": "mate", "moves": 2, "rules": "english"}"#,
                "impossible",
            ),
            // A white rook that would give check to Black, not to move.
            (
                r#"{"fen": "4k3/8/8/8/8/8/8/K7 w - - 0 1", "hidden": [{"piece": "R", "squares": ["e2"]}], "goal": "mate", "moves": 2, "rules": "english"}"#,
                "impossible",
            ),
            // A pawn only on a back rank.
            (
                r#"{"fen": "4k3/8/8/8/8/8/8/K7 w - - 0 1", "hidden": [{"piece": "p", "squares": ["a8", "h1"]}], "goal": "mate", "moves": 2, "rules": "english"}"#,
                "impossible",
            ),
            (
                r#"{"fen": "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "goal": "capture-king", "moves": 2, "rules": "english"}"#,
                "Fog of War",
            ),
        ];
        for (text, expected) in cases {
            let err = Puzzle::from_json(text).unwrap_err().to_string();
            assert!(err.contains(expected), "{text}\n→ {err}");
        }
        // In Fog of War there is no check: the same rook is a placement.
        let fog = Puzzle::from_json(
            r#"{"fen": "4k3/8/8/8/8/8/8/K7 w - - 0 1", "hidden": [{"piece": "R", "squares": ["e2"]}], "goal": "capture-king", "moves": 2}"#,
        )
        .unwrap();
        assert_eq!(fog.placements().unwrap().len(), 1);
        assert_eq!(fog.rules, "fog");
        // Too many ways: four queens anywhere.
        let many = r#"{"fen": "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "hidden": [{"piece": "q", "squares": "any"}, {"piece": "q", "squares": "any"}, {"piece": "q", "squares": "any"}, {"piece": "q", "squares": "any"}], "goal": "capture-king", "moves": 2}"#;
        assert!(matches!(
            Puzzle::from_json(many),
            Err(PuzzleError::TooManyPlacements { .. })
        ));
        // Garbage never panics.
        let mut seed = 99u64;
        for len in 0..200 {
            let text: String = (0..len)
                .map(|_| {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                    char::from(b"{}[]\":,abcdefkqrnp12345678 -/wdark"[(seed >> 59) as usize % 34])
                })
                .collect();
            let _ = Puzzle::from_json(&text);
            let _ = Puzzle::from_code(&text);
        }
    }
}
