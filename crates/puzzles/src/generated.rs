//! The shipped set of generated problems (`static/puzzles/generated.json`,
//! fetched by the Puzzles page, never compiled in): each entry a problem in
//! the collection's puzzle format with its key, grade, the solver's effort,
//! its tries and its proof; and the choice of today's problem.
//!
//! ```json
//! {"about": "…", "entries": [{"id": "gen-m2-english-7-3", "grade": "easy",
//!   "key": "Qd4", "key_coord": "d1d4", "placements": 6, "key_nodes": 212,
//!   "nodes": 1840, "tries": [{"first": "Qe2", "placement": ["nc3"],
//!   "answer": ["Black has moved"]}], "puzzle": {…}, "tree": {…}}]}
//! ```

use serde::{Deserialize, Serialize};

use crate::generate::{Grade, Problem, Try};
use crate::puzzle::{Puzzle, PuzzleError, PuzzleFile};
use crate::solver::Plan;

/// Where the set lies, from the workspace's root (the page fetches it as
/// `puzzles/generated.json`).
pub const SET_PATH: &str = "static/puzzles/generated.json";

/// One shipped problem, as written by `fogbound puzzle generate --json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetEntry {
    /// `gen-m{moves}-{preset}-{seed}-{n}`: where it came from.
    pub id: String,
    pub grade: Grade,
    /// The key in SAN on White's board, and in coordinates.
    pub key: String,
    pub key_coord: String,
    pub placements: usize,
    /// The solver's nodes to find and prove the key, and with every other
    /// first move refuted.
    pub key_nodes: u64,
    pub nodes: u64,
    /// `null` when the tries were not found within the budget.
    pub tries: Option<Vec<Try>>,
    /// The puzzle in the collection's format.
    pub puzzle: serde_json::Value,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tree: Option<Plan>,
}

impl SetEntry {
    /// The entry of a generated problem called `id`.
    pub fn of(problem: &Problem, id: String) -> SetEntry {
        SetEntry {
            id,
            grade: problem.grade,
            key: problem.key.clone(),
            key_coord: problem.key_coord.clone(),
            placements: problem.placements,
            key_nodes: problem.key_nodes,
            nodes: problem.nodes,
            tries: problem.tries.clone(),
            puzzle: serde_json::from_str(&problem.puzzle.to_json()).unwrap_or_default(),
            tree: problem.tree.clone(),
        }
    }

    /// The entry's puzzle, checked.
    pub fn puzzle(&self) -> Result<Puzzle, PuzzleError> {
        Puzzle::from_json(&self.puzzle.to_string())
    }
}

/// The whole set, as the file holds it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SetFile {
    pub about: String,
    pub entries: Vec<SetEntry>,
}

/// What the page reads of an entry: its id, grade and puzzle (the rest of
/// the entry is skipped, so the page carries no reader for proofs).
#[derive(Deserialize)]
struct ListedFile {
    id: String,
    grade: Grade,
    puzzle: PuzzleFile,
}

#[derive(Deserialize)]
struct ListFile {
    entries: Vec<ListedFile>,
}

/// One problem of the set as the page lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct Listed {
    pub id: String,
    pub grade: Grade,
    pub puzzle: Puzzle,
}

/// Reads the set's file for the page: every entry, checked.
pub fn listed(text: &str) -> Result<Vec<Listed>, PuzzleError> {
    let file: ListFile =
        serde_json::from_str(text).map_err(|e| PuzzleError::Json(e.to_string()))?;
    file.entries
        .into_iter()
        .map(|e| {
            Ok(Listed {
                id: e.id,
                grade: e.grade,
                puzzle: Puzzle::from_checked_file(e.puzzle)?,
            })
        })
        .collect()
}

/// Milliseconds in a day.
const DAY_MS: f64 = 86_400_000.0;

/// Today's problem's index for a time (milliseconds since 1970 UTC, as
/// `Date.now()` gives it) in a set of `len`: the same for everyone on the
/// same UTC date, the next one each day, round the set. `None` for an
/// empty set.
pub fn today_index(now_ms: f64, len: usize) -> Option<usize> {
    if len == 0 || !now_ms.is_finite() {
        return None;
    }
    let day = (now_ms / DAY_MS).floor() as i64;
    Some(day.rem_euclid(len as i64) as usize)
}

/// Another problem of `grade` than `current`, drawn with `draw` (a number
/// from 0 to 1, as `Math.random()` gives it); `None` when the set has no
/// other of that grade.
pub fn another(set: &[Listed], grade: Grade, current: &str, draw: f64) -> Option<usize> {
    let of_grade: Vec<usize> = (0..set.len())
        .filter(|&i| set[i].grade == grade && set[i].id != current)
        .collect();
    if of_grade.is_empty() {
        return None;
    }
    let i = ((draw.clamp(0.0, 1.0) * of_grade.len() as f64) as usize).min(of_grade.len() - 1);
    Some(of_grade[i])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn today_turns_over_at_midnight_utc_and_wraps_round_the_set() {
        let day = DAY_MS;
        assert_eq!(today_index(0.0, 7), Some(0));
        assert_eq!(today_index(day - 1.0, 7), Some(0));
        assert_eq!(today_index(day, 7), Some(1));
        assert_eq!(today_index(8.0 * day + 5.0, 7), Some(1));
        assert_eq!(today_index(-1.0, 7), Some(6));
        assert_eq!(today_index(1.0, 0), None);
        assert_eq!(today_index(f64::NAN, 3), None);
    }

    fn listed_one(id: &str, grade: Grade) -> Listed {
        Listed {
            id: id.into(),
            grade,
            puzzle: Puzzle::from_json(
                r#"{"fen": "6k1/8/6K1/8/8/8/8/R7 w - - 0 1", "goal": "mate", "moves": 1, "rules": "english"}"#,
            )
            .unwrap(),
        }
    }

    #[test]
    fn another_is_of_the_grade_asked_and_never_the_one_shown() {
        let set = vec![
            listed_one("a", Grade::Easy),
            listed_one("b", Grade::Hard),
            listed_one("c", Grade::Easy),
        ];
        for draw in [0.0, 0.3, 0.99, 1.0, -4.0] {
            assert_eq!(another(&set, Grade::Easy, "a", draw), Some(2));
        }
        assert_eq!(another(&set, Grade::Easy, "b", 0.0), Some(0));
        assert_eq!(another(&set, Grade::Easy, "b", 0.9), Some(2));
        assert_eq!(another(&set, Grade::Hard, "b", 0.5), None);
        assert_eq!(another(&set, Grade::Medium, "x", 0.5), None);
    }

    #[test]
    fn a_damaged_set_is_a_message() {
        assert!(listed("{").is_err());
        assert!(listed(r#"{"entries": [{"id": "x", "grade": "tough", "puzzle": {}}]}"#).is_err());
        let bad_fen = r#"{"entries": [{"id": "x", "grade": "easy", "puzzle": {"fen": "zz", "goal": "mate", "moves": 2, "rules": "english"}}]}"#;
        assert!(listed(bad_fen).unwrap_err().to_string().contains("fen"));
    }
}
