//! The board: one SVG component for every board in the product (8×8 play,
//! 10×8 Foolish King Chess, n×n solver boards up to 16×16).
//!
//! The component draws a [`BoardView`], which is already the *viewer's*
//! picture: a square is a piece, fog, or empty, and nothing else reaches the
//! DOM. The caller decides what the viewer may know; the board never sees the
//! true position in a fog game.
//!
//! Interaction, all reported through the one `on_square` callback, so every
//! page (play, promotion, Dark Chess routes, Kriegspiel tries, the solver
//! boards) gets it alike:
//! - click-click (or tap-tap): each click reports its square;
//! - drag with mouse, touch or pen (Pointer Events with pointer capture): a
//!   drag of one of the viewer's own men ([`SquareView::movable`]) reports
//!   the origin (unless already selected) when the drag starts and the
//!   target on the drop; a drop on the origin or off the board cancels;
//! - keyboard: the board is focusable; arrow keys move a cursor over the
//!   squares, Enter or Space acts like a click, `f` flips the board.
//!
//! Right-click a square for a circle and right-drag for an arrow (Shift red,
//! Alt blue, Shift+Alt or Ctrl yellow, otherwise green); the same mark again
//! removes it, a left click clears them all. Marks are the viewer's own
//! drawing and live only in this component: they vanish with it (the
//! hot-seat page drops the board behind the curtain and keys it by viewer).
//!
//! A move the viewer saw completely ([`BoardView::slide`]) slides in with a
//! short CSS animation (none under `prefers-reduced-motion`).
//!
//! Test hooks (stable): every square carries `data-square` (`e4`), a shown
//! piece `data-piece` (`wK`), a fogged square `data-fog`, a destination
//! marker `data-dest`; marks carry `data-mark` (`circle`, `arrow`); the
//! viewer's memory aids, drawn translucent with a dashed outline, carry
//! `data-phantom` / `data-ghost` (never `data-piece`).

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

/// What one square shows to the viewer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SquareView {
    /// Piece code: colour letter then piece letter (`wK`, `bN`, `wA`).
    pub piece: Option<String>,
    /// Hidden from the viewer: drawn as fog, never as empty.
    pub fog: bool,
    /// A legal destination of the selected piece.
    pub dest: bool,
    /// Part of the last move as the viewer knows it, or the selected square.
    pub highlight: bool,
    /// Flashed red (Dark Chess: a man that would attack the king).
    pub flash: bool,
    /// The square the viewer selected.
    pub selected: bool,
    /// One of the viewer's own men that may move now: it can be dragged.
    pub movable: bool,
    /// The viewer's own phantom: an enemy man they placed here (a guess).
    pub phantom: Option<String>,
    /// An enemy man the viewer last saw here (a faded memory).
    pub ghost: Option<String>,
}

/// The viewer's picture of a board: `files × ranks` squares, a1 first,
/// rank by rank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    pub files: u8,
    pub ranks: u8,
    pub squares: Vec<SquareView>,
    /// A move the viewer saw completely, as square indices `(from, to)`:
    /// the man now on `to` slides in from `from`. Only the builder of the
    /// view decides this, from what the viewer knows.
    pub slide: Option<(usize, usize)>,
}

impl BoardView {
    /// An empty board with nothing hidden.
    pub fn empty(files: u8, ranks: u8) -> BoardView {
        BoardView {
            files,
            ranks,
            squares: vec![SquareView::default(); usize::from(files) * usize::from(ranks)],
            slide: None,
        }
    }

    /// Reads the piece-placement field of a FEN-like string (ranks from the
    /// top, `/` between ranks, digits for empty runs, `?` for a fogged
    /// square). Returns `None` when the text does not describe a
    /// `files × ranks` board.
    pub fn from_placement(files: u8, ranks: u8, placement: &str) -> Option<BoardView> {
        let mut view = BoardView::empty(files, ranks);
        let rows: Vec<&str> = placement.split('/').collect();
        if rows.len() != usize::from(ranks) {
            return None;
        }
        for (row, text) in rows.iter().enumerate() {
            let rank = ranks - 1 - row as u8;
            let mut file: u16 = 0;
            let mut digits = String::new();
            let flush = |digits: &mut String, file: &mut u16| -> Option<()> {
                if !digits.is_empty() {
                    *file += digits.parse::<u16>().ok()?;
                    digits.clear();
                }
                Some(())
            };
            for ch in text.chars() {
                if ch.is_ascii_digit() {
                    digits.push(ch);
                    continue;
                }
                flush(&mut digits, &mut file)?;
                if file >= u16::from(files) {
                    return None;
                }
                let index = usize::from(rank) * usize::from(files) + usize::from(file);
                let square = &mut view.squares[index];
                match ch {
                    '?' => square.fog = true,
                    c if c.is_ascii_alphabetic() => {
                        let colour = if c.is_ascii_uppercase() { 'w' } else { 'b' };
                        square.piece = Some(format!("{colour}{}", c.to_ascii_uppercase()));
                    }
                    _ => return None,
                }
                file += 1;
            }
            flush(&mut digits, &mut file)?;
            if file != u16::from(files) {
                return None;
            }
        }
        Some(view)
    }

