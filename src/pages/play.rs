//! The Play page: the new-game settings and the board. A game can be set up
//! from a link (`#/play?variant=chess&model=fog&clock=3+2&mode=hotseat`);
//! a link with a bad parameter shows what is wrong and falls back to the
//! default for that parameter. `start=1` added to a link starts the game at
//! once (the page then drops `start` from the address, so a reload resumes
//! the saved game rather than starting another).

use std::fmt;

use yew::prelude::*;
use yew_router::prelude::*;

use super::board_from;
use crate::components::error_banner::show_error;
use crate::components::{Board, ErrorContext, PageFrame};
use crate::play::clock::Handoff;
use crate::play::game::{Act, HotSeat, Table, TableAction};
use crate::play::library;
use crate::play::review::FinishedGame;
use crate::play::sound;
use crate::play::view::{game_view, js_now, mute_button, page_hidden, tab_title};
use fogbound_engine::Color;

/// Game settings as a link carries them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayLink {
    pub variant: Variant,
    pub model: Model,
    pub preset: Preset,
    pub clock: Clock,
    /// Whose time the hand-off behind the curtain costs (timed games).
    pub handoff: Handoff,
    pub mode: Mode,
    /// The players' names, White's first.
    pub names: Names,
}

impl Default for PlayLink {
    fn default() -> Self {
        PlayLink {
            variant: Variant::Chess,
            model: Model::Fog,
            preset: Preset::Cvp,
            clock: Clock::None,
            handoff: Handoff::Paused,
            mode: Mode::Hotseat,
            names: Names::default(),
        }
    }
}

/// The players' names as the curtain, the clocks and the result show them
/// (`names=Ann,Bob` in a link; default "White" and "Black").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Names {
    pub white: String,
    pub black: String,
}

impl Default for Names {
    fn default() -> Self {
        Names {
            white: Color::White.name().to_string(),
            black: Color::Black.name().to_string(),
        }
    }
}

impl Names {
    /// The longest name, in characters.
    pub const MAX_CHARS: usize = 24;

    pub fn get(&self, color: Color) -> &str {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// Whether both are the colours' own names.
    pub fn is_default(&self) -> bool {
        *self == Names::default()
    }

    /// A player as people read it: `Ann (White)`, or just `White` when the
    /// player has no other name.
    pub fn label(&self, color: Color) -> String {
        let name = self.get(color);
        if name == color.name() {
            name.to_string()
        } else {
            format!("{name} ({color})")
        }
    }

    /// Checks one name (trimmed): 1 to [`Names::MAX_CHARS`] characters, no
    /// control characters.
    pub fn check(name: &str) -> Result<String, String> {
        let name = name.trim();
        if name.is_empty() {
            return Err("a name may not be empty".into());
        }
        if name.chars().count() > Names::MAX_CHARS {
            return Err(format!(
                "a name has at most {} characters",
                Names::MAX_CHARS
            ));
        }
        if name.chars().any(char::is_control) {
            return Err("a name may not contain control characters".into());
        }
        Ok(name.to_string())
    }

    /// Reads `Ann,Bob` as it stands in a link (still percent-encoded, so a
    /// comma inside a name is `%2C`).
    pub fn parse(raw: &str) -> Result<Names, LinkError> {
        let bad = |why: String| LinkError::BadNames {
            value: percent_decode(raw),
            why,
        };
        let parts: Vec<&str> = raw.split(',').collect();
        if parts.len() != 2 {
            return Err(bad("give two names separated by a comma".into()));
        }
        let white = Names::check(&percent_decode(parts[0])).map_err(&bad)?;
        let black = Names::check(&percent_decode(parts[1])).map_err(&bad)?;
        Ok(Names { white, black })
    }

    /// The link form of [`Names::parse`].
    pub fn to_param(&self) -> String {
        format!(
            "{},{}",
            percent_encode(&self.white),
            percent_encode(&self.black)
        )
    }
}

macro_rules! choice {
    ($(#[$doc:meta])* $name:ident, $what:literal { $($variant:ident = $id:literal : $label:literal),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum $name { $($variant),+ }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];
            /// The id used in links and files.
            pub fn id(self) -> &'static str { match self { $($name::$variant => $id),+ } }
            /// The name shown to people.
            pub fn label(self) -> &'static str { match self { $($name::$variant => $label),+ } }
            pub fn from_id(id: &str) -> Result<$name, LinkError> {
                match id { $($id => Ok($name::$variant),)+
                    other => Err(LinkError::Unknown {
                        what: $what,
                        value: other.to_string(),
                        allowed: vec![$($id),+],
                    }) }
            }
        }
    };
}

choice!(/// The rules of the board and pieces.
    Variant, "variant" { Chess = "chess": "Chess", FoolishKing = "foolish-king": "Foolish King Chess (10×8)" });
choice!(/// Who sees what.
Model, "model" {
    Open = "open": "Open board",
    Fog = "fog": "Fog of War",
    Dark = "dark": "Dark Chess",
    Kriegspiel = "kriegspiel": "Kriegspiel",
});
choice!(/// The Kriegspiel umpire's conventions (see the Rules page).
Preset, "preset" {
    Cvp = "cvp": "Chess Variant Pages",
    English = "english": "English (Gambit Club 1933)",
    Wild16 = "wild16": "ICC wild 16",
    Berkeley = "berkeley": "Berkeley",
    BerkeleyAny = "berkeley-any": "Berkeley with Any?",
    Cincinnati = "cincinnati": "Cincinnati",
    Rand = "rand": "RAND",
    Dutch = "dutch": "Dutch (problems)",
});
choice!(/// Two people on one screen, or one against the computer.
    Mode, "mode" { Hotseat = "hotseat": "Hot-seat (two players, one screen)", Computer = "computer": "Against the computer" });

/// A Fischer clock: minutes each, seconds added per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    None,
    Fischer { minutes: u32, increment: u32 },
}

