//! The Saved games page (`#/games`): every game kept in this browser, to
//! resume (unfinished) or replay (finished) or delete; PGN import into the
//! replay; and the unreadable saves, to download or discard.

#![cfg(target_arch = "wasm32")]

use yew::prelude::*;

use crate::app::{go_to, Route};
use crate::components::error_banner::show_error;
use crate::components::ErrorContext;
use crate::play::library::{self, format_date, Summary};
use crate::play::replay::Replay;
use crate::play::view::js_now;

/// The saves that could not be read, each with a download and a discard
/// button. Shows nothing when there are none.
#[function_component(CorruptSaves)]
pub fn corrupt_saves() -> Html {
    let version = use_state(|| 0u32);
    let errors = use_context::<ErrorContext>();
    let saves = library::corrupt_saves();
    if saves.is_empty() {
        return html! {};
    }
    let items = saves.into_iter().map(|(key, raw)| {
        let download = {
            let (key, raw, errors) = (key.clone(), raw.clone(), errors.clone());
            Callback::from(move |_: MouseEvent| {
                let name = format!("{}.json", key.replace('.', "-"));
                if let Err(e) = library::download(&name, "application/json", &raw) {
                    show_error(&errors, format!("The raw save could not be downloaded: {e}."));
                }
            })
        };
        let discard = {
            let (key, version) = (key.clone(), version.clone());
            Callback::from(move |_: MouseEvent| {
                library::discard_corrupt(&key);
                version.set(*version + 1);
            })
        };
        html! {
            <li data-testid="corrupt-save" data-key={key.clone()}>
                <p>{ format!("A saved game could not be read. Its raw data ({} characters) is kept under '{key}'.", raw.chars().count()) }</p>
                <div class="buttons wrap">
                    <button data-testid="corrupt-download" onclick={download}>{ "Download the raw save" }</button>
                    <button class="secondary" data-testid="corrupt-discard" onclick={discard}>{ "Discard" }</button>
                </div>
            </li>
        }
    });
    html! {
        <section class="corrupt-saves" role="region" aria-label="Unreadable saves">
            <ul>{ for items }</ul>
        </section>
    }
}

fn row(
    game: &Summary,
    confirm: &UseStateHandle<Option<String>>,
    version: &UseStateHandle<u32>,
) -> Html {
    let id = game.id.clone();
    let open = if game.finished || game.imported {
        html! {
            <a class="button-link" data-testid="open-replay" href={format!("#/replay?id={id}")}>{ "Replay" }</a>
        }
    } else {
        let id = id.clone();
        let resume = Callback::from(move |_: MouseEvent| {
            library::set_active(&id);
            go_to(&Route::Play.href());
        });
        html! { <button data-testid="resume-game" onclick={resume}>{ "Resume" }</button> }
    };
    let asking = confirm.as_deref() == Some(id.as_str());
    let actions = if asking {
        let (id, confirm2, version) = (id.clone(), confirm.clone(), version.clone());
        let delete = Callback::from(move |_: MouseEvent| {
            library::delete(&id);
            confirm2.set(None);
            version.set(*version + 1);
        });
        let keep = {
            let confirm = confirm.clone();
            Callback::from(move |_: MouseEvent| confirm.set(None))
        };
        html! {
            <>
                <span class="confirm-text">{ "Delete this game for good?" }</span>
                <button class="danger" data-testid="confirm-delete" onclick={delete}>{ "Delete" }</button>
                <button class="secondary" onclick={keep}>{ "Keep" }</button>
            </>
        }
    } else {
        let (id, confirm) = (id.clone(), confirm.clone());
        html! {
            <>
                { open }
                <button class="secondary" data-testid="delete-game"
                        onclick={Callback::from(move |_: MouseEvent| confirm.set(Some(id.clone())))}>
                    { "Delete…" }
                </button>
            </>
        }
    };
    let plies = match game.plies {
        1 => "1 ply".to_string(),
        n => format!("{n} plies"),
    };
    let dates = if game.imported {
        let played = game
            .day
            .as_ref()
            .map(|d| format!(" · played {d}"))
            .unwrap_or_default();
        format!("Imported from PGN {}{played}", format_date(game.created))
    } else {
        format!(
            "Started {} · last saved {}",
            format_date(game.created),
            format_date(game.updated)
        )
    };
    html! {
        <li class={classes!("saved-game", game.finished.then_some("finished"))} data-testid="saved-game" data-game-id={game.id.clone()}>
            <div class="saved-main">
                <span class="saved-title">{ game.title.clone() }</span>
                if !game.players.is_empty() {
                    <span class="saved-players" data-testid="saved-players">{ game.players.clone() }</span>
                }
                <span class="saved-status" data-testid="saved-status">{ format!("{} · {plies}", game.status) }</span>
                <span class="saved-date" data-testid="saved-date">{ dates }</span>
            </div>
            <div class="buttons wrap">{ actions }</div>
        </li>
    }
}