    pub fn index(&self, file: u8, rank: u8) -> usize {
        usize::from(rank) * usize::from(self.files) + usize::from(file)
    }
}

/// `a1`-style name of a square; files run `a`…`p` (16 files at most).
pub fn square_name(file: u8, rank: u8) -> String {
    format!("{}{}", char::from(b'a' + file), u16::from(rank) + 1)
}

/// The label a square gives assistive technology: its name and what the
/// viewer sees there (a man, "hidden" or "empty"), then whether it is
/// selected or a possible move. Built from the view alone, so it can say
/// nothing the viewer may not know.
pub fn square_label(name: &str, square: &SquareView) -> String {
    let mut label = match (&square.piece, square.fog) {
        (Some(code), _) => format!("{name}, {}", piece_name(code)),
        (None, true) => format!("{name}, hidden"),
        (None, false) => format!("{name}, empty"),
    };
    if let Some(code) = &square.phantom {
        label.push_str(&format!(" (your phantom: {})", piece_name(code)));
    }
    if let Some(code) = &square.ghost {
        label.push_str(&format!(" (last seen here: {})", piece_name(code)));
    }
    if square.selected {
        label.push_str(", selected");
    }
    if square.dest {
        label.push_str(", possible move");
    }
    label
}

#[derive(Properties, PartialEq)]
pub struct BoardProps {
    pub view: Rc<BoardView>,
    /// Draw with rank 1 at the top (Black's side of the table).
    #[prop_or_default]
    pub flipped: bool,
    /// Called with a square's name when the viewer clicks or taps it,
    /// presses Enter or Space on it, starts dragging a man from it (unless
    /// already selected) or drops a dragged man on it.
    #[prop_or_default]
    pub on_square: Option<Callback<String>>,
    /// Called when the viewer asks to flip the board (`f`); the caller owns
    /// the orientation and passes the new `flipped`. Without it the board
    /// keeps its own flip on top of `flipped`.
    #[prop_or_default]
    pub on_flip: Option<Callback<()>>,
    /// Accessible name of the whole board.
    #[prop_or(AttrValue::from("Board"))]
    pub label: AttrValue,
    /// Take the keyboard focus when drawn, if nothing else holds it (the
    /// hot-seat board after the reveal button that had it went away).
    #[prop_or_default]
    pub autofocus: bool,
}

const CELL: u32 = 100;
const CELL_F: f64 = 100.0;

/// Where squares are drawn: screen column and row (0, 0 at the top left)
/// for each square index, with or without the flip.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Layout {
    files: u8,
    ranks: u8,
    flipped: bool,
}

impl Layout {
    fn place(self, index: usize) -> (u8, u8) {
        let files = usize::from(self.files.max(1));
        let file = (index % files) as u8;
        let rank = (index / files) as u8;
        if self.flipped {
            (self.files - 1 - file, rank)
        } else {
            (file, self.ranks - 1 - rank)
        }
    }

    fn index_at(self, col: u8, row: u8) -> usize {
        let (file, rank) = if self.flipped {
            (self.files - 1 - col, row)
        } else {
            (col, self.ranks - 1 - row)
        };
        usize::from(rank) * usize::from(self.files) + usize::from(file)
    }

    /// The square under a point in board units, if the point is on the board.
    fn index_of_point(self, (x, y): (f64, f64)) -> Option<usize> {
        if !(x >= 0.0 && y >= 0.0) {
            return None;
        }
        let (col, row) = ((x / CELL_F) as u32, (y / CELL_F) as u32);
        (col < u32::from(self.files) && row < u32::from(self.ranks))
            .then(|| self.index_at(col as u8, row as u8))
    }

    fn corner(self, index: usize) -> (u32, u32) {
        let (col, row) = self.place(index);
        (u32::from(col) * CELL, u32::from(row) * CELL)
    }

    fn centre(self, index: usize) -> (f64, f64) {
        let (x, y) = self.corner(index);
        (f64::from(x) + CELL_F / 2.0, f64::from(y) + CELL_F / 2.0)
    }

    fn size(self) -> (f64, f64) {
        (
            f64::from(self.files) * CELL_F,
            f64::from(self.ranks) * CELL_F,
        )
    }

    /// The square a keyboard cursor moves to from `index` by a step on
    /// screen, staying on the board.
    fn step(self, index: usize, dcol: i32, drow: i32) -> usize {
        let (col, row) = self.place(index);
        let col = (i32::from(col) + dcol).clamp(0, i32::from(self.files) - 1);
        let row = (i32::from(row) + drow).clamp(0, i32::from(self.ranks) - 1);
        self.index_at(col as u8, row as u8)
    }

    fn name(self, index: usize) -> String {
        let files = usize::from(self.files.max(1));
        square_name((index % files) as u8, (index / files) as u8)
    }
}

/// The colour of a drawn mark, chosen by the modifier keys held.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Brush {
    Green,
    Red,
    Blue,
    Yellow,
}

