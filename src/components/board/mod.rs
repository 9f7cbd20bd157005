//! The board: one SVG component for every board in the product (8×8 play,
//! 10×8 Foolish King Chess, n×n solver boards up to 16×16).
//!
//! Files: `../board_view.rs` the picture it draws; `layout.rs` where
//! squares are; `marks.rs` circles and arrows; `gesture.rs` the state
//! between events; `draw.rs` squares, men and aids; `keyboard.rs` keys.
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
//! removes it, a left click clears them all. By touch, a long press (half a
//! second without moving) does what the right button does: released in
//! place it circles the square, moved on it draws an arrow. A finger that
//! moves at once still drags a man. A right-click or long press in place
//! is also reported through `on_context`; with `context_claims` it is the
//! caller's alone (no circle), for instance to take a phantom off. Marks are the viewer's own
//! drawing and live only in this component: they vanish with it (the
//! hot-seat page drops the board behind the curtain and keys it by viewer).
//!
//! A move the viewer saw completely ([`BoardView::slide`]) slides in with a
//! short CSS animation (none under `prefers-reduced-motion`).
//!
//! Test hooks (stable): every square carries `data-square` (`e4`), a shown
//! piece `data-piece` (`wK`), a fogged square `data-fog`, a destination
//! marker `data-dest`, a try marker `data-try`; marks carry `data-mark` (`circle`, `arrow`); the
//! viewer's memory aids, drawn translucent with a dashed outline, carry
//! `data-phantom` / `data-ghost` (never `data-piece`).

#[cfg(target_arch = "wasm32")]
mod draw;
mod gesture;
mod keyboard;
mod layout;
mod marks;
#[cfg(test)]
mod tests;

pub use super::board_view::{
    piece_name, square_label, square_name, BoardSquare, BoardView, SquareView,
};
pub use marks::{toggle_mark, Brush, Mark};
#[cfg(target_arch = "wasm32")]
use {
    draw::{draw_coordinates, draw_square, float_transform, piece_html, SquareContext},
    gesture::{next_board_id, Draw, Hold, Local, Press, LONG_PRESS_MS},
    layout::{board_point, Layout, CELL, CELL_F},
    marks::mark_html,
    std::rc::Rc,
    yew::prelude::*,
};

#[cfg(target_arch = "wasm32")]
#[derive(Properties, PartialEq)]
pub struct BoardProps {
    pub view: Rc<BoardView>,
    /// Draw with rank 1 at the top (Black's side of the table).
    #[prop_or_default]
    pub flipped: bool,
    /// Called with the square when the viewer clicks or taps it,
    /// presses Enter or Space on it, starts dragging a man from it (unless
    /// already selected) or drops a dragged man on it.
    #[prop_or_default]
    pub on_square: Option<Callback<BoardSquare>>,
    /// Called with the square when the viewer right-clicks it, or
    /// long-presses it by touch, without moving off it.
    #[prop_or_default]
    pub on_context: Option<Callback<BoardSquare>>,
    /// A right-click or long press in place belongs to `on_context` alone:
    /// no circle is drawn for it.
    #[prop_or_default]
    pub context_claims: bool,
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
    /// A picture beside a form or a text (the new-game form's starting
    /// position): drawn alike, but no stop for the keyboard's Tab and an
    /// image to a screen reader, named by `label`.
    #[prop_or_default]
    pub decorative: bool,
}

