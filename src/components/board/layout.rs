//! Where squares are drawn on screen, with or without the flip, and which
//! square lies under a pointer.

use super::super::board_view::{square_name, BoardSquare};

pub(super) const CELL: u32 = 100;
pub(super) const CELL_F: f64 = 100.0;

/// Where squares are drawn: screen column and row (0, 0 at the top left)
/// for each square index, with or without the flip.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Layout {
    pub(super) files: u8,
    pub(super) ranks: u8,
    pub(super) flipped: bool,
}

impl Layout {
    pub(super) fn place(self, index: usize) -> (u8, u8) {
        let files = usize::from(self.files.max(1));
        let file = (index % files) as u8;
        let rank = (index / files) as u8;
        if self.flipped {
            (self.files - 1 - file, rank)
        } else {
            (file, self.ranks - 1 - rank)
        }
    }

    pub(super) fn index_at(self, col: u8, row: u8) -> usize {
        let (file, rank) = if self.flipped {
            (self.files - 1 - col, row)
        } else {
            (col, self.ranks - 1 - row)
        };
        usize::from(rank) * usize::from(self.files) + usize::from(file)
    }

    /// The square under a point in board units, if the point is on the board.
    pub(super) fn index_of_point(self, (x, y): (f64, f64)) -> Option<usize> {
        if !(x >= 0.0 && y >= 0.0) {
            return None;
        }
        let (col, row) = ((x / CELL_F) as u32, (y / CELL_F) as u32);
        (col < u32::from(self.files) && row < u32::from(self.ranks))
            .then(|| self.index_at(col as u8, row as u8))
    }

    pub(super) fn corner(self, index: usize) -> (u32, u32) {
        let (col, row) = self.place(index);
        (u32::from(col) * CELL, u32::from(row) * CELL)
    }

    pub(super) fn centre(self, index: usize) -> (f64, f64) {
        let (x, y) = self.corner(index);
        (f64::from(x) + CELL_F / 2.0, f64::from(y) + CELL_F / 2.0)
    }

    pub(super) fn size(self) -> (f64, f64) {
        (
            f64::from(self.files) * CELL_F,
            f64::from(self.ranks) * CELL_F,
        )
    }

    /// The square a keyboard cursor moves to from `index` by a step on
    /// screen, staying on the board.
    pub(super) fn step(self, index: usize, dcol: i32, drow: i32) -> usize {
        let (col, row) = self.place(index);
        let col = (i32::from(col) + dcol).clamp(0, i32::from(self.files) - 1);
        let row = (i32::from(row) + drow).clamp(0, i32::from(self.ranks) - 1);
        self.index_at(col as u8, row as u8)
    }

    pub(super) fn square(self, index: usize) -> BoardSquare {
        BoardSquare::of_index(index, self.files)
    }

    pub(super) fn name(self, index: usize) -> String {
        let files = usize::from(self.files.max(1));
        square_name((index % files) as u8, (index / files) as u8)
    }
}

/// A pointer's position in board units (the SVG's viewBox), from the
/// board's box on screen.
#[cfg(target_arch = "wasm32")]
pub(super) fn board_point(
    svg: &web_sys::Element,
    layout: Layout,
    e: &web_sys::MouseEvent,
) -> Option<(f64, f64)> {
    let rect = svg.get_bounding_client_rect();
    let (w, h) = layout.size();
    if rect.width() <= 0.0 || rect.height() <= 0.0 {
        return None;
    }
    // The viewBox is fitted ("meet") and centred in the box.
    let scale = (rect.width() / w).min(rect.height() / h);
    let left = rect.left() + (rect.width() - w * scale) / 2.0;
    let top = rect.top() + (rect.height() - h * scale) / 2.0;
    Some((
        (f64::from(e.client_x()) - left) / scale,
        (f64::from(e.client_y()) - top) / scale,
    ))
}
