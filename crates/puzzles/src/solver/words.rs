//! How the solver writes what White does and sees: attempts in SAN as
//! White's own board shows them and in coordinates, enemy men seen.

use fogbound_engine::model::{find_in, masked};
use fogbound_engine::{Bitboard, Bitboard64, MoveAttempt, RuleMode};

use super::Pos;

/// Enemy men seen, as a piece letter and a square each (`kg3`), in
/// square order.
pub fn seen_words(seen: &[(fogbound_engine::Square, fogbound_engine::Piece)]) -> Vec<String> {
    let g = fogbound_engine::Geometry::CHESS;
    seen.iter()
        .map(|(sq, p)| format!("{}{}", p.char(), g.square_name(*sq)))
        .collect()
}

/// An attempt in coordinates (`a2g2`, `e7e8q`).
pub fn attempt_coord(pos: &Pos, a: &MoveAttempt) -> String {
    fogbound_engine::Attempt::Move(*a).to_text(pos.geometry())
}

/// An attempt in SAN as White's own board shows it: a pawn's capture onto
/// a square where White sees nothing is written as a capture (`exd5`).
pub fn attempt_san(pos: &Pos, a: &MoveAttempt, mode: RuleMode) -> String {
    let mover = pos.turn();
    let picture = if mode == RuleMode::CaptureKing {
        pos.clone()
    } else {
        masked(pos, mover, Bitboard64::EMPTY)
    };
    if let Some(mv) = find_in(&picture.pseudo_legal_moves(), a) {
        return picture.san_without_marks(&mv, RuleMode::CaptureKing);
    }
    let g = pos.geometry();
    let mut s = format!(
        "{}x{}",
        g.square_name(a.from).chars().next().unwrap_or('?'),
        g.square_name(a.to)
    );
    if let Some(p) = a.promotion {
        s.push('=');
        s.push(p.upper_char());
    }
    s
}