impl Brush {
    /// Shift red, Alt blue, Shift+Alt or Ctrl yellow, else green.
    pub fn from_keys(shift: bool, alt: bool, ctrl: bool) -> Brush {
        match (shift, alt, ctrl) {
            (true, true, _) | (_, _, true) => Brush::Yellow,
            (true, false, false) => Brush::Red,
            (false, true, false) => Brush::Blue,
            (false, false, false) => Brush::Green,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Brush::Green => "green",
            Brush::Red => "red",
            Brush::Blue => "blue",
            Brush::Yellow => "yellow",
        }
    }
}

/// A circle (`from == to`) or an arrow the viewer drew.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    pub from: usize,
    pub to: usize,
    pub brush: Brush,
}

/// Draws `mark`, or takes it away if the same mark is there; a mark on the
/// same squares in another colour is repainted.
pub fn toggle_mark(marks: &mut Vec<Mark>, mark: Mark) {
    if let Some(i) = marks
        .iter()
        .position(|m| m.from == mark.from && m.to == mark.to)
    {
        if marks.remove(i).brush == mark.brush {
            return;
        }
    }
    marks.push(mark);
}

/// A left button, finger or pen held on one of the viewer's men.
#[derive(Clone, Debug)]
struct Press {
    pointer: i32,
    origin: usize,
    code: String,
    /// Where the press began, in client pixels (for the drag threshold).
    start: (f64, f64),
    /// Where the pointer is, in board units.
    at: (f64, f64),
    over: Option<usize>,
    dragging: bool,
    touch: bool,
}

/// A right button held: a mark being drawn.
#[derive(Clone, Copy, Debug)]
struct Draw {
    pointer: i32,
    from: usize,
    over: Option<usize>,
    brush: Brush,
}

/// The board's own state: gestures, marks, keyboard cursor, flip. Kept in
/// one cell (not in Yew state) so that pointer events arriving between two
/// renders always see the latest gesture.
#[derive(Debug, Default)]
struct Local {
    press: Option<Press>,
    draw: Option<Draw>,
    marks: Vec<Mark>,
    cursor: Option<usize>,
    flip: bool,
    /// The click that follows a drag's release is not a click.
    swallow_click: bool,
    /// The board size the marks and cursor belong to.
    size: (u8, u8),
}

fn next_board_id() -> u32 {
    thread_local! {
        static NEXT: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
    }
    NEXT.with(|n| {
        n.set(n.get() + 1);
        n.get()
    })
}

