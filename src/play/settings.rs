//! The settings of a game as the new-game form and game links carry them
//! (`#/play?variant=chess&model=kriegspiel&preset=rand&clock=3+2`): the
//! variant, model and preset by their ids in the engine's catalogue, the
//! clock, the hand-off, the seats and the players' names. A link with a bad
//! parameter says what is wrong and keeps the default for it.

use std::fmt;

use fogbound_engine::{catalogue, Color, ModelSpec};

use fogbound_engine::player::PlayerKind;

use super::clock::Handoff;
use super::seats::Seats;

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
    pub computer: PlayerKind,
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
            computer: PlayerKind::Random,
            side: Color::White,
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
            allowed: ids,
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
                "variant" => variant_id(&value).map(|v| link.variant = v),
                "model" => model_id(&value).map(|v| link.model = v),
                "preset" => preset_id(&value).map(|v| {
                    preset_given = true;
                    link.preset = v
                }),
                "clock" => Clock::parse(&value).map(|v| link.clock = v),
                "mode" => Mode::from_id(&value).map(|v| link.mode = v),
                "computer" => PlayerKind::from_id(&value)
                    .map(|v| link.computer = v)
                    .ok_or_else(|| LinkError::Unknown {
                        what: "computer",
                        value: value.clone(),
                        allowed: PlayerKind::ALL.iter().map(|k| k.id()).collect(),
                    }),
                "side" => match value.as_str() {
                    "white" => Ok(Color::White),
                    "black" => Ok(Color::Black),
                    _ => Err(LinkError::Unknown {
                        what: "side",
                        value: value.clone(),
                        allowed: vec!["white", "black"],
                    }),
                }
                .map(|c| link.side = c),
                other => Err(LinkError::UnknownParameter(other.to_string())),
            };
            if let Err(error) = result {
                errors.push(error);
            }
        }
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
        ModelSpec::parse(self.model, Some(self.preset)).unwrap_or(ModelSpec::Fog)
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

    /// The game's name: `Kriegspiel (RAND) · Chess`.
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
pub(crate) fn percent_encode(text: &str) -> String {
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
pub(crate) fn percent_decode(text: &str) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_link_round_trips() {
        let link = PlayLink {
            variant: "foolish-king",
            model: "kriegspiel",
            preset: "wild16",
            clock: Clock::Fischer {
                minutes: 3,
                increment: 2,
            },
            handoff: Handoff::Running,
            mode: Mode::Computer,
            computer: PlayerKind::Random,
            side: Color::Black,
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
        for v in catalogue::variants() {
            assert_eq!(variant_id(v.id), Ok(v.id));
        }
        for m in catalogue::models() {
            assert_eq!(model_id(m.id), Ok(m.id));
        }
        for p in catalogue::presets() {
            assert_eq!(preset_id(p.id), Ok(p.id));
            let link = PlayLink::parse(&format!("model=kriegspiel&preset={}", p.id)).0;
            assert_eq!(link.model_spec().preset_id(), Some(p.id));
            assert_eq!(
                PlayLink::default().with_model(&link.model_spec()),
                PlayLink {
                    model: "kriegspiel",
                    preset: p.id,
                    ..PlayLink::default()
                }
            );
        }
    }

    #[test]
    fn bad_parameters_are_reported_and_defaults_kept() {
        let (link, errors) = PlayLink::parse("?variant=checkers&model=dark&clock=3-2&color=red");
        assert_eq!(link.variant, "chess");
        assert_eq!(link.model, "dark");
        assert_eq!(link.clock, Clock::None);
        assert_eq!(errors.len(), 3);
        assert!(errors[0].to_string().contains("unknown variant 'checkers'"));
        assert!(errors[1].to_string().contains("3-2"));
        assert!(errors[2].to_string().contains("color"));
    }

    #[test]
    fn the_title_names_the_preset() {
        let link = PlayLink::parse("variant=foolish-king&model=kriegspiel&preset=rand").0;
        assert_eq!(
            link.title(),
            "Kriegspiel (RAND) · Foolish King Chess (10×8)"
        );
        assert_eq!(PlayLink::default().title(), "Fog of War · Chess");
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
