//! The Play page's effects, one hook each: autosave, the tab title, the
//! hidden-page pause, sounds, the clock's heartbeat and the computer's
//! turns (asked of the worker).

#![cfg(target_arch = "wasm32")]

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::library;
use super::sound::{self, Cue};
use super::table::{Act, ComputerTurn, GameTable, SuggestionRequest};
use super::view::{js_now, page_hidden};
use crate::components::error_banner::show_error;
use crate::components::ErrorContext;
use crate::worker::computer::{ComputerJob, ComputerJobs};
use crate::worker::{ClientEvent, ComputeClient};

/// Saves the game whenever it starts or its revision changes.
#[hook]
pub fn use_autosave(game: Option<Rc<RefCell<GameTable>>>, starts: u64) {
    let key = game.as_ref().map(|g| (starts, g.borrow().revision()));
    use_effect_with(key, move |_| {
        if let Some(game) = game {
            library::save(&game.borrow(), js_now());
        }
    });
}

/// Sets the browser tab's title (`None`: the page's own).
#[hook]
pub fn use_tab_title(title: Option<String>) {
    use_effect_with(title, move |title| {
        if let Some(document) = web_sys::window().and_then(|w| w.document()) {
            document.set_title(title.as_deref().unwrap_or("Play — fogbound"));
        }
    });
}

/// Tells the table when the page is hidden or shown again.
#[hook]
pub fn use_visibility(act: Callback<Act>) {
    use_effect_with((), move |_| {
        let listener = Closure::<dyn Fn()>::new(move || {
            let now = js_now();
            act.emit(if page_hidden() {
                Act::Hide { now }
            } else {
                Act::Show { now }
            });
        });
        let document = web_sys::window().and_then(|w| w.document());
        if let Some(d) = &document {
            let _ = d.add_event_listener_with_callback(
                "visibilitychange",
                listener.as_ref().unchecked_ref(),
            );
        }
        move || {
            if let Some(d) = &document {
                let _ = d.remove_event_listener_with_callback(
                    "visibilitychange",
                    listener.as_ref().unchecked_ref(),
                );
            }
            drop(listener);
        }
    });
}

/// Plays the cue of the last action (a new or resumed game has none).
#[hook]
pub fn use_cues(cue: Option<(u64, (u64, Option<Cue>))>) {
    use_effect_with(cue, move |cue| {
        if let Some((_, (_, Some(cue)))) = cue {
            sound::play(*cue);
        }
    });
}

/// The clock's heartbeat while a timed game goes on: every 200 ms `now` is
/// set (the clocks redraw) and the table is told (a flag may fall).
#[hook]
pub fn use_heartbeat(timed: bool, now: UseStateHandle<f64>, act: Callback<Act>) {
    use_effect_with(timed, move |&timed| {
        let interval = timed.then(|| {
            gloo_timers::callback::Interval::new(200, move || {
                let t = js_now();
                now.set(t);
                act.emit(Act::Tick { now: t });
            })
        });
        move || drop(interval)
    });
}

/// Asks the worker for the automated player's attempt whenever one is to
/// move, and hands the answer to the table. The worker is given the
/// player's transcript only, built when the turn comes (not on every
/// render).
#[hook]
pub fn use_computer(game: Option<Rc<RefCell<GameTable>>>, starts: u64, act: Callback<Act>) {
    let errors = use_context::<ErrorContext>();
    let asked = use_memo((), |_| Rc::new(Cell::new(0usize)));
    let client = {
        let asked = (*asked).clone();
        let act = act.clone();
        use_memo((), move |_| {
            ComputeClient::<ComputerJobs>::new(Callback::from(move |event| match event {
                ClientEvent::Done { answer, .. } => act.emit(Act::Computer {
                    attempt: answer,
                    asked: asked.get(),
                    now: js_now(),
                }),
                ClientEvent::Failed(message) => {
                    show_error(&errors, format!("The computer could not move: {message}"));
                }
                // How deep it went, and its best attempt so far, which
                // "Move now" plays at once.
                ClientEvent::Progress { pass, done, total } => act.emit(Act::Thinking {
                    asked: asked.get(),
                    words: pass,
                    done,
                    total,
                }),
                ClientEvent::Interim(attempt) => act.emit(Act::BestSoFar {
                    asked: asked.get(),
                    attempt,
                }),
                // A newer request abandons an older one.
                ClientEvent::Cancelled => {}
            }))
        })
    };
    // "Move now" changes the key: the same attempt is asked again, hurried
    // (the client abandons the search under way).
    let key = game.as_ref().and_then(|g| {
        let g = g.borrow();
        g.computer_to_move()
            .map(|asked| (starts, asked, g.hurried()))
    });
    use_effect_with(key, move |_| {
        let turn: Option<ComputerTurn> = game.and_then(|g| g.borrow().computer_turn());
        if let Some(turn) = turn {
            asked.set(turn.asked);
            let job = ComputerJob::Think {
                opponent: turn.kind,
                seed: turn.seed,
                transcript: turn.transcript,
                hurry: turn.hurry,
            };
            if let Err(message) = client.run(job) {
                web_sys::console::error_1(&message.into());
            }
        }
    });
}

/// Asks the worker what the computer would play for the person to move,
/// when they ask for a hint: the default computer player is told that
/// person's own transcript, nothing else.
#[hook]
pub fn use_hint(game: Option<Rc<RefCell<GameTable>>>, starts: u64, act: Callback<Act>) {
    let errors = use_context::<ErrorContext>();
    let asked = use_memo((), |_| Rc::new(Cell::new(0usize)));
    let client = {
        let asked = (*asked).clone();
        use_memo((), move |_| {
            ComputeClient::<ComputerJobs>::new(Callback::from(move |event| match event {
                ClientEvent::Done { answer, .. } => act.emit(Act::Hint {
                    attempt: answer,
                    asked: asked.get(),
                }),
                ClientEvent::Failed(message) => {
                    show_error(&errors, format!("No hint could be worked out: {message}"));
                }
                // A hint is quick and shown when it comes; a newer request
                // abandons an older one.
                ClientEvent::Progress { .. } | ClientEvent::Interim(_) | ClientEvent::Cancelled => {
                }
            }))
        })
    };
    let key = game
        .as_ref()
        .and_then(|g| g.borrow().hint_request().map(|r| (starts, r.asked)));
    use_effect_with(key, move |_| {
        let request: Option<SuggestionRequest> = game.and_then(|g| g.borrow().hint_request());
        if let Some(request) = request {
            asked.set(request.asked);
            let job = ComputerJob::Hint {
                opponent: request.kind,
                seed: request.seed,
                transcript: request.transcript,
            };
            if let Err(message) = client.run(job) {
                web_sys::console::error_1(&message.into());
            }
        }
    });
}
