//! The viewer's picture: what the board draws, built from one player's
//! [`Observation`] and their memory aids, never from the true position.

use fogbound_engine::{Cell, Observation, Square};

use super::aids::{Ghosts, Notes};
pub use super::piece_codes::piece_code;
use crate::components::board::BoardView;

/// The board a viewer may see: built from their observation only.
pub fn board_view(obs: &Observation, selected: Option<Square>, flash: &[Square]) -> BoardView {
    let mut view = BoardView::empty(obs.width, obs.height);
    for (square, cell) in view.squares.iter_mut().zip(&obs.squares) {
        match cell {
            Cell::Fog => square.fog = true,
            Cell::Empty => {}
            Cell::Man(p) => {
                square.piece = Some(piece_code(*p));
                square.movable = p.color == obs.player && obs.turn == obs.player;
            }
        }
    }
    let mut mark = |sq: Square, f: &mut dyn FnMut(&mut crate::components::SquareView)| {
        if let Some(s) = view.squares.get_mut(sq.index()) {
            f(s)
        }
    };
    if let Some(lm) = obs.last_move {
        for sq in [lm.from, lm.to, lm.capture_at].into_iter().flatten() {
            mark(sq, &mut |s| s.highlight = true);
        }
    }
    if let Some(sel) = selected {
        mark(sel, &mut |s| {
            s.highlight = true;
            s.selected = true;
        });
        for h in obs.hints.iter().filter(|h| h.from == sel) {
            mark(h.to, &mut |s| s.dest = true);
        }
        for h in obs.try_hints.iter().filter(|h| h.from == sel) {
            mark(h.to, &mut |s| s.try_dest = true);
        }
    }
    for &sq in flash {
        mark(sq, &mut |s| s.flash = true);
    }
    view.slide = slide(obs, &view);
    view
}

/// The man that moved, when the viewer knows the whole move and sees the
/// man where it landed: the board may slide it in. Anything less (a
/// square in the fog, a probe, an unseen mover) is never animated.
fn slide(obs: &Observation, view: &BoardView) -> Option<(usize, usize)> {
    let seen = obs.last_move?;
    let (from, to) = (seen.from?, seen.to?);
    let shown = view.squares.get(to.index())?.piece.is_some();
    (!seen.passed && shown && from != to).then_some((from.index(), to.index()))
}

/// The viewer's board with their memory aids: ghosts and phantoms, only on
/// squares hidden from them, each only when switched on. A phantom hides a
/// ghost on the same square.
pub fn with_aids(
    mut view: BoardView,
    obs: &Observation,
    ghosts: &Ghosts,
    notes: &Notes,
) -> BoardView {
    let hidden = |sq: Square| obs.cell(sq) == Cell::Fog;
    if notes.show_ghosts {
        for (sq, ghost) in ghosts.iter() {
            if hidden(sq) && ghost.piece.color != obs.player {
                if let Some(s) = view.squares.get_mut(sq.index()) {
                    s.ghost = Some(piece_code(ghost.piece));
                }
            }
        }
    }
    if notes.show_phantoms {
        for (&sq, &piece) in &notes.phantoms {
            if hidden(sq) {
                if let Some(s) = view.squares.get_mut(sq.index()) {
                    s.phantom = Some(piece_code(piece));
                    s.ghost = None;
                }
            }
        }
    }
    view
}