impl Clock {
    pub const PRESETS: [(u32, u32); 5] = [(1, 0), (3, 2), (5, 3), (10, 0), (15, 10)];

    pub fn id(self) -> String {
        match self {
            Clock::None => "none".to_string(),
            Clock::Fischer { minutes, increment } => format!("{minutes}+{increment}"),
        }
    }

    pub fn parse(text: &str) -> Result<Clock, LinkError> {
        if text == "none" {
            return Ok(Clock::None);
        }
        let bad = || LinkError::BadClock(text.to_string());
        let (minutes, increment) = text.split_once('+').ok_or_else(bad)?;
        let minutes: u32 = minutes.parse().map_err(|_| bad())?;
        let increment: u32 = increment.parse().map_err(|_| bad())?;
        if !(1..=180).contains(&minutes) || increment > 180 {
            return Err(bad());
        }
        Ok(Clock::Fischer { minutes, increment })
    }
}

/// What is wrong with a link's parameter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    Unknown {
        what: &'static str,
        value: String,
        allowed: Vec<&'static str>,
    },
    BadClock(String),
    UnknownParameter(String),
    PresetWithoutKriegspiel,
    BadNames {
        value: String,
        why: String,
    },
    BadHandoff(String),
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::Unknown { what, value, allowed } => {
                write!(f, "unknown {what} '{value}' (choose one of: {})", allowed.join(", "))
            }
            LinkError::BadClock(text) => write!(
                f,
                "clock '{text}' is not 'none' or minutes+increment such as 3+2 (1 to 180 minutes, at most 180 seconds)"
            ),
            LinkError::UnknownParameter(name) => write!(f, "unknown parameter '{name}'"),
            LinkError::PresetWithoutKriegspiel => {
                write!(f, "an umpire preset only applies to the kriegspiel model")
            }
            LinkError::BadNames { value, why } => write!(
                f,
                "names '{value}': {why} (two names separated by a comma, such as names=Ann,Bob)"
            ),
            LinkError::BadHandoff(value) => write!(
                f,
                "handoff '{value}' is not 'paused' (the clock stops while the device is passed) \
                 or 'running' (the next player's time runs from the move)"
            ),
        }
    }
}

