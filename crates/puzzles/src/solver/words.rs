//! How the solver writes what White does and sees: attempts in SAN as
//! White's own board shows them and in coordinates, enemy men seen.

use fogbound_engine::model::masked;
use fogbound_engine::picture_san;
use fogbound_engine::{MoveAttempt, RuleMode};

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

/// An attempt in SAN as White knows it before it is answered, written on
/// White's picture of `belief` (the positions White holds possible, the
/// first of them to move): White's men and the enemy men standing on the
/// same squares in every one of them — a man White knows is there, such as
/// a black man of the diagram nothing could have moved — so taking one is
/// written as a capture (`Bxc3`). A square that only some positions fill
/// is written as empty (`Ra1`: White cannot know the try takes), and a
/// pawn's capture onto it as a capture (`exd5`).
pub fn attempt_san(belief: &[Pos], a: &MoveAttempt, mode: RuleMode) -> String {
    let Some(first) = belief.first() else {
        return String::new();
    };
    let mover = first.turn();
    let picture = if mode == RuleMode::CaptureKing {
        first.clone()
    } else {
        let known = belief
            .iter()
            .fold(first.by_color(!mover), |bb, p| bb & p.by_color(!mover));
        masked(first, mover, known)
    };
    picture_san(&picture, a)
}