/// A pointer's position in board units (the SVG's viewBox), from the
/// board's box on screen.
fn board_point(svg: &web_sys::Element, layout: Layout, e: &MouseEvent) -> Option<(f64, f64)> {
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

/// The floating man's placement while dragged: centred on the pointer, and
/// larger and lifted above a finger so it stays visible.
fn float_transform(press: &Press) -> String {
    let lift = if press.touch { CELL_F * 0.6 } else { 0.0 };
    format!("translate({:.1} {:.1})", press.at.0, press.at.1 - lift)
}

/// The SVG board.
#[function_component(Board)]
pub fn board(props: &BoardProps) -> Html {
    let local = use_mut_ref(Local::default);
    let redraw = use_force_update();
    let svg_ref = use_node_ref();
    let float_ref = use_node_ref();
    let uid = *use_state(next_board_id);
    let view = props.view.clone();
    {
        let mut l = local.borrow_mut();
        if l.size != (view.files, view.ranks) {
            *l = Local {
                flip: l.flip,
                size: (view.files, view.ranks),
                ..Local::default()
            };
        }
    }
    let flipped = props.flipped ^ (props.on_flip.is_none() && local.borrow().flip);
    let layout = Layout {
        files: view.files,
        ranks: view.ranks,
        flipped,
    };
    let interactive = props.on_square.is_some();
    {
        let svg_ref = svg_ref.clone();
        use_effect_with(props.autofocus, move |&autofocus| {
            let document = web_sys::window().and_then(|w| w.document());
            let idle = document
                .and_then(|d| d.active_element())
                .is_none_or(|e| e.tag_name().eq_ignore_ascii_case("body"));
            if let (true, true, Some(svg)) = (autofocus, idle, svg_ref.get()) {
                use wasm_bindgen::JsCast;
                // No focus ring for a focus the viewer did not move; the
                // first key shows it (see `onkeydown`).
                if let Some(element) = svg.dyn_ref::<web_sys::Element>() {
                    let _ = element.set_attribute("data-autofocus", "");
                }
                let options = web_sys::FocusOptions::new();
                options.set_prevent_scroll(true);
                // SVG elements have HTMLElement's focus().
                let _ = svg
                    .unchecked_into::<web_sys::HtmlElement>()
                    .focus_with_options(&options);
            }
        });
    }

    let onpointerdown = {
        let (local, redraw, svg_ref, view) =
            (local.clone(), redraw.clone(), svg_ref.clone(), view.clone());
        Callback::from(move |e: PointerEvent| {
            let Some(svg) = svg_ref.cast::<web_sys::Element>() else {
                return;
            };
            let Some(point) = board_point(&svg, layout, &e) else {
                return;
            };
            let square = layout.index_of_point(point);
            let mut l = local.borrow_mut();
            match e.button() {
                2 => {
                    let Some(from) = square else {
                        return;
                    };
                    e.prevent_default();
                    let _ = svg.set_pointer_capture(e.pointer_id());
                    l.draw = Some(Draw {
                        pointer: e.pointer_id(),
                        from,
                        over: Some(from),
                        brush: Brush::from_keys(e.shift_key(), e.alt_key(), e.ctrl_key()),
                    });
                    drop(l);
                    redraw.force_update();
                }
                0 => {
                    let changed = !l.marks.is_empty() || l.cursor.is_some() || l.draw.is_some();
                    l.swallow_click = false;
                    l.marks.clear();
                    l.cursor = None;
                    l.draw = None;
                    l.press = None;
                    if let Some(origin) = square.filter(|_| interactive) {
                        let sv = &view.squares[origin];
                        if let (true, Some(code)) = (sv.movable, &sv.piece) {
                            // No pointer capture yet: a press that never
                            // moves stays a plain click on its square.
                            l.press = Some(Press {
                                pointer: e.pointer_id(),
                                origin,
                                code: code.clone(),
                                start: (f64::from(e.client_x()), f64::from(e.client_y())),
                                at: point,
                                over: Some(origin),
                                dragging: false,
                                touch: e.pointer_type() == "touch",
                            });
                        }
                    }
                    drop(l);
                    if changed {
                        redraw.force_update();
                    }
                }
                _ => {}
            }
        })
    };

    let onpointermove = {
        let (local, redraw, svg_ref, float_ref, view, on_square) = (
            local.clone(),
            redraw.clone(),
            svg_ref.clone(),
            float_ref.clone(),
            view.clone(),
            props.on_square.clone(),
        );
        Callback::from(move |e: PointerEvent| {
            let mut l = local.borrow_mut();
            if l.press.is_none() && l.draw.is_none() {
                return;
            }
            let Some(svg) = svg_ref.cast::<web_sys::Element>() else {
                return;
            };
            let Some(point) = board_point(&svg, layout, &e) else {
                return;
            };
            let square = layout.index_of_point(point);
            let mut changed = false;
            if let Some(draw) = l.draw.as_mut().filter(|d| d.pointer == e.pointer_id()) {
                if draw.over != square {
                    draw.over = square;
                    changed = true;
                }
            }
            let mut pick_up = None;
            if let Some(press) = l.press.as_mut().filter(|p| p.pointer == e.pointer_id()) {
                press.at = point;
                if !press.dragging {
                    let dx = f64::from(e.client_x()) - press.start.0;
                    let dy = f64::from(e.client_y()) - press.start.1;
                    let threshold: f64 = if press.touch { 8.0 } else { 4.0 };
                    if dx * dx + dy * dy >= threshold * threshold {
                        press.dragging = true;
                        changed = true;
                        // From now on the board follows this pointer, even
                        // off its edge.
                        let _ = svg.set_pointer_capture(e.pointer_id());
                        if !view.squares[press.origin].selected {
                            pick_up = Some(press.origin);
                        }
                    }
                }
                if press.dragging {
                    if press.over != square {
                        press.over = square;
                        changed = true;
                    }
                    if !changed {
                        if let Some(float) = float_ref.cast::<web_sys::Element>() {
                            let _ = float.set_attribute("transform", &float_transform(press));
                        }
                    }
                }
            }
            drop(l);
            if let (Some(origin), Some(cb)) = (pick_up, &on_square) {
                cb.emit(layout.name(origin));
            }
            if changed {
                redraw.force_update();
            }
        })
    };

    let onpointerup = {
        let (local, redraw, svg_ref, on_square) = (
            local.clone(),
            redraw.clone(),
            svg_ref.clone(),
            props.on_square.clone(),
        );
        Callback::from(move |e: PointerEvent| {
            let Some(svg) = svg_ref.cast::<web_sys::Element>() else {
                return;
            };
            let square = board_point(&svg, layout, &e).and_then(|p| layout.index_of_point(p));
            let mut l = local.borrow_mut();
            let mut changed = false;
            let mut drop_on = None;
            if l.draw.is_some_and(|d| d.pointer == e.pointer_id()) {
                let draw = l.draw.take().expect("checked");
                if let Some(to) = square {
                    toggle_mark(
                        &mut l.marks,
                        Mark {
                            from: draw.from,
                            to,
                            brush: draw.brush,
                        },
                    );
                }
                changed = true;
            }
            if l.press
                .as_ref()
                .is_some_and(|p| p.pointer == e.pointer_id())
            {
                let press = l.press.take().expect("checked");
                if press.dragging {
                    changed = true;
                    l.swallow_click = true;
                    // A drop on the origin or off the board cancels.
                    drop_on = square.filter(|&to| to != press.origin);
                }
            }
            drop(l);
            if svg.has_pointer_capture(e.pointer_id()) {
                let _ = svg.release_pointer_capture(e.pointer_id());
            }
            if let (Some(to), Some(cb)) = (drop_on, &on_square) {
                cb.emit(layout.name(to));
            }
            if changed {
                redraw.force_update();
            }
        })
    };

    let onpointercancel = {
        let (local, redraw) = (local.clone(), redraw.clone());
        Callback::from(move |e: PointerEvent| {
            let mut l = local.borrow_mut();
            let press = l.press.take_if(|p| p.pointer == e.pointer_id());
            let draw = l.draw.take_if(|d| d.pointer == e.pointer_id());
            drop(l);
            if press.is_some() || draw.is_some() {
                redraw.force_update();
            }
        })
    };

    let oncontextmenu = Callback::from(|e: MouseEvent| e.prevent_default());

    let onkeydown = {
        let (local, redraw, view, on_square, on_flip, svg_ref) = (
            local.clone(),
            redraw.clone(),
            view.clone(),
            props.on_square.clone(),
            props.on_flip.clone(),
            svg_ref.clone(),
        );
        Callback::from(move |e: KeyboardEvent| {
            let modifier = matches!(e.key().as_str(), "Shift" | "Alt" | "Control" | "Meta");
            if let (false, Some(svg)) = (modifier, svg_ref.cast::<web_sys::Element>()) {
                let _ = svg.remove_attribute("data-autofocus");
            }
            if e.ctrl_key() || e.meta_key() || e.alt_key() {
                return;
            }
            let key = e.key();
            let step = match key.as_str() {
                "ArrowUp" => Some((0, -1)),
                "ArrowDown" => Some((0, 1)),
                "ArrowLeft" => Some((-1, 0)),
                "ArrowRight" => Some((1, 0)),
                _ => None,
            };
            let mut l = local.borrow_mut();
            if let Some((dcol, drow)) = step {
                e.prevent_default();
                // The first press shows the cursor on the selected square,
                // or at the viewer's bottom-left corner.
                let start = || {
                    view.squares
                        .iter()
                        .position(|s| s.selected)
                        .unwrap_or_else(|| layout.index_at(0, layout.ranks - 1))
                };
                l.cursor = Some(match l.cursor {
                    Some(c) => layout.step(c, dcol, drow),
                    None => start(),
                });
                drop(l);
                redraw.force_update();
                return;
            }
            match key.as_str() {
                "f" | "F" => {
                    e.prevent_default();
                    match &on_flip {
                        Some(cb) => {
                            drop(l);
                            cb.emit(());
                        }
                        None => {
                            l.flip = !l.flip;
                            drop(l);
                            redraw.force_update();
                        }
                    }
                }
                "Enter" | " " => {
                    e.prevent_default();
                    match l.cursor {
                        Some(c) => {
                            l.marks.clear();
                            drop(l);
                            if let Some(cb) = &on_square {
                                cb.emit(layout.name(c));
                            }
                        }
                        None => {
                            l.cursor = view.squares.iter().position(|s| s.selected);
                            l.cursor.get_or_insert(layout.index_at(0, layout.ranks - 1));
                            drop(l);
                        }
                    }
                    redraw.force_update();
                }
                "Escape" => {
                    l.press = None;
                    l.draw = None;
                    l.marks.clear();
                    drop(l);
                    redraw.force_update();
                }
                _ => {}
            }
        })
    };

    let l = local.borrow();
    let dragging = l.press.as_ref().filter(|p| p.dragging);
    let ctx = SquareContext {
        layout,
        uid,
        lifted: dragging.map(|p| p.origin),
        on_square: props.on_square.clone(),
        local: local.clone(),
    };
    let rows = (0..view.ranks).map(|row| {
        let cells = (0..view.files).map(|col| draw_square(&view, &ctx, layout.index_at(col, row)));
        html! { <g role="row">{ for cells }</g> }
    });
    let coordinates = draw_coordinates(&view, flipped);
    let cell = CELL.to_string();
    let cursor = l.cursor.map(|c| {
        let (x, y) = layout.corner(c);
        html! { <rect class="kbd-cursor" x={x.to_string()} y={y.to_string()} width={cell.clone()} height={cell.clone()} /> }
    });
    let over = dragging.and_then(|p| p.over.filter(|&o| o != p.origin)).map(|o| {
        let (x, y) = layout.corner(o);
        html! { <rect class="drag-over" x={x.to_string()} y={y.to_string()} width={cell.clone()} height={cell.clone()} /> }
    });
    let marks = l
        .marks
        .iter()
        .map(|m| mark_html(m, layout, false))
        .chain(l.draw.and_then(|d| {
            let to = d.over?;
            let mark = Mark {
                from: d.from,
                to,
                brush: d.brush,
            };
            Some(mark_html(&mark, layout, true))
        }))
        .collect::<Vec<_>>();
    let float = dragging.map(|p| {
        let size = if p.touch { CELL_F * 1.5 } else { CELL_F * 0.9 };
        html! {
            <g ref={float_ref.clone()} class="drag-float" aria-hidden="true" transform={float_transform(p)}>
                { piece_html(&p.code, -size / 2.0, -size / 2.0, size, classes!(), None, false) }
            </g>
        }
    });
    let (width, height) = (u32::from(view.files) * CELL, u32::from(view.ranks) * CELL);
    let active = l.cursor.map(|c| format!("board{uid}-{}", layout.name(c)));
    html! {
        <svg ref={svg_ref} class={classes!("board", dragging.is_some().then_some("dragging"))}
             role="grid" aria-label={props.label.clone()} tabindex="0"
             aria-roledescription="board"
             aria-keyshortcuts="ArrowUp ArrowDown ArrowLeft ArrowRight Enter Space F"
             aria-activedescendant={active}
             viewBox={format!("0 0 {width} {height}")}
             style={format!("aspect-ratio: {} / {}", view.files, view.ranks)}
             {onpointerdown} {onpointermove} {onpointerup} {onpointercancel}
             {oncontextmenu} {onkeydown}>
            { for rows }
            { coordinates }
            { for over }
            { for cursor }
            if !marks.is_empty() {
                <g class="marks" aria-hidden="true">{ for marks }</g>
            }
            { for float }
        </svg>
    }
}

/// What every square of one render shares.
struct SquareContext {
    layout: Layout,
    uid: u32,
    /// The square whose man is being dragged.
    lifted: Option<usize>,
    on_square: Option<Callback<String>>,
    local: Rc<RefCell<Local>>,
}

/// A man: a chess piece image, or a token disc for game tokens. `hook`
/// adds the `data-piece` test hook (never on the floating copy of a drag).
fn piece_html(
    code: &str,
    x: f64,
    y: f64,
    size: f64,
    class: Classes,
    style: Option<String>,
    hook: bool,
) -> Html {
    let hook = hook.then(|| code.to_string());
    if let Some(letter) = token_letter(code) {
        // Game tokens that are not chessmen (Fox & Hounds): a disc.
        let (cx, cy) = (
            format!("{:.1}", x + size / 2.0),
            format!("{:.1}", y + size / 2.0),
        );
        return html! {
            <g data-piece={hook} class={class} {style}>
                <circle class={classes!("token", code.to_string())} cx={cx.clone()} cy={cy.clone()} r={format!("{:.1}", size * 0.4)} />
                <text class="token-letter" x={cx} y={cy}>{ letter }</text>
            </g>
        };
    }
    html! {
        <image class={classes!("piece", class)} href={format!("pieces/{code}.svg")} data-piece={hook} {style}
               x={format!("{x:.0}")} y={format!("{y:.0}")}
               width={format!("{size:.0}")} height={format!("{size:.0}")} />
    }
}

fn draw_square(view: &BoardView, ctx: &SquareContext, index: usize) -> Html {
    let layout = ctx.layout;
    let square = &view.squares[index];
    let (x, y) = layout.corner(index);
    let name = layout.name(index);
    let files = usize::from(view.files.max(1));
    let light = (index % files + index / files) % 2 == 1;
    let mut class = classes!("sq", if light { "light" } else { "dark" });
    if square.highlight {
        class.push("hl");
    }
    if square.flash {
        class.push("flash");
    }
    let onclick = ctx.on_square.clone().map(|cb| {
        let name = name.clone();
        let local = ctx.local.clone();
        Callback::from(move |_: MouseEvent| {
            if std::mem::take(&mut local.borrow_mut().swallow_click) {
                return;
            }
            cb.emit(name.clone())
        })
    });
    // Memory aids: a dashed outline and the man drawn translucent.
    let aid = |code: &String, kind: &'static str| {
        let inset = CELL / 10;
        html! {
            <g class={classes!("aid", kind)}>
                <rect class="aid-outline" x={(x + 4).to_string()} y={(y + 4).to_string()}
                      width={(CELL - 8).to_string()} height={(CELL - 8).to_string()} rx="10" />
                <image class="aid-piece" href={format!("pieces/{code}.svg")}
                       x={(x + inset).to_string()} y={(y + inset).to_string()}
                       width={(CELL - 2 * inset).to_string()} height={(CELL - 2 * inset).to_string()} />
            </g>
        }
    };
    let phantom = square.phantom.as_ref().map(|code| {
        html! { <g data-phantom={code.clone()}>{ aid(code, "phantom") }</g> }
    });
    let ghost = square.ghost.as_ref().map(|code| {
        html! { <g data-ghost={code.clone()}>{ aid(code, "ghost") }</g> }
    });
    let fog = square.fog.then(|| {
        let tone = if light {
            "fog fog-light"
        } else {
            "fog fog-dark"
        };
        html! { <rect class={tone} x={x.to_string()} y={y.to_string()}
        width={CELL.to_string()} height={CELL.to_string()} /> }
    });
    // The man that arrived by a move the viewer saw slides in from where
    // it came; the square's key changes with the move so the animation
    // plays once per move.
    let slide = view
        .slide
        .filter(|&(from, to)| to == index && from != to && square.piece.is_some())
        .map(|(from, _)| {
            let (fx, fy) = layout.corner(from);
            let dx = i64::from(fx) - i64::from(x);
            let dy = i64::from(fy) - i64::from(y);
            (from, format!("--slide-x: {dx}px; --slide-y: {dy}px"))
        });
    let piece = square.piece.as_ref().map(|code| {
        let inset = CELL_F / 20.0;
        let class = classes!(
            slide.is_some().then_some("slide"),
            (ctx.lifted == Some(index)).then_some("lifted")
        );
        piece_html(
            code,
            f64::from(x) + inset,
            f64::from(y) + inset,
            CELL_F - 2.0 * inset,
            class,
            slide.as_ref().map(|s| s.1.clone()),
            true,
        )
    });
    let dest = square.dest.then(|| {
        let r = if square.piece.is_some() { 46 } else { 15 };
        let class = if square.piece.is_some() { "dest capture" } else { "dest" };
        html! { <circle class={class} cx={(x + CELL / 2).to_string()} cy={(y + CELL / 2).to_string()}
                        r={r.to_string()} data-dest="" /> }
    });
    let key = match &slide {
        Some((from, _)) => format!("{name}<{from}"),
        None => name.clone(),
    };
    html! {
        <g key={key} role="gridcell" id={format!("board{}-{name}", ctx.uid)}
           aria-label={square_label(&name, square)}
           aria-selected={square.selected.then_some("true")}
           data-square={name.clone()}
           data-fog={square.fog.then_some("")} {onclick}>
            <rect class={class} x={x.to_string()} y={y.to_string()}
                  width={CELL.to_string()} height={CELL.to_string()} />
            { for fog }
            { for ghost }
            { for phantom }
            { for piece }
            { for dest }
        </g>
    }
}

