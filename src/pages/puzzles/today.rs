//! "Today's puzzle" on the Puzzles page: a problem of the generated set
//! (`puzzles/generated.json`, fetched when the page opens and kept by the
//! service worker), the same for everyone on a UTC date, and "Another" of
//! a chosen difficulty. Each opens in solve mode by its code, titled.

#![cfg(target_arch = "wasm32")]

use fogbound_puzzles::generate::Grade;
use fogbound_puzzles::generated::{another, listed, today_index, Listed};
use fogbound_puzzles::puzzle::Puzzle;
use yew::prelude::*;

use super::solve::{rules_label, stipulation};

/// The set's file, beside the page.
const SET_FILE: &str = "puzzles/generated.json";

#[derive(Clone, PartialEq)]
enum Load {
    Loading,
    Failed(String),
    Ready(std::rc::Rc<Vec<Listed>>),
}

impl Load {
    fn id(&self) -> &'static str {
        match self {
            Load::Loading => "loading",
            Load::Failed(_) => "failed",
            Load::Ready(_) => "ready",
        }
    }
}

/// Fetches the set and tells `done` what came.
fn fetch_set(done: Callback<Load>) {
    let Ok(xhr) = web_sys::XmlHttpRequest::new() else {
        return done.emit(Load::Failed("this browser cannot fetch files".into()));
    };
    if xhr.open("GET", SET_FILE).is_err() {
        return done.emit(Load::Failed("this browser cannot fetch files".into()));
    }
    let request = xhr.clone();
    let answer = done.clone();
    gloo_events::EventListener::once(&xhr, "loadend", move |_| {
        let status = request.status().unwrap_or(0);
        let load = match (status, request.response_text().ok().flatten()) {
            (0, _) => Load::Failed(
                "the problems need the network once (open this page online, then they are kept)"
                    .into(),
            ),
            (200, Some(text)) => match listed(&text) {
                Ok(set) if !set.is_empty() => Load::Ready(std::rc::Rc::new(set)),
                Ok(_) => Load::Failed("the set of problems is empty".into()),
                Err(e) => Load::Failed(format!("the set of problems cannot be read: {e}")),
            },
            (status, _) => {
                Load::Failed(format!("the set of problems: the server answered {status}"))
            }
        };
        answer.emit(load);
    })
    .forget();
    if xhr.send().is_err() {
        done.emit(Load::Failed(
            "the set of problems could not be asked for".into(),
        ));
    }
}

/// The address that opens a problem of the set, with a title.
fn address(entry: &Listed, title: String) -> String {
    let puzzle = Puzzle {
        title: Some(title),
        source: Some(format!(
            "made by fogbound's generator ({}, {})",
            entry.id,
            entry.grade.id()
        )),
        ..entry.puzzle.clone()
    };
    format!("#/puzzle?p={}", puzzle.to_code())
}

fn hidden_words(p: &Puzzle) -> &'static str {
    if p.hidden.len() == 1 {
        "one hidden man"
    } else {
        "two hidden men"
    }
}

const GRADES: [Grade; 3] = [Grade::Easy, Grade::Medium, Grade::Hard];

#[function_component(TodayPuzzle)]
pub fn today_puzzle() -> Html {
    let load = use_state(|| Load::Loading);
    {
        let load = load.clone();
        use_effect_with((), move |_| fetch_set(Callback::from(move |l| load.set(l))));
    }
    let grade = use_state(|| Grade::Medium);
    let state = load.id();
    let body = match &*load {
        Load::Loading => html! { <p class="note">{ "Fetching the problems…" }</p> },
        Load::Failed(why) => {
            html! { <p class="error" data-testid="today-error">{ why.clone() }</p> }
        }
        Load::Ready(set) => {
            let now = js_sys::Date::now();
            let date: String = String::from(js_sys::Date::new_0().to_iso_string())
                .chars()
                .take(10)
                .collect();
            let i = today_index(now, set.len()).unwrap_or(0);
            let today = &set[i];
            let p = &today.puzzle;
            let on_grade = {
                let grade = grade.clone();
                Callback::from(move |e: Event| {
                    let value = e
                        .target_dyn_into::<web_sys::HtmlSelectElement>()
                        .map(|s| s.value())
                        .unwrap_or_default();
                    if let Some(g) = GRADES.into_iter().find(|g| g.id() == value) {
                        grade.set(g);
                    }
                })
            };
            let on_another = {
                let set = set.clone();
                let grade = *grade;
                let today_id = today.id.clone();
                Callback::from(move |_| {
                    let Some(j) = another(&set, grade, &today_id, js_sys::Math::random()) else {
                        return;
                    };
                    let title = format!("A generated problem ({})", grade.id());
                    if let Some(window) = web_sys::window() {
                        let _ = window.location().set_hash(&address(&set[j], title));
                    }
                })
            };
            html! {
                <>
                    <ul class="cards single"><li>
                        <a data-testid="today-puzzle" data-id={today.id.clone()}
                            href={address(today, format!("Today's puzzle, {date}"))}>
                            <h2>{ format!("Today's puzzle, {date}") }</h2>
                            <p class="stipulation">{ format!("{} · {} · {} · {}", stipulation(p), rules_label(p),
                                hidden_words(p), today.grade.id()) }</p>
                        </a>
                    </li></ul>
                    <div class="row">
                        <label class="field"><span>{ "Difficulty" }</span>
                            <select data-testid="another-grade" onchange={on_grade}>
                                { for GRADES.into_iter().map(|g| html! {
                                    <option value={g.id()} selected={g == *grade}>{ g.id() }</option> }) }
                            </select></label>
                        <button type="button" data-testid="another-puzzle" onclick={on_another}>{ "Another" }</button>
                    </div>
                    <p class="note" data-testid="today-note">{ format!("{} problems, each proved sound by the solver: one key, which neither checks nor \
                        captures, and every other first move refuted. A new one every day (UTC).", set.len()) }</p>
                </>
            }
        }
    };
    html! {
        <section class="section" data-testid="today" data-state={state}>
            <h2>{ "Today's puzzle" }</h2>
            { body }
        </section>
    }
}
