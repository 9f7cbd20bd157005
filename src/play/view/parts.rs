//! Pieces of a game's side panel: clocks, move lists, the material tally,
//! the typed-move box and the memory aids.

#![cfg(target_arch = "wasm32")]

use fogbound_engine::Color;
use yew::prelude::*;

use super::super::aids::TrayTool;
use super::super::clock::format_ms;
use super::super::picture::piece_code;
use super::super::record::Entry;
use super::super::table::{Act, GameTable};
use super::page::js_now;
use super::titles::name_only;
use crate::components::board::piece_name;

pub(super) fn clocks(game: &GameTable, now: f64) -> Html {
    let Some(clock) = game.clock() else {
        return html! {};
    };
    let running = clock.running();
    let side = |c: Color| {
        let class = classes!("clock", (running == Some(c.index())).then_some("running"));
        html! {
            <div {class} data-testid={format!("clock-{}", c.char())}>
                <span class="clock-name">
                    <span class={classes!("side-dot", format!("side-{}", c.char()))} aria-hidden="true"></span>
                    { name_only(game, c) }
                    if name_only(game, c) != c.name() {
                        <span class="visually-hidden">{ format!(" ({c})") }</span>
                    }
                </span>
                <span class="clock-time">{ format_ms(clock.remaining(c.index(), now)) }</span>
            </div>
        }
    };
    html! { <div class="clocks">{ side(Color::White) }{ side(Color::Black) }</div> }
}

pub(super) fn record(entries: &[Entry], title: &str, testid: &str) -> Html {
    // Numbered by full move: White's entry then Black's.
    let mut rows = Vec::new();
    let mut number = 1;
    let mut it = entries.iter().peekable();
    while let Some(e) = it.next() {
        let (white, black) = if e.by == Color::White {
            (Some(e), it.next_if(|n| n.by == Color::Black))
        } else {
            (None, Some(e))
        };
        rows.push(html! {
            <li>
                <span class="move-no">{ format!("{number}.") }</span>
                <span class="ply">{ white.map(|e| e.text.clone()).unwrap_or_else(|| "…".into()) }</span>
                <span class="ply">{ black.map(|e| e.text.clone()).unwrap_or_default() }</span>
            </li>
        });
        number += 1;
    }
    html! {
        <section class="section">
            <h3>{ title }</h3>
            if rows.is_empty() {
                <p class="hint-text">{ "No moves yet." }</p>
            } else {
                <ol class="moves game-moves" data-testid={testid.to_string()}>{ for rows }</ol>
            }
        </section>
    }
}

/// Material as the viewer knows it: their own men lost (always known) and
/// the number of captures they made (what they took is not always known).
pub(super) fn tally(game: &GameTable, viewer: Color) -> Html {
    let lost = game.own_losses(viewer);
    let made = game.captures_made(viewer);
    if lost.is_empty() && made == 0 {
        return html! {};
    }
    let icons = lost.iter().map(|code| {
        html! { <img class="lost" src={format!("pieces/{code}.svg")} alt={crate::components::board::piece_name(code)} width="26" height="26" /> }
    });
    html! {
        <section class="section tally" data-testid="tally">
            <p>{ "Your men lost: " }{ for icons }{ if lost.is_empty() { "none" } else { "" } }</p>
            <p>{ format!("Captures you made: {made}") }</p>
        </section>
    }
}