/// A circle or an arrow, in screen placement. Marks name their squares
/// (`data-from`, `data-to`) for tests; they are the viewer's own drawing.
fn mark_html(mark: &Mark, layout: Layout, preview: bool) -> Html {
    let class = classes!(
        "mark",
        format!("brush-{}", mark.brush.name()),
        preview.then_some("preview")
    );
    let (from, to) = (layout.name(mark.from), layout.name(mark.to));
    let (x1, y1) = layout.centre(mark.from);
    if mark.from == mark.to {
        return html! {
            <circle {class} data-mark="circle" data-from={from.clone()} data-to={to}
                    cx={format!("{x1:.1}")} cy={format!("{y1:.1}")} r="44" />
        };
    }
    let (x2, y2) = layout.centre(mark.to);
    let (dx, dy) = (x2 - x1, y2 - y1);
    let length = (dx * dx + dy * dy).sqrt();
    let (ux, uy) = (dx / length, dy / length);
    // The head's tip stops short of the centre; the shaft ends in the head.
    let (head, half) = (36.0, 24.0);
    let (tx, ty) = (x2 - ux * 12.0, y2 - uy * 12.0);
    let (bx, by) = (tx - ux * head, ty - uy * head);
    let points = format!(
        "{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}",
        tx,
        ty,
        bx - uy * half,
        by + ux * half,
        bx + uy * half,
        by - ux * half
    );
    html! {
        <g {class} data-mark="arrow" data-from={from} data-to={to}>
            <line x1={format!("{x1:.1}")} y1={format!("{y1:.1}")}
                  x2={format!("{:.1}", bx + ux * 2.0)} y2={format!("{:.1}", by + uy * 2.0)} />
            <polygon {points} />
        </g>
    }
}

