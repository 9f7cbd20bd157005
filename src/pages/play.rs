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
use crate::play::game::{Act, HotSeat, Table, TableAction};
use crate::play::library;
use crate::play::review::FinishedGame;
use crate::play::view::{game_view, js_now};

/// Game settings as a link carries them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayLink {
    pub variant: Variant,
    pub model: Model,
    pub preset: Preset,
    pub clock: Clock,
    pub mode: Mode,
}

impl Default for PlayLink {
    fn default() -> Self {
        PlayLink {
            variant: Variant::Chess,
            model: Model::Fog,
            preset: Preset::Cvp,
            clock: Clock::None,
            mode: Mode::Hotseat,
        }
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
        query.push_str(&format!(
            "&clock={}&mode={}",
            self.clock.id(),
            self.mode.id()
        ));
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
        let intro = if game.settings().mode == Mode::Computer {
            html! { <p>{ "Playing against the computer is not ready yet: this game is hot-seat, two players on one screen." }</p> }
        } else {
            html! { <p>{ "Hot-seat: after every move a curtain hides the board until the next player lifts it. \
            The page holds only the current viewer's picture." }</p> }
        };
        return html! {
            <PageFrame title="Play" {intro} board={shown.board}>
                { shown.panel }
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
    let mut clock_options: Vec<(String, String)> =
        std::iter::once(("none".to_string(), "No clock".to_string()))
            .chain(Clock::PRESETS.iter().map(|&(minutes, increment)| {
                let id = Clock::Fischer { minutes, increment }.id();
                (id.clone(), format!("{id} (minutes + seconds a move)"))
            }))
            .collect();
    if !clock_options
        .iter()
        .any(|(id, _)| *id == settings.clock.id())
    {
        clock_options.push((
            settings.clock.id(),
            format!("{} (custom)", settings.clock.id()),
        ));
    }
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
                { select("Clock", "clock", clock_options, settings.clock.id(),
                         |s, v| if let Ok(x) = Clock::parse(v) { s.clock = x }) }
                { select("Opponent", "mode", Mode::ALL.iter().map(|v| (v.id().to_string(), v.label().to_string())).collect(),
                         settings.mode.id().to_string(), |s, v| if let Ok(x) = Mode::from_id(v) { s.mode = x }) }
                <div class="buttons">
                    <button type="submit" data-testid="start">{ "Start" }</button>
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
            mode: Mode::Hotseat,
        };
        let (back, errors) = PlayLink::parse(&link.to_query());
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(back, link);
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
