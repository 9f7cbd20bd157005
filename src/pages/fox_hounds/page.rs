//! The Fox & Hounds page's component: size, solve, play and fuzz, wired
//! to the reducer (`state`) and drawn with `view`'s parts.

#![cfg(target_arch = "wasm32")]

use fogbound_solvers::fox_hounds::{NamedPosition, Side};
use yew::prelude::*;

use super::state::{FoxAction, FoxState};
use super::view::{board_view, fuzz_panel, game_panel, results};
use crate::components::{on_select, Board, BoardSquare, PageFrame, ProgressBar};
use crate::worker::slot::use_job_runner;

#[function_component(FoxHounds)]
pub fn fox_hounds() -> Html {
    let state = use_reducer(|| FoxState::new(js_sys::Date::now().to_bits()));
    let client = {
        let dispatcher = state.dispatcher();
        use_job_runner(
            &state.job,
            Callback::from(move |e| dispatcher.dispatch(FoxAction::Worker(e))),
        )
    };
    let on_size = {
        let state = state.clone();
        on_select(move |size| state.dispatch(FoxAction::SetSize(size)))
    };
    let solve = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(FoxAction::Solve))
    };
    let cancel = {
        let client = client.clone();
        Callback::from(move |_| client.cancel())
    };
    let on_square = {
        let state = state.clone();
        Callback::from(move |sq: BoardSquare| state.dispatch(FoxAction::Click(sq)))
    };
    let busy = state.job.busy();
    let size = state.size;
    let start = |named: NamedPosition, human: Side| {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(FoxAction::Start(named, human)))
    };
    // The fox-box positions are the write-up's on 8×8; the initial and
    // opposite positions exist on every board.
    let examples = NamedPosition::ALL
        .iter()
        .filter(|n| size == 8 || **n == NamedPosition::Initial || **n == NamedPosition::Opposite)
        .map(|named| {
            html! {
                <li>
                    <span>{ named.label() }</span>
                    <button type="button" onclick={start(*named, Side::Fox)} disabled={busy}>{ "as fox" }</button>
                    <button type="button" onclick={start(*named, Side::Hounds)} disabled={busy}>{ "as hounds" }</button>
                </li>
            }
        });
    let intro = html! {
        <p>{ "The fox moves one square diagonally either way; a hound moves one square diagonally up. The \
              hounds win by trapping the fox; the fox wins when the hounds run out of moves or it gets past \
              them. Solved here by dynamic programming over every reachable position." }</p>
    };
    let view = board_view(size, state.game.as_ref());
    let board = html! { <Board view={view} on_square={on_square} label="Fox and Hounds" /> };
    html! {
        <PageFrame title="Fox & Hounds" {intro} {board}>
            <div class="row">
                <label class="field" for="fox-size"><span>{ "Board" }</span>
                    <select id="fox-size" onchange={on_size} disabled={busy}>
                        { for (2..=10u8).map(|n| html! { <option value={n.to_string()} selected={n == size}>{ format!("{n}×{n}") }</option> }) }
                    </select>
                </label>
                <button data-testid="fox-solve" onclick={solve} disabled={busy}>{ "Solve" }</button>
                <button type="button" data-testid="fox-cancel" onclick={cancel} disabled={!busy}>{ "Stop" }</button>
            </div>
            if let Some((pass, done, total)) = state.job.progress.clone() {
                <ProgressBar pass={pass} done={done} total={total} />
            }
            if let Some(message) = &state.job.message {
                <p class="note" data-testid="fox-message">{ message }</p>
            }
            { for state.solved.as_ref().map(|solved| results(size, solved)) }
            <div class="section">
                <h2>{ "Play against the AI" }</h2>
                <ul class="examples">{ for examples }</ul>
            </div>
            { for state.game.as_ref().map(|game| game_panel(game, &state)) }
            { fuzz_panel(&state) }
        </PageFrame>
    }
}
