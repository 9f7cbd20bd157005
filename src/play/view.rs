//! Drawing a hot-seat game: the curtain, the viewer's board and the side
//! panel. Everything here reads [`HotSeat`]'s viewer-facing accessors only
//! (the viewer's observation, their move list, what they heard), so no
//! hidden man can reach the DOM. Behind the curtain only the next player's
//! name, the clocks and the reveal button are drawn.

use std::rc::Rc;

use fogbound_engine::{Color, Role};
use yew::prelude::*;

use super::clock::format_ms;
use super::game::{outcome_text, Act, Curtain, Entry, HotSeat};
use crate::components::Board;

/// The board area and the side panel of a game.
pub struct GameHtml {
    pub board: Html,
    pub panel: Html,
}

fn clocks(game: &HotSeat, now: f64) -> Html {
    let Some(clock) = game.clock() else {
        return html! {};
    };
    let running = clock.running();
    let side = |c: Color| {
        let class = classes!("clock", (running == Some(c.index())).then_some("running"));
        html! {
            <div {class} data-testid={format!("clock-{}", c.char())}>
                <span class="clock-name">{ c.name() }</span>
                <span class="clock-time">{ format_ms(clock.remaining(c.index(), now)) }</span>
            </div>
        }
    };
    html! { <div class="clocks">{ side(Color::White) }{ side(Color::Black) }</div> }
}

