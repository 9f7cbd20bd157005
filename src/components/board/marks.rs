//! The viewer's own drawing on the board: circles and arrows.

#[cfg(target_arch = "wasm32")]
use {super::layout::Layout, crate::decimal::Fixed, yew::prelude::*};

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

/// A circle or an arrow, in screen placement. Marks name their squares
/// (`data-from`, `data-to`) for tests; they are the viewer's own drawing.
#[cfg(target_arch = "wasm32")]
pub(super) fn mark_html(mark: &Mark, layout: Layout, preview: bool) -> Html {
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
                    cx={Fixed(x1, 1).to_string()} cy={Fixed(y1, 1).to_string()} r="44" />
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
        "{},{} {},{} {},{}",
        Fixed(tx, 1),
        Fixed(ty, 1),
        Fixed(bx - uy * half, 1),
        Fixed(by + ux * half, 1),
        Fixed(bx + uy * half, 1),
        Fixed(by - ux * half, 1)
    );
    html! {
        <g {class} data-mark="arrow" data-from={from} data-to={to}>
            <line x1={Fixed(x1, 1).to_string()} y1={Fixed(y1, 1).to_string()}
                  x2={Fixed(bx + ux * 2.0, 1).to_string()} y2={Fixed(by + uy * 2.0, 1).to_string()} />
            <polygon {points} />
        </g>
    }
}
