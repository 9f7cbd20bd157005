//! Catalogue values (an automated player, a bot level, an endgame material
//! and reading) in jobs and answers: typed on both sides, written on the
//! wire as the id their own crate reads back, so a value the other side
//! does not know is a message, not a wrong value.
//!
//! Use with `#[serde(with = "by_id")]` on a field whose type is [`ById`].

use fogbound_players::{BotLevel, Opponent};
use fogbound_solvers::fog_endgame::{Material, Reading};
use serde::{de::Error, Deserialize, Deserializer, Serializer};

/// A value named by an id of its catalogue.
pub trait ById: Sized {
    /// What the catalogue holds, for the message about an unknown id.
    const WHAT: &'static str;
    fn id(&self) -> String;
    fn from_id(id: &str) -> Option<Self>;
}

pub fn serialize<T: ById, S: Serializer>(value: &T, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&value.id())
}

pub fn deserialize<'de, T: ById, D: Deserializer<'de>>(deserializer: D) -> Result<T, D::Error> {
    let id = String::deserialize(deserializer)?;
    T::from_id(&id).ok_or_else(|| D::Error::custom(format!("no {} is called '{id}'", T::WHAT)))
}

impl ById for Opponent {
    const WHAT: &'static str = "automated player";
    fn id(&self) -> String {
        Opponent::id(*self)
    }
    fn from_id(id: &str) -> Option<Self> {
        Opponent::from_id(id)
    }
}

impl ById for BotLevel {
    const WHAT: &'static str = "bot level";
    fn id(&self) -> String {
        BotLevel::id(*self).to_string()
    }
    fn from_id(id: &str) -> Option<Self> {
        BotLevel::from_id(id)
    }
}

impl ById for Material {
    const WHAT: &'static str = "endgame material";
    fn id(&self) -> String {
        self.name().to_string()
    }
    fn from_id(id: &str) -> Option<Self> {
        Material::parse(id)
    }
}

impl ById for Reading {
    const WHAT: &'static str = "reading of the rules";
    fn id(&self) -> String {
        self.name().to_string()
    }
    fn from_id(id: &str) -> Option<Self> {
        [Reading::Sighted, Reading::Blind]
            .into_iter()
            .find(|r| r.name() == id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{decode, encode};
    use serde::Serialize;

    #[derive(Debug, PartialEq, Serialize, serde::Deserialize)]
    struct Asked {
        #[serde(with = "super")]
        opponent: Opponent,
        #[serde(with = "super")]
        level: BotLevel,
        #[serde(with = "super")]
        material: Material,
        #[serde(with = "super")]
        reading: Reading,
    }

    #[test]
    fn every_catalogue_value_goes_and_comes_back() {
        for opponent in Opponent::all() {
            for level in BotLevel::ALL {
                for material in Material::ALL {
                    for reading in [Reading::Sighted, Reading::Blind] {
                        let asked = Asked {
                            opponent,
                            level,
                            material,
                            reading,
                        };
                        assert_eq!(decode::<Asked>(&encode(&asked).unwrap()), Ok(asked));
                    }
                }
            }
        }
    }

    #[test]
    fn an_unknown_id_is_named_in_the_message() {
        #[derive(Serialize)]
        struct Sent(String);
        #[derive(Debug, serde::Deserialize)]
        struct Read(#[serde(with = "super")] Material);
        let error = decode::<Read>(&encode(&Sent("KQQ".into())).unwrap())
            .map(|read| read.0)
            .unwrap_err();
        assert!(
            error.contains("no endgame material is called 'KQQ'"),
            "{error}"
        );
    }
}
