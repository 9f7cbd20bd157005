//! The puzzle collection: published Kriegspiel problems and Fog of War
//! puzzles, as data (`collection.json`, compiled in). Each entry
//! is a [`Puzzle`] with its stipulation, preset and source, plus the key
//! the source gives (checked by the solver in `tests/all/collection.rs`) and
//! any other keys the solver found (cooks). `heavy` entries take the
//! solver more than a moment; the normal test suite checks their key on
//! the ignored list.

use serde::Deserialize;

use crate::puzzle::{Puzzle, PuzzleError, PuzzleFile};

/// The collection's text.
pub const COLLECTION_JSON: &str = include_str!("collection.json");

/// One entry of the collection.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// A stable id (`rotenberg-1976`).
    pub id: String,
    /// The published key (SAN as White's own board shows it).
    pub key: String,
    /// Other first moves that also work, as the solver found them.
    pub cooks: Vec<String>,
    /// Slow to solve: checked apart from the quick tests.
    pub heavy: bool,
    pub puzzle: Puzzle,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EntryFile {
    id: String,
    key: String,
    #[serde(default)]
    cooks: Vec<String>,
    #[serde(default)]
    heavy: bool,
    puzzle: PuzzleFile,
}

/// Every entry, in the file's order.
pub fn collection() -> Result<Vec<Entry>, PuzzleError> {
    let files: Vec<EntryFile> =
        serde_json::from_str(COLLECTION_JSON).map_err(|e| PuzzleError::Json(e.to_string()))?;
    files
        .into_iter()
        .map(|f| {
            Ok(Entry {
                puzzle: Puzzle::from_checked_file(f.puzzle)?,
                id: f.id,
                key: f.key,
                cooks: f.cooks,
                heavy: f.heavy,
            })
        })
        .collect()
}
