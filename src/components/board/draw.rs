//! Drawing the board's squares, men, memory aids, coordinates and the man
//! being dragged.

#![cfg(target_arch = "wasm32")]

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use super::super::board_view::{square_label, token_letter, BoardSquare, BoardView};
use super::gesture::{Local, Press};
use super::layout::{Layout, CELL, CELL_F};
use crate::decimal::Fixed;

/// The floating man's placement while dragged: centred on the pointer, and
/// larger and lifted above a finger so it stays visible.
pub(super) fn float_transform(press: &Press) -> String {
    let lift = if press.touch { CELL_F * 0.6 } else { 0.0 };
    format!(
        "translate({} {})",
        Fixed(press.at.0, 1),
        Fixed(press.at.1 - lift, 1)
    )
}

/// What every square of one render shares.
pub(super) struct SquareContext {
    pub(super) layout: Layout,
    pub(super) uid: u32,
    /// The square whose man is being dragged.
    pub(super) lifted: Option<usize>,
    pub(super) on_square: Option<Callback<BoardSquare>>,
    pub(super) local: Rc<RefCell<Local>>,
}

/// A man: a chess piece image, or a token disc for game tokens. `hook`
/// adds the `data-piece` test hook (never on the floating copy of a drag).
pub(super) fn piece_html(
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
            Fixed(x + size / 2.0, 1).to_string(),
            Fixed(y + size / 2.0, 1).to_string(),
        );
        return html! {
            <g data-piece={hook} class={class} {style}>
                <circle class={classes!("token", code.to_string())} cx={cx.clone()} cy={cy.clone()} r={Fixed(size * 0.4, 1).to_string()} />
                <text class="token-letter" x={cx} y={cy}>{ letter }</text>
            </g>
        };
    }
    html! {
        <image class={classes!("piece", class)} href={format!("pieces/{code}.svg")} data-piece={hook} {style}
               x={Fixed(x, 0).to_string()} y={Fixed(y, 0).to_string()}
               width={Fixed(size, 0).to_string()} height={Fixed(size, 0).to_string()} />
    }
}

pub(super) fn draw_square(view: &BoardView, ctx: &SquareContext, index: usize) -> Html {
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
        let square = layout.square(index);
        let local = ctx.local.clone();
        Callback::from(move |_: MouseEvent| {
            if std::mem::take(&mut local.borrow_mut().swallow_click) {
                return;
            }
            cb.emit(square)
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
    // A try: a move the viewer may attempt without knowing it is possible
    // (a dashed ring, apart from the certain moves' dots).
    let try_dest = (square.try_dest && !square.dest).then(|| {
        html! { <circle class="try-dest" cx={(x + CELL / 2).to_string()} cy={(y + CELL / 2).to_string()}
                        r="24" data-try="" /> }
    });
    // The computer's hint: a solid ring around the square.
    let hint = square.hint.then(|| {
        html! { <rect class="hint-mark" x={(x + 3).to_string()} y={(y + 3).to_string()}
        width={(CELL - 6).to_string()} height={(CELL - 6).to_string()} data-hint="" /> }
    });
    // A share of the possible boards that put a man here (what the
    // computer believed; where a puzzle's hidden men may be): a tint as
    // strong as the share, and never fainter than a quarter, so a square
    // that is possible at all stands out from the fog.
    let belief = square.belief.filter(|&s| s > 0).map(|share| {
        html! { <rect class="belief" x={x.to_string()} y={y.to_string()}
        width={CELL.to_string()} height={CELL.to_string()}
        style={format!("opacity: {}%", u32::from(share.min(100)) * 3 / 5 + 25)}
        data-belief={share.to_string()} /> }
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
            { for belief }
            { for ghost }
            { for phantom }
            { for piece }
            { for dest }
            { for try_dest }
            { for hint }
        </g>
    }
}

pub(super) fn draw_coordinates(view: &BoardView, flipped: bool) -> Html {
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
