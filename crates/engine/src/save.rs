//! The versioned save format for a whole match: variant, information model,
//! start position, every attempt with its resolution, the ending event, and
//! clock fields the app fills. Loading replays the attempts through the
//! engine (so the model's per-player state is rebuilt, not trusted) and
//! checks every resolution against the record.
//!
//! JSON via [`AnyMatch::to_json`] / [`AnyMatch::from_json`]; every failure is
//! a typed [`SaveError`]; nothing panics on any input.

use core::fmt;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::matches::{GameEvent, LogEntry};
use crate::{AnyMatch, Bitboard, ByColor, Match, MatchError, ModelSpec, Variant};

/// The save format version this build writes and reads.
pub const SAVE_VERSION: u32 = 1;

/// Longest save text accepted (bytes).
pub const MAX_SAVE_LEN: usize = 8 << 20;

/// Clock fields: the engine uses no clock; the app fills and reads these.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clocks {
    /// Initial time per player in milliseconds (`None`: untimed).
    pub initial_ms: Option<u64>,
    /// Fischer increment in milliseconds.
    pub increment_ms: Option<u64>,
    /// Time left per player when saved.
    pub remaining_ms: ByColor<Option<u64>>,
}

/// A saved match (format version [`SAVE_VERSION`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SaveFile {
    pub version: u32,
    /// A built-in variant id ([`Variant::by_id`]).
    pub variant: String,
    pub model: ModelSpec,
    pub start_fen: String,
    /// Every attempt in order, with how it was resolved.
    pub log: Vec<LogEntry>,
    /// The event that ended the game, if one did.
    pub event: Option<GameEvent>,
    #[serde(default)]
    pub clocks: Clocks,
    /// Free-form labels (players, event, date…).
    #[serde(default)]
    pub tags: BTreeMap<String, String>,
}

/// Why a save could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveError {
    /// Longer than [`MAX_SAVE_LEN`].
    TooLong {
        len: usize,
    },
    /// Not JSON, or not a save of the declared version.
    Corrupt {
        message: String,
    },
    /// No `version` field.
    MissingVersion,
    /// A version this build does not read.
    UnsupportedVersion {
        found: u64,
    },
    UnknownVariant {
        id: String,
    },
    /// The start position is not valid.
    Match(MatchError),
    /// Replaying attempt `index` did not give the recorded result.
    Replay {
        index: usize,
        message: String,
    },
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::TooLong { len } => {
                write!(f, "save is {len} bytes; at most {MAX_SAVE_LEN} are accepted")
            }
            SaveError::Corrupt { message } => write!(f, "corrupt save: {message}"),
            SaveError::MissingVersion => write!(f, "not a fogbound save: no version field"),
            SaveError::UnsupportedVersion { found } => write!(
                f,
                "save format version {found} is not supported; this build reads version {SAVE_VERSION}"
            ),
            SaveError::UnknownVariant { id } => write!(f, "unknown variant '{id}'"),
            SaveError::Match(e) => write!(f, "invalid start position: {e}"),
            SaveError::Replay { index, message } => {
                write!(f, "attempt {} does not replay: {message}", index + 1)
            }
        }
    }
}

impl std::error::Error for SaveError {}

impl<B: Bitboard> Match<B> {
    /// The save of this match.
    pub fn to_save(&self) -> SaveFile {
        SaveFile {
            version: SAVE_VERSION,
            variant: self.variant().id.clone(),
            model: self.spec().clone(),
            start_fen: self.positions()[0].to_fen(),
            log: self.log().to_vec(),
            event: self.event(),
            clocks: Clocks::default(),
            tags: BTreeMap::new(),
        }
    }

    /// Replays `log` on this match, checking each recorded resolution.
    pub fn replay(&mut self, log: &[LogEntry]) -> Result<(), SaveError> {
        for (index, e) in log.iter().enumerate() {
            let r = self
                .attempt(e.player, e.attempt)
                .map_err(|err| SaveError::Replay {
                    index,
                    message: err.to_string(),
                })?;
            if r.resolution != e.resolution {
                return Err(SaveError::Replay {
                    index,
                    message: format!(
                        "recorded {:?} but the engine gives {:?}",
                        e.resolution, r.resolution
                    ),
                });
            }
        }
        Ok(())
    }
}

impl AnyMatch {
    /// The save of this match (clocks and tags left for the app to fill).
    pub fn to_save(&self) -> SaveFile {
        match self {
            AnyMatch::B64(m) => m.to_save(),
            AnyMatch::B128(m) => m.to_save(),
            AnyMatch::B256(m) => m.to_save(),
        }
    }

    /// Rebuilds a match from a save by replaying it.
    pub fn from_save(save: &SaveFile) -> Result<AnyMatch, SaveError> {
        if save.version != SAVE_VERSION {
            return Err(SaveError::UnsupportedVersion {
                found: save.version as u64,
            });
        }
        let variant = Variant::by_id(&save.variant).ok_or_else(|| SaveError::UnknownVariant {
            id: save.variant.chars().take(40).collect(),
        })?;
        let mut m = AnyMatch::new(&variant, save.model.clone(), Some(&save.start_fen))
            .map_err(SaveError::Match)?;
        match &mut m {
            AnyMatch::B64(x) => x.replay(&save.log)?,
            AnyMatch::B128(x) => x.replay(&save.log)?,
            AnyMatch::B256(x) => x.replay(&save.log)?,
        }
        if let Some(ev) = save.event {
            m.end(ev).map_err(|e| SaveError::Replay {
                index: save.log.len(),
                message: e.to_string(),
            })?;
        }
        Ok(m)
    }

    /// The save as JSON.
    pub fn to_json(&self) -> String {
        save_to_json(&self.to_save())
    }

    /// Reads a JSON save and rebuilds the match.
    pub fn from_json(text: &str) -> Result<AnyMatch, SaveError> {
        AnyMatch::from_save(&save_from_json(text)?)
    }
}

/// A save as JSON.
pub fn save_to_json(save: &SaveFile) -> String {
    serde_json::to_string(save).unwrap_or_default()
}

/// Reads a JSON save: the version is checked first, so a save from a newer
/// build gets [`SaveError::UnsupportedVersion`], not a parse error.
pub fn save_from_json(text: &str) -> Result<SaveFile, SaveError> {
    if text.len() > MAX_SAVE_LEN {
        return Err(SaveError::TooLong { len: text.len() });
    }
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| SaveError::Corrupt {
        message: e.to_string(),
    })?;
    let version = value
        .get("version")
        .ok_or(SaveError::MissingVersion)?
        .as_u64()
        .ok_or_else(|| SaveError::Corrupt {
            message: "version is not a whole number".into(),
        })?;
    if version != SAVE_VERSION as u64 {
        return Err(SaveError::UnsupportedVersion { found: version });
    }
    serde_json::from_value(value).map_err(|e| SaveError::Corrupt {
        message: e.to_string(),
    })
}
