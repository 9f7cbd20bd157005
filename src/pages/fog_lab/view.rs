//! Drawing the lab: the board (White's men, the king's possible squares),
//! the square maps, the summary table beside the paper's claims.

use std::rc::Rc;

use fogbound_solvers::fog_endgame::Material;

use super::state::{men_letters, square_name, SIZE};
use crate::components::BoardView;
use crate::decimal::Fixed;
#[cfg(target_arch = "wasm32")]
use {
    super::claims::{agrees, claim},
    crate::components::group_digits,
    crate::worker::fog_lab::{LabFigures, NOT_A_START, SMALL_BOARD_MATERIALS},
    yew::prelude::*,
};

/// The board: White's men of `material` on `men` (king first), the black
/// king drawn where White knows it stands (`king`), every square of
/// `belief` tinted, the sighting ringed.
pub fn board_view(
    material: Material,
    men: &[u8],
    king: Option<u8>,
    belief: u64,
    seen: Option<u8>,
) -> Rc<BoardView> {
    let mut view = BoardView::empty(SIZE, SIZE);
    let letters: Vec<char> = std::iter::once('K')
        .chain(men_letters(material).chars())
        .collect();
    for (&sq, letter) in men.iter().zip(letters) {
        if let Some(square) = view.squares.get_mut(sq as usize) {
            square.piece = Some(format!("w{letter}"));
        }
    }
    for sq in 0..SIZE * SIZE {
        if belief & 1 << sq != 0 {
            view.squares[sq as usize].belief = Some(100);
        }
    }
    if let Some(sq) = king {
        view.squares[sq as usize].piece = Some("bK".into());
    }
    if let Some(sq) = seen {
        view.squares[sq as usize].hint = true;
    }
    Rc::new(view)
}

/// Squares as names, in a sentence: `a7, b7 or b8`.
pub fn squares_text(set: u64) -> String {
    let names: Vec<String> = (0..SIZE * SIZE)
        .filter(|&sq| set & 1 << sq != 0)
        .map(square_name)
        .collect();
    match names.len() {
        0 => "nowhere".into(),
        1 => names[0].clone(),
        n => format!("{} or {}", names[..n - 1].join(", "), names[n - 1]),
    }
}