/// The typed-move box: the viewer types an attempt as coordinates
/// (`e2e4`, `e7e8q`, `g1f3@g2g3`, `any?`) or SAN (`Nf3`, `exd5`, `O-O`).
/// It is re-created after every ply (its key), so a played move clears it
/// while a text that could not be read stays for correcting.
pub(super) fn typed_form(game: &GameTable, act: Callback<Act>) -> Html {
    let input = NodeRef::default();
    let onsubmit = {
        let input = input.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            if let Some(el) = input.cast::<web_sys::HtmlInputElement>() {
                act.emit(Act::Typed {
                    text: el.value(),
                    now: js_now(),
                });
            }
        })
    };
    // Examples of what this player may type now.
    let actions = game.observation().map(|o| o.actions).unwrap_or_default();
    let mut example = String::from("e2e4, Nf3, exd5");
    for (offered, text) in [
        (actions.choose_route, ", g1f3@g2g3"),
        (actions.ask_any, ", any?"),
        (actions.ask_rebuffs, ", rebuffs?"),
    ] {
        if offered {
            example.push_str(text);
        }
    }
    if !(actions.choose_route || actions.ask_any || actions.ask_rebuffs) {
        example.push_str(", O-O");
    }
    let error = game.typed_error().map(|e| {
        html! { <p class="typed-error" id="typed-error" role="alert" data-testid="typed-error">{ e.to_string() }</p> }
    });
    let key = format!("typed-{}", game.plies());
    html! {
        <form class="typed-move" {onsubmit} {key}>
            <label for="typed-move">{ "Type a move" }</label>
            <div class="typed-row">
                <input id="typed-move" data-testid="typed-move" ref={input} type="text"
                       autocomplete="off" autocapitalize="off" spellcheck="false"
                       placeholder={example.clone()}
                       aria-describedby={if game.typed_error().is_some() { "typed-error typed-help" } else { "typed-help" }}
                       aria-invalid={game.typed_error().is_some().then_some("true")} />
                <button type="submit" data-testid="typed-go">{ "Play" }</button>
            </div>
            <p class="hint-text" id="typed-help">{ format!("Coordinates or algebraic notation, read against your own board, e.g. {example}.") }</p>
            // Its own slot even when empty: Yew pairs unkeyed children
            // from the end, so an error appended would shift the pairs and
            // make the input anew, emptying it.
            { error.unwrap_or_default() }
        </form>
    }
}

/// The viewer's memory aids: the ghost and phantom switches, and the
/// phantom tray (enemy men to place on hidden squares, a remove tool).
pub(super) fn aids_panel(game: &GameTable, viewer: Color, act: Callback<Act>) -> Html {
    let notes = game.notes(viewer);
    let toggle = |label: &'static str, on: bool, testid: &'static str, action: Act| {
        let act = act.clone();
        let onchange = Callback::from(move |_: Event| act.emit(action.clone()));
        html! {
            <label class="check">
                <input type="checkbox" checked={on} data-testid={testid} {onchange} />
                <span>{ label }</span>
            </label>
        }
    };
    let tray = notes.show_phantoms.then(|| {
        let tool = game.tool();
        let men = game.tray(viewer).into_iter().map(|piece| {
            let code = piece_code(piece);
            let pressed = tool == Some(TrayTool::Place(piece));
            let act = act.clone();
            html! {
                <button type="button" class={classes!("tray-man", pressed.then_some("picked"))}
                        data-testid={format!("tray-{code}")}
                        aria-pressed={pressed.to_string()}
                        aria-label={format!("Place a phantom {}", piece_name(&code))}
                        onclick={Callback::from(move |_| act.emit(Act::Tool(Some(TrayTool::Place(piece)))))}>
                    <img src={format!("pieces/{code}.svg")} alt="" width="34" height="34" />
                </button>
            }
        });
        let removing = tool == Some(TrayTool::Remove);
        let remove = {
            let act = act.clone();
            Callback::from(move |_| act.emit(Act::Tool(Some(TrayTool::Remove))))
        };
        let clear = {
            let act = act.clone();
            Callback::from(move |_| act.emit(Act::ClearPhantoms))
        };
        let hint = match tool {
            Some(TrayTool::Place(p)) => format!(
                "Tap hidden squares to place a phantom {}; right-click one to take it off; tap the piece again to stop.",
                p.role.name()
            ),
            Some(TrayTool::Remove) => "Tap a phantom to take it off.".to_string(),
            None => "Pick an enemy man, then tap a hidden square where you think it stands.".to_string(),
        };
        html! {
            <div class="tray" data-testid="tray">
                <div class="tray-men" role="group" aria-label="Phantom pieces">{ for men }</div>
                <div class="buttons">
                    <button type="button" class={classes!("secondary", removing.then_some("picked"))}
                            data-testid="tray-remove" aria-pressed={removing.to_string()} onclick={remove}>{ "Remove" }</button>
                    if !notes.phantoms.is_empty() {
                        <button type="button" class="secondary" data-testid="tray-clear" onclick={clear}>{ "Clear all" }</button>
                    }
                </div>
                <p class="hint-text">{ hint }</p>
            </div>
        }
    });
    html! {
        <section class="section aids" data-testid="aids">
            <h3>{ "Memory aids" }</h3>
            <p class="hint-text">{ "Only you see these: ghosts are enemy men where you last saw them; phantoms are your own guesses." }</p>
            { toggle("Last-seen ghosts", notes.show_ghosts, "toggle-ghosts", Act::ToggleGhosts) }
            { toggle("Phantom pieces", notes.show_phantoms, "toggle-phantoms", Act::TogglePhantoms) }
            { for tray }
        </section>
    }
}
