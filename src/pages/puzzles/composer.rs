//! The solve page's composer's view, beside the solver's verdict: every
//! first move of the solved problem as a problemist judges it — the key,
//! cooks, tries with their one refutation, moves that fail to more — and
//! the duals of the solution. Computed in the worker
//! (`PuzzleJob::Compose`); this only shows it, with its progress and Stop.

#![cfg(target_arch = "wasm32")]

use std::rc::Rc;

use fogbound_puzzles::solver::{ComposerView, FirstVerdict};
use yew::prelude::*;

use crate::components::ProgressBar;

#[derive(Properties, PartialEq)]
pub struct ComposerProps {
    pub view: Option<Rc<ComposerView>>,
    /// The job is under way: its progress (words, done, total).
    pub running: Option<(String, u64, u64)>,
    pub stopped: bool,
    /// It may be started now.
    pub can_run: bool,
    pub on_run: Callback<MouseEvent>,
    pub on_stop: Callback<MouseEvent>,
}

/// SAN names joined, or "none".
fn listed(names: Vec<String>) -> String {
    if names.is_empty() {
        "none".into()
    } else {
        names.join(", ")
    }
}

#[function_component(ComposerSection)]
pub fn composer_section(props: &ComposerProps) -> Html {
    let state = match (&props.running, &props.view) {
        (Some(_), _) => "running",
        (None, Some(_)) => "done",
        _ if props.stopped => "stopped",
        _ => "idle",
    };
    let body = match (&props.running, &props.view) {
        (Some((pass, done, total)), _) => html! {
            <p>
                <ProgressBar pass={pass.clone()} done={*done} total={*total} />
                <button type="button" data-testid="puzzle-composer-stop" onclick={props.on_stop.clone()}>{ "Stop" }</button>
            </p>
        },
        (None, Some(v)) => view_html(v),
        (None, None) => html! {
            <>
                <p class="note">{ "Every first move judged as a problemist does: the key, cooks, tries (first moves that fail to exactly one defence, named), moves that fail to more; and duals in the solution." }</p>
                if props.stopped { <p class="note">{ "Stopped before it finished." }</p> }
                <div class="buttons">
                    <button type="button" data-testid="puzzle-composer-run" disabled={!props.can_run} onclick={props.on_run.clone()}>{ "Composer's view" }</button>
                </div>
            </>
        },
    };
    html! {
        <div data-testid="puzzle-composer" data-state={state}>
            <h3>{ "Composer's view" }</h3>
            { body }
        </div>
    }
}

fn view_html(v: &ComposerView) -> Html {
    let names = |verdict| listed(v.with(verdict).map(|m| m.san.clone()).collect());
    let tries = v.with(FirstVerdict::Try).map(|m| {
        html! { <li data-move={m.san.clone()}>{ format!("1.{}? refuted by {}", m.san, m.refuted_by[0].words()) }</li> }
    });
    let fails = listed(
        v.with(FirstVerdict::Fails)
            .map(|m| m.fail_words())
            .collect(),
    );
    let undecided = names(FirstVerdict::Undecided);
    let (last, before): (Vec<_>, Vec<_>) = v.duals.iter().partition(|d| d.last_move);
    let duals = before.iter().map(|d| {
        html! { <li>{ format!("after {}: {} — also {}", d.line.join(" / "), d.played, d.also.join(", ")) }</li> }
    });
    html! {
        <dl class="facts">
            <dt>{ "Key" }</dt><dd data-testid="puzzle-composer-key">{ names(FirstVerdict::Key) }</dd>
            <dt>{ "Cooks" }</dt><dd data-testid="puzzle-composer-cooks">{ names(FirstVerdict::Cook) }</dd>
            <dt>{ "Tries" }</dt>
            <dd data-testid="puzzle-composer-tries" data-count={v.with(FirstVerdict::Try).count().to_string()}>
                if v.with(FirstVerdict::Try).next().is_none() { { "none" } } else { <ul>{ for tries }</ul> }
            </dd>
            <dt>{ "Fail to more than one defence" }</dt><dd data-testid="puzzle-composer-fails">{ fails }</dd>
            if undecided != "none" {
                <dt>{ "Undecided within budget" }</dt><dd>{ undecided }</dd>
            }
            <dt>{ "Duals" }</dt>
            <dd data-testid="puzzle-composer-duals">
                { format!("{} before the last move, {} at the last move{}", before.len(), last.len(),
                    if v.duals_complete { "" } else { " (not every node searched)" }) }
                if !before.is_empty() { <ul>{ for duals }</ul> }
            </dd>
        </dl>
    }
}