/// The Saved games page. See the module docs.
#[function_component(Games)]
pub fn games() -> Html {
    let errors = use_context::<ErrorContext>();
    let version = use_state(|| 0u32);
    let confirm = use_state(|| None::<String>);
    let pgn = use_state(String::new);
    let pgn_error = use_state(|| None::<String>);
    let listed = use_memo(*version, |_| library::list(js_now()));
    {
        let errors = errors.clone();
        let message = listed.1.clone();
        use_effect_with(message, move |message| {
            if let Some(m) = message {
                show_error(&errors, m.clone());
            }
        });
    }
    let rows = listed
        .0
        .iter()
        .map(|g| row(g, &confirm, &version))
        .collect::<Html>();
    let on_text = {
        let pgn = pgn.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(t) = e.target_dyn_into::<web_sys::HtmlTextAreaElement>() {
                pgn.set(t.value());
            }
        })
    };
    let on_file = {
        let pgn = pgn.clone();
        let pgn_error = pgn_error.clone();
        Callback::from(move |e: Event| {
            let Some(file) = e
                .target_dyn_into::<web_sys::HtmlInputElement>()
                .and_then(|i| i.files())
                .and_then(|f| f.get(0))
            else {
                return;
            };
            if file.size() > fogbound_engine::pgn::MAX_PGN_LEN as f64 {
                pgn_error.set(Some(format!(
                    "That file is {} bytes; a PGN of at most {} bytes is accepted.",
                    file.size() as u64,
                    fogbound_engine::pgn::MAX_PGN_LEN
                )));
                return;
            }
            let (pgn, pgn_error) = (pgn.clone(), pgn_error.clone());
            let promise = file.text();
            wasm_bindgen_futures::spawn_local(async move {
                match wasm_bindgen_futures::JsFuture::from(promise).await {
                    Ok(text) => {
                        pgn.set(text.as_string().unwrap_or_default());
                        pgn_error.set(None);
                    }
                    Err(_) => pgn_error.set(Some("That file could not be read.".into())),
                }
            });
        })
    };
    let open = {
        let (pgn, pgn_error) = (pgn.clone(), pgn_error.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            if pgn.trim().is_empty() {
                pgn_error.set(Some("Paste a PGN game or choose a .pgn file first.".into()));
                return;
            }
            match Replay::from_pgn(&pgn) {
                Ok(replay) => {
                    // Kept among the saved games at once, and opened from
                    // there: a reload loses nothing.
                    let id = library::keep_imported(&replay, js_now());
                    pgn_error.set(None);
                    pgn.set(String::new());
                    go_to(&format!("{}?id={id}", Route::Replay.href()));
                }
                Err(error) => pgn_error.set(Some(format!("This PGN could not be read: {error}."))),
            }
        })
    };
    html! {
        <section class="page games-page">
            <header class="page-head">
                <h1>{ "Saved games" }</h1>
                <div class="intro"><p>{ "Every game is saved in this browser as it is played. Resume an unfinished \
                    game, replay a finished one, or delete what you no longer want. Nothing leaves this device." }</p></div>
            </header>
            <CorruptSaves />
            <div class="games-layout">
                <div class="panel">
                    <h2>{ "Your games" }</h2>
                    if listed.0.is_empty() {
                        <p class="hint-text" data-testid="no-games">{ "No saved games yet. " }
                            <a href={Route::Play.href()}>{ "Start one" }</a>{ "." }</p>
                    } else {
                        <ul class="saved-games" data-testid="saved-games">{ rows }</ul>
                    }
                </div>
                <form class="panel pgn-import" onsubmit={open}>
                    <h2>{ "Open a PGN" }</h2>
                    <p class="hint-text">{ "Paste a game, or choose a .pgn file, to step through it in the replay. \
                        The game joins your saved games. fogbound's own PGN keeps the variant, the information \
                        model and the umpire's words." }</p>
                    <label class="field" for="pgn-text">
                        <span>{ "PGN text" }</span>
                        <textarea id="pgn-text" data-testid="pgn-text" rows="8" spellcheck="false"
                                  value={(*pgn).clone()} oninput={on_text} />
                    </label>
                    <label class="field" for="pgn-file">
                        <span>{ "…or a file" }</span>
                        <input id="pgn-file" type="file" accept=".pgn,text/plain,application/x-chess-pgn"
                               data-testid="pgn-file" onchange={on_file} />
                    </label>
                    if let Some(error) = (*pgn_error).clone() {
                        <p class="error-text" role="alert" data-testid="pgn-error">{ error }</p>
                    }
                    <div class="buttons"><button type="submit" data-testid="pgn-open">{ "Open in the replay" }</button></div>
                </form>
            </div>
        </section>
    }
}
