//! A labelled progress bar for worker jobs.

#![cfg(target_arch = "wasm32")]

use crate::decimal::Fixed;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ProgressBarProps {
    /// The name of the pass under way.
    pub pass: AttrValue,
    pub done: u64,
    pub total: u64,
}

#[function_component(ProgressBar)]
pub fn progress_bar(props: &ProgressBarProps) -> Html {
    let total = props.total.max(1);
    let done = props.done.min(total);
    let percent = (done as f64) * 100.0 / (total as f64);
    html! {
        <div class="progress" data-testid="progress">
            <progress max={total.to_string()} value={done.to_string()}
                      aria-label={format!("{}: {}%", props.pass, Fixed(percent, 0))} />
            <span class="progress-label">{ format!("{} — {}%", props.pass, Fixed(percent, 0)) }</span>
        </div>
    }
}