fn record(entries: &[Entry], title: &str, testid: &str) -> Html {
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
fn tally(game: &HotSeat, viewer: Color) -> Html {
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

/// The curtain, the board or the final position, and the panel.
pub fn game_view(game: &HotSeat, now: f64, act: Callback<Act>, on_new: Callback<()>) -> GameHtml {
    let new_game = html! {
        <button class="secondary" data-testid="new-game" onclick={Callback::from(move |_| on_new.emit(()))}>
            { "New game" }
        </button>
    };
    let title = format!(
        "{} · {}",
        game.settings().model.label(),
        game.settings().variant.label()
    );
    match game.curtain() {
        Curtain::Closed { next } => {
            let reveal = {
                let act = act.clone();
                Callback::from(move |_| act.emit(Act::Reveal { now: js_now() }))
            };
            let board = html! {
                <div class="curtain" data-testid="curtain">
                    <p class="curtain-turn">{ format!("{} to move", next.name()) }</p>
                    <p>{ format!("Pass the device to {}. Only {} should look at the next screen.", next.name(), next.name()) }</p>
                    <button data-testid="reveal" onclick={reveal}>{ format!("Show {}'s board", next.name()) }</button>
                </div>
            };
            let panel = html! {
                <>
                    <h2>{ "Hot-seat game" }</h2>
                    <p class="status-line" data-testid="turn">{ format!("{} to move", next.name()) }</p>
                    { clocks(game, now) }
                    <p class="hint-text">{ title }</p>
                    <div class="buttons">{ new_game }</div>
                </>
            };
            GameHtml { board, panel }
        }
        Curtain::Over => {
            let outcome = game.outcome().map(|o| outcome_text(&o)).unwrap_or_default();
            let board = match game.view() {
                Some(view) => html! {
                    <Board view={Rc::new(view)} label="Final position: the fog has lifted" />
                },
                None => html! {},
            };
            let panel = html! {
                <>
                    <h2>{ "Game over" }</h2>
                    <p class="status-line outcome" data-testid="outcome">{ outcome }</p>
                    <p class="hint-text">{ "The fog has lifted: the board shows the true final position." }</p>
                    { clocks(game, now) }
                    { record(game.record(Color::White), "White's record", "record-w") }
                    { record(game.record(Color::Black), "Black's record", "record-b") }
                    <div class="buttons">{ new_game }</div>
                </>
            };
            GameHtml { board, panel }
        }
        Curtain::Revealed(viewer) => {
            let view = game.view().map(Rc::new);
            let geometry = game.geometry();
            let on_square = {
                let act = act.clone();
                Callback::from(move |name: String| {
                    if let Some(square) = geometry.parse_square(&name) {
                        act.emit(Act::Square {
                            square,
                            now: js_now(),
                        });
                    }
                })
            };
            let to_move = game.turn();
            let flipped = (viewer == Color::Black) ^ game.flipped(viewer);
            let on_flip = {
                let act = act.clone();
                Callback::from(move |()| act.emit(Act::Flip))
            };
            // Keyed by viewer: the board's own state (drawn arrows and
            // circles, the keyboard cursor) never passes to the other player.
            let board = match view {
                Some(view) => html! {
                    <Board key={viewer.name()} {view} {flipped} {on_square} {on_flip} autofocus=true
                           label={format!("{}'s view", viewer.name())} />
                },
                None => html! {},
            };
            let flip = {
                let act = act.clone();
                html! {
                    <button class="secondary" data-testid="flip" aria-pressed={game.flipped(viewer).to_string()}
                            title="Flip the board (f)" onclick={Callback::from(move |_| act.emit(Act::Flip))}>
                        { "Flip board" }
                    </button>
                }
            };
            let promotion = game.promotion().map(|p| {
                let buttons = p.choices.iter().map(|&role: &Role| {
                    let act = act.clone();
                    let code = format!("{}{}", viewer.char(), role.upper_char());
                    html! {
                        <button class="promo" data-testid={format!("promote-{}", role.lower_char())}
                                aria-label={format!("Promote to {}", role.name())}
                                onclick={Callback::from(move |_| act.emit(Act::Promote { role, now: js_now() }))}>
                            <img src={format!("pieces/{code}.svg")} alt="" width="44" height="44" />
                        </button>
                    }
                });
                let cancel = {
                    let act = act.clone();
                    Callback::from(move |_| act.emit(Act::CancelPromotion))
                };
                html! {
                    <div class="promotion" data-testid="promotion">
                        <p>{ "Promote to:" }</p>
                        <div class="buttons">{ for buttons }
                            <button class="secondary" onclick={cancel}>{ "Cancel" }</button></div>
                    </div>
                }
            });
            let feedback = game.feedback().map(|f| {
                html! { <p class="feedback" role="status" data-testid="feedback">{ f.message.clone() }</p> }
            });
            let settings = game.settings();
            let any = settings.is_kriegspiel().then(|| {
                let act = act.clone();
                html! {
                    <button data-testid="any" onclick={Callback::from(move |_| act.emit(Act::AskAny { now: js_now() }))}>
                        { "Any?" }
                    </button>
                }
            });
            let route = settings.is_dark().then(|| {
                let act = act.clone();
                let label = if game.route_across() {
                    "Knight route: across first, then along"
                } else {
                    "Knight route: along first, then across"
                };
                html! {
                    <button class="secondary" data-testid="route" onclick={Callback::from(move |_| act.emit(Act::ToggleRoute))}>
                        { label }
                    </button>
                }
            });
            let draw = match game.draw_offer() {
                Some(by) if by != viewer => {
                    let accept = {
                        let act = act.clone();
                        Callback::from(move |_| act.emit(Act::AcceptDraw { now: js_now() }))
                    };
                    let decline = {
                        let act = act.clone();
                        Callback::from(move |_| act.emit(Act::DeclineDraw))
                    };
                    html! {
                        <div class="draw-offer" data-testid="draw-offer">
                            <p>{ format!("{} offers a draw.", by.name()) }</p>
                            <div class="buttons">
                                <button onclick={accept} data-testid="accept-draw">{ "Accept" }</button>
                                <button class="secondary" onclick={decline}>{ "Decline" }</button>
                            </div>
                        </div>
                    }
                }
                Some(_) => html! { <p class="hint-text">{ "You offered a draw." }</p> },
                None => {
                    let act = act.clone();
                    html! {
                        <button class="secondary" data-testid="offer-draw" onclick={Callback::from(move |_| act.emit(Act::OfferDraw))}>
                            { "Offer a draw" }
                        </button>
                    }
                }
            };
            let resign = {
                let act = act.clone();
                Callback::from(move |_| act.emit(Act::Resign { now: js_now() }))
            };
            let umpire = settings.is_kriegspiel().then(|| {
                let heard = game.heard(viewer);
                // Newest first.
                let items = heard.iter().rev().map(|h| {
                    let class = if h.public { "public" } else { "private" };
                    let tag = if h.public { "all" } else { "to you" };
                    html! {
                        <li class={class}>
                            <span>{ h.text.clone() }</span>
                            <span class="audience">{ tag }</span>
                        </li>
                    }
                });
                html! {
                    <section class="section">
                        <h3>{ "Umpire" }</h3>
                        if heard.is_empty() {
                            <p class="hint-text">{ "The umpire has said nothing yet." }</p>
                        } else {
                            <ol class="umpire-log" data-testid="umpire-log">{ for items }</ol>
                        }
                    </section>
                }
            });
            let status = if to_move == viewer {
                format!("{} to move", viewer.name())
            } else {
                format!("{} to move", to_move.name())
            };
            let panel = html! {
                <>
                    <h2>{ format!("{}'s view", viewer.name()) }</h2>
                    <p class="status-line" data-testid="turn">{ status }</p>
                    { clocks(game, now) }
                    { for promotion }
                    { for feedback }
                    <div class="buttons">{ for any }{ for route }{ flip }</div>
                    <p class="hint-text board-help">
                        { "Tap or drag to move. " }
                        <span class="with-mouse">{ "Right-click a square for a circle, right-drag for an arrow \
                            (Shift red, Alt blue). Keyboard: arrows and Enter, f flips." }</span>
                    </p>
                    { umpire.unwrap_or_default() }
                    { record(game.record(viewer), "Moves as you know them", "move-list") }
                    { tally(game, viewer) }
                    <div class="section game-actions">
                        { draw }
                        <details class="resign">
                            <summary>{ "Resign…" }</summary>
                            <button class="danger" data-testid="resign" onclick={resign}>{ "Yes, resign" }</button>
                        </details>
                        { new_game }
                    </div>
                    <p class="hint-text">{ title }</p>
                </>
            };
            GameHtml { board, panel }
        }
    }
}

/// Milliseconds since the epoch (the page's clock); 0 natively.
pub fn js_now() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        js_sys::Date::now()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        0.0
    }
}
