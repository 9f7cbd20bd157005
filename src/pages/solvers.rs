#![cfg(target_arch = "wasm32")]

use yew::prelude::*;

use super::board_from;
use crate::app::Route;
use crate::components::{Board, PageFrame};

#[function_component(Solvers)]
pub fn solvers() -> Html {
    let view = board_from(8, 8, "8/8/8/8/3k4/8/8/R3K3");
    let intro = html! {
        <p>{ "Games and endgames solved exactly, in your browser: every position, its value and its \
              distance to the end, with perfect play to practise against." }</p>
    };
    let board = html! { <Board view={view} label="King and rook against king" /> };
    html! {
        <PageFrame title="Solvers" {intro} {board}>
            <ul class="cards single">
                <li><a href={Route::FoxHounds.href()}><h2>{ "Fox & Hounds" }</h2>
                    <p>{ "The fox against four hounds on the light squares, solved from 2×2 to 10×10: \
                          reachable positions, possible games, the value of the start, and an AI with a fairness dial." }</p>
                </a></li>
                <li><a href={Route::Krk.href()}><h2>{ "King + Rook vs King" }</h2>
                    <p>{ "Every position on n×n boards: who wins, in how many moves, and how the longest mate grows with the board." }</p>
                </a></li>
                <li><a href={Route::FogEndgames.href()}><h2>{ "Fog of War endgames" }</h2>
                    <p>{ "K+Q, K+R, K+R+R, two bishops, bishop and knight against a lone king you cannot see: every start solved exactly, the verdict of any start, White's optimal line or Black's escape step by step, checked against the paper's theorems." }</p>
                </a></li>
            </ul>
        </PageFrame>
    }
}
