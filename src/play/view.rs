//! Drawing a hot-seat game: the curtain, the viewer's board and the side
//! panel. Everything here reads [`GameTable`]'s viewer-facing accessors only
//! (the viewer's observation, their move list, what they heard), so no
//! hidden man can reach the DOM. Behind the curtain only the next player's
//! name, the clocks and the reveal button are drawn.

use std::rc::Rc;

use fogbound_engine::{Attempt, Color, Outcome, Role};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::aids::TrayTool;
use super::clock::format_ms;
use super::picture::piece_code;
use super::record::Entry;
use super::seats::Curtain;
use super::table::{Act, GameTable};
use crate::components::board::piece_name;
use crate::components::Board;

/// The result in words, with the players' names: `Ann (White) wins: …`.
pub fn result_text(game: &GameTable, o: &Outcome) -> String {
    let who = match o.winner {
        Some(c) => format!("{} wins", game.player(c)),
        None => "Draw".into(),
    };
    format!("{who}: {}", o.reason)
}

/// The player's own name (`Ann`, or `White` for a player with no name).
fn name_only(game: &GameTable, c: Color) -> String {
    game.name(c)
}

/// `Ann's view (White)`, or `White's view` for a player with no name.
fn view_title(game: &GameTable, viewer: Color) -> String {
    let name = game.name(viewer);
    if name == viewer.name() {
        format!("{name}'s view")
    } else {
        format!("{name}'s view ({viewer})")
    }
}

/// The browser tab's title, consistent with what the screen shows: who is
/// to lift the curtain, whose turn it is, or the result. Never anything of
/// a view (no check, no capture).
pub fn tab_title(game: &GameTable) -> String {
    let what = match game.curtain() {
        Curtain::Closed { next } => format!("Pass to {}", game.player(next)),
        Curtain::Revealed(_) if game.passing() => format!("Pass to {}", game.player(game.turn())),
        Curtain::Revealed(_) => format!("{} to move", game.player(game.turn())),
        Curtain::Over => match game.outcome() {
            Some(o) => match o.winner {
                Some(c) => format!("{} wins", game.player(c)),
                None => "Draw".to_string(),
            },
            None => "Game over".to_string(),
        },
    };
    format!("fogbound — {what}")
}

/// The board area and the side panel of a game.
pub struct GameHtml {
    pub board: Html,
    pub panel: Html,
}

fn clocks(game: &GameTable, now: f64) -> Html {
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
fn tally(game: &GameTable, viewer: Color) -> Html {
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
        html! { <p class="hint-text" data-testid="hidden-note">{ "If this page is hidden (another tab, the phone locked), the clock stops and the curtain comes down." }</p> }
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
                    <p class="status-line" data-testid="turn">{ format!("{who} to move") }</p>
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
                    { record(game.record(Color::White), &format!("{}'s record", game.player(Color::White)), "record-w") }
                    { record(game.record(Color::Black), &format!("{}'s record", game.player(Color::Black)), "record-b") }
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
            // With a phantom tool in hand, a right-click takes a phantom
            // off (otherwise the right button belongs to the board).
            let on_context = {
                let act = act.clone();
                let holding = game.tool().is_some();
                let phantoms: Vec<String> = game.notes(viewer).phantoms.keys().cloned().collect();
                Callback::from(move |e: MouseEvent| {
                    if !holding {
                        return;
                    }
                    // The event's square; the board captures the right
                    // button's pointer for its arrows, so the target may be
                    // the whole board: then the square under the pointer.
                    let square_of = |el: Option<web_sys::Element>| {
                        el.and_then(|el| el.closest("[data-square]").ok().flatten())
                            .and_then(|el| el.get_attribute("data-square"))
                    };
                    let square = square_of(
                        e.target()
                            .and_then(|t| t.dyn_into::<web_sys::Element>().ok()),
                    )
                    .or_else(|| {
                        square_of(web_sys::window().and_then(|w| w.document()).and_then(|d| {
                            d.element_from_point(e.client_x() as f32, e.client_y() as f32)
                        }))
                    });
                    if let Some(name) = square.filter(|n| phantoms.contains(n)) {
                        if let Some(square) = geometry.parse_square(&name) {
                            e.prevent_default();
                            act.emit(Act::RemovePhantom(square));
                        }
                    }
                })
            };
            // Keyed by viewer: the board's own state (drawn arrows and
            // circles, the keyboard cursor) never passes to the other player.
            let board = match view {
                Some(view) => html! {
                    <div class="board-wrap" oncontextmenu={on_context}>
                        <Board key={viewer.name()} {view} {flipped} {on_square} {on_flip} autofocus=true
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
            let actions = game.observation().map(|o| o.actions).unwrap_or_default();
            let ask = |question: Attempt,
                       testid: &'static str,
                       text: &'static str,
                       title: &'static str| {
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
                    <p class="status-line" data-testid="turn" aria-live="polite">{ status }</p>
                    { for pass }
                    { clocks(game, now) }
                    { for hiding_note }
                    { for promotion }
                    { for castle }
                    { for feedback }
                    { for duty }
                    { for typed }
                    <div class="buttons">{ for any }{ for rebuffs }{ for route }{ flip }</div>
                    <p class="hint-text board-help">
                        { "Tap or drag to move. " }
                        <span class="with-mouse">{ "Right-click a square for a circle, right-drag for an arrow \
                            (Shift red, Alt blue). Keyboard: arrows and Enter, f flips." }</span>
                    </p>
                    { umpire.unwrap_or_default() }
                    { for aids }
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

/// The typed-move box: the viewer types an attempt as coordinates
/// (`e2e4`, `e7e8q`, `g1f3@g2g3`, `any?`) or SAN (`Nf3`, `exd5`, `O-O`).
/// It is re-created after every ply (its key), so a played move clears it
/// while a text that could not be read stays for correcting.
fn typed_form(game: &GameTable, act: Callback<Act>) -> Html {
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
            { for error }
        </form>
    }
}

/// The viewer's memory aids: the ghost and phantom switches, and the
/// phantom tray (enemy men to place on hidden squares, a remove tool).
fn aids_panel(game: &GameTable, viewer: Color, act: Callback<Act>) -> Html {
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

/// The sound switch (kept in this browser's storage).
pub fn mute_button(muted: bool, on_toggle: Callback<()>) -> Html {
    html! {
        <button type="button" class="secondary" data-testid="mute" aria-pressed={muted.to_string()}
                onclick={Callback::from(move |_| on_toggle.emit(()))}>
            { if muted { "Sound: off" } else { "Sound: on" } }
        </button>
    }
}

/// Whether the page is hidden (`document.visibilityState`).
pub fn page_hidden() -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| js_sys::Reflect::get(d.unchecked_ref(), &"visibilityState".into()).ok())
        .and_then(|v| v.as_string())
        .is_some_and(|v| v == "hidden")
}