/// An 8×8 grid of cells, rank 8 at the top, files labelled.
#[cfg(target_arch = "wasm32")]
fn grid(
    testid: &'static str,
    caption: String,
    cell: impl Fn(u8) -> (String, &'static str),
) -> Html {
    let rows = (0..SIZE).rev().map(|rank| {
        let cells = (0..SIZE).map(|file| {
            let (text, class) = cell(rank * SIZE + file);
            html! { <td class={class}>{ text }</td> }
        });
        html! { <tr><th scope="row">{ rank + 1 }</th>{ for cells }</tr> }
    });
    let files =
        (0..SIZE).map(|f| html! { <th scope="col">{ ((b'a' + f) as char).to_string() }</th> });
    html! {
        <table class="lab-map" data-testid={testid}>
            <caption>{ caption }</caption>
            <tbody>{ for rows }<tr><th></th>{ for files }</tr></tbody>
        </table>
    }
}

/// For White's men as placed: White's moves to capture with the king on
/// each square, × where White does not win, blank where the king cannot
/// start (White's men hold or see it).
#[cfg(target_arch = "wasm32")]
pub fn start_map(map: &[u8]) -> Html {
    grid(
        "lab-start-map",
        "The same White men, the black king on each square: White moves to capture (× not won)"
            .into(),
        |sq| match map.get(sq as usize).copied() {
            Some(NOT_A_START) | None => (String::new(), "none"),
            Some(0) => ("×".into(), "lost"),
            Some(v) => (v.to_string(), "won"),
        },
    )
}

/// Per black-king square, the share of starts White wins (all placements of
/// White's men), like the paper's figures.
#[cfg(target_arch = "wasm32")]
pub fn square_map(row: &LabFigures) -> Html {
    grid(
        "lab-square-map",
        format!(
            "{}: per black-king square, the share of starts White wins (%)",
            pretty(row.material.name())
        ),
        |sq| {
            let (won, all) = (
                row.won_by_square[sq as usize],
                row.starts_by_square[sq as usize],
            );
            if all == 0 {
                return (String::new(), "none");
            }
            let class = match (won, won == all) {
                (0, _) => "lost",
                (_, true) => "won",
                _ => "part",
            };
            (format!("{}", won * 100 / all), class)
        },
    )
}

/// The summary table: our figures per material beside the paper's claim.
#[cfg(target_arch = "wasm32")]
pub fn summary_table(sighted: &[LabFigures], blind: Option<&[LabFigures]>) -> Html {
    let rows = sighted.iter().map(|row| {
        let other = blind.and_then(|b| b.iter().find(|r| r.material == row.material));
        let verdict = match agrees(row) {
            Some(true) => html! { <span class="agrees" data-testid="lab-agrees">{ "✓ agrees" }</span> },
            Some(false) => html! { <span class="contradicts">{ "✗ contradicts" }</span> },
            None => html! { <span>{ "—" }</span> },
        };
        let blind_text = other.map_or("…".to_string(), |b| {
            format!("{} · {}", group_digits(b.won), b.max_moves)
        });
        html! {
            <tr data-material={row.material.name()}>
                <th scope="row">{ pretty(row.material.name()) }</th>
                <td class="num">{ group_digits(row.positions) }</td>
                <td class="num">{ group_digits(row.won) }</td>
                <td class="num">{ group_digits(row.lost) }</td>
                <td class="num">{ if row.won > 0 { row.max_moves.to_string() } else { "—".into() } }</td>
                <td class="num">{ blind_text }</td>
                <td>{ claim(row.material) }{ " " }{ verdict }</td>
            </tr>
        }
    });
    html! {
        <div class="table-scroll">
            <table class="figures" data-testid="lab-summary">
                <thead><tr>
                    <th>{ "White" }</th><th>{ "Starts" }</th><th>{ "Won" }</th><th>{ "Not won" }</th>
                    <th>{ "Longest win" }</th><th>{ "Blind: won · longest" }</th><th>{ "The paper" }</th>
                </tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
        </div>
    }
}

/// K+Q, K+R and K+R+R on the smaller boards: won of starts, and the
/// longest win, per board.
#[cfg(target_arch = "wasm32")]
pub fn boards_table(rows: &[LabFigures]) -> Html {
    let mut sizes: Vec<u8> = rows.iter().map(|r| r.size).collect();
    sizes.sort_unstable();
    sizes.dedup();
    let materials = SMALL_BOARD_MATERIALS;
    let body = sizes.iter().map(|&n| {
        let cells = materials.iter().map(|m| {
            match rows.iter().find(|r| r.size == n && r.material == *m) {
                Some(r) if r.won > 0 => html! { <td class="num">{ format!("{} of {} · {}", group_digits(r.won), group_digits(r.positions), r.max_moves) }</td> },
                Some(r) => html! { <td class="num">{ format!("0 of {}", group_digits(r.positions)) }</td> },
                None => html! { <td class="num">{ "…" }</td> },
            }
        });
        html! { <tr><th scope="row">{ format!("{n}×{n}") }</th>{ for cells }</tr> }
    });
    html! {
        <div class="table-scroll">
            <table class="figures" data-testid="lab-boards">
                <thead><tr><th>{ "Board" }</th>
                    { for materials.iter().map(|m| html! { <th>{ format!("{}: won · longest", pretty(m.name())) }</th> }) }</tr></thead>
                <tbody>{ for body }</tbody>
            </table>
        </div>
    }
}

/// Every reading the figures rest on, where the paper or the rules leave a
/// choice.
#[cfg(target_arch = "wasm32")]
pub fn readings() -> Html {
    html! {
        <dl class="facts" data-testid="lab-readings">
            <dt>{ "A start" }</dt>
            <dd>{ "White to move; White's men and the black king on distinct squares; the king on a square no white man                   can move to (so not attacked and not beside the white king); White knows that square. Every such                   position counts, reachable from a game or not. Two rooks or two bishops are one start whichever is                   which; two bishops may share a colour." }</dd>
            <dt>{ "What White sees" }</dt>
            <dd>{ "Its own men and every square they can move to, the engine's Fog of War rule; sliders stop at the                   first man. The black king is seen exactly when a white man could take it." }</dd>
            <dt>{ "Black" }</dt>
            <dd>{ "Sees everything and answers every White move in the way worst for White." }</dd>
            <dt>{ "Safe moves only" }</dt>
            <dd>{ "White never plays a move after which the king, on any square it may be on, could take the white king                   or a man no other white man defends. A line that loses a man is not counted as a win, even where                   the smaller material could still win." }</dd>
            <dt>{ "The win" }</dt>
            <dd>{ "White takes the king as soon as it sees it at its turn. There is no stalemate: a king whose every                   step is seen must still step and is taken." }</dd>
            <dt>{ "Counting" }</dt>
            <dd>{ "White's moves up to and including the capture." }</dd>
            <dt>{ "The true game and the blind reading" }</dt>
            <dd>{ "After its own move White looks at the board: if the king stands on a square that move brought into                   view, White sees it there; if not, White knows it is elsewhere. The figures use this (the true game).                   The blind reading is the simpler one-player game in which White forgets that glance; its figures are                   given beside, and it never wins a start the true game loses." }</dd>
        </dl>
    }
}

/// `K+R+R` for `KRR`.
pub fn pretty(material: &str) -> String {
    let mut out = String::new();
    for (i, c) in material.chars().enumerate() {
        if i > 0 {
            out.push('+');
        }
        out.push(c);
    }
    out
}

/// A file size for people: `28 KB`, `4.3 MB`.
pub fn bytes_text(bytes: u64) -> String {
    if bytes >= 1_000_000 {
        format!("{} MB", Fixed(bytes as f64 / 1e6, 1))
    } else {
        format!("{} KB", bytes.div_ceil(1000))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_for_squares_materials_and_sizes() {
        assert_eq!(squares_text(0), "nowhere");
        assert_eq!(squares_text(1 << 48 | 1 << 49 | 1 << 57), "a7, b7 or b8");
        assert_eq!(pretty("KRR"), "K+R+R");
        assert_eq!(bytes_text(28_306), "29 KB");
        assert_eq!(bytes_text(30_264_910), "30.3 MB");
    }

    #[test]
    fn the_board_draws_the_men_and_where_the_king_may_be() {
        let view = board_view(Material::KR, &[4, 0], None, 1 << 63 | 1 << 62, Some(55));
        assert_eq!(view.squares[4].piece.as_deref(), Some("wK"));
        assert_eq!(view.squares[0].piece.as_deref(), Some("wR"));
        assert_eq!(view.squares[63].belief, Some(100));
        assert!(view.squares[55].hint);
        assert_eq!(
            view.squares.iter().filter(|s| s.belief.is_some()).count(),
            2
        );
    }
}
