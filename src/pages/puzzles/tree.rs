//! The solver's proof as a collapsible tree: White's attempt, then one
//! branch per thing the umpire may say, each with White's plan after it.

#![cfg(target_arch = "wasm32")]

use fogbound_puzzles::solver::{Answer, Plan};
use yew::prelude::*;

/// What the umpire said, in one line.
pub fn answer_words(a: &Answer) -> String {
    let mut parts: Vec<String> = a.told.clone();
    if a.refused && parts.is_empty() {
        parts.push("refused".into());
    }
    if !a.seen.is_empty() {
        parts.push(format!("you see {}", a.seen.join(", ")));
    }
    match (&a.from, &a.to) {
        (Some(from), Some(to)) => parts.push(format!("you saw a man go {from}–{to}")),
        (Some(from), None) => parts.push(format!("you saw a man leave {from}")),
        (None, Some(to)) => parts.push(format!("you saw a man reach {to}")),
        (None, None) => {}
    }
    if parts.is_empty() {
        parts.push(
            if a.refused {
                "refused"
            } else {
                "Black has moved"
            }
            .into(),
        );
    }
    let mut text = parts.join("; ");
    if a.won {
        text.push_str(" — done");
    }
    if a.positions > 1 && !a.won {
        text.push_str(&format!(" ({} positions)", a.positions));
    }
    text
}

/// A plan at White's move `n` (counted along the line: a refused try, or
/// "Any?", leaves White on the same move).
fn plan_html(plan: &Plan, n: u32, depth: usize) -> Html {
    let answers = plan.answers.iter().map(|a| {
        let words = answer_words(a);
        let next_n = if a.refused { n } else { n + 1 };
        match &a.then {
            Some(next) => html! {
                <li>
                    <details open={depth < 1}>
                        <summary>{ format!("“{words}”") }</summary>
                        { plan_html(next, next_n, depth + 1) }
                    </details>
                </li>
            },
            None if a.won => html! { <li class="won">{ format!("“{words}”") }</li> },
            None => html! { <li>{ format!("“{words}” (the tree is cut here)") }</li> },
        }
    });
    html! {
        <div class="plan">
            <p class="plan-move">{ format!("{n}. {}", plan.attempt) }
                if plan.positions > 1 { <span class="note">{ format!(" — {} positions possible", plan.positions) }</span> }
            </p>
            <ul class="answers">{ for answers }</ul>
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct TreeProps {
    pub plan: Plan,
}

/// The proof, branches folded past the first level.
#[function_component(SolutionTree)]
pub fn solution_tree(props: &TreeProps) -> Html {
    html! { <div class="solution-tree" data-testid="puzzle-tree">{ plan_html(&props.plan, 1, 0) }</div> }
}
