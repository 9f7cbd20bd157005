use yew::prelude::*;

use super::board_from;
use crate::components::{Board, PageFrame};

/// The start on 8×8: hounds on b1, d1, f1, h1; the fox on e8.
const START: &str = "4f3/8/8/8/8/8/8/1h1h1h1h";

/// The published table (seed 002), which our solver reproduces.
const PUBLISHED: [(&str, &str, &str, &str); 5] = [
    ("2×2", "1", "1", "Hounds win in 0"),
    ("4×4", "83", "178", "Hounds win in 8"),
    ("6×6", "8,175", "~10¹¹", "Fox win in 21"),
    ("8×8", "709,868", "~10²⁹", "Hounds win in 44"),
    ("10×10", "69,575,678", "~10⁵⁵", "Hounds win in 72"),
];

#[function_component(FoxHounds)]
pub fn fox_hounds() -> Html {
    let view = board_from(8, 8, START);
    let intro = html! {
        <p>{ "The fox moves one square diagonally either way; a hound moves one square diagonally up. \
              The hounds win by trapping the fox, the fox by getting past them. Solved exactly by \
              dynamic programming over every reachable position." }</p>
    };
    let board = html! { <Board view={view} label="Fox and Hounds, start position" /> };
    let rows = PUBLISHED.iter().map(|(size, positions, games, value)| html! {
        <tr><td>{ *size }</td><td class="num">{ *positions }</td><td class="num">{ *games }</td><td>{ *value }</td></tr>
    });
    html! {
        <PageFrame title="Fox & Hounds" {intro} {board}>
            <h2>{ "Solved board sizes" }</h2>
            <table class="figures">
                <thead><tr><th>{ "Board" }</th><th>{ "Reachable positions" }</th><th>{ "Possible games" }</th><th>{ "Start position" }</th></tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
            <p class="note">{ "Win in N counts single moves (plies). The fox moves first." }</p>
        </PageFrame>
    }
}
