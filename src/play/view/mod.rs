//! Drawing a game: the curtain, the viewer's board and the side panel.
//! Everything here reads [`GameTable`]'s viewer-facing accessors only (the
//! viewer's observation, their move list, what they heard), so no hidden
//! man can reach the DOM. Behind the curtain only the next player's name,
//! the clocks and the reveal button are drawn.
//!
//! Files: `revealed.rs` a player's view; `parts.rs` the panel's pieces;
//! `titles.rs` names and titles; `page.rs` the page's clock, visibility
//! and sound switch.

mod page;
mod parts;
mod revealed;
mod titles;

#[cfg(target_arch = "wasm32")]
use {
    super::seats::Curtain,
    super::table::{Act, GameTable},
    crate::components::Board,
    fogbound_engine::Color,
    parts::{clocks, record},
    std::rc::Rc,
    yew::prelude::*,
};

#[cfg(target_arch = "wasm32")]
pub use page::{js_now, mute_button, page_hidden};
pub use titles::{result_text, tab_title};

/// The board area and the side panel of a game.
#[cfg(target_arch = "wasm32")]
pub struct GameHtml {
    pub board: Html,
    pub panel: Html,
}

/// The curtain, the board or the final position, and the panel.
#[cfg(target_arch = "wasm32")]
pub fn game_view(game: &GameTable, now: f64, act: Callback<Act>, on_new: Callback<()>) -> GameHtml {
    let new_game = html! {
        <button class="secondary" data-testid="new-game" onclick={Callback::from(move |_| on_new.emit(()))}>
            { "New game" }
        </button>
    };
    let settings = game.settings();
    let mut title = settings.title();
    if let Some((minutes, increment)) = settings.fischer() {
        title.push_str(&format!(
            " · {minutes}+{increment}, clock {} during the hand-off",
            if settings.handoff == super::clock::Handoff::Paused {
                "paused"
            } else {
                "running"
            }
        ));
    }
    let hiding_note = (game.clock().is_some() && game.outcome().is_none()).then(|| {
        let what = if game.has_curtain() {
            "the clock stops and the curtain comes down"
        } else {
            "the clock stops"
        };
        html! { <p class="hint-text" data-testid="hidden-note">{ format!("If this page is hidden (another tab, the phone locked), {what}.") }</p> }
    });
    match game.curtain() {
        Curtain::Closed { next } => {
            let reveal = {
                let act = act.clone();
                Callback::from(move |_| act.emit(Act::Reveal { now: js_now() }))
            };
            let who = game.player(next);
            let name = game.settings().names.get(next).to_string();
            let board = html! {
                <div class="curtain" data-testid="curtain">
                    <p class="curtain-turn">{ format!("{who} to move") }</p>
                    if game.paused_by_hiding() {
                        <p class="curtain-paused" data-testid="paused-note">{ "The page was hidden, so the clock was stopped and the board covered." }</p>
                    }
                    <p>{ format!("Pass the device to {who}. Only {name} should look at the next screen.") }</p>
                    <button data-testid="reveal" onclick={reveal}>{ format!("Show {name}'s board") }</button>
                </div>
            };
            let panel = html! {
                <>
                    <h2>{ "Between turns" }</h2>
                    <p class="status-line" data-testid="turn" data-attempts={game.attempts().to_string()}>{ format!("{who} to move") }</p>
                    { clocks(game, now) }
                    { for hiding_note }
                    <p class="hint-text">{ title }</p>
                    <div class="buttons">{ new_game }</div>
                </>
            };
            GameHtml { board, panel }
        }
        Curtain::Over => {
            let outcome = game
                .outcome()
                .map(|o| result_text(game, &o))
                .unwrap_or_default();
            // Where men were hidden, the end lifts the fog; on an open
            // board there was none to lift.
            let (label, note) = if game.hides_men() {
                (
                    "Final position: the fog has lifted",
                    "The fog has lifted: the board shows the true final position.",
                )
            } else {
                ("Final position", "The board shows the final position.")
            };
            let board = match game.view() {
                Some(view) => html! {
                    <Board view={Rc::new(view)} {label} />
                },
                None => html! {},
            };
            let panel = html! {
                <>
                    <h2>{ "Game over" }</h2>
                    <p class="status-line outcome" data-testid="outcome">{ outcome }</p>
                    <p class="hint-text">{ note }</p>
                    { clocks(game, now) }
                    { record(game.record(Color::White), &format!("{}'s record", game.player(Color::White)), "record-w") }
                    { record(game.record(Color::Black), &format!("{}'s record", game.player(Color::Black)), "record-b") }
                    <div class="buttons">{ new_game }</div>
                </>
            };
            GameHtml { board, panel }
        }
        Curtain::Revealed(viewer) => {
            revealed::revealed(game, viewer, now, act, new_game, title, hiding_note)
        }
    }
}