fn draw_coordinates(view: &BoardView, flipped: bool) -> Html {
    let files = (0..view.files).map(|file| {
        let col = if flipped { view.files - 1 - file } else { file };
        let x = u32::from(col) * CELL + CELL - 6;
        let y = u32::from(view.ranks) * CELL - 6;
        html! { <text class="coord file" x={x.to_string()} y={y.to_string()}>
        { char::from(b'a' + file).to_string() }</text> }
    });
    let ranks = (0..view.ranks).map(|rank| {
        let row = if flipped { rank } else { view.ranks - 1 - rank };
        let y = u32::from(row) * CELL + 22;
        html! { <text class="coord rank" x="5" y={y.to_string()}>{ (rank + 1).to_string() }</text> }
    });
    html! { <g aria-hidden="true">{ for files }{ for ranks }</g> }
}

/// The letter on a game token, for codes that are not chessmen. Chessmen
/// are drawn from `static/pieces/{code}.svg`, our own set.
fn token_letter(code: &str) -> Option<&'static str> {
    match code {
        "fox" => Some("F"),
        "hound" => Some("H"),
        _ => None,
    }
}

/// Spoken name of a piece code, for accessible labels.
pub fn piece_name(code: &str) -> String {
    if code == "fox" || code == "hound" {
        return code.to_string();
    }
    let colour = if code.starts_with('w') {
        "white"
    } else {
        "black"
    };
    let kind = match code.chars().nth(1) {
        Some('K') => "king",
        Some('Q') => "queen",
        Some('R') => "rook",
        Some('B') => "bishop",
        Some('N') => "knight",
        Some('P') => "pawn",
        Some('A') => "archbishop",
        Some('H') => "hunter",
        Some('F') => "fool",
        _ => "piece",
    };
    format!("{colour} {kind}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_start_position() {
        let view = BoardView::from_placement(8, 8, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR")
            .expect("valid placement");
        assert_eq!(view.squares[view.index(4, 0)].piece.as_deref(), Some("wK"));
        assert_eq!(view.squares[view.index(3, 7)].piece.as_deref(), Some("bQ"));
        assert!(view.squares[view.index(4, 4)].piece.is_none());
    }

    #[test]
    fn reads_wide_boards_and_fog() {
        let view = BoardView::from_placement(10, 2, "10/?9").expect("valid");
        assert!(view.squares[0].fog);
        assert!(!view.squares[1].fog);
    }

    #[test]
    fn rejects_bad_placements() {
        assert!(BoardView::from_placement(8, 8, "8/8").is_none());
        assert!(BoardView::from_placement(8, 1, "9").is_none());
        assert!(BoardView::from_placement(8, 1, "7").is_none());
        assert!(BoardView::from_placement(8, 1, "ppppppppp").is_none());
        assert!(BoardView::from_placement(8, 1, "7!").is_none());
        assert!(BoardView::from_placement(8, 1, "99999999999999999999999").is_none());
    }

    #[test]
    fn places_squares_both_ways_and_finds_them_under_a_point() {
        let white = Layout {
            files: 10,
            ranks: 8,
            flipped: false,
        };
        let black = Layout {
            flipped: true,
            ..white
        };
        // a1 is bottom left for White, top right for Black.
        assert_eq!(white.place(0), (0, 7));
        assert_eq!(black.place(0), (9, 0));
        for layout in [white, black] {
            for index in 0..80 {
                let (col, row) = layout.place(index);
                assert_eq!(layout.index_at(col, row), index);
                assert_eq!(layout.index_of_point(layout.centre(index)), Some(index));
            }
            assert_eq!(layout.index_of_point((-1.0, 50.0)), None);
            assert_eq!(layout.index_of_point((50.0, 800.0)), None);
            assert_eq!(layout.index_of_point((1000.0, 50.0)), None);
            assert_eq!(layout.index_of_point((f64::NAN, 50.0)), None);
        }
        assert_eq!(
            white.name(white.index_of_point((450.0, 650.0)).unwrap()),
            "e2"
        );
        assert_eq!(
            black.name(black.index_of_point((450.0, 650.0)).unwrap()),
            "f7"
        );
    }

    #[test]
    fn the_cursor_steps_on_screen_and_stays_on_the_board() {
        let white = Layout {
            files: 8,
            ranks: 8,
            flipped: false,
        };
        let black = Layout {
            flipped: true,
            ..white
        };
        let e2 = 12;
        // Up on screen is towards the viewer's opponent.
        assert_eq!(white.name(white.step(e2, 0, -1)), "e3");
        assert_eq!(black.name(black.step(e2, 0, -1)), "e1");
        assert_eq!(white.name(white.step(e2, 1, 0)), "f2");
        assert_eq!(black.name(black.step(e2, 1, 0)), "d2");
        assert_eq!(white.name(white.step(0, -1, 1)), "a1");
        assert_eq!(white.name(white.step(63, 1, -1)), "h8");
    }

    #[test]
    fn marks_toggle_and_repaint() {
        let mut marks = Vec::new();
        let circle = Mark {
            from: 4,
            to: 4,
            brush: Brush::Green,
        };
        let arrow = Mark {
            from: 12,
            to: 28,
            brush: Brush::Green,
        };
        toggle_mark(&mut marks, circle);
        toggle_mark(&mut marks, arrow);
        assert_eq!(marks, vec![circle, arrow]);
        // The same circle again takes it away.
        toggle_mark(&mut marks, circle);
        assert_eq!(marks, vec![arrow]);
        // The same arrow in red repaints it; the reverse arrow is another.
        let red = Mark {
            brush: Brush::Red,
            ..arrow
        };
        toggle_mark(&mut marks, red);
        assert_eq!(marks, vec![red]);
        toggle_mark(
            &mut marks,
            Mark {
                from: 28,
                to: 12,
                brush: Brush::Red,
            },
        );
        assert_eq!(marks.len(), 2);
        assert_eq!(Brush::from_keys(false, false, false), Brush::Green);
        assert_eq!(Brush::from_keys(true, false, false), Brush::Red);
        assert_eq!(Brush::from_keys(false, true, false), Brush::Blue);
        assert_eq!(Brush::from_keys(true, true, false), Brush::Yellow);
        assert_eq!(Brush::from_keys(false, false, true), Brush::Yellow);
    }

    #[test]
    fn labels_say_what_the_viewer_sees_and_no_more() {
        let knight = SquareView {
            piece: Some("wN".into()),
            selected: true,
            ..SquareView::default()
        };
        assert_eq!(square_label("e4", &knight), "e4, white knight, selected");
        let hidden = SquareView {
            fog: true,
            dest: true,
            ..SquareView::default()
        };
        assert_eq!(square_label("c6", &hidden), "c6, hidden, possible move");
        assert_eq!(square_label("d5", &SquareView::default()), "d5, empty");
        assert_eq!(
            square_label(
                "b2",
                &SquareView {
                    piece: Some("hound".into()),
                    ..SquareView::default()
                }
            ),
            "b2, hound"
        );
    }

    #[test]
    fn names_squares() {
        assert_eq!(square_name(0, 0), "a1");
        assert_eq!(square_name(15, 15), "p16");
    }
}
