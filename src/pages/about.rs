//! About fogbound, and a move-generator check (perft) that runs in the
//! background worker: the page stays responsive, shows progress, and can
//! cancel. It doubles as a way for anyone to time the engine in their own
//! browser.

#![cfg(target_arch = "wasm32")]

use std::rc::Rc;

use yew::prelude::*;

use crate::components::ProgressBar;
use crate::decimal::Fixed;
use crate::worker::perft::{PerftAnswer, PerftJob, PerftJobs, MAX_PERFT_DEPTH};
use crate::worker::slot::{use_job_runner, Finished, JobSlot};
use crate::worker::ClientEvent;

/// The perft panel: the job and the last count.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PerftPanel {
    job: JobSlot<PerftJobs>,
    done: Option<(PerftAnswer, f64)>,
}

pub enum PerftAction {
    Count(PerftJob),
    Worker(ClientEvent<PerftAnswer>),
}

impl Reducible for PerftPanel {
    type Action = PerftAction;

    fn reduce(self: Rc<Self>, action: PerftAction) -> Rc<Self> {
        let mut s = (*self).clone();
        s.job.sent();
        match action {
            PerftAction::Count(job) => {
                s.done = None;
                s.job.start(job);
            }
            PerftAction::Worker(event) => {
                if let Some(Finished { answer, millis, .. }) = s.job.receive(event) {
                    s.done = Some((answer, millis));
                }
            }
        }
        Rc::new(s)
    }
}

#[function_component(About)]
pub fn about() -> Html {
    let panel = use_reducer(PerftPanel::default);
    let client = {
        let dispatcher = panel.dispatcher();
        use_job_runner(
            &panel.job,
            Callback::from(move |e| dispatcher.dispatch(PerftAction::Worker(e))),
        )
    };
    let fen = use_state(String::new);
    let depth = use_state(|| 4u32);

    let on_fen = {
        let fen = fen.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                fen.set(input.value());
            }
        })
    };
    let on_depth = {
        let depth = depth.clone();
        Callback::from(move |e: Event| {
            if let Some(select) = e.target_dyn_into::<web_sys::HtmlSelectElement>() {
                depth.set(select.value().parse().unwrap_or(4));
            }
        })
    };
    let run = {
        let (panel, fen, depth) = (panel.clone(), fen.clone(), depth.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let text = fen.trim().to_string();
            panel.dispatch(PerftAction::Count(PerftJob {
                variant: "chess".into(),
                fen: (!text.is_empty()).then_some(text),
                depth: *depth,
            }));
        })
    };
    let cancel = {
        let client = client.clone();
        Callback::from(move |_| client.cancel())
    };
    let running = panel.job.busy();
    let status = if let Some((pass, done, total)) = panel.job.progress.clone() {
        html! { <ProgressBar {pass} {done} {total} /> }
    } else if let Some((PerftAnswer { nodes, divide }, millis)) = &panel.done {
        let rate = if *millis > 0.0 {
            *nodes as f64 / millis / 1000.0
        } else {
            0.0
        };
        html! {
            <div class="result" data-testid="perft-result">
                <p><strong>{ format!("{nodes} nodes") }</strong>
                   { format!(" in {} ms ({} million nodes per second)", Fixed(*millis, 0), Fixed(rate, 1)) }</p>
                <details>
                    <summary>{ format!("Per first move ({})", divide.len()) }</summary>
                    <ul class="divide">{ for divide.iter().map(|(mv, n)| html! { <li><code>{ mv }</code>{ format!(" {n}") }</li> }) }</ul>
                </details>
            </div>
        }
    } else {
        match panel.job.message.as_deref() {
            Some(message) if panel.job.stopped => {
                html! { <p class="note" data-testid="perft-cancelled">{ message }</p> }
            }
            Some(message) => {
                html! { <p class="error-text" role="alert" data-testid="perft-error">{ message }</p> }
            }
            None => html! {},
        }
    };
    html! {
        <section class="page prose">
            <h1>{ "About fogbound" }</h1>
            <p class="intro">{ "fogbound is a place to play and study chess where you cannot see everything. It is a \
                                single static page: the rules engine and the solvers are Rust compiled to \
                                WebAssembly and run on your device. Nothing is sent anywhere; after the first \
                                visit it works offline." }</p>
            <h2>{ "What is here" }</h2>
            <ul>
                <li>{ "Hot-seat play on one screen in Fog of War, Dark Chess, Kriegspiel and Foolish King Chess, with a curtain between turns." }</li>
                <li>{ "Kriegspiel problems with an umpire that defends with the worst hidden placement." }</li>
                <li>{ "Exact solvers for Fox & Hounds and King+Rook vs King, and the Fog of War endgame results." }</li>
            </ul>
            <h2 id="engine-check">{ "Check the move generator" }</h2>
            <p>{ "perft counts every sequence of legal moves to a given depth; the counts for well-known positions \
                  are published, so a correct engine must match them. It runs in a background worker." }</p>
            <form class="perft" onsubmit={run}>
                <label class="field" for="perft-fen">
                    <span>{ "Position (FEN; empty for the start)" }</span>
                    <input id="perft-fen" type="text" spellcheck="false" value={(*fen).clone()} oninput={on_fen}
                           placeholder="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" />
                </label>
                <label class="field" for="perft-depth">
                    <span>{ "Depth" }</span>
                    <select id="perft-depth" onchange={on_depth}>
                        { for (1..=MAX_PERFT_DEPTH).map(|d| html! { <option value={d.to_string()} selected={d == *depth}>{ d }</option> }) }
                    </select>
                </label>
                <div class="buttons">
                    <button type="submit" data-testid="perft-run" disabled={running}>{ "Count" }</button>
                    <button type="button" data-testid="perft-cancel" onclick={cancel} disabled={!running}>{ "Stop" }</button>
                </div>
            </form>
            { status }
        </section>
    }
}
