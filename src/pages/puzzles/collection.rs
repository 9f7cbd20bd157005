//! The Puzzles page (`#/puzzles`): today's generated problem and another
//! of a chosen difficulty (`today`), the collection, each entry with its
//! stipulation, rules and source and a mark when solved on this device;
//! a box that opens any puzzle link or code; the way to the editor.

#[cfg(target_arch = "wasm32")]
use {
    super::link::identity,
    super::solve::{rules_label, stipulation},
    super::store,
    super::today::TodayPuzzle,
    crate::app::Route,
    fogbound_puzzles::collection::{collection, Entry},
    yew::prelude::*,
};

use crate::query::encode;

#[cfg(target_arch = "wasm32")]
fn card(entry: &Entry, solved: bool) -> Html {
    let p = &entry.puzzle;
    let hidden = if p.hidden.is_empty() {
        "Black's men are known at the start, not where they go".to_string()
    } else if p.hidden.len() == 1 {
        "one hidden man".to_string()
    } else {
        format!("{} hidden men", p.hidden.len())
    };
    html! {
        <li data-testid="puzzle-card" data-id={entry.id.clone()} data-solved={solved.to_string()}>
            <a href={format!("#/puzzle?id={}", encode(&entry.id))}>
                <h2>{ p.title.clone().unwrap_or_else(|| entry.id.clone()) }
                    if solved { <span class="solved-mark" title="Solved on this device" aria-label="solved">{ " ✓" }</span> }
                </h2>
                <p class="stipulation">{ format!("{} · {} · {hidden}", stipulation(p), rules_label(p)) }</p>
                <p>{ format!("{} — {}", p.author.clone().unwrap_or_default(), p.source.clone().unwrap_or_default()) }</p>
            </a>
        </li>
    }
}

/// Reads what a person pasted: a whole link (any address whose fragment
/// is `#/puzzle?…`), a query, or a bare code. Returns the address to go
/// to.
pub fn pasted_address(text: &str) -> Option<String> {
    let t = text.trim();
    if t.is_empty() {
        return None;
    }
    if let Some((_, query)) = t.split_once("#/puzzle?") {
        return Some(format!("#/puzzle?{query}"));
    }
    if t.starts_with('{') {
        return Some(format!("#/puzzle?json={}", encode(t)));
    }
    if t.starts_with("p=") || t.starts_with("json=") || t.starts_with("id=") {
        return Some(format!("#/puzzle?{t}"));
    }
    Some(format!("#/puzzle?p={t}"))
}

#[cfg(target_arch = "wasm32")]
#[function_component(Puzzles)]
pub fn puzzles() -> Html {
    let solved = use_memo((), |_| store::solved());
    let entries = collection().unwrap_or_default();
    let cards = entries
        .iter()
        .map(|e| card(e, solved.contains(&identity(&e.puzzle))));
    let input = use_node_ref();
    let on_open = {
        let input = input.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let Some(field) = input.cast::<web_sys::HtmlInputElement>() else {
                return;
            };
            if let (Some(address), Some(window)) =
                (pasted_address(&field.value()), web_sys::window())
            {
                let _ = window.location().set_hash(&address);
            }
        })
    };
    html! {
        <section class="page">
            <header class="page-head">
                <h1>{ "Puzzles" }</h1>
                <div class="intro"><p>{ "Kriegspiel problems and Fog of War puzzles. You see only your own men and play against an umpire \
                    that fights back: it has not decided where the hidden men stand, and it answers every attempt with the placement \
                    that beats it. Every puzzle here was checked by the solver." }</p></div>
            </header>
            <TodayPuzzle />
            <section class="section">
                <h2>{ "The collection" }</h2>
                <ul class="cards single" data-testid="puzzle-collection">{ for cards }</ul>
            </section>
            <section class="section">
                <h2>{ "Open a puzzle someone sent you" }</h2>
                <form class="row" onsubmit={on_open}>
                    <label class="field"><span>{ "A puzzle link, code or JSON" }</span>
                        <input ref={input} name="link" data-testid="puzzle-open-input" autocomplete="off" /></label>
                    <button type="submit" data-testid="puzzle-open">{ "Open" }</button>
                </form>
            </section>
            <section class="section">
                <h2>{ "Compose one" }</h2>
                <p class="note">{ "Place the known men, mark the hidden ones and their squares, check it with the solver, and share it as a link." }</p>
                <a href={Route::PuzzleEditor.href()} class="button-link">{ "Open the editor" }</a>
            </section>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::pasted_address;

    #[test]
    fn a_pasted_link_code_or_json_becomes_an_address() {
        assert_eq!(
            pasted_address("https://example.org/fog/#/puzzle?p=AbC").as_deref(),
            Some("#/puzzle?p=AbC")
        );
        assert_eq!(pasted_address(" AbC ").as_deref(), Some("#/puzzle?p=AbC"));
        assert_eq!(pasted_address("id=x").as_deref(), Some("#/puzzle?id=x"));
        assert!(pasted_address("{\"a\":1}")
            .unwrap()
            .starts_with("#/puzzle?json=%7B"));
        assert_eq!(pasted_address("  "), None);
    }
}
