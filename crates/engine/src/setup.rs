//! Unvalidated positions ([`Setup`]) and extended FEN.
//!
//! FEN is extended for boards of 3…16 files and ranks and for fairy men:
//! - ranks from the top down, separated by `/`; each rank lists men by letter
//!   (see [`role`](crate::role) for the letters) and runs of empty squares as
//!   decimal numbers, which may have two digits (`10` on a 10-file board);
//!   every rank must describe exactly the same number of files;
//! - castling: `-`, or `K`/`Q`/`k`/`q` for the outermost rook on the king's
//!   east (higher-file) / west side, or a file letter (`A`…`P` for White,
//!   `a`…`p` for Black) naming the rook's file (Shredder style; `K` and `Q`
//!   always mean the outermost rook, so an inner rook on file k is not
//!   expressible);
//! - en passant: `-` or the square a pawn crossed in its double step;
//! - half-move clock and move number are optional (defaults `0` and `1`).
//!
//! Parsing never panics and reports a typed [`FenError`].

use core::fmt;

use crate::{Color, File, Geometry, Piece, Rank, Role, Square};

/// Longest FEN text accepted (a 16×16 board with every square spelt out plus
/// the other fields fits easily).
pub const MAX_FEN_LEN: usize = 1024;

/// One castling right as written in FEN, resolved against the king when the
/// position is built.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastlingFlag {
    /// The outermost rook on the king's higher-file side (`K`/`k`).
    KingSide(Color),
    /// The outermost rook on the king's lower-file side (`Q`/`q`).
    QueenSide(Color),
    /// The rook on this file of the side's first rank.
    File(Color, File),
}

impl CastlingFlag {
    /// The FEN letter.
    pub fn char(self) -> char {
        let (c, ch) = match self {
            CastlingFlag::KingSide(c) => (c, 'k'),
            CastlingFlag::QueenSide(c) => (c, 'q'),
            CastlingFlag::File(c, f) => (c, f.char()),
        };
        match c {
            Color::White => ch.to_ascii_uppercase(),
            Color::Black => ch,
        }
    }
}

/// A position as written, not yet checked against any variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub geometry: Geometry,
    /// One entry per square, indexed by [`Square::index`].
    pub board: Vec<Option<Piece>>,
    pub turn: Color,
    pub castling: Vec<CastlingFlag>,
    pub en_passant: Option<Square>,
    pub halfmoves: u32,
    pub fullmoves: u32,
}

