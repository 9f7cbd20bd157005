//! A player's view at the table: their board, and the panel of what they
//! may do and know — pickers, questions the umpire answers, the hand-over,
//! the umpire's log, aids, their move list, draw and resignation.

#![cfg(target_arch = "wasm32")]

use std::rc::Rc;

use fogbound_engine::{Attempt, Color, Role};
use yew::prelude::*;

use super::super::table::{Act, GameTable};
use super::page::js_now;
use super::parts::{aids_panel, clocks, record, tally, typed_form};
use super::titles::view_title;
use super::GameHtml;
use crate::components::{Board, BoardSquare};
use crate::play::words::hint_text;

/// The view of `viewer`, whose board is shown.
pub(super) fn revealed(
    game: &GameTable,
    viewer: Color,
    now: f64,
    act: Callback<Act>,
    new_game: Html,
    title: String,
    hiding_note: Option<Html>,
) -> GameHtml {
    let view = game.view().map(Rc::new);
    let geometry = game.geometry();
    let engine_square =
        move |at: BoardSquare| geometry.square_at(i32::from(at.file), i32::from(at.rank));
    let on_square = {
        let act = act.clone();
        Callback::from(move |at: BoardSquare| {
            if let Some(square) = engine_square(at) {
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
    // With a phantom tool in hand, a right-click or a long press on a
    // phantom takes it off (otherwise they draw the viewer's circles).
    let holding = game.tool().is_some();
    let on_context = {
        let act = act.clone();
        let phantoms = game.phantom_squares(viewer);
        Callback::from(move |at: BoardSquare| {
            match engine_square(at).filter(|sq| holding && phantoms.contains(sq)) {
                Some(square) => act.emit(Act::RemovePhantom(square)),
                None => {}
            }
        })
    };
    // Keyed by viewer: the board's own state (drawn arrows and
    // circles, the keyboard cursor) never passes to the other player.
    let board = match view {
        Some(view) => html! {
            <div class="board-wrap">
                <Board key={viewer.name()} {view} {flipped} {on_square} {on_flip} {on_context}
                       context_claims={holding} autofocus=true
                       label={view_title(game, viewer)} />
            </div>
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
    let castle = game.castle().map(|c| {
        let buttons = c.choices.iter().map(|&rook_to| {
            let act = act.clone();
            let (testid, text) = match rook_to {
                Some(r) => {
                    let name = geometry.square_name(r);
                    (format!("castle-{name}"), format!("Castle: rook to {name}"))
                }
                None => ("castle-none".to_string(), "King move, no castling".to_string()),
            };
            html! {
                <button data-testid={testid}
                        onclick={Callback::from(move |_| act.emit(Act::Castle { rook_to, now: js_now() }))}>
                    { text }
                </button>
            }
        });
        let cancel = {
            let act = act.clone();
            Callback::from(move |_| act.emit(Act::CancelPromotion))
        };
        html! {
            <div class="promotion castle-picker" data-testid="castle-picker">
                <p>{ format!("King to {}: where does the rook go?", geometry.square_name(c.to)) }</p>
                <div class="buttons castle-choices">{ for buttons }
                    <button class="secondary" onclick={cancel}>{ "Cancel" }</button></div>
            </div>
        }
    });
    let feedback = game.feedback().map(|f| {
        html! { <p class="feedback" role="status" data-testid="feedback">{ f.message.clone() }</p> }
    });
    let observation = game.observation();
    let actions = observation.as_ref().map(|o| o.actions).unwrap_or_default();
    // Said only where the model offers moves the player cannot be sure of.
    let tries_note = observation
        .as_ref()
        .is_some_and(|o| !o.try_hints.is_empty())
        .then(|| {
            html! { <span data-testid="tries-note">{ "Dots are moves you can be sure of; dashed rings are tries                 (a pawn capture where an enemy man may stand): the umpire decides. " }</span> }
        });
    let ask = |question: Attempt, testid: &'static str, text: &'static str, title: &'static str| {
        let act = act.clone();
        html! {
            <button data-testid={testid} {title}
                    onclick={Callback::from(move |_| act.emit(Act::Ask { question, now: js_now() }))}>
                { text }
            </button>
        }
    };
    let any = actions.ask_any.then(|| {
        ask(
            Attempt::AskAny,
            "any",
            "Any?",
            "Ask the umpire whether you have a pawn capture",
        )
    });
    let rebuffs = actions.ask_rebuffs.then(|| {
        ask(
            Attempt::AskRebuffs,
            "rebuffs",
            "How many rebuffs?",
            "Ask the umpire how many tries your opponent was refused last turn",
        )
    });
    let duty = actions.must_try_pawn_capture.then(|| {
        html! { <p class="feedback" data-testid="pawn-duty">{ "You must try a pawn capture now." }</p> }
    });
    let route = actions.choose_route.then(|| {
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
    let against_computer = game.seats().computer(!viewer).is_some();
    let draw = match game.draw_offer() {
        Some(by) if by != viewer => {
            let by_name = game.player(by);
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
                    <p>{ format!("{by_name} offers a draw.") }</p>
                    <div class="buttons">
                        <button onclick={accept} data-testid="accept-draw">{ "Accept" }</button>
                        <button class="secondary" onclick={decline}>{ "Decline" }</button>
                    </div>
                </div>
            }
        }
        Some(_) => html! { <p class="hint-text">{ "You offered a draw." }</p> },
        None if against_computer => html! {},
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
    let umpire = game.has_umpire().then(|| {
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
    let thinking = game.seats().computer(to_move).is_some();
    let status = if thinking {
        format!("{} is thinking…", game.player(to_move))
    } else {
        format!("{} to move", game.player(to_move))
    };
    // How far the computer's search went: a bar of its level's time and
    // its depth, shown while it thinks.
    let progress = game.computer_thought().filter(|t| t.total > 0).map(|t| {
        html! {
            <p class="thinking" data-testid="thinking"
               data-best={t.best.is_some().then_some("yes")}>
                <progress max={t.total.to_string()} value={t.done.to_string()}
                          aria-label="The computer's thinking time"></progress>
                <span class="thinking-words">{ &t.words }</span>
            </p>
        }
    });
    let move_now = thinking.then(|| {
        let act = act.clone();
        let hurried = game.hurried();
        html! {
            <button class="secondary" data-testid="move-now" disabled={hurried}
                    title="Stop the computer's search and take its best move so far"
                    onclick={Callback::from(move |_| act.emit(Act::MoveNow { now: js_now() }))}>
                { if hurried { "Moving…" } else { "Move now" } }
            </button>
        }
    });
    let hint = (to_move == viewer && !thinking && game.outcome().is_none()).then(|| {
        let act = act.clone();
        let said = game
            .hint()
            .filter(|h| h.color == viewer)
            .map(|h| match h.attempt {
                None => "The computer is thinking about your position…".to_string(),
                Some(a) => hint_text(&a, |m| game.attempt_san(viewer, m)),
            });
        html! {
            <div class="hint-box">
                <button class="secondary" data-testid="hint" disabled={said.is_some()}
                        title="What would the computer play here? It sees only what you see."
                        onclick={Callback::from(move |_| act.emit(Act::AskHint))}>
                    { "Hint" }
                </button>
                if let Some(said) = said {
                    <p class="hint-text" data-testid="hint-text" aria-live="polite">{ said }</p>
                }
            </div>
        }
    });
    let pass = game.passing().then(|| {
        let act = act.clone();
        let next = game.player(to_move);
        html! {
            <div class="pass" data-testid="pass-panel">
                <p>{ "Your move is made. This is what you see now; when you are done, hand the device over." }</p>
                <button data-testid="pass" onclick={Callback::from(move |_| act.emit(Act::Pass))}>
                    { format!("Pass to {next}") }
                </button>
            </div>
        }
    });
    let typed = (to_move == viewer).then(|| typed_form(game, act.clone()));
    let aids = game
        .has_aids()
        .then(|| aids_panel(game, viewer, act.clone()));
    let panel = html! {
        <>
            <h2>{ view_title(game, viewer) }</h2>
            // Published for journeys and assistive tools alike: how many
            // attempts the game has seen, and whether the computer is on
            // its turn, so a wait is for a state, never for a moment.
            <p class="status-line" data-testid="turn" aria-live="polite"
               data-attempts={game.attempts().to_string()}
               data-computer={thinking.then_some("thinking")}>{ status }{ for move_now }</p>
            { progress.unwrap_or_default() }
            // One slot each, filled or empty (here and below), so the
            // typed-move box keeps its place among its siblings when a
            // message comes or goes: Yew pairs unkeyed siblings by position
            // (from the end), and a box paired with another node would be
            // made anew, losing the text typed in it.
            { pass.unwrap_or_default() }
            { clocks(game, now) }
            { hiding_note.unwrap_or_default() }
            { promotion.unwrap_or_default() }
            { castle.unwrap_or_default() }
            { feedback.unwrap_or_default() }
            { duty.unwrap_or_default() }
            { typed.unwrap_or_default() }
            <div class="buttons">{ for any }{ for rebuffs }{ for route }{ flip }</div>
            { hint.unwrap_or_default() }
            <p class="hint-text board-help">
                { "Tap or drag to move. " }
                { for tries_note }
                <span class="with-mouse">{ "Right-click a square for a circle, right-drag for an arrow \
                    (Shift red, Alt blue). Keyboard: arrows and Enter, f flips." }</span>
                <span class="with-touch">{ "Hold a square for a circle; hold, then slide, for an arrow." }</span>
            </p>
            { umpire.unwrap_or_default() }
            { aids.unwrap_or_default() }
            { record(game.record(viewer), if game.hides_men() { "Moves as you know them" } else { "Moves" }, "move-list") }
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
