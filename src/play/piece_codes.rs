//! Piece codes, the board's names for men: colour letter then role letter
//! (`wK`, `bN`, `wA`), as drawn from `static/pieces/{code}.svg` and kept
//! in saves.

use fogbound_engine::{Color, Piece, Role};

/// The piece code the board draws (`wK`, `bN`).
pub fn piece_code(p: Piece) -> String {
    format!("{}{}", p.color.char(), p.role.upper_char())
}

/// The man of a piece code (`bQ`), if it is one.
pub fn piece_of_code(code: &str) -> Option<Piece> {
    let mut chars = code.chars();
    let color = Color::from_char(chars.next()?)?;
    let role = Role::from_char(chars.next()?)?;
    chars.next().is_none().then_some(Piece { color, role })
}