/// Why a FEN text could not be read, or the position it names is not valid
/// for the variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// Nothing but white space.
    Empty,
    /// Longer than [`MAX_FEN_LEN`] bytes.
    TooLong { len: usize },
    /// Not 3…16 ranks.
    RankCount { count: usize },
    /// A rank (numbered from 1 at the bottom) describes a different number of
    /// files than the top rank.
    RankLength {
        rank: usize,
        files: usize,
        expected: usize,
    },
    /// The ranks describe fewer than 3 or more than 16 files.
    FileCount { files: usize },
    /// A character that is neither a man's letter nor a digit.
    BadPiece { rank: usize, found: char },
    /// An empty-square count of zero or with a leading zero.
    BadEmptyCount { rank: usize, text: String },
    /// The side to move is not `w` or `b`.
    BadTurn { found: String },
    /// The castling field has an unknown letter or repeats one.
    BadCastling { found: String },
    /// The en passant field is not `-` or a square of the board.
    BadEnPassant { found: String },
    /// The half-move clock is not a number.
    BadHalfmoves { found: String },
    /// The move number is not a positive number.
    BadFullmoves { found: String },
    /// More than six fields.
    ExtraField { found: String },
    /// The text is well formed but the position is not valid in the variant.
    Invalid(crate::PositionError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => write!(f, "empty FEN"),
            FenError::TooLong { len } => {
                write!(f, "FEN is {len} bytes long; at most {MAX_FEN_LEN} are accepted")
            }
            FenError::RankCount { count } => write!(
                f,
                "FEN board has {count} ranks; boards have 3 to 16 ranks separated by '/'"
            ),
            FenError::RankLength {
                rank,
                files,
                expected,
            } => write!(
                f,
                "rank {rank} of the FEN board describes {files} files but the top rank describes {expected}"
            ),
            FenError::FileCount { files } => write!(
                f,
                "FEN ranks describe {files} files; boards have 3 to 16 files"
            ),
            FenError::BadPiece { rank, found } => write!(
                f,
                "rank {rank} of the FEN board has '{found}', which is neither a man's letter (PNBRQKAHF, lower case for Black) nor a digit"
            ),
            FenError::BadEmptyCount { rank, text } => write!(
                f,
                "rank {rank} of the FEN board has the empty-square count '{text}'; counts are 1 to 16 without leading zeros"
            ),
            FenError::BadTurn { found } => {
                write!(f, "side to move is '{found}'; expected 'w' or 'b'")
            }
            FenError::BadCastling { found } => write!(
                f,
                "castling field '{found}' is not '-' or distinct letters from KQkq and file letters"
            ),
            FenError::BadEnPassant { found } => write!(
                f,
                "en passant field '{found}' is not '-' or a square of this board"
            ),
            FenError::BadHalfmoves { found } => {
                write!(f, "half-move clock '{found}' is not a whole number")
            }
            FenError::BadFullmoves { found } => {
                write!(f, "move number '{found}' is not a positive whole number")
            }
            FenError::ExtraField { found } => {
                write!(f, "unexpected text '{found}' after the six FEN fields")
            }
            FenError::Invalid(e) => write!(f, "invalid position: {e}"),
        }
    }
}

impl std::error::Error for FenError {}

impl From<crate::PositionError> for FenError {
    fn from(e: crate::PositionError) -> FenError {
        FenError::Invalid(e)
    }
}

fn clip(s: &str) -> String {
    s.chars().take(40).collect()
}

