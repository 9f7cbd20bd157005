//! The settings of a game as the new-game form and game links carry them
//! (`#/play?variant=chess&model=kriegspiel&preset=rand&clock=3+2`): the
//! variant, model and preset by their ids in the engine's catalogue, the
//! clock, the hand-off, the seats and the players' names. A link with a bad
//! parameter says what is wrong and keeps the default for it. Parameters are
//! read as browsers write them ([`crate::query`]).

use std::fmt;

use fogbound_engine::{catalogue, Color, ModelSpec};

use fogbound_players::Opponent;

use super::clock::Handoff;
use super::seats::Seats;
use crate::query::{self, echo, Query};

mod names;
#[cfg(test)]
mod tests;

pub use names::Names;

/// Game settings as a link carries them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayLink {
    /// A variant id of the engine's catalogue.
    pub variant: &'static str,
    /// A model id of the engine's catalogue.
    pub model: &'static str,
    /// The Kriegspiel umpire preset id (kept while another model is chosen,
    /// so the form remembers it; only links of Kriegspiel games carry it).
    pub preset: &'static str,
    pub clock: Clock,
    /// Whose time the hand-off behind the curtain costs (timed games).
    pub handoff: Handoff,
    pub mode: Mode,
    /// Against the computer: the automated player (`computer=random`).
    pub computer: Opponent,
    /// Against the computer: the person's colour (`side=black`).
    pub side: Color,
    /// The players' names, White's first.
    pub names: Names,
}

impl Default for PlayLink {
    fn default() -> Self {
        PlayLink {
            variant: "chess",
            model: "fog",
            preset: "cvp",
            clock: Clock::None,
            handoff: Handoff::Paused,
            mode: Mode::Hotseat,
            computer: Opponent::DEFAULT,
            side: Color::White,
            names: Names::default(),
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
                        allowed: vec![$($id.to_string()),+],
                    }) }
            }
        }
    };
}

/// The catalogue id equal to `value` among `ids`, or an error listing them.
fn catalogue_id(
    what: &'static str,
    value: &str,
    ids: Vec<&'static str>,
) -> Result<&'static str, LinkError> {
    ids.iter()
        .find(|id| **id == value)
        .copied()
        .ok_or_else(|| LinkError::Unknown {
            what,
            value: value.to_string(),
            allowed: ids.iter().map(|id| id.to_string()).collect(),
        })
}

/// A variant id of the catalogue.
pub fn variant_id(value: &str) -> Result<&'static str, LinkError> {
    catalogue_id(
        "variant",
        value,
        catalogue::variants().iter().map(|e| e.id).collect(),
    )
}

/// A model id of the catalogue.
pub fn model_id(value: &str) -> Result<&'static str, LinkError> {
    catalogue_id(
        "model",
        value,
        catalogue::models().iter().map(|e| e.id).collect(),
    )
}

/// A Kriegspiel preset id of the catalogue.
pub fn preset_id(value: &str) -> Result<&'static str, LinkError> {
    catalogue_id(
        "preset",
        value,
        catalogue::presets().iter().map(|p| p.id).collect(),
    )
}

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

    /// Reads `none` or `3+2`. A `+` typed in a link reads as a space (as
    /// browsers encode a space), so `3 2` is the same clock.
    pub fn parse(text: &str) -> Result<Clock, LinkError> {
        if text == "none" {
            return Ok(Clock::None);
        }
        let bad = || LinkError::BadClock(text.to_string());
        let (minutes, increment) = text.split_once(['+', ' ']).ok_or_else(bad)?;
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
        allowed: Vec<String>,
    },
    BadClock(String),
    UnknownParameter(String),
    PresetWithoutKriegspiel,
    BadNames {
        value: String,
        why: String,
    },
    BadHandoff(String),
    /// A parameter given more than once: the first value is used.
    Repeated(String),
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Every value from the link is quoted through `echo`: cut short, so
        // a huge value cannot flood the page.
        match self {
            LinkError::Unknown { what, value, allowed } => {
                let value = echo(value);
                write!(f, "unknown {what} '{value}' (choose one of: {})", allowed.join(", "))
            }
            LinkError::BadClock(text) => write!(
                f,
                "clock '{}' is not 'none' or minutes+increment such as 3+2 (1 to 180 minutes, at most 180 seconds)",
                echo(text)
            ),
            LinkError::UnknownParameter(name) => write!(f, "unknown parameter '{}'", echo(name)),
            LinkError::PresetWithoutKriegspiel => {
                write!(f, "an umpire preset only applies to the kriegspiel model")
            }
            LinkError::BadNames { value, why } => write!(
                f,
                "names '{}': {why} (two names separated by a comma, such as names=Ann,Bob)",
                echo(value)
            ),
            LinkError::BadHandoff(value) => write!(
                f,
                "handoff '{}' is not 'paused' (the clock stops while the device is passed) \
                 or 'running' (the next player's time runs from the move)",
                echo(value)
            ),
            LinkError::Repeated(name) => write!(
                f,
                "the link gives '{}' more than once; the first value was used",
                echo(name)
            ),
        }
    }
}

impl LinkError {
    /// Whether the parameter's default stands in for the bad value (a
    /// repeated parameter keeps its first value instead).
    pub fn keeps_default(&self) -> bool {
        !matches!(self, LinkError::Repeated(_))
    }
}

