//! What the computer believed, shown in a finished game's replay: the
//! worker tells the bot its side's transcript again
//! ([`fogbound_players::trace`]) and the replay draws, over the bot's own
//! view at each ply, how many candidate boards it kept and how often they
//! put an enemy man on each square.

#![cfg(target_arch = "wasm32")]

use std::rc::Rc;

use fogbound_engine::Color;
use fogbound_players::trace::{frame_at, BeliefFrame};
use yew::prelude::*;

use super::replay::{Lens, Replay};
use crate::components::BoardView;
use crate::worker::beliefs::{BeliefJob, BeliefJobs};
use crate::worker::{ClientEvent, ComputeClient};

/// The trace's state on the page.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Trace {
    #[default]
    NotAsked,
    Working {
        done: u64,
        total: u64,
    },
    Ready(Rc<Vec<BeliefFrame>>),
    Failed(String),
}

/// The seed the trace's bot is told with (any fixed number: the trace is
/// the same every time it is shown).
const TRACE_SEED: u64 = 1;

/// Runs the trace in the worker when `run` is emitted.
#[hook]
pub fn use_belief_trace(replay: Rc<Replay>) -> (Trace, Callback<()>) {
    let trace = use_state(Trace::default);
    let client = {
        let trace = trace.clone();
        use_memo((), move |_| {
            ComputeClient::<BeliefJobs>::new(Callback::from(move |event| match event {
                ClientEvent::Progress { done, total, .. } => {
                    trace.set(Trace::Working { done, total })
                }
                ClientEvent::Done { answer, .. } => trace.set(Trace::Ready(Rc::new(answer))),
                ClientEvent::Failed(message) => trace.set(Trace::Failed(message)),
                // Only a newer trace cancels one, and it sets its own state.
                ClientEvent::Interim(_) | ClientEvent::Cancelled => {}
            }))
        })
    };
    let run = {
        let trace = trace.clone();
        Callback::from(move |()| {
            let Some((color, level)) = replay.believer() else {
                return;
            };
            trace.set(Trace::Working { done: 0, total: 1 });
            let job = BeliefJob {
                level,
                seed: TRACE_SEED,
                transcript: replay.transcript(color),
            };
            if let Err(message) = client.run(job) {
                trace.set(Trace::Failed(message));
            }
        })
    };
    ((*trace).clone(), run)
}

/// Tints `view` (the bot's own view after `ply`) with its belief then.
pub fn overlay(view: &mut BoardView, frames: &[BeliefFrame], ply: u32) {
    if let Some(frame) = frame_at(frames, ply) {
        for (square, &share) in view.squares.iter_mut().zip(&frame.heat) {
            // Squares the bot sees hold what they hold: no heat there.
            if square.fog {
                square.belief = Some(share);
            }
        }
    }
}

/// The replay's section on the bot's belief.
pub fn belief_section(
    trace: &Trace,
    run: Callback<()>,
    bot: Color,
    lens: Lens,
    ply: u32,
    show_bot: Callback<()>,
) -> Html {
    let body = match trace {
        Trace::NotAsked => html! {
            <>
                <p class="hint-text">{ format!(
                    "{} was played by the computer. It kept a set of boards consistent with what it \
                     had been told; replay that belief over its view, ply by ply.", bot.name()) }</p>
                <button class="secondary" data-testid="belief-run"
                        onclick={run.reform(|_: MouseEvent| ())}>{ "Show what it believed" }</button>
            </>
        },
        Trace::Working { done, total } => html! {
            <p class="hint-text" data-testid="belief-progress">
                { format!("Replaying its belief… {done} of {total} observations") }
            </p>
        },
        Trace::Failed(message) => html! {
            <p class="feedback" data-testid="belief-failed">{ format!("Its belief could not be replayed: {message}") }</p>
        },
        Trace::Ready(frames) => {
            let count = frame_at(frames, ply).map(|f| f.boards);
            let said = match count {
                Some(1) => format!("After ply {ply} it kept one board: it knew where everything stood."),
                Some(n) => format!(
                    "After ply {ply} it kept {n} candidate boards. The orange tint on a hidden square \
                     shows how many of them put one of {}'s men there.",
                    (!bot).name()
                ),
                None => "It had not been told anything yet.".to_string(),
            };
            let on_bot = lens == Lens::Player(bot);
            html! {
                <>
                    <p class="status-line" data-testid="belief-count" aria-live="polite">{ said }</p>
                    if !on_bot {
                        <button class="secondary" data-testid="belief-show"
                                onclick={show_bot.reform(|_: MouseEvent| ())}>
                            { format!("Show it on {}'s view", bot.name()) }
                        </button>
                    }
                </>
            }
        }
    };
    html! {
        <section class="section" data-testid="belief">
            <h3>{ "What the computer believed" }</h3>
            { body }
        </section>
    }
}
