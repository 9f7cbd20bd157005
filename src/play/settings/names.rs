//! The players' names as links and the form carry them.

use fogbound_engine::Color;

use super::LinkError;
use crate::query::{decode, encode};

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

    /// Reads `Ann,Bob` as it stands in a link, still encoded. The names are
    /// split at the commas typed in the link, so a name may hold an escaped
    /// comma (`Ann%2C%20the%20bold,Bob`, as [`Names::to_param`] writes it);
    /// a value with no comma typed is decoded first and split at its commas,
    /// as a browser or form writes `Ann,Bob` (`Ann%2CBob`).
    pub fn parse(raw: &str) -> Result<Names, LinkError> {
        let bad = |why: String| LinkError::BadNames {
            value: decode(raw),
            why,
        };
        let parts: Vec<String> = if raw.contains(',') {
            raw.split(',').map(decode).collect()
        } else {
            decode(raw).split(',').map(str::to_string).collect()
        };
        let [white, black] = &parts[..] else {
            return Err(bad("give two names separated by a comma".into()));
        };
        let white = Names::check(white).map_err(&bad)?;
        let black = Names::check(black).map_err(&bad)?;
        Ok(Names { white, black })
    }

    /// The link form of [`Names::parse`].
    pub fn to_param(&self) -> String {
        format!("{},{}", encode(&self.white), encode(&self.black))
    }
}