impl PlayLink {
    /// Reads a query string (`variant=chess&model=fog`). Every parameter is
    /// optional; each bad one yields an error and keeps its default, so one
    /// mistake never throws the rest of the link away. A parameter given
    /// twice yields an error too, and its first value is used.
    pub fn parse(query: &str) -> (PlayLink, Vec<LinkError>) {
        let mut link = PlayLink::default();
        let mut errors = Vec::new();
        let mut preset_given = false;
        let query = Query::parse(query);
        for param in query.params {
            let value = param.value;
            let result = match param.name.as_str() {
                "names" => Names::parse(param.raw).map(|v| link.names = v),
                "handoff" => Handoff::from_id(&value)
                    .map(|v| link.handoff = v)
                    .ok_or_else(|| LinkError::BadHandoff(value.clone())),
                "variant" => variant_id(&value).map(|v| link.variant = v),
                "model" => model_id(&value).map(|v| link.model = v),
                "preset" => preset_id(&value).map(|v| {
                    preset_given = true;
                    link.preset = v
                }),
                "clock" => Clock::parse(&value).map(|v| link.clock = v),
                "mode" => Mode::from_id(&value).map(|v| link.mode = v),
                "computer" => Opponent::from_id(&value)
                    .map(|v| link.computer = v)
                    .ok_or_else(|| LinkError::Unknown {
                        what: "computer",
                        value: value.clone(),
                        allowed: Opponent::all().into_iter().map(Opponent::id).collect(),
                    }),
                "side" => match value.as_str() {
                    "white" => Ok(Color::White),
                    "black" => Ok(Color::Black),
                    _ => Err(LinkError::Unknown {
                        what: "side",
                        value: value.clone(),
                        allowed: vec!["white".into(), "black".into()],
                    }),
                }
                .map(|c| link.side = c),
                other => Err(LinkError::UnknownParameter(other.to_string())),
            };
            if let Err(error) = result {
                errors.push(error);
            }
        }
        errors.extend(query.repeated.into_iter().map(LinkError::Repeated));
        if preset_given && !link.takes_preset() {
            errors.push(LinkError::PresetWithoutKriegspiel);
        }
        (link, errors)
    }

    /// The query string that [`PlayLink::parse`] reads back to `self`.
    pub fn to_query(&self) -> String {
        let mut query = format!("variant={}&model={}", self.variant, self.model);
        if self.takes_preset() {
            query.push_str(&format!("&preset={}", self.preset));
        }
        query.push_str(&format!("&clock={}", self.clock.id()));
        if self.clock != Clock::None || self.handoff != Handoff::default() {
            query.push_str(&format!("&handoff={}", self.handoff.id()));
        }
        query.push_str(&format!("&mode={}", self.mode.id()));
        if self.mode == Mode::Computer {
            let side = match self.side {
                Color::White => "white",
                Color::Black => "black",
            };
            query.push_str(&format!("&computer={}&side={side}", self.computer.id()));
        }
        if !self.names.is_default() {
            query.push_str(&format!("&names={}", self.names.to_param()));
        }
        query
    }
}

impl PlayLink {
    /// The engine's variant for these settings.
    pub fn engine_variant(&self) -> fogbound_engine::Variant {
        catalogue::variant(self.variant).unwrap_or_else(fogbound_engine::Variant::chess)
    }

    /// Whether the chosen model reads an umpire preset.
    pub fn takes_preset(&self) -> bool {
        ModelSpec::parse(self.model, None) == Err(fogbound_engine::ModelError::MissingPreset)
    }

    /// The engine's information model for these settings.
    pub fn model_spec(&self) -> ModelSpec {
        ModelSpec::parse(self.model, Some(self.preset))
            .unwrap_or_else(|_| catalogue::default_model())
    }

    /// The settings that play `spec` (the catalogue's ids for its model and
    /// preset); the rest unchanged.
    pub fn with_model(mut self, spec: &ModelSpec) -> PlayLink {
        if let Ok(model) = model_id(spec.id()) {
            self.model = model;
        }
        if let Some(preset) = spec.preset_id().and_then(|p| preset_id(p).ok()) {
            self.preset = preset;
        }
        self
    }

    /// Who sits at the table.
    pub fn seats(&self) -> Seats {
        match self.mode {
            Mode::Hotseat => Seats::hot_seat(),
            Mode::Computer => Seats::against(self.computer, self.side),
        }
    }

    /// Minutes and increment of a Fischer clock, if the game is timed.
    pub fn fischer(&self) -> Option<(u32, u32)> {
        match self.clock {
            Clock::None => None,
            Clock::Fischer { minutes, increment } => Some((minutes, increment)),
        }
    }

    /// The game's name: `Kriegspiel: RAND · Chess`.
    pub fn title(&self) -> String {
        format!(
            "{} · {}",
            catalogue::model_label(&self.model_spec()),
            catalogue::variant_label(self.variant)
        )
    }
}

/// Takes the `start` parameter out of a query: `start=1` (or a bare
/// `start`) asks the page to start the game at once; `start=0` does not.
/// Returns the rest of the query (for [`PlayLink::parse`]), whether to
/// start, and an error for any other value or for `start` given twice (its
/// first value counts).
pub fn split_start(query: &str) -> (String, bool, Vec<LinkError>) {
    let mut rest = Vec::new();
    let mut start = None;
    let mut errors = Vec::new();
    for (name, raw, pair) in query::pairs(query) {
        if name != "start" {
            rest.push(pair);
            continue;
        }
        if start.is_some() {
            if !errors.contains(&LinkError::Repeated(name.clone())) {
                errors.push(LinkError::Repeated(name));
            }
            continue;
        }
        let value = if pair.contains('=') {
            query::decode(raw)
        } else {
            "1".to_string()
        };
        start = Some(match value.as_str() {
            "1" | "true" | "yes" => true,
            "0" | "false" | "no" => false,
            _ => {
                errors.push(LinkError::Unknown {
                    what: "start",
                    value,
                    allowed: vec!["1".into(), "0".into()],
                });
                false
            }
        });
    }
    (rest.join("&"), start.unwrap_or(false), errors)
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