impl PlayLink {
    /// Reads a query string (`variant=chess&model=fog`). Every parameter is
    /// optional; each bad one yields an error and keeps its default, so one
    /// mistake never throws the rest of the link away.
    pub fn parse(query: &str) -> (PlayLink, Vec<LinkError>) {
        let mut link = PlayLink::default();
        let mut errors = Vec::new();
        let mut preset_given = false;
        for pair in query
            .trim_start_matches('?')
            .split('&')
            .filter(|p| !p.is_empty())
        {
            let (key, raw) = pair.split_once('=').unwrap_or((pair, ""));
            let value = percent_decode(raw);
            let result = match key {
                "names" => Names::parse(raw).map(|v| link.names = v),
                "handoff" => Handoff::from_id(&value)
                    .map(|v| link.handoff = v)
                    .ok_or_else(|| LinkError::BadHandoff(value.clone())),
                "variant" => Variant::from_id(&value).map(|v| link.variant = v),
                "model" => Model::from_id(&value).map(|v| link.model = v),
                "preset" => Preset::from_id(&value).map(|v| {
                    preset_given = true;
                    link.preset = v
                }),
                "clock" => Clock::parse(&value).map(|v| link.clock = v),
                "mode" => Mode::from_id(&value).map(|v| link.mode = v),
                other => Err(LinkError::UnknownParameter(other.to_string())),
            };
            if let Err(error) = result {
                errors.push(error);
            }
        }
        if preset_given && link.model != Model::Kriegspiel {
            errors.push(LinkError::PresetWithoutKriegspiel);
        }
        (link, errors)
    }

    /// The query string that [`PlayLink::parse`] reads back to `self`.
    pub fn to_query(&self) -> String {
        let mut query = format!("variant={}&model={}", self.variant.id(), self.model.id());
        if self.model == Model::Kriegspiel {
            query.push_str(&format!("&preset={}", self.preset.id()));
        }
        query.push_str(&format!("&clock={}", self.clock.id()));
        if self.clock != Clock::None || self.handoff != Handoff::default() {
            query.push_str(&format!("&handoff={}", self.handoff.id()));
        }
        query.push_str(&format!("&mode={}", self.mode.id()));
        if !self.names.is_default() {
            query.push_str(&format!("&names={}", self.names.to_param()));
        }
        query
    }
}

impl PlayLink {
    /// The engine's variant for these settings.
    pub fn engine_variant(&self) -> fogbound_engine::Variant {
        match self.variant {
            Variant::Chess => fogbound_engine::Variant::chess(),
            Variant::FoolishKing => fogbound_engine::Variant::foolish_king(),
        }
    }

    /// The engine's information model for these settings.
    pub fn model_spec(&self) -> fogbound_engine::ModelSpec {
        match self.model {
            Model::Open => fogbound_engine::ModelSpec::Open,
            Model::Fog => fogbound_engine::ModelSpec::Fog,
            Model::Dark => fogbound_engine::ModelSpec::Dark,
            Model::Kriegspiel => {
                fogbound_engine::ModelSpec::parse("kriegspiel", Some(self.preset.id()))
                    .unwrap_or(fogbound_engine::ModelSpec::Fog)
            }
        }
    }

    /// Minutes and increment of a Fischer clock, if the game is timed.
    pub fn fischer(&self) -> Option<(u32, u32)> {
        match self.clock {
            Clock::None => None,
            Clock::Fischer { minutes, increment } => Some((minutes, increment)),
        }
    }

    /// Whether everything is visible (no curtain is needed between turns).
    pub fn is_open(&self) -> bool {
        self.model == Model::Open
    }

    /// Whether the umpire of Kriegspiel judges the moves.
    pub fn is_kriegspiel(&self) -> bool {
        self.model == Model::Kriegspiel
    }

    /// Whether Dark Chess rules apply (knight routes matter).
    pub fn is_dark(&self) -> bool {
        self.model == Model::Dark
    }
}

/// Takes the `start` parameter out of a query: `start=1` (or a bare
/// `start`) asks the page to start the game at once; `start=0` does not.
/// Returns the rest of the query (for [`PlayLink::parse`]), whether to
/// start, and an error for any other value.
pub fn split_start(query: &str) -> (String, bool, Option<LinkError>) {
    let mut rest = Vec::new();
    let mut start = false;
    let mut error = None;
    for pair in query
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty())
    {
        let (key, value) = pair.split_once('=').unwrap_or((pair, "1"));
        if key == "start" {
            match value {
                "1" | "true" | "yes" => start = true,
                "0" | "false" | "no" => start = false,
                other => {
                    error = Some(LinkError::Unknown {
                        what: "start",
                        value: percent_decode(other),
                        allowed: vec!["1", "0"],
                    })
                }
            }
        } else {
            rest.push(pair);
        }
    }
    (rest.join("&"), start, error)
}

