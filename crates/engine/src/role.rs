//! Kinds of men and how they move, as data.
//!
//! Every [`Role`] has one [`PieceSpec`] in [`PIECES`]: leaper offsets, slider
//! line groups (with an optional stop rule), pawn behaviour and the flags the
//! rules need (royal, subject to check, can capture, who may capture it,
//! whether it confines the enemy king). The engine compiles these into
//! step/ray tables per board size ([`Rules`](crate::Rules)). A new fairy piece
//! is one more `Role` variant plus one `PieceSpec` entry.
//!
//! FEN letters (upper case White, lower case Black): `P` pawn, `N` knight,
//! `B` bishop, `R` rook, `Q` queen, `K` king, `A` archbishop (bishop + knight),
//! `H` hunter, `F` fool.

use core::fmt;
use serde::{Deserialize, Serialize};

use crate::Color;

/// A kind of man.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[repr(u8)]
pub enum Role {
    Pawn = 0,
    Knight = 1,
    Bishop = 2,
    Rook = 3,
    Queen = 4,
    King = 5,
    Archbishop = 6,
    Hunter = 7,
    Fool = 8,
}

impl Role {
    /// Number of roles.
    pub const COUNT: usize = 9;
    /// Every role, in index order.
    pub const ALL: [Role; Role::COUNT] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
        Role::Archbishop,
        Role::Hunter,
        Role::Fool,
    ];

    /// The index of the role in [`Role::ALL`] and [`PIECES`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The movement data of this role.
    #[inline]
    pub fn spec(self) -> &'static PieceSpec {
        &PIECES[self.index()]
    }

    /// The usual worth of the man in centipawns, for move ordering and
    /// evaluation; 0 for a royal man, which is the game itself and is
    /// weighed apart.
    pub const fn value(self) -> i32 {
        match self {
            Role::Pawn => 100,
            Role::Knight => 300,
            Role::Bishop => 320,
            Role::Hunter => 400,
            Role::Rook => 500,
            Role::Archbishop => 750,
            Role::Queen => 900,
            Role::King | Role::Fool => 0,
        }
    }

    /// The upper-case letter (`'P'`, `'N'`, …, `'F'`).
    pub fn upper_char(self) -> char {
        self.spec().letter
    }

    /// The lower-case letter.
    pub fn lower_char(self) -> char {
        self.spec().letter.to_ascii_lowercase()
    }

    /// The role for a letter of either case.
    pub fn from_char(c: char) -> Option<Role> {
        let up = c.to_ascii_uppercase();
        Role::ALL.into_iter().find(|r| r.spec().letter == up)
    }

    /// The English name, e.g. `"archbishop"`.
    pub fn name(self) -> &'static str {
        self.spec().name
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A man: a colour and a role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    /// The FEN letter: upper case for White.
    pub fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.lower_char(),
        }
    }

    /// The man for a FEN letter.
    pub fn from_char(c: char) -> Option<Piece> {
        let role = Role::from_char(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }
}

/// Where a slider may stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Stop {
    /// On any square of the line (up to and including the first man).
    Any,
    /// Only on squares of the same colour as the square it starts from; men on
    /// the other squares still block the line (the Hunter's orthogonal move).
    SameColour,
}

