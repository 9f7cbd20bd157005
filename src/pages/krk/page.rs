//! The K+R vs K page's component: size, solve and play, wired to the
//! reducer (`state`) and drawn with `view`'s parts.

#![cfg(target_arch = "wasm32")]

use fogbound_solvers::krk::Side;
use yew::prelude::*;

use super::state::{KrkAction, KrkState};
use super::view::{board_view, game_panel, growth, results};
use crate::components::{on_select, Board, BoardSquare, PageFrame, ProgressBar};
use crate::worker::krk::MAX_KRK_SIZE;
use crate::worker::slot::use_job_runner;

#[function_component(Krk)]
pub fn krk() -> Html {
    let state = use_reducer(KrkState::new);
    let client = {
        let dispatcher = state.dispatcher();
        use_job_runner(
            &state.job,
            Callback::from(move |e| dispatcher.dispatch(KrkAction::Worker(e))),
        )
    };
    let on_size = {
        let state = state.clone();
        on_select(move |size| state.dispatch(KrkAction::SetSize(size)))
    };
    let solve = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(KrkAction::Solve))
    };
    let cancel = {
        let client = client.clone();
        Callback::from(move |_| client.cancel())
    };
    let new_game = |side: Side| {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(KrkAction::NewGame(side)))
    };
    let on_square = {
        let state = state.clone();
        Callback::from(move |square: BoardSquare| state.dispatch(KrkAction::ClickSquare(square)))
    };
    let busy = state.job.busy();
    let size = state.size;
    let view = board_view(size, state.game.as_ref());
    let intro = html! {
        <p>{ "King and rook against a lone king, solved backwards from every mate on boards from 3×3 to \
              20×20, here in your browser. No 50-move rule. Then play either side against perfect play." }</p>
    };
    let board =
        html! { <Board view={view} on_square={on_square} label="King and rook against king" /> };
    html! {
        <PageFrame title="King + Rook vs King" {intro} {board}>
            <div class="row">
                <label class="field" for="krk-size">
                    <span>{ "Board" }</span>
                    <select id="krk-size" onchange={on_size} disabled={busy}>
                        { for (3..=MAX_KRK_SIZE).map(|n| html! { <option value={n.to_string()} selected={n == size}>{ format!("{n}×{n}") }</option> }) }
                    </select>
                </label>
                <button data-testid="krk-solve" onclick={solve} disabled={busy}>{ "Solve" }</button>
                <button type="button" data-testid="krk-cancel" onclick={cancel} disabled={!busy}>{ "Stop" }</button>
            </div>
            if let Some((pass, done, total)) = state.job.progress.clone() {
                <ProgressBar pass={pass} done={done} total={total} />
            }
            if let Some(message) = &state.job.message {
                <p class="note" data-testid="krk-message">{ message }</p>
            }
            { for state.solved.as_ref().map(|solved| results(size, solved)) }
            <div class="section">
                <h2>{ "Play against perfect play" }</h2>
                <div class="buttons">
                    <button type="button" data-testid="krk-play-white" onclick={new_game(Side::White)} disabled={busy}>{ "Play the king and rook" }</button>
                    <button type="button" data-testid="krk-play-black" onclick={new_game(Side::Black)} disabled={busy}>{ "Play the lone king" }</button>
                </div>
                if state.game.is_none() {
                    <p class="note" data-testid="krk-setup-note">{ format!("The board shows the {size}×{size} set-up. \
                        A game starts from a random position that the king and rook win, the rook side to move.") }</p>
                }
            </div>
            { for state.game.as_ref().map(|game| game_panel(game, &state)) }
            { growth(&state) }
        </PageFrame>
    }
}
