//! The solve page's line on the cooks pass (every other first move tested
//! after the key): while it runs, the first move being tested, how many
//! are decided and a Stop; stopped, what it had decided; finished, the
//! other keys or "none".

#![cfg(target_arch = "wasm32")]

use fogbound_puzzles::solver::CookProgress;
use yew::prelude::*;

use crate::components::ProgressBar;

#[derive(Properties, PartialEq)]
pub struct CookLineProps {
    /// The pass is under way.
    pub running: bool,
    /// Where it stands, or stood when stopped.
    pub progress: Option<CookProgress>,
    pub stopped: bool,
    /// Every first move that works, key first, when the pass decided all.
    pub keys: Option<Vec<String>>,
    pub on_stop: Callback<MouseEvent>,
}

/// What the pass has decided, in words: "all refuted", "27 refuted; also
/// mating: Rb2", "none yet".
fn decided_words(p: &CookProgress) -> String {
    match (p.decided, p.also_mating.as_slice()) {
        (0, _) => "none yet".to_string(),
        (_, []) => "all refuted".to_string(),
        (_, also) => format!("{} refuted; also mating: {}", p.refuted(), also.join(", ")),
    }
}

#[function_component(CookLine)]
pub fn cook_line(props: &CookLineProps) -> Html {
    let (state, text) = match (&props.progress, &props.keys) {
        _ if props.running => ("testing", String::new()),
        (Some(p), _) if props.stopped => (
            "stopped",
            format!(
                "not all first moves were decided (stopped with {} of {} decided: {}).",
                p.decided,
                p.others,
                decided_words(p)
            ),
        ),
        (_, Some(keys)) if keys.len() <= 1 => ("done", "none: the key is unique".to_string()),
        (_, Some(keys)) => ("done", keys[1..].join(", ")),
        (_, None) => ("undecided", "not all first moves were decided".to_string()),
    };
    let (decided, others) = props
        .progress
        .as_ref()
        .map_or((0, 0), |p| (p.decided, p.others));
    html! {
        <dd data-testid="puzzle-cooks" data-state={state} data-decided={decided.to_string()} data-others={others.to_string()}>
            if props.running {
                if let Some(p) = &props.progress {
                    <ProgressBar pass={p.words()} done={p.decided} total={p.others} />
                    <span class="note">{ format!("{} of {} other first moves decided: {}.", p.decided, p.others, decided_words(p)) }</span>
                } else {
                    { "being tested: the key first…" }
                }
                { " " }
                <button type="button" data-testid="puzzle-cooks-stop" onclick={props.on_stop.clone()}>{ "Stop" }</button>
            } else {
                { text }
            }
        </dd>
    }
}
