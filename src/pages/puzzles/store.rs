//! What this browser remembers of puzzles: which were solved (a mark in
//! the collection) and each puzzle's progress (the steps so far, so a
//! reload goes on where the person was). Puzzles are named by their
//! identity (`link::identity`), so a puzzle opened by id, code or JSON is
//! one puzzle.

use std::collections::BTreeMap;

use fogbound_puzzles::umpire::Step;

use crate::local_storage::{get, set};

const SOLVED_KEY: &str = "fogbound.puzzles.solved";
const PROGRESS_KEY: &str = "fogbound.puzzles.progress";

/// Puzzles whose progress is kept (the oldest is dropped past it).
pub const MAX_KEPT: usize = 40;

/// The codes of the puzzles solved here (unreadable storage: none).
pub fn solved() -> Vec<String> {
    get(SOLVED_KEY)
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default()
}

pub fn mark_solved(code: &str) {
    let mut all = solved();
    if !all.iter().any(|c| c == code) {
        all.push(code.to_string());
        if let Ok(text) = serde_json::to_string(&all) {
            set(SOLVED_KEY, &text);
        }
    }
}

/// Progress by puzzle code, with the order they were last played in.
#[derive(Default, serde::Serialize, serde::Deserialize)]
struct Progress {
    order: Vec<String>,
    steps: BTreeMap<String, Vec<Step>>,
}

fn progress() -> Progress {
    get(PROGRESS_KEY)
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default()
}

/// The steps saved for a puzzle (none when unsaved or unreadable).
pub fn steps(code: &str) -> Vec<Step> {
    progress().steps.remove(code).unwrap_or_default()
}

/// Keeps a puzzle's steps (an empty list forgets them).
pub fn save_steps(code: &str, steps: &[Step]) {
    let mut p = progress();
    p.order.retain(|c| c != code);
    p.steps.remove(code);
    if !steps.is_empty() {
        p.order.push(code.to_string());
        p.steps.insert(code.to_string(), steps.to_vec());
    }
    while p.order.len() > MAX_KEPT {
        let old = p.order.remove(0);
        p.steps.remove(&old);
    }
    if let Ok(text) = serde_json::to_string(&p) {
        set(PROGRESS_KEY, &text);
    }
}
