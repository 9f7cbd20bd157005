//! The board's own state between events: the press or drag under way, the
//! mark being drawn, the marks, the keyboard cursor and the flip.

#![cfg(target_arch = "wasm32")]

use super::marks::{Brush, Mark};

/// A left button, finger or pen held on one of the viewer's men.
#[derive(Clone, Debug)]
pub(super) struct Press {
    pub(super) pointer: i32,
    pub(super) origin: usize,
    pub(super) code: String,
    /// Where the press began, in client pixels (for the drag threshold).
    pub(super) start: (f64, f64),
    /// Where the pointer is, in board units.
    pub(super) at: (f64, f64),
    pub(super) over: Option<usize>,
    pub(super) dragging: bool,
    pub(super) touch: bool,
}

/// A right button held: a mark being drawn.
#[derive(Clone, Copy, Debug)]
pub(super) struct Draw {
    pub(super) pointer: i32,
    pub(super) from: usize,
    pub(super) over: Option<usize>,
    pub(super) brush: Brush,
}

/// The board's own state: gestures, marks, keyboard cursor, flip. Kept in
/// one cell (not in Yew state) so that pointer events arriving between two
/// renders always see the latest gesture.
#[derive(Debug, Default)]
pub(super) struct Local {
    pub(super) press: Option<Press>,
    pub(super) draw: Option<Draw>,
    pub(super) marks: Vec<Mark>,
    pub(super) cursor: Option<usize>,
    pub(super) flip: bool,
    /// The click that follows a drag's release is not a click.
    pub(super) swallow_click: bool,
    /// The board size the marks and cursor belong to.
    pub(super) size: (u8, u8),
    /// A finger resting on a square: after [`LONG_PRESS_MS`] without moving
    /// it becomes a right-click there (a circle, an arrow as it moves).
    pub(super) hold: Option<Hold>,
}

/// How long a finger rests on a square to count as a long press.
pub(super) const LONG_PRESS_MS: u32 = 500;

/// A finger down and not yet moved: a long press in the making.
pub(super) struct Hold {
    pub(super) pointer: i32,
    pub(super) square: usize,
    /// Where the finger went down, in client pixels.
    pub(super) start: (f64, f64),
    /// Fires the long press; dropping it cancels.
    pub(super) _timer: gloo_timers::callback::Timeout,
}

impl std::fmt::Debug for Hold {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Hold")
            .field("pointer", &self.pointer)
            .field("square", &self.square)
            .finish()
    }
}

pub(super) fn next_board_id() -> u32 {
    thread_local! {
        static NEXT: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
    }
    NEXT.with(|n| {
        n.set(n.get() + 1);
        n.get()
    })
}
