//! The replay on the page: [`GameReview`] draws a [`Replay`] with a
//! slider, step buttons and the arrow keys (← → Home End anywhere on the
//! page but in a text field), the choice of White's view, Black's view or
//! the full board, the chosen view's move list with the current ply
//! highlighted (each ply a button), what the umpire had said by then, and
//! the record's way out: PGN download and copy, and a share link for a
//! finished game.

#![cfg(target_arch = "wasm32")]

use std::rc::Rc;

use fogbound_engine::Color;
use yew::prelude::*;

use super::belief::{belief_section, overlay, use_belief_trace, Trace};
use super::library::format_date;
use super::replay::{Lens, Replay, ReplayMove};
use crate::components::{Board, PageFrame};

/// Where the replay stands.
#[derive(Clone, Debug, PartialEq)]
struct Cursor {
    ply: u32,
    last: u32,
    lens: Lens,
    /// Turned by the viewer, on top of the lens's own side.
    flip: bool,
}

enum Step {
    First,
    Prev,
    Next,
    Last,
    To(u32),
    Lens(Lens),
    Flip,
}

impl Reducible for Cursor {
    type Action = Step;

    fn reduce(self: Rc<Self>, step: Step) -> Rc<Self> {
        let mut next = (*self).clone();
        match step {
            Step::First => next.ply = 0,
            Step::Prev => next.ply = next.ply.saturating_sub(1),
            Step::Next => next.ply = (next.ply + 1).min(next.last),
            Step::Last => next.ply = next.last,
            Step::To(ply) => next.ply = ply.min(next.last),
            Step::Lens(lens) => next.lens = lens,
            Step::Flip => next.flip = !next.flip,
        }
        Rc::new(next)
    }
}

/// The page's address with a share route (`…#/replay?game=CODE`).
pub fn share_url(code: &str) -> String {
    let base = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default();
    let base = base.split('#').next().unwrap_or("");
    format!("{base}#/replay?game={code}")
}

#[derive(Properties, PartialEq)]
pub struct GameReviewProps {
    pub replay: Rc<Replay>,
    /// The page heading.
    #[prop_or(AttrValue::from("Replay"))]
    pub title: AttrValue,
    /// Extra buttons under the export section (new game, back…).
    #[prop_or_default]
    pub children: Html,
}

fn move_rows(moves: &[ReplayMove], current: u32, step: &Callback<u32>) -> Html {
    let cell = |m: Option<&ReplayMove>| match m {
        None => html! { <span class="ply">{ "…" }</span> },
        Some(m) => {
            let ply = m.ply;
            let step = step.clone();
            let here = ply == current;
            html! {
                <button class={classes!("ply", here.then_some("current"))} data-ply={ply.to_string()}
                        aria-current={here.then_some("step")}
                        onclick={Callback::from(move |_| step.emit(ply))}>
                    { m.text.clone() }
                </button>
            }
        }
    };
    let mut rows = Vec::new();
    let mut it = moves.iter().peekable();
    let mut number = 1;
    while let Some(m) = it.next() {
        let (white, black) = if m.by == Color::White {
            (Some(m), it.next_if(|n| n.by == Color::Black))
        } else {
            (None, Some(m))
        };
        rows.push(html! {
            <li>
                <span class="move-no">{ format!("{number}.") }</span>
                { cell(white) }
                if black.is_some() { { cell(black) } } else { <span class="ply"></span> }
            </li>
        });
        number += 1;
    }
    html! { <ol class="moves game-moves replay-moves" data-testid="replay-moves">{ for rows }</ol> }
}

