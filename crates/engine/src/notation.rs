//! Move text: SAN-like and coordinate notation, printed and parsed against a
//! position and rule mode.
//!
//! Coordinate text: `e2e4`, promotions add the new role's lower-case letter
//! (`e7e8q`, `a7a8f`). Orthodox castling is the king's move (`e1g1`); free
//! castling adds the rook's destination after a slash (`e8c8/d8`).
//!
//! SAN-like text: as in chess (`Nf3`, `exd5`, `e8=Q`, `Raxd1+`, `O-O`,
//! `O-O-O`), with the fairy letters `A`, `H`, `F`, squares of any board
//! (`j10`), and free castling written `O-O-O/c8d8` (king's then rook's
//! destination). Parsing is lenient about check marks, `!`/`?`, a missing `x`
//! and a missing `=`; a promotion may be omitted when only one role is
//! possible. Parsers never panic.

use core::fmt;

use crate::{Bitboard, CastlingRule, Move, MoveKind, Position, Role, RuleMode, Square};

/// Longest move text accepted.
pub const MAX_MOVE_TEXT: usize = 32;

/// Why a move text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveTextError {
    /// Nothing to read.
    Empty,
    /// Longer than [`MAX_MOVE_TEXT`].
    TooLong,
    /// Not a move in the notation.
    Syntax { text: String },
    /// Well formed, but no such move is possible here.
    Illegal { text: String },
    /// Several moves fit; more detail is needed.
    Ambiguous { text: String },
    /// A pawn's move to its last rank that does not say what the pawn
    /// becomes (`h8`): the move is known, the new man is to be asked for.
    PromotionUnnamed {
        text: String,
        from: Square,
        to: Square,
    },
}

impl fmt::Display for MoveTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveTextError::Empty => write!(f, "empty move"),
            MoveTextError::TooLong => write!(f, "move text longer than {MAX_MOVE_TEXT} characters"),
            MoveTextError::Syntax { text } => write!(f, "'{text}' is not a move in this notation"),
            MoveTextError::Illegal { text } => {
                write!(f, "'{text}' is not possible in this position")
            }
            MoveTextError::Ambiguous { text } => {
                write!(
                    f,
                    "'{text}' fits more than one move; add the starting file or rank"
                )
            }
            MoveTextError::PromotionUnnamed { text, .. } => {
                write!(
                    f,
                    "'{text}' takes a pawn to its last rank; add what it becomes (=Q, =R, =B or =N)"
                )
            }
        }
    }
}

impl std::error::Error for MoveTextError {}

fn pick(text: &str, found: Vec<Move>) -> Result<Move, MoveTextError> {
    match found.len() {
        0 => Err(MoveTextError::Illegal { text: text.into() }),
        1 => Ok(found[0]),
        _ => Err(MoveTextError::Ambiguous { text: text.into() }),
    }
}

fn check_len(text: &str) -> Result<&str, MoveTextError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(MoveTextError::Empty);
    }
    if t.len() > MAX_MOVE_TEXT {
        return Err(MoveTextError::TooLong);
    }
    Ok(t)
}

impl<B: Bitboard> Position<B> {
    fn name(&self, sq: Square) -> String {
        self.geometry().square_name(sq)
    }

    /// Coordinate text of `m` (see the module docs).
    pub fn to_coord(&self, m: &Move) -> String {
        let mut s = format!("{}{}", self.name(m.from), self.name(m.to));
        if let Some(p) = m.promotion {
            s.push(p.lower_char());
        }
        if let MoveKind::Castle { rook_to, .. } = m.kind {
            if matches!(self.variant().castling, CastlingRule::Free { .. }) {
                s.push('/');
                s.push_str(&self.name(rook_to));
            }
        }
        s
    }

