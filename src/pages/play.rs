//! The Play page: the new-game settings and the board. A game can be set up
//! from a link (`#/play?variant=chess&model=fog&clock=3+2&mode=hotseat`);
//! a link with a bad parameter shows what is wrong and falls back to the
//! default for that parameter. `start=1` added to a link starts the game at
//! once (the page then drops `start` from the address, so a reload resumes
//! the saved game rather than starting another).

use yew::prelude::*;
use yew_router::prelude::*;

use super::board_from;
use crate::components::error_banner::show_error;
use crate::components::{Board, ErrorContext, PageFrame};
use crate::play::clock::Handoff;
use crate::play::game::{Act, HotSeat, Table, TableAction};
use crate::play::library;
use crate::play::review::FinishedGame;
use crate::play::settings::{
    custom_clock, model_id, preset_id, split_start, variant_id, Clock, Mode, Names, PlayLink,
};
use crate::play::sound;
use crate::play::view::{game_view, js_now, mute_button, page_hidden, tab_title};
use fogbound_engine::{catalogue, Color};

/// Reads the game the page resumes (the library's active game). A save
/// that does not load is kept for download and reported; the page then
/// starts fresh.
fn load_saved(now: f64) -> Result<Option<HotSeat>, String> {
    library::load_active(now)
}

fn save(game: &HotSeat, now: f64) {
    library::save(game, now);
}

/// Replaces the address without the `start` parameter, so that a reload
/// resumes the game instead of starting another (no navigation happens).
fn forget_start(link: &PlayLink) {
    if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
        let url = format!("#/play?{}", link.to_query());
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
}

