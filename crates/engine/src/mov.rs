//! Moves.

use serde::{Deserialize, Serialize};

use crate::{Role, Square};

/// What kind of move, beyond from/to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MoveKind {
    /// A plain move or capture (including promotions).
    Normal,
    /// A pawn's two-square advance.
    DoubleStep,
    /// An en passant capture; the captured pawn stands beside `to`.
    EnPassant,
    /// Castling: `from`/`to` are the king's squares.
    Castle { rook_from: Square, rook_to: Square },
}

/// A move on a particular position (squares are indices of its board).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    /// The moving man's role (before promotion).
    pub role: Role,
    pub from: Square,
    pub to: Square,
    /// The captured man's role (a pawn for en passant).
    pub capture: Option<Role>,
    /// The role after promotion.
    pub promotion: Option<Role>,
    pub kind: MoveKind,
}

impl Move {
    /// Whether the move captures.
    #[inline]
    pub fn is_capture(&self) -> bool {
        self.capture.is_some()
    }

    /// Whether the move is castling.
    #[inline]
    pub fn is_castle(&self) -> bool {
        matches!(self.kind, MoveKind::Castle { .. })
    }

    /// Whether the move resets the 50-move counter (pawn move or capture).
    #[inline]
    pub fn is_zeroing(&self) -> bool {
        self.role == Role::Pawn || self.capture.is_some()
    }

    /// The role standing on `to` after the move.
    #[inline]
    pub fn role_after(&self) -> Role {
        self.promotion.unwrap_or(self.role)
    }
}
