#![cfg(target_arch = "wasm32")]

use yew::prelude::*;

use super::board_from;
use crate::app::Route;
use crate::components::{Board, PageFrame};

/// Fog of War after 1.e4 e5 2.Nf3, as White sees it: own men, the squares
/// they can move to, and the pawn on e5 that the knight attacks.
const FOG_SAMPLE: &str = "????????/????????/1???????/?1??p?1?/4P?2/4?N2/PPPP1PPP/RNBQKB1R";

#[function_component(Home)]
pub fn home() -> Html {
    let view = board_from(8, 8, FOG_SAMPLE);
    let intro = html! {
        <p>{ "Play and study chess where you cannot see everything: Fog of War, Dark Chess, \
              Kriegspiel and Foolish King Chess, hot-seat on one device or against the computer; \
              Kriegspiel problems; and solvers for the games and endgames behind them." }</p>
    };
    let board = html! { <Board view={view} label="A Fog of War position as White sees it" decorative=true /> };
    html! {
        <PageFrame title="Chess in the fog" {intro} {board}>
            <ul class="cards">
                <li><a href={Route::Play.href()}><h2>{ "Play" }</h2>
                    <p>{ "Against the computer, which sees only what its side may see, or two players on one screen \
                          with a privacy curtain between turns. Four variants, four ways of hiding the board." }</p></a></li>
                <li><a href={Route::Puzzles.href()}><h2>{ "Puzzles" }</h2>
                    <p>{ "Kriegspiel problems: mate against every hidden placement the umpire can choose." }</p></a></li>
                <li><a href={Route::Solvers.href()}><h2>{ "Solvers" }</h2>
                    <p>{ "Fox & Hounds and King+Rook vs King solved in your browser, and the Fog of War endgame theorems." }</p></a></li>
                <li><a href={Route::Rules.href()}><h2>{ "Rules" }</h2>
                    <p>{ "Exactly what each variant and each umpire says, including the choices we made where sources are silent." }</p></a></li>
            </ul>
        </PageFrame>
    }
}