/// How a role moves and which special rules it obeys. See the module docs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceSpec {
    pub role: Role,
    /// English name.
    pub name: &'static str,
    /// Upper-case FEN / SAN letter.
    pub letter: char,
    /// Leaps as `(file delta, rank delta)`; the set must be closed under
    /// negation (attacks are looked up in reverse).
    pub leaps: &'static [(i8, i8)],
    /// Slides along the four diagonals.
    pub diagonal: Option<Stop>,
    /// Slides along ranks and files.
    pub orthogonal: Option<Stop>,
    /// Moves as a pawn (push, double step from its second rank, diagonal
    /// capture, en passant, promotion on the last rank); leaps and slides are
    /// ignored.
    pub pawn: bool,
    /// Losing every royal man loses the game (kings; Foolish King's fools).
    pub royal: bool,
    /// Check applies: it may not be left attacked in orthodox play. At most one
    /// such man per side.
    pub subject_to_check: bool,
    /// Takes part in castling as the king.
    pub castles: bool,
    /// May capture at all.
    pub can_capture: bool,
    /// If not empty, only these roles may capture it.
    pub captured_only_by: &'static [Role],
    /// The enemy king may not step onto a square this man reaches, and this
    /// man may not move to (or be promoted on) a square from which it would
    /// reach the enemy king (the Fool).
    pub confines_enemy_king: bool,
    /// Value in pawns, for bots and material tallies.
    pub value: u8,
}

const KNIGHT: &[(i8, i8)] = &[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING: &[(i8, i8)] = &[
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];
const KNIGHT_WAZIR: &[(i8, i8)] = &[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
    (0, 1),
    (1, 0),
    (0, -1),
    (-1, 0),
];

const fn base(role: Role, name: &'static str, letter: char, value: u8) -> PieceSpec {
    PieceSpec {
        role,
        name,
        letter,
        leaps: &[],
        diagonal: None,
        orthogonal: None,
        pawn: false,
        royal: false,
        subject_to_check: false,
        castles: false,
        can_capture: true,
        captured_only_by: &[],
        confines_enemy_king: false,
        value,
    }
}

/// The movement data of every role, indexed by [`Role::index`].
pub const PIECES: [PieceSpec; Role::COUNT] = [
    PieceSpec {
        pawn: true,
        ..base(Role::Pawn, "pawn", 'P', 1)
    },
    PieceSpec {
        leaps: KNIGHT,
        ..base(Role::Knight, "knight", 'N', 3)
    },
    PieceSpec {
        diagonal: Some(Stop::Any),
        ..base(Role::Bishop, "bishop", 'B', 3)
    },
    PieceSpec {
        orthogonal: Some(Stop::Any),
        ..base(Role::Rook, "rook", 'R', 5)
    },
    PieceSpec {
        diagonal: Some(Stop::Any),
        orthogonal: Some(Stop::Any),
        ..base(Role::Queen, "queen", 'Q', 9)
    },
    PieceSpec {
        leaps: KING,
        royal: true,
        subject_to_check: true,
        castles: true,
        ..base(Role::King, "king", 'K', 0)
    },
    // Foolish King Chess: "The Archbishop (A) moves as either a Bishop or a Knight".
    PieceSpec {
        leaps: KNIGHT,
        diagonal: Some(Stop::Any),
        ..base(Role::Archbishop, "archbishop", 'A', 7)
    },
    // Foolish King Chess: slides diagonally as a bishop; slides along ranks and files but
    // stops only on squares of its own colour; men on the other squares block.
    PieceSpec {
        diagonal: Some(Stop::Any),
        orthogonal: Some(Stop::SameColour),
        ..base(Role::Hunter, "hunter", 'H', 5)
    },
    // Foolish King Chess: moves as a knight or one step along a rank or file; cannot
    // capture; only pawns and the king capture it; White's royal man.
    PieceSpec {
        leaps: KNIGHT_WAZIR,
        royal: true,
        can_capture: false,
        captured_only_by: &[Role::Pawn, Role::King],
        confines_enemy_king: true,
        ..base(Role::Fool, "fool", 'F', 0)
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_are_in_index_order_and_leaps_symmetric() {
        for role in Role::ALL {
            let spec = role.spec();
            assert_eq!(spec.role, role);
            assert_eq!(Role::from_char(spec.letter), Some(role));
            for &(df, dr) in spec.leaps {
                assert!(
                    spec.leaps.contains(&(-df, -dr)),
                    "{role}: leaps not symmetric"
                );
            }
        }
    }
}
