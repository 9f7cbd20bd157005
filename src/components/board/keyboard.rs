//! The board from the keyboard: arrow keys move a cursor over the squares,
//! Enter or Space acts like a click, `f` flips, Escape drops what is held.

#![cfg(target_arch = "wasm32")]

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use super::super::board_view::{BoardSquare, BoardView};
use super::gesture::Local;
use super::layout::Layout;

/// What the key handler reads and changes.
pub(super) struct KeyContext {
    pub(super) local: Rc<RefCell<Local>>,
    pub(super) redraw: UseForceUpdateHandle,
    pub(super) view: Rc<BoardView>,
    pub(super) on_square: Option<Callback<BoardSquare>>,
    pub(super) on_flip: Option<Callback<()>>,
    pub(super) svg_ref: NodeRef,
    pub(super) layout: Layout,
}

/// The board's `keydown` handler.
pub(super) fn on_key(ctx: KeyContext) -> Callback<KeyboardEvent> {
    let KeyContext {
        local,
        redraw,
        view,
        on_square,
        on_flip,
        svg_ref,
        layout,
    } = ctx;
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
                            cb.emit(layout.square(c));
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
}
