//! The new-game form: variant, model and umpire preset from the engine's
//! catalogue, the players' names, the clock and hand-off, the opponent
//! (another person, or an automated player and the colour you take), and
//! links to these settings. It hands the chosen settings to `on_start`.

#![cfg(target_arch = "wasm32")]

use yew::prelude::*;

use crate::components::{Board, BoardView, PageFrame};
use crate::play::clock::Handoff;
use crate::play::settings::{
    custom_clock, model_id, preset_id, variant_id, Clock, Mode, Names, PlayLink,
};
use crate::play::words::WHAT_THE_PAGE_HOLDS;
use fogbound_engine::{catalogue, Color};
use fogbound_players::Opponent;

#[derive(Properties, PartialEq)]
pub struct NewGameProps {
    /// The settings the form opens with (a link's, or the defaults).
    pub settings: PlayLink,
    pub on_start: Callback<PlayLink>,
    /// Offered when a game in progress is saved: go back to it.
    #[prop_or_default]
    pub on_resume: Option<Callback<()>>,
    /// Shown above the form (unreadable saves, for instance).
    #[prop_or_default]
    pub children: Html,
}

/// The starting position of the chosen variant, for the form's board.
pub fn start_view(settings: &PlayLink) -> std::rc::Rc<BoardView> {
    let variant = settings.engine_variant();
    let placement = variant.start_fen.split(' ').next().unwrap_or_default();
    std::rc::Rc::new(
        BoardView::from_placement(variant.width, variant.height, placement)
            .unwrap_or_else(|| BoardView::empty(variant.width, variant.height)),
    )
}

/// See the module docs.
#[function_component(NewGameForm)]
pub fn new_game_form(props: &NewGameProps) -> Html {
    let settings = {
        let initial = props.settings.clone();
        use_state(move || initial)
    };
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
    let link = settings.to_query();
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
    let resume = props
        .on_resume
        .clone()
        .map(|on_resume| Callback::from(move |_: MouseEvent| on_resume.emit(())));
    let onsubmit = {
        let settings = settings.clone();
        let on_start = props.on_start.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            if form_ok {
                on_start.emit((*settings).clone());
            }
        })
    };
    let against_computer = settings.mode == Mode::Computer;
    let person = |c: Color| !against_computer || settings.side == c;
    let curtain = settings
        .seats()
        .need_curtain(settings.model_spec().hides_men());
    let intro = html! {
        <>
            <p>{ "Choose a variant and how much each side may see, and whom you play: another person on \
                  this screen or the computer, which is told only what its side may know. When men are \
                  hidden and two people share the screen, a curtain covers the board between turns; \
                  only the player to move lifts it." }</p>
            if settings.model_spec().hides_men() {
                <p data-testid="what-is-shown">{ WHAT_THE_PAGE_HOLDS }</p>
            }
        </>
    };
    let board =
        html! { <Board view={start_view(&settings)} label="Starting position" decorative=true /> };
    html! {
        <PageFrame title="Play" {intro} {board}>
            { props.children.clone() }
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
                { select("Opponent", "mode", Mode::ALL.iter().map(|v| (v.id().to_string(), v.label().to_string())).collect(),
                         settings.mode.id().to_string(), |s, v| if let Ok(x) = Mode::from_id(v) { s.mode = x }) }
                if against_computer {
                    { select("Computer", "computer", Opponent::all().into_iter().map(|k| (k.id(), k.label())).collect(),
                             settings.computer.id(), |s, v| if let Some(x) = Opponent::from_id(v) { s.computer = x }) }
                    <p class="hint-text">{ settings.computer.about() }</p>
                    { select("You play", "side", vec![("white".to_string(), "White".to_string()), ("black".to_string(), "Black".to_string())],
                             if settings.side == Color::White { "white".to_string() } else { "black".to_string() },
                             |s, v| s.side = if v == "black" { Color::Black } else { Color::White }) }
                }
                <fieldset class="names">
                    <legend>{ if against_computer { "Your name" } else { "Players" } }</legend>
                    if person(Color::White) {
                        { name_field(Color::White, "name-white", &names_text.0) }
                    }
                    if person(Color::Black) {
                        { name_field(Color::Black, "name-black", &names_text.1) }
                    }
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
                // The hand-off question only arises behind a curtain: without
                // one the next player's view (and clock) starts with the move.
                if settings.clock != Clock::None && curtain {
                    <fieldset class="handoff" data-testid="handoff">
                        <legend>{ "While the device is passed" }</legend>
                        { handoff_choice(Handoff::Paused) }
                        { handoff_choice(Handoff::Running) }
                        <p class="hint-text">{ "Either way, if the page is hidden during the game (another tab, a locked phone), the clock stops and the curtain comes down." }</p>
                    </fieldset>
                } else if settings.clock != Clock::None {
                    <p class="hint-text" data-testid="no-handoff">{ "With no curtain, the next player's clock starts as soon as a move is made. \
                        If the page is hidden during the game (another tab, a locked phone), the clock stops." }</p>
                }
                <div class="buttons">
                    <button type="submit" data-testid="start" disabled={!form_ok}>{ "Start" }</button>
                    if let Some(resume) = resume {
                        <button type="button" class="secondary" data-testid="resume" onclick={resume}>
                            { "Back to your game" }
                        </button>
                    }
                </div>
                <p class="hint-text">{ "Every game is saved as it is played; starting a new one keeps the others. " }
                    <a href={crate::Route::Games.href()}>{ "Saved games" }</a></p>
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