    /// Reads coordinate text and finds the move among the moves of `mode`.
    pub fn parse_coord(&self, text: &str, mode: RuleMode) -> Result<Move, MoveTextError> {
        let t = check_len(text)?;
        let syntax = || MoveTextError::Syntax { text: t.into() };
        let g = self.geometry();
        let (from, rest) = g.parse_square_prefix(t).ok_or_else(syntax)?;
        let (to, rest) = g.parse_square_prefix(rest).ok_or_else(syntax)?;
        let (promotion, rest) = match rest.chars().next() {
            Some(c) if c.is_ascii_alphabetic() => {
                (Some(Role::from_char(c).ok_or_else(syntax)?), &rest[1..])
            }
            _ => (None, rest),
        };
        let rook_to = match rest.strip_prefix('/') {
            Some(r) => Some(g.parse_square(r).ok_or_else(syntax)?),
            None if rest.is_empty() => None,
            None => return Err(syntax()),
        };
        let moves = self.moves(mode);
        let plain: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| {
                m.from == from
                    && m.to == to
                    && m.promotion == promotion
                    && match m.kind {
                        MoveKind::Castle { rook_to: rt, .. } => match rook_to {
                            Some(want) => rt == want,
                            None => true,
                        },
                        _ => rook_to.is_none(),
                    }
            })
            .collect();
        // A plain king step wins over a free castling with the same king move
        // when no rook square is given.
        if plain.len() > 1 && rook_to.is_none() {
            let non_castle: Vec<Move> = plain.iter().copied().filter(|m| !m.is_castle()).collect();
            if non_castle.len() == 1 {
                return Ok(non_castle[0]);
            }
        }
        pick(t, plain)
    }

    /// SAN-like text of `m` among the moves of `mode`, with `+`/`#` marks
    /// where the rules have check: under [`RuleMode::CaptureKing`] (Fog of
    /// War) there is no check, so no marks.
    pub fn to_san(&self, m: &Move, mode: RuleMode) -> String {
        let mut s = self.san_body(m, mode);
        if mode == RuleMode::Orthodox {
            let after = self.after(m);
            if after.is_check() {
                s.push(if after.legal_moves().is_empty() {
                    '#'
                } else {
                    '+'
                });
            }
        }
        s
    }

    /// SAN-like text of `m` without check marks, told apart from the other
    /// moves of `mode` in this position. On a player's own picture (enemy
    /// men they cannot see taken off) it is the move as they know it.
    pub fn san_without_marks(&self, m: &Move, mode: RuleMode) -> String {
        self.san_body(m, mode)
    }

    fn san_body(&self, m: &Move, mode: RuleMode) -> String {
        let g = self.geometry();
        if let MoveKind::Castle { rook_to, .. } = m.kind {
            let east = g.file(m.to) > g.file(m.from);
            let mut s = String::from(if east { "O-O" } else { "O-O-O" });
            if matches!(self.variant().castling, CastlingRule::Free { .. }) {
                s.push('/');
                s.push_str(&self.name(m.to));
                s.push_str(&self.name(rook_to));
            }
            return s;
        }
        let mut s = String::new();
        if m.role == Role::Pawn {
            if m.capture.is_some() {
                s.push(g.file(m.from).char());
                s.push('x');
            }
            s.push_str(&self.name(m.to));
        } else {
            s.push(m.role.upper_char());
            let rivals: Vec<Move> = self
                .moves(mode)
                .into_iter()
                .filter(|o| o.role == m.role && o.to == m.to && o.from != m.from && !o.is_castle())
                .collect();
            if !rivals.is_empty() {
                let same_file = rivals.iter().any(|o| g.file(o.from) == g.file(m.from));
                let same_rank = rivals.iter().any(|o| g.rank(o.from) == g.rank(m.from));
                if !same_file {
                    s.push(g.file(m.from).char());
                } else if !same_rank {
                    s.push_str(&g.rank(m.from).to_string());
                } else {
                    s.push_str(&self.name(m.from));
                }
            }
            if m.capture.is_some() {
                s.push('x');
            }
            s.push_str(&self.name(m.to));
        }
        if let Some(p) = m.promotion {
            s.push('=');
            s.push(p.upper_char());
        }
        s
    }

    /// Reads SAN-like text and finds the move among the moves of `mode`.
    pub fn parse_san(&self, text: &str, mode: RuleMode) -> Result<Move, MoveTextError> {
        let t = check_len(text)?;
        let syntax = || MoveTextError::Syntax { text: t.into() };
        let body = t.trim_end_matches(['+', '#', '!', '?']);
        if body.is_empty() {
            return Err(syntax());
        }
        let g = self.geometry();
        let moves = self.moves(mode);

        let castle_text = body.replace('0', "O");
        if let Some(after_short) = castle_text.strip_prefix("O-O") {
            let (long, rest) = match after_short.strip_prefix("-O") {
                Some(r) => (true, r),
                None => (false, after_short),
            };
            let targets = match rest.strip_prefix('/') {
                Some(sqs) => {
                    let (k, r) = g.parse_square_prefix(sqs).ok_or_else(syntax)?;
                    let rk = g.parse_square(r).ok_or_else(syntax)?;
                    Some((k, rk))
                }
                None if rest.is_empty() => None,
                None => return Err(syntax()),
            };
            let found = moves
                .into_iter()
                .filter(|m| match m.kind {
                    MoveKind::Castle { rook_to, .. } => {
                        let east = g.file(m.to) > g.file(m.from);
                        east != long
                            && match targets {
                                Some((k, r)) => m.to == k && rook_to == r,
                                None => true,
                            }
                    }
                    _ => false,
                })
                .collect();
            return pick(t, found);
        }

        let mut chars = body.char_indices();
        let (role, rest) = match chars.next() {
            Some((_, c)) if c.is_ascii_uppercase() => {
                (Role::from_char(c).ok_or_else(syntax)?, &body[1..])
            }
            Some(_) => (Role::Pawn, body),
            None => return Err(syntax()),
        };
        // Promotion suffix: "=Q" or a trailing upper-case letter.
        let (rest, promotion) = match rest.char_indices().last() {
            Some((i, c)) if c.is_ascii_uppercase() => {
                let r = Role::from_char(c).ok_or_else(syntax)?;
                let head = rest[..i].strip_suffix('=').unwrap_or(&rest[..i]);
                (head, Some(r))
            }
            _ => (rest, None),
        };
        // Destination: the last "letter + digits" at the end.
        let bytes = rest.as_bytes();
        let mut i = bytes.len();
        while i > 0 && bytes[i - 1].is_ascii_digit() {
            i -= 1;
        }
        if i == 0 || i == bytes.len() || !bytes[i - 1].is_ascii_lowercase() {
            return Err(syntax());
        }
        let to = g.parse_square(&rest[i - 1..]).ok_or_else(syntax)?;
        let mut prefix = &rest[..i - 1];
        prefix = prefix
            .strip_suffix('x')
            .or_else(|| prefix.strip_suffix(':'))
            .unwrap_or(prefix);
        // Disambiguation: optional file letter, optional rank number.
        let mut from_file = None;
        let mut from_rank = None;
        let mut p = prefix;
        if let Some(c) = p.chars().next() {
            if c.is_ascii_lowercase() {
                from_file = Some(crate::File::from_char(c).ok_or_else(syntax)?);
                p = &p[1..];
            }
        }
        if !p.is_empty() {
            let n: u8 = p.parse().map_err(|_| syntax())?;
            if n == 0 {
                return Err(syntax());
            }
            from_rank = Some(crate::Rank(n - 1));
        }
        let found: Vec<Move> = moves
            .into_iter()
            .filter(|m| {
                !m.is_castle()
                    && m.role == role
                    && m.to == to
                    && from_file.is_none_or(|f| g.file(m.from) == f)
                    && from_rank.is_none_or(|r| g.rank(m.from) == r)
            })
            .collect();
        let with_promo: Vec<Move> = match promotion {
            Some(p) => found
                .into_iter()
                .filter(|m| m.promotion == Some(p))
                .collect(),
            None => found,
        };
        if let [first, rest @ ..] = with_promo.as_slice() {
            let one_pawn_move = first.promotion.is_some()
                && rest
                    .iter()
                    .all(|m| m.from == first.from && m.to == first.to);
            if promotion.is_none() && !rest.is_empty() && one_pawn_move {
                return Err(MoveTextError::PromotionUnnamed {
                    text: t.into(),
                    from: first.from,
                    to: first.to,
                });
            }
        }
        pick(t, with_promo)
    }

    /// Why SAN-like `text`, which reads as a move, fits no move of `mode`
    /// here, in words for the mover (`you have no queen`, `your knight on
    /// b1 cannot go to e5`). `None` when the text does not read as a move
    /// or fits one.
    pub fn why_no_move(&self, text: &str, mode: RuleMode) -> Option<String> {
        if self.parse_san(text, mode).is_ok() {
            return None;
        }
        let body = text.trim().trim_end_matches(['+', '#', '!', '?']);
        let (role, rest) = match body.chars().next()? {
            c if c.is_ascii_uppercase() => (Role::from_char(c)?, &body[1..]),
            c if c.is_ascii_lowercase() => (Role::Pawn, body),
            _ => return None,
        };
        let g = self.geometry();
        let rest = rest.trim_end_matches(|c: char| c.is_ascii_uppercase() || c == '=');
        let digits = rest.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        let to = g.parse_square(rest.get(digits.checked_sub(1)?..)?)?;
        let name = role.name();
        let mine = self.by_color(self.turn()) & self.by_role(role);
        let squares: Vec<String> = mine.squares().map(|s| self.name(s)).collect();
        if squares.is_empty() {
            return Some(format!("you have no {name}"));
        }
        if self.by_color(self.turn()).contains(to) {
            return Some(format!("your own man stands on {}", self.name(to)));
        }
        let to = self.name(to);
        Some(match squares.as_slice() {
            [one] => format!("your {name} on {one} cannot go to {to}"),
            [a, b] => format!("neither of your {name}s (on {a} and {b}) can go to {to}"),
            many => format!(
                "none of your {name}s (on {}) can go to {to}",
                many.join(", ")
            ),
        })
    }
}