impl Setup {
    /// Reads an (extended) FEN. The board size comes from the text.
    pub fn from_fen(text: &str) -> Result<Setup, FenError> {
        if text.len() > MAX_FEN_LEN {
            return Err(FenError::TooLong { len: text.len() });
        }
        let mut fields = text.split_ascii_whitespace();
        let board_text = fields.next().ok_or(FenError::Empty)?;
        let rows: Vec<&str> = board_text.split('/').collect();
        let height = rows.len();
        if !(3..=16).contains(&height) {
            return Err(FenError::RankCount { count: height });
        }
        let mut parsed: Vec<Vec<Option<Piece>>> = Vec::with_capacity(height);
        for (i, row) in rows.iter().enumerate() {
            let rank = height - i;
            let mut cells = Vec::new();
            let bytes = row.as_bytes();
            let mut j = 0;
            while j < bytes.len() {
                let c = bytes[j];
                if c.is_ascii_digit() {
                    let start = j;
                    while j < bytes.len() && bytes[j].is_ascii_digit() {
                        j += 1;
                    }
                    let digits = &row[start..j];
                    let n: usize = match digits.parse() {
                        Ok(n) if !digits.starts_with('0') && (1..=16).contains(&n) => n,
                        _ => {
                            return Err(FenError::BadEmptyCount {
                                rank,
                                text: clip(digits),
                            })
                        }
                    };
                    cells.extend(std::iter::repeat_n(None, n));
                } else {
                    let ch = row[j..].chars().next().unwrap_or('?');
                    match Piece::from_char(ch) {
                        Some(p) if ch.is_ascii() => cells.push(Some(p)),
                        _ => return Err(FenError::BadPiece { rank, found: ch }),
                    }
                    j += ch.len_utf8();
                }
                if cells.len() > 16 {
                    return Err(FenError::FileCount { files: cells.len() });
                }
            }
            if let Some(first) = parsed.first() {
                if cells.len() != first.len() {
                    return Err(FenError::RankLength {
                        rank,
                        files: cells.len(),
                        expected: first.len(),
                    });
                }
            }
            parsed.push(cells);
        }
        let width = parsed[0].len();
        let geometry =
            Geometry::new(width, height).map_err(|_| FenError::FileCount { files: width })?;
        let mut board = vec![None; geometry.square_count()];
        for (i, row) in parsed.into_iter().enumerate() {
            let rank = (height - 1 - i) as u8;
            for (f, cell) in row.into_iter().enumerate() {
                if let Some(sq) = geometry.square(File(f as u8), Rank(rank)) {
                    board[sq.index()] = cell;
                }
            }
        }

        let turn = match fields.next() {
            None => Color::White,
            Some(t) => match t {
                "w" => Color::White,
                "b" => Color::Black,
                _ => return Err(FenError::BadTurn { found: clip(t) }),
            },
        };
        let mut castling = Vec::new();
        if let Some(c) = fields.next() {
            if c != "-" {
                for ch in c.chars() {
                    let color = if ch.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let flag = match ch.to_ascii_lowercase() {
                        'k' => CastlingFlag::KingSide(color),
                        'q' => CastlingFlag::QueenSide(color),
                        l => match File::from_char(l) {
                            Some(file) if file.0 < geometry.width() && ch.is_ascii() => {
                                CastlingFlag::File(color, file)
                            }
                            _ => return Err(FenError::BadCastling { found: clip(c) }),
                        },
                    };
                    if castling.contains(&flag) {
                        return Err(FenError::BadCastling { found: clip(c) });
                    }
                    castling.push(flag);
                }
            }
        }
        let en_passant = match fields.next() {
            None | Some("-") => None,
            Some(e) => Some(
                geometry
                    .parse_square(e)
                    .ok_or_else(|| FenError::BadEnPassant { found: clip(e) })?,
            ),
        };
        let halfmoves = match fields.next() {
            None => 0,
            Some(h) => h
                .parse::<u32>()
                .map_err(|_| FenError::BadHalfmoves { found: clip(h) })?,
        };
        let fullmoves = match fields.next() {
            None => 1,
            Some(m) => match m.parse::<u32>() {
                Ok(n) if n >= 1 => n,
                _ => return Err(FenError::BadFullmoves { found: clip(m) }),
            },
        };
        if let Some(extra) = fields.next() {
            return Err(FenError::ExtraField { found: clip(extra) });
        }
        Ok(Setup {
            geometry,
            board,
            turn,
            castling,
            en_passant,
            halfmoves,
            fullmoves,
        })
    }

    /// The man on `sq`.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.get(sq.index()).copied().flatten()
    }

    /// The board field of FEN.
    pub fn board_fen(&self) -> String {
        let g = self.geometry;
        let mut out = String::new();
        for rank in (0..g.height()).rev() {
            let mut empty = 0;
            for file in 0..g.width() {
                let sq = g.square(File(file), Rank(rank)).expect("on board");
                match self.piece_at(sq) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(p.char());
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out
    }

    /// The full FEN text.
    pub fn to_fen(&self) -> String {
        let castling: String = if self.castling.is_empty() {
            "-".into()
        } else {
            self.castling.iter().map(|c| c.char()).collect()
        };
        let ep = match self.en_passant {
            Some(sq) => self.geometry.square_name(sq),
            None => "-".into(),
        };
        format!(
            "{} {} {} {} {} {}",
            self.board_fen(),
            self.turn.char(),
            castling,
            ep,
            self.halfmoves,
            self.fullmoves
        )
    }

    /// Counts men of `color` and `role`.
    pub fn count(&self, color: Color, role: Role) -> usize {
        self.board
            .iter()
            .filter(|p| **p == Some(Piece { color, role }))
            .count()
    }
}