#[cfg(target_arch = "wasm32")]
/// Starts a long press of a finger on `square`: unless the finger moves or
/// lifts first, after [`LONG_PRESS_MS`] the press becomes a mark being
/// drawn from `square`, as with the right button.
fn long_press(
    local: &Rc<std::cell::RefCell<Local>>,
    redraw: &UseForceUpdateHandle,
    svg: &web_sys::Element,
    pointer: i32,
    square: usize,
    start: (f64, f64),
) -> Hold {
    let (weak, redraw, svg) = (Rc::downgrade(local), redraw.clone(), svg.clone());
    let timer = gloo_timers::callback::Timeout::new(LONG_PRESS_MS, move || {
        let Some(local) = weak.upgrade() else {
            return;
        };
        let mut l = local.borrow_mut();
        if l.hold.take_if(|h| h.pointer == pointer).is_none() {
            return;
        }
        // Not a drag, nor a tap: the release is no click either.
        l.press = None;
        l.swallow_click = true;
        l.draw = Some(Draw {
            pointer,
            from: square,
            over: Some(square),
            brush: Brush::Green,
        });
        drop(l);
        let _ = svg.set_pointer_capture(pointer);
        redraw.force_update();
    });
    Hold {
        pointer,
        square,
        start,
        _timer: timer,
    }
}

/// The SVG board.
#[cfg(target_arch = "wasm32")]
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
                    if e.pointer_type() == "touch" {
                        if let Some(square) = square {
                            l.hold = Some(long_press(
                                &local,
                                &redraw,
                                &svg,
                                e.pointer_id(),
                                square,
                                (f64::from(e.client_x()), f64::from(e.client_y())),
                            ));
                        }
                    }
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
            let moved = |start: (f64, f64)| {
                let dx = f64::from(e.client_x()) - start.0;
                let dy = f64::from(e.client_y()) - start.1;
                dx * dx + dy * dy >= 8.0 * 8.0
            };
            if l.hold
                .as_ref()
                .is_some_and(|h| h.pointer == e.pointer_id() && moved(h.start))
            {
                l.hold = None; // a finger that moves drags or scrolls
            }
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
                cb.emit(layout.square(origin));
            }
            if changed {
                redraw.force_update();
            }
        })
    };

    let onpointerup = {
        let (local, redraw, svg_ref, on_square, on_context, claims) = (
            local.clone(),
            redraw.clone(),
            svg_ref.clone(),
            props.on_square.clone(),
            props.on_context.clone(),
            props.context_claims,
        );
        Callback::from(move |e: PointerEvent| {
            let Some(svg) = svg_ref.cast::<web_sys::Element>() else {
                return;
            };
            let square = board_point(&svg, layout, &e).and_then(|p| layout.index_of_point(p));
            let mut l = local.borrow_mut();
            l.hold.take_if(|h| h.pointer == e.pointer_id());
            let mut changed = false;
            let mut drop_on = None;
            let mut context = None;
            if l.draw.is_some_and(|d| d.pointer == e.pointer_id()) {
                let draw = l.draw.take().expect("checked");
                if let Some(to) = square {
                    let in_place = to == draw.from;
                    if in_place {
                        context = Some(to);
                    }
                    if !(in_place && claims) {
                        toggle_mark(
                            &mut l.marks,
                            Mark {
                                from: draw.from,
                                to,
                                brush: draw.brush,
                            },
                        );
                    }
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
                cb.emit(layout.square(to));
            }
            if let (Some(at), Some(cb)) = (context, &on_context) {
                cb.emit(layout.square(at));
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
            l.hold.take_if(|h| h.pointer == e.pointer_id());
            drop(l);
            if press.is_some() || draw.is_some() {
                redraw.force_update();
            }
        })
    };

    let oncontextmenu = Callback::from(|e: MouseEvent| e.prevent_default());

    let onkeydown = keyboard::on_key(keyboard::KeyContext {
        local: local.clone(),
        redraw: redraw.clone(),
        view: view.clone(),
        on_square: props.on_square.clone(),
        on_flip: props.on_flip.clone(),
        svg_ref: svg_ref.clone(),
        layout,
    });

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
             role={if props.decorative { "img" } else { "grid" }} aria-label={props.label.clone()}
             tabindex={(!props.decorative).then_some("0")}
             aria-roledescription={(!props.decorative).then_some("board")}
             aria-keyshortcuts={(!props.decorative).then_some("ArrowUp ArrowDown ArrowLeft ArrowRight Enter Space F")}
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