/// The replay of one game. See the module docs.
#[function_component(GameReview)]
pub fn game_review(props: &GameReviewProps) -> Html {
    let replay = props.replay.clone();
    let last = replay.plies();
    let cursor = use_reducer(|| Cursor {
        ply: last,
        last,
        lens: Lens::Full,
        flip: false,
    });
    let note = use_state(|| None::<String>);
    // The keys, on the whole document while the replay is shown.
    {
        let cursor = cursor.clone();
        use_effect_with((), move |_| {
            let listener = web_sys::window()
                .and_then(|w| w.document())
                .map(|document| {
                    gloo_events::EventListener::new_with_options(
                        &document,
                        "keydown",
                        gloo_events::EventListenerOptions::enable_prevent_default(),
                        move |event| {
                            use wasm_bindgen::JsCast;
                            let Some(key) = event.dyn_ref::<web_sys::KeyboardEvent>() else {
                                return;
                            };
                            if key.alt_key()
                                || key.ctrl_key()
                                || key.meta_key()
                                || key.default_prevented()
                            {
                                return;
                            }
                            let typing = key
                                .target()
                                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                                .is_some_and(|e| {
                                    matches!(e.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
                                        || e.has_attribute("contenteditable")
                                });
                            if typing {
                                return;
                            }
                            let step = match key.key().as_str() {
                                "ArrowLeft" => Step::Prev,
                                "ArrowRight" => Step::Next,
                                "Home" => Step::First,
                                "End" => Step::Last,
                                _ => return,
                            };
                            key.prevent_default();
                            cursor.dispatch(step);
                        },
                    )
                });
            move || drop(listener)
        });
    }
    let ply = cursor.ply.min(last);
    let lens = cursor.lens;
    let go = |step: fn() -> Step| {
        let cursor = cursor.clone();
        Callback::from(move |_: MouseEvent| cursor.dispatch(step()))
    };
    let to_ply = {
        let cursor = cursor.clone();
        Callback::from(move |ply: u32| cursor.dispatch(Step::To(ply)))
    };
    let slider = {
        let cursor = cursor.clone();
        Callback::from(move |event: InputEvent| {
            let value = event
                .target_dyn_into::<web_sys::HtmlInputElement>()
                .and_then(|i| i.value().parse::<u32>().ok());
            if let Some(ply) = value {
                cursor.dispatch(Step::To(ply));
            }
        })
    };
    let flipped = (lens == Lens::Player(Color::Black)) != cursor.flip;
    let (trace, run_trace) = use_belief_trace(replay.clone());
    let mut view = replay.board(ply, lens);
    let believer = replay.believer();
    if let (Some((bot, _)), Trace::Ready(frames)) = (believer, &trace) {
        if lens == Lens::Player(bot) {
            overlay(&mut view, frames, ply);
        }
    }
    let belief = believer.map(|(bot, _)| {
        let show_bot = {
            let cursor = cursor.clone();
            Callback::from(move |()| cursor.dispatch(Step::Lens(Lens::Player(bot))))
        };
        let run = {
            let show_bot = show_bot.clone();
            Callback::from(move |()| {
                show_bot.emit(());
                run_trace.emit(());
            })
        };
        belief_section(&trace, run, bot, lens, ply, show_bot)
    });
    let board = html! {
        <Board view={Rc::new(view)} {flipped}
               label={format!("{} after ply {ply}", lens.label())} />
    };
    let lenses = Lens::ALL.iter().map(|&l| {
        let cursor = cursor.clone();
        let on = l == lens;
        html! {
            <button class={classes!("lens", on.then_some("on"))} aria-pressed={on.to_string()}
                    data-testid={format!("lens-{}", l.id())}
                    onclick={Callback::from(move |_| cursor.dispatch(Step::Lens(l)))}>
                { l.label() }
            </button>
        }
    });
    let heard = replay.heard(ply, lens);
    let umpire = replay.settings().model_spec().has_umpire().then(|| {
        let items = heard.iter().rev().map(|h| {
            let class = if h.public { "public" } else { "private" };
            html! { <li class={class}><span>{ h.text.clone() }</span>
                    <span class="audience">{ format!("ply {}", h.ply) }</span></li> }
        });
        html! {
            <section class="section">
                <h3>{ if lens == Lens::Full { "Everything the umpire said".to_string() } else { format!("What {} had heard", match lens { Lens::Player(c) => c.name(), Lens::Full => "" }) } }</h3>
                if heard.is_empty() {
                    <p class="hint-text">{ "Nothing yet." }</p>
                } else {
                    <ol class="umpire-log" data-testid="replay-heard">{ for items }</ol>
                }
            </section>
        }
    });
    let pgn_download = {
        let replay = replay.clone();
        let note = note.clone();
        Callback::from(move |_: MouseEvent| {
            let message = match super::library::download(
                &replay.pgn_filename(),
                "application/x-chess-pgn",
                &replay.pgn(),
            ) {
                Ok(()) => format!("Downloading {}.", replay.pgn_filename()),
                Err(e) => format!("The PGN could not be downloaded: {e}."),
            };
            note.set(Some(message));
        })
    };
    let copier = |text: String, what: &'static str| {
        let note = note.clone();
        Callback::from(move |_: MouseEvent| {
            let note = note.clone();
            super::library::copy(&text, move |result| {
                note.set(Some(match result {
                    Ok(()) => format!("{what} copied to the clipboard."),
                    Err(e) => {
                        format!("{what} could not be copied ({e}); select it and copy it by hand.")
                    }
                }));
            });
        })
    };
    let pgn_copy = copier(replay.pgn(), "PGN");
    let share = replay.share_code().map(|code| {
        let url = share_url(&code);
        let copy = copier(url.clone(), "Link");
        html! {
            <div class="share-game">
                <p class="share">
                    <span>{ "Share link (opens this replay on any device): " }</span>
                    <a data-testid="share-link" href={url.clone()}>{ url.clone() }</a>
                </p>
                <button class="secondary" data-testid="share-copy" onclick={copy}>{ "Copy the share link" }</button>
            </div>
        }
    });
    let mut about = vec![replay.title()];
    about.push(replay.players_line());
    match (replay.saved_at(), &replay.record().day) {
        (Some(saved), _) if !replay.imported() => {
            about.push(format!("saved {}", format_date(saved)))
        }
        (_, Some(day)) => about.push(format!("played {day}")),
        _ => {}
    }
    let intro = if replay.hides_men() {
        html! {
            <p>{ "The fog has lifted. Step through the game with the slider, the buttons or the arrow keys \
                  (← → to step, Home and End to jump), from either player's view — exactly what they knew \
                  after each ply — or the full board." }</p>
        }
    } else {
        html! {
            <p>{ "Step through the game with the slider, the buttons or the arrow keys \
                  (← → to step, Home and End to jump). Nothing was hidden in this game: each player's \
                  view is the full board." }</p>
        }
    };
    let final_status = replay.status(last);
    html! {
        <PageFrame title={props.title.clone()} {intro} {board}>
            <h2>{ "Game over" }</h2>
            <p class="status-line outcome" data-testid="outcome">{ final_status }</p>
            <p class="hint-text" data-testid="replay-about">{ about.join(" · ") }</p>
            <div class="lens-switch" role="group" aria-label="Whose view">{ for lenses }</div>
            <div class="replay-controls">
                <button class="secondary" data-testid="first" aria-label="Start of the game" onclick={go(|| Step::First)} disabled={ply == 0}>{ "«" }</button>
                <button class="secondary" data-testid="prev" aria-label="Previous ply" onclick={go(|| Step::Prev)} disabled={ply == 0}>{ "◀" }</button>
                <button class="secondary" data-testid="next" aria-label="Next ply" onclick={go(|| Step::Next)} disabled={ply == last}>{ "▶" }</button>
                <button class="secondary" data-testid="last" aria-label="End of the game" onclick={go(|| Step::Last)} disabled={ply == last}>{ "»" }</button>
                <button class="secondary" data-testid="flip" aria-label="Turn the board" aria-pressed={cursor.flip.to_string()} onclick={go(|| Step::Flip)}>{ "⇅" }</button>
            </div>
            <input type="range" class="replay-slider" data-testid="replay-slider" aria-label="Ply"
                   min="0" max={last.to_string()} value={ply.to_string()} oninput={slider} />
            <p class="status-line" data-testid="replay-ply" aria-live="polite">
                { format!("Ply {ply} of {last} · {} · {}", lens.label(), replay.status(ply)) }
            </p>
            <section class="section">
                <h3>{ match lens { Lens::Full => "The moves played".to_string(), Lens::Player(c) => format!("Moves as {} knew them", c.name()) } }</h3>
                if last == 0 {
                    <p class="hint-text">{ "No moves were played." }</p>
                } else {
                    { move_rows(&replay.moves(lens), ply, &to_ply) }
                }
            </section>
            { for belief }
            { umpire.unwrap_or_default() }
            <section class="section">
                <h3>{ "Keep or share the game" }</h3>
                <div class="buttons wrap">
                    <button data-testid="pgn-download" onclick={pgn_download}>{ "Download PGN" }</button>
                    <button class="secondary" data-testid="pgn-copy" onclick={pgn_copy}>{ "Copy PGN" }</button>
                </div>
                { share.unwrap_or_else(|| html! {
                    <p class="hint-text">{ "This game is unfinished, so it has no share link." }</p>
                }) }
                if let Some(text) = (*note).clone() {
                    <p class="hint-text" role="status" data-testid="copy-status">{ text }</p>
                }
            </section>
            <div class="buttons wrap">{ props.children.clone() }</div>
        </PageFrame>
    }
}