/// The Play page. With `start=1` in the link the game starts at once;
/// without it a saved game in progress is resumed (behind the curtain of the
/// player to move), else the new-game form is shown.
#[function_component(Play)]
pub fn play() -> Html {
    let location = use_location();
    let errors = use_context::<ErrorContext>();
    let query = location
        .as_ref()
        .map(|l| l.query_str().to_string())
        .unwrap_or_default();
    let (link_query, start_now, start_error) = split_start(&query);
    let settings = {
        let link_query = link_query.clone();
        use_state(move || PlayLink::parse(&link_query).0)
    };
    let table = use_reducer(Table::default);
    let now = use_state(js_now);
    // The form's free text: custom clock minutes and increment, the names
    // (empty: the colour's name).
    let custom = {
        let clock = settings.clock;
        use_state(move || match clock {
            Clock::Fischer { minutes, increment }
                if !Clock::PRESETS.contains(&(minutes, increment)) =>
            {
                Some((minutes.to_string(), increment.to_string()))
            }
            _ => None,
        })
    };
    let names_text = {
        let names = settings.names.clone();
        use_state(move || {
            let shown = |c: Color| {
                let n = names.get(c);
                if n == c.name() {
                    String::new()
                } else {
                    n.to_string()
                }
            };
            (shown(Color::White), shown(Color::Black))
        })
    };
    {
        let errors = errors.clone();
        let table = table.clone();
        use_effect_with(query, move |_| {
            for error in PlayLink::parse(&link_query)
                .1
                .into_iter()
                .chain(start_error)
            {
                show_error(
                    &errors,
                    format!("This game link has a problem: {error}. The default is used instead."),
                );
            }
            let now = js_now();
            if start_now {
                let link = PlayLink::parse(&link_query).0;
                match HotSeat::new(link.clone(), now) {
                    Ok(game) => table.dispatch(TableAction::Start(Box::new(game))),
                    Err(error) => show_error(&errors, format!("The game could not start: {error}")),
                }
                forget_start(&link);
            } else if table.game.is_none() {
                match load_saved(now) {
                    Ok(Some(game)) => table.dispatch(TableAction::Start(Box::new(game))),
                    Ok(None) => {}
                    Err(message) => show_error(&errors, message),
                }
            }
        });
    }
    // Autosave on every change.
    {
        let table = table.clone();
        let revision = table.game.as_ref().map(|g| (table.starts, g.revision()));
        use_effect_with(revision, move |_| {
            if let Some(game) = &table.game {
                save(game, js_now());
            }
        });
    }
    // The tab's title says whose turn or curtain it is (never more).
    {
        let title = table.game.as_ref().map(tab_title);
        use_effect_with(title, move |title| {
            if let Some(document) = web_sys::window().and_then(|w| w.document()) {
                document.set_title(title.as_deref().unwrap_or("Play — fogbound"));
            }
        });
    }
    // A hidden page stops a timed game's clock and drops the curtain.
    {
        let table = table.clone();
        use_effect_with((), move |_| {
            let listener = wasm_bindgen::closure::Closure::<dyn Fn()>::new(move || {
                let act = if page_hidden() {
                    Act::Hide { now: js_now() }
                } else {
                    Act::Show { now: js_now() }
                };
                table.dispatch(TableAction::Play(act));
            });
            let document = web_sys::window().and_then(|w| w.document());
            if let Some(d) = &document {
                let _ = d.add_event_listener_with_callback(
                    "visibilitychange",
                    wasm_bindgen::JsCast::unchecked_ref(listener.as_ref()),
                );
            }
            move || {
                if let Some(d) = &document {
                    let _ = d.remove_event_listener_with_callback(
                        "visibilitychange",
                        wasm_bindgen::JsCast::unchecked_ref(listener.as_ref()),
                    );
                }
                drop(listener);
            }
        });
    }
    // Sounds: the cue of the viewer's last action or reveal.
    let muted = use_state(sound::muted);
    {
        let cue = table.game.as_ref().map(|g| (table.starts, g.cue()));
        use_effect_with(cue, move |cue| {
            // A new or resumed game has no cue: only actions make sounds.
            if let Some((_, (_, Some(cue)))) = cue {
                sound::play(*cue);
            }
        });
    }
    // The clock's heartbeat while a timed game goes on.
    {
        let timed = table
            .game
            .as_ref()
            .is_some_and(|g| g.clock().is_some() && g.outcome().is_none());
        let table = table.clone();
        let now = now.clone();
        use_effect_with(timed, move |&timed| {
            let interval = timed.then(|| {
                gloo_timers::callback::Interval::new(200, move || {
                    let t = js_now();
                    now.set(t);
                    table.dispatch(TableAction::Play(Act::Tick { now: t }));
                })
            });
            move || drop(interval)
        });
    }
    if let Some(game) = &table.game {
        let act = {
            let table = table.clone();
            Callback::from(move |a: Act| table.dispatch(TableAction::Play(a)))
        };
        let on_new = {
            let table = table.clone();
            Callback::from(move |_| table.dispatch(TableAction::Leave))
        };
        if game.outcome().is_some() {
            // The fog lifts: the finished game opens in the replay.
            // Leaving it for a new game: the Play page stops resuming it
            // (it stays in the saved games).
            let on_new = Callback::from(move |_| {
                library::clear_active();
                on_new.emit(())
            });
            return html! {
                <FinishedGame save={game.to_json(js_now())} id={game.id().to_string()}
                              revision={game.revision()} {on_new} />
            };
        }
        let shown = game_view(game, (*now).max(js_now()), act, on_new);
        let mute = {
            let muted = muted.clone();
            Callback::from(move |_| {
                let next = !*muted;
                sound::set_muted(next);
                muted.set(next);
            })
        };
        let intro = if game.settings().mode == Mode::Computer {
            html! { <p>{ "Playing against the computer is not ready yet: this game is hot-seat, two players on one screen." }</p> }
        } else {
            html! { <p>{ "Hot-seat: after every move a curtain hides the board until the next player lifts it. \
            The page holds only the current viewer's picture." }</p> }
        };
        return html! {
            <PageFrame title="Play" {intro} board={shown.board}>
                { shown.panel }
                <div class="buttons sound-switch">{ mute_button(*muted, mute) }</div>
            </PageFrame>
        };
    }
    let link = settings.to_query();
    let variant = settings.engine_variant();
    let placement = variant.start_fen.split(' ').next().unwrap_or_default();
    let view = board_from(variant.width, variant.height, placement);
    let select = |label: &'static str,
                  id: &'static str,
                  options: Vec<(String, String)>,
                  current: String,
                  apply: fn(&mut PlayLink, &str)| {
        let settings = settings.clone();
        let onchange = Callback::from(move |event: Event| {
            let value = event
                .target_dyn_into::<web_sys::HtmlSelectElement>()
                .map(|s| s.value())
                .unwrap_or_default();
            let mut next = (*settings).clone();
            apply(&mut next, &value);
            settings.set(next);
        });
        html! {
            <label class="field" for={id}>
                <span>{ label }</span>
                <select {id} {onchange}>
                    { for options.into_iter().map(|(value, text)| html! {
                        <option selected={value == current} value={value.clone()}>{ text }</option>
                    }) }
                </select>
            </label>
        }
    };
    let clock_options: Vec<(String, String)> =
        std::iter::once(("none".to_string(), "No clock".to_string()))
            .chain(Clock::PRESETS.iter().map(|&(minutes, increment)| {
                let id = Clock::Fischer { minutes, increment }.id();
                (id.clone(), format!("{id} (minutes + seconds a move)"))
            }))
            .chain(std::iter::once((
                "custom".to_string(),
                "Custom…".to_string(),
            )))
            .collect();
    let clock_current = if custom.is_some() {
        "custom".to_string()
    } else {
        settings.clock.id()
    };
    // What is wrong in the form's free text (Start waits until it is right).
    let custom_error = custom.as_ref().and_then(|(m, i)| custom_clock(m, i).err());
    let name_errors: Vec<(Color, String)> =
        [(Color::White, &names_text.0), (Color::Black, &names_text.1)]
            .into_iter()
            .filter(|(_, t)| !t.trim().is_empty())
            .filter_map(|(c, t)| Names::check(t).err().map(|e| (c, e)))
            .collect();
    let form_ok = custom_error.is_none() && name_errors.is_empty();
    let on_clock = {
        let settings = settings.clone();
        let custom = custom.clone();
        Callback::from(move |event: Event| {
            let value = event
                .target_dyn_into::<web_sys::HtmlSelectElement>()
                .map(|s| s.value())
                .unwrap_or_default();
            let mut next = (*settings).clone();
            if value == "custom" {
                let (m, i) = match next.clock {
                    Clock::Fischer { minutes, increment } => (minutes, increment),
                    Clock::None => (7, 5),
                };
                next.clock = Clock::Fischer {
                    minutes: m,
                    increment: i,
                };
                custom.set(Some((m.to_string(), i.to_string())));
            } else {
                if let Ok(c) = Clock::parse(&value) {
                    next.clock = c;
                }
                custom.set(None);
            }
            settings.set(next);
        })
    };
    let custom_input = |which: usize| {
        let settings = settings.clone();
        let custom = custom.clone();
        Callback::from(move |event: InputEvent| {
            let value = event
                .target_dyn_into::<web_sys::HtmlInputElement>()
                .map(|s| s.value())
                .unwrap_or_default();
            let Some((mut m, mut i)) = (*custom).clone() else {
                return;
            };
            if which == 0 {
                m = value;
            } else {
                i = value;
            }
            if let Ok(clock) = custom_clock(&m, &i) {
                let mut next = (*settings).clone();
                next.clock = clock;
                settings.set(next);
            }
            custom.set(Some((m, i)));
        })
    };
    let name_input = |color: Color| {
        let settings = settings.clone();
        let names_text = names_text.clone();
        Callback::from(move |event: InputEvent| {
            let value = event
                .target_dyn_into::<web_sys::HtmlInputElement>()
                .map(|s| s.value())
                .unwrap_or_default();
            let mut texts = (*names_text).clone();
            match color {
                Color::White => texts.0 = value.clone(),
                Color::Black => texts.1 = value.clone(),
            }
            let name = if value.trim().is_empty() {
                Ok(color.name().to_string())
            } else {
                Names::check(&value)
            };
            if let Ok(name) = name {
                let mut next = (*settings).clone();
                match color {
                    Color::White => next.names.white = name,
                    Color::Black => next.names.black = name,
                }
                settings.set(next);
            }
            names_text.set(texts);
        })
    };
    let name_field = |color: Color, id: &'static str, text: &String| {
        let error = name_errors
            .iter()
            .find(|(c, _)| *c == color)
            .map(|(_, e)| e.clone());
        let error_id = format!("{id}-error");
        html! {
            <label class="field" for={id}>
                <span>{ format!("{} player's name", color.name()) }</span>
                <input {id} type="text" data-testid={id} value={text.clone()} placeholder={color.name()}
                       maxlength={(Names::MAX_CHARS * 2).to_string()} autocomplete="off"
                       aria-invalid={error.is_some().then_some("true")}
                       aria-describedby={error.is_some().then(|| error_id.clone())}
                       oninput={name_input(color)} />
                if let Some(e) = error {
                    <span class="field-error" id={error_id} role="alert">{ e }</span>
                }
            </label>
        }
    };
    let handoff_choice = |h: Handoff| {
        let handle = settings.clone();
        let onchange = Callback::from(move |_: Event| {
            let mut next = (*handle).clone();
            next.handoff = h;
            handle.set(next);
        });
        html! {
            <label class="radio">
                <input type="radio" name="handoff" value={h.id()} data-testid={format!("handoff-{}", h.id())}
                       checked={settings.handoff == h} {onchange} />
                <span><strong>{ h.label() }</strong>{ if h == Handoff::default() { " (default)" } else { "" } }
                      <br /><span class="hint-text">{ h.explain() }</span></span>
            </label>
        }
    };
    let intro = html! {
        <p>{ "Choose a variant and how much each side may see. In hot-seat play a curtain hides the \
              board between turns; only the player whose turn it is lifts it, and the page never holds \
              the other side's hidden men." }</p>
    };
    let board = html! { <Board view={view} label="Starting position" /> };
    let saved = library::active().is_some();
    let resume = {
        let table = table.clone();
        let errors = errors.clone();
        Callback::from(move |_: MouseEvent| match load_saved(js_now()) {
            Ok(Some(game)) => table.dispatch(TableAction::Start(Box::new(game))),
            Ok(None) => {}
            Err(message) => show_error(&errors, message),
        })
    };
    let onsubmit = {
        let settings = settings.clone();
        let table = table.clone();
        let errors = errors.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            if !form_ok {
                return;
            }
            match HotSeat::new((*settings).clone(), js_now()) {
                Ok(game) => table.dispatch(TableAction::Start(Box::new(game))),
                Err(error) => show_error(&errors, format!("The game could not start: {error}")),
            }
        })
    };
    html! {
        <PageFrame title="Play" {intro} {board}>
            <super::CorruptSaves />
            <form class="settings" {onsubmit}>
                <h2>{ "New game" }</h2>
                { select("Variant", "variant", catalogue::variants().iter().map(|v| (v.id.to_string(), v.label.to_string())).collect(),
                         settings.variant.to_string(), |s, v| if let Ok(x) = variant_id(v) { s.variant = x }) }
                { select("Who sees what", "model", catalogue::models().iter().map(|v| (v.id.to_string(), v.label.to_string())).collect(),
                         settings.model.to_string(), |s, v| if let Ok(x) = model_id(v) { s.model = x }) }
                if settings.takes_preset() {
                    { select("Umpire", "preset", catalogue::presets().iter().map(|p| (p.id.to_string(), p.label.to_string())).collect(),
                             settings.preset.to_string(), |s, v| if let Ok(x) = preset_id(v) { s.preset = x }) }
                }
                <fieldset class="names">
                    <legend>{ "Players" }</legend>
                    { name_field(Color::White, "name-white", &names_text.0) }
                    { name_field(Color::Black, "name-black", &names_text.1) }
                </fieldset>
                <label class="field" for="clock">
                    <span>{ "Clock" }</span>
                    <select id="clock" onchange={on_clock}>
                        { for clock_options.into_iter().map(|(value, text)| html! {
                            <option selected={value == clock_current} value={value.clone()}>{ text }</option>
                        }) }
                    </select>
                </label>
                if let Some((m, i)) = (*custom).clone() {
                    <div class="row custom-clock">
                        <label class="field" for="clock-minutes">
                            <span>{ "Minutes each" }</span>
                            <input id="clock-minutes" data-testid="clock-minutes" type="number" min="1" max="180" step="1"
                                   inputmode="numeric" value={m} oninput={custom_input(0)}
                                   aria-invalid={custom_error.is_some().then_some("true")}
                                   aria-describedby={custom_error.is_some().then_some("clock-error")} />
                        </label>
                        <label class="field" for="clock-increment">
                            <span>{ "Seconds per move" }</span>
                            <input id="clock-increment" data-testid="clock-increment" type="number" min="0" max="180" step="1"
                                   inputmode="numeric" value={i} oninput={custom_input(1)}
                                   aria-invalid={custom_error.is_some().then_some("true")}
                                   aria-describedby={custom_error.is_some().then_some("clock-error")} />
                        </label>
                    </div>
                    if let Some(e) = custom_error.clone() {
                        <p class="field-error" id="clock-error" role="alert" data-testid="clock-error">{ e }</p>
                    }
                }
                if settings.clock != Clock::None {
                    <fieldset class="handoff" data-testid="handoff">
                        <legend>{ "While the device is passed" }</legend>
                        { handoff_choice(Handoff::Paused) }
                        { handoff_choice(Handoff::Running) }
                        <p class="hint-text">{ "Either way, if the page is hidden during the game (another tab, a locked phone), the clock stops and the curtain comes down." }</p>
                    </fieldset>
                }
                { select("Opponent", "mode", Mode::ALL.iter().map(|v| (v.id().to_string(), v.label().to_string())).collect(),
                         settings.mode.id().to_string(), |s, v| if let Ok(x) = Mode::from_id(v) { s.mode = x }) }
                <div class="buttons">
                    <button type="submit" data-testid="start" disabled={!form_ok}>{ "Start" }</button>
                    if saved {
                        <button type="button" class="secondary" data-testid="resume" onclick={resume}>
                            { "Back to your game" }
                        </button>
                    }
                </div>
                <p class="hint-text">{ "Every game is saved as it is played; starting a new one keeps the others. " }
                    <Link<crate::Route> to={crate::Route::Games}>{ "Saved games" }</Link<crate::Route>></p>
                <p class="share">
                    <span>{ "Link to these settings: " }</span>
                    <a data-testid="settings-link" href={format!("#/play?{link}")}>{ format!("#/play?{link}") }</a>
                </p>
                <p class="share">
                    <span>{ "Link that starts this game at once: " }</span>
                    <a data-testid="start-link" href={format!("#/play?{link}&start=1")}>{ format!("#/play?{link}&start=1") }</a>
                </p>
            </form>
        </PageFrame>
    }
}