/// Escapes what may not stand as such in a query value: everything but
/// letters, digits and `-._~` (so `,` and `&` in names are safe).
fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// Decodes `%xx` escapes and `+` (which in our links only appears inside
/// clock values, where it means plus, so it is kept). Invalid escapes are
/// kept as typed.
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let escape = text
                .get(i + 1..i + 3)
                .and_then(|hex| u8::from_str_radix(hex, 16).ok());
            if let Some(byte) = escape {
                out.push(byte);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Reads the custom clock fields: whole minutes 1 to 180, whole seconds
/// 0 to 180.
pub fn custom_clock(minutes: &str, increment: &str) -> Result<Clock, String> {
    let minutes: u32 = minutes
        .trim()
        .parse()
        .ok()
        .filter(|m| (1..=180).contains(m))
        .ok_or("Minutes: a whole number from 1 to 180.")?;
    let increment: u32 = increment
        .trim()
        .parse()
        .ok()
        .filter(|i| *i <= 180)
        .ok_or("Seconds per move: a whole number from 0 to 180.")?;
    Ok(Clock::Fischer { minutes, increment })
}

const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
const FOOLISH_KING_START: &str = "rnnhkqhnnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RANBFNBNAR";

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
    let (files, placement) = match settings.variant {
        Variant::Chess => (8, CHESS_START),
        Variant::FoolishKing => (10, FOOLISH_KING_START),
    };
    let view = board_from(files, 8, placement);
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
                { select("Variant", "variant", Variant::ALL.iter().map(|v| (v.id().to_string(), v.label().to_string())).collect(),
                         settings.variant.id().to_string(), |s, v| if let Ok(x) = Variant::from_id(v) { s.variant = x }) }
                { select("Who sees what", "model", Model::ALL.iter().map(|v| (v.id().to_string(), v.label().to_string())).collect(),
                         settings.model.id().to_string(), |s, v| if let Ok(x) = Model::from_id(v) { s.model = x }) }
                if settings.model == Model::Kriegspiel {
                    { select("Umpire", "preset", Preset::ALL.iter().map(|v| (v.id().to_string(), v.label().to_string())).collect(),
                             settings.preset.id().to_string(), |s, v| if let Ok(x) = Preset::from_id(v) { s.preset = x }) }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_link_round_trips() {
        let link = PlayLink {
            variant: Variant::FoolishKing,
            model: Model::Kriegspiel,
            preset: Preset::Wild16,
            clock: Clock::Fischer {
                minutes: 3,
                increment: 2,
            },
            handoff: Handoff::Running,
            mode: Mode::Hotseat,
            names: Names {
                white: "Ann, the bold & quick".into(),
                black: "Bé 100% ♞".into(),
            },
        };
        let query = link.to_query();
        assert!(query.contains("handoff=running"), "{query}");
        assert!(!query.contains(' ') && !query.contains('♞'), "{query}");
        let (back, errors) = PlayLink::parse(&query);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(back, link);
    }

    #[test]
    fn names_custom_clocks_and_handoff_round_trip() {
        for query in [
            "variant=chess&model=fog&clock=7+5&handoff=paused&mode=hotseat&names=Ann,Bob",
            "variant=chess&model=dark&clock=none&mode=hotseat",
            "variant=chess&model=open&clock=180+180&handoff=running&mode=hotseat",
            "variant=foolish-king&model=kriegspiel&preset=rand&clock=none&handoff=running&mode=hotseat&names=White,Zo%C3%AB",
        ] {
            let (link, errors) = PlayLink::parse(query);
            assert!(errors.is_empty(), "{query}: {errors:?}");
            assert_eq!(link.to_query(), query);
            assert_eq!(PlayLink::parse(&link.to_query()).0, link);
        }
        let (link, _) = PlayLink::parse("clock=7%2B5&names=Ann,Bob&handoff=running");
        assert_eq!(
            link.clock,
            Clock::Fischer {
                minutes: 7,
                increment: 5
            }
        );
        assert_eq!(link.names.label(Color::White), "Ann (White)");
        assert_eq!(link.names.get(Color::Black), "Bob");
        assert_eq!(link.handoff, Handoff::Running);
        // Old links: no names, no handoff: the defaults.
        let (old, errors) = PlayLink::parse("variant=chess&model=fog&clock=3+2&mode=hotseat");
        assert!(errors.is_empty());
        assert_eq!(old.names, Names::default());
        assert_eq!(old.handoff, Handoff::Paused);
        assert_eq!(old.names.label(Color::Black), "Black");
    }

    #[test]
    fn bad_names_and_handoffs_say_what_is_wrong() {
        let cases = [
            ("names=Ann", "two names"),
            ("names=Ann,Bob,Cy", "two names"),
            ("names=,Bob", "may not be empty"),
            ("names=Ann,%20%20", "may not be empty"),
            ("names=Ann,%07", "control characters"),
            ("names=Abcdefghijklmnopqrstuvwxyz,Bob", "at most 24"),
            ("handoff=sometimes", "'sometimes'"),
            ("handoff=", "paused"),
        ];
        for (query, says) in cases {
            let (link, errors) = PlayLink::parse(query);
            assert_eq!(errors.len(), 1, "{query}: {errors:?}");
            let text = errors[0].to_string();
            assert!(text.contains(says), "{query}: {text}");
            assert_eq!(link.names, Names::default());
            assert_eq!(link.handoff, Handoff::Paused);
        }
        // Spaces and a trailing newline around a name are trimmed, not refused.
        let (link, errors) = PlayLink::parse("names=%20Ann,Bob%0A");
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(
            (link.names.white.as_str(), link.names.black.as_str()),
            ("Ann", "Bob")
        );
    }

    #[test]
    fn custom_clock_fields() {
        assert_eq!(
            custom_clock(" 7 ", "5"),
            Ok(Clock::Fischer {
                minutes: 7,
                increment: 5
            })
        );
        assert!(custom_clock("0", "5").unwrap_err().contains("Minutes"));
        assert!(custom_clock("181", "0").is_err());
        assert!(custom_clock("2.5", "0").is_err());
        assert!(custom_clock("", "0").is_err());
        assert!(custom_clock("5", "-1").unwrap_err().contains("Seconds"));
        assert!(custom_clock("5", "181").is_err());
        for m in [1, 7, 180] {
            for i in [0, 5, 180] {
                let c = custom_clock(&m.to_string(), &i.to_string()).unwrap();
                assert_eq!(Clock::parse(&c.id()), Ok(c));
            }
        }
    }

    #[test]
    fn every_choice_round_trips_through_its_id() {
        for v in Variant::ALL {
            assert_eq!(Variant::from_id(v.id()), Ok(*v));
        }
        for p in Preset::ALL {
            assert_eq!(Preset::from_id(p.id()), Ok(*p));
        }
    }

    #[test]
    fn bad_parameters_are_reported_and_defaults_kept() {
        let (link, errors) = PlayLink::parse("?variant=checkers&model=dark&clock=3-2&color=red");
        assert_eq!(link.variant, Variant::Chess);
        assert_eq!(link.model, Model::Dark);
        assert_eq!(link.clock, Clock::None);
        assert_eq!(errors.len(), 3);
        assert!(errors[0].to_string().contains("unknown variant 'checkers'"));
        assert!(errors[1].to_string().contains("3-2"));
        assert!(errors[2].to_string().contains("color"));
    }

    #[test]
    fn a_preset_needs_kriegspiel() {
        let (_, errors) = PlayLink::parse("model=fog&preset=cvp");
        assert_eq!(errors, vec![LinkError::PresetWithoutKriegspiel]);
    }

    #[test]
    fn clocks() {
        assert_eq!(
            Clock::parse("15+10"),
            Ok(Clock::Fischer {
                minutes: 15,
                increment: 10
            })
        );
        assert!(Clock::parse("0+5").is_err());
        assert!(Clock::parse("99999999999+1").is_err());
        assert!(Clock::parse("+").is_err());
        assert_eq!(
            PlayLink::parse("clock=5%2B3").0.clock,
            Clock::Fischer {
                minutes: 5,
                increment: 3
            }
        );
    }

    #[test]
    fn the_start_parameter_is_taken_apart() {
        let (rest, start, error) = split_start("?variant=chess&model=fog&start=1&clock=3+2");
        assert_eq!(rest, "variant=chess&model=fog&clock=3+2");
        assert!(start && error.is_none());
        assert!(PlayLink::parse(&rest).1.is_empty());
        assert!(split_start("start").1);
        assert!(!split_start("start=0").1);
        let (_, start, error) = split_start("start=maybe");
        assert!(!start && error.is_some());
    }

    #[test]
    fn garbage_never_panics() {
        for text in [
            "%",
            "%%",
            "=&=&",
            "variant",
            "a=%zz",
            "clock=%E2%82",
            "\u{1F600}=\u{1F600}",
        ] {
            let _ = PlayLink::parse(text);
            let _ = split_start(text);
        }
    }
}