#[derive(Properties, PartialEq)]
pub struct FinishedGameProps {
    /// The game's save ([`super::table::GameTable::to_json`]).
    pub save: AttrValue,
    /// The game's id and revision: the replay is rebuilt when they change.
    pub id: AttrValue,
    pub revision: u64,
    pub on_new: Callback<()>,
}

/// A hot-seat game that has just ended, on the Play page: its replay, with
/// a way to a new game and to the saved games.
#[function_component(FinishedGame)]
pub fn finished_game(props: &FinishedGameProps) -> Html {
    let replay = {
        let save = props.save.clone();
        use_memo((props.id.clone(), props.revision), move |_| {
            Replay::from_save_json(&save).map(Rc::new)
        })
    };
    let on_new = props.on_new.clone();
    let new_game = html! {
        <button data-testid="new-game" onclick={Callback::from(move |_| on_new.emit(()))}>{ "New game" }</button>
    };
    let saved = html! {
        <a href={crate::Route::Games.href()} class="button-link">{ "Saved games" }</a>
    };
    match &*replay {
        Ok(replay) => html! {
            <GameReview replay={replay.clone()} title="Play">{ new_game }{ saved }</GameReview>
        },
        Err(error) => html! {
            <section class="page">
                <h1>{ "Play" }</h1>
                <p class="error-text" data-testid="replay-error">{ format!("The replay could not be built: {error}.") }</p>
                <div class="buttons">{ new_game }{ saved }</div>
            </section>
        },
    }
}
