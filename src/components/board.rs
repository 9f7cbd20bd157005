//! The board: one SVG component for every board in the product (8×8 play,
//! 10×8 Foolish King Chess, n×n solver boards up to 16×16).
//!
//! The component draws a [`BoardView`], which is already the *viewer's*
//! picture: a square is a piece, fog, or empty, and nothing else reaches the
//! DOM. The caller decides what the viewer may know; the board never sees the
//! true position in a fog game.
//!
//! Test hooks (stable): every square carries `data-square` (`e4`), a shown
//! piece `data-piece` (`wK`), a fogged square `data-fog`, a destination
//! marker `data-dest`; the viewer's memory aids, drawn translucent with a
//! dashed outline, carry `data-phantom` / `data-ghost` (never `data-piece`).

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
}

impl BoardView {
    /// An empty board with nothing hidden.
    pub fn empty(files: u8, ranks: u8) -> BoardView {
        BoardView {
            files,
            ranks,
            squares: vec![SquareView::default(); usize::from(files) * usize::from(ranks)],
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

#[derive(Properties, PartialEq)]
pub struct BoardProps {
    pub view: Rc<BoardView>,
    /// Draw with rank 1 at the top (Black's side of the table).
    #[prop_or_default]
    pub flipped: bool,
    /// Called with the square's name when the viewer clicks or taps it.
    #[prop_or_default]
    pub on_square: Option<Callback<String>>,
    /// Accessible name of the whole board.
    #[prop_or(AttrValue::from("Board"))]
    pub label: AttrValue,
}

const CELL: u32 = 100;

/// The SVG board.
#[function_component(Board)]
pub fn board(props: &BoardProps) -> Html {
    let view = &props.view;
    let width = u32::from(view.files) * CELL;
    let height = u32::from(view.ranks) * CELL;
    let mut cells = Vec::with_capacity(view.squares.len());
    for rank in 0..view.ranks {
        for file in 0..view.files {
            cells.push(draw_square(props, file, rank));
        }
    }
    let coordinates = draw_coordinates(view, props.flipped);
    html! {
        <svg class="board" role="grid" aria-label={props.label.clone()}
             viewBox={format!("0 0 {width} {height}")}
             style={format!("aspect-ratio: {} / {}", view.files, view.ranks)}>
            { for cells }
            { coordinates }
        </svg>
    }
}

fn draw_square(props: &BoardProps, file: u8, rank: u8) -> Html {
    let view = &props.view;
    let square = &view.squares[view.index(file, rank)];
    let (col, row) = if props.flipped {
        (view.files - 1 - file, rank)
    } else {
        (file, view.ranks - 1 - rank)
    };
    let x = u32::from(col) * CELL;
    let y = u32::from(row) * CELL;
    let name = square_name(file, rank);
    let light = (file + rank) % 2 == 1;
    let mut class = classes!("sq", if light { "light" } else { "dark" });
    if square.highlight {
        class.push("hl");
    }
    if square.flash {
        class.push("flash");
    }
    let onclick = props.on_square.clone().map(|cb| {
        let name = name.clone();
        Callback::from(move |_: MouseEvent| cb.emit(name.clone()))
    });
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
    let piece = square.piece.as_ref().map(|code| {
        if let Some(letter) = token_letter(code) {
            // Game tokens that are not chessmen (Fox & Hounds): a disc.
            let (cx, cy) = ((x + CELL / 2).to_string(), (y + CELL / 2).to_string());
            return html! {
                <g data-piece={code.clone()}>
                    <circle class={classes!("token", code.clone())} cx={cx.clone()} cy={cy.clone()} r="36" />
                    <text class="token-letter" x={cx} y={cy}>{ letter }</text>
                </g>
            };
        }
        let inset = CELL / 20;
        html! {
            <image class="piece" href={format!("pieces/{code}.svg")} data-piece={code.clone()}
                   x={(x + inset).to_string()} y={(y + inset).to_string()}
                   width={(CELL - 2 * inset).to_string()} height={(CELL - 2 * inset).to_string()} />
        }
    });
    let dest = square.dest.then(|| {
        let r = if square.piece.is_some() { 46 } else { 15 };
        let class = if square.piece.is_some() { "dest capture" } else { "dest" };
        html! { <circle class={class} cx={(x + CELL / 2).to_string()} cy={(y + CELL / 2).to_string()}
                        r={r.to_string()} data-dest="" /> }
    });
    html! {
        <g role="gridcell" aria-label={label} data-square={name.clone()}
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
    fn names_squares() {
        assert_eq!(square_name(0, 0), "a1");
        assert_eq!(square_name(15, 15), "p16");
    }
}
