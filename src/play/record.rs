//! What each player knows of the game so far: their move list (their own
//! moves in SAN as they know them, the opponent's as far as they saw them),
//! what the umpire said to them, and their material tally.

use std::collections::BTreeMap;

use fogbound_engine::small_sort::sort_small_by_key;
use fogbound_engine::{AnyMatch, Audience, ByColor, Color, Observation, SeenMove};

use super::words::{describe, heard_text};

/// One entry of a player's move list, as that player knows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub by: Color,
    pub text: String,
    /// A capture by this entry's mover that the list's owner knows of.
    pub capture: bool,
}

/// One line of the umpire's log as a player heard it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Heard {
    pub ply: u32,
    pub public: bool,
    pub text: String,
}

/// Both players' move lists.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Records(ByColor<Vec<Entry>>);

impl Records {
    pub fn of(&self, player: Color) -> &[Entry] {
        &self.0[player]
    }

    /// Notes ply `index` of `game` (just played) in both lists, from what
    /// each player was told (`observations`, right after the ply).
    pub fn note(&mut self, game: &AnyMatch, index: usize, observations: &ByColor<Observation>) {
        for c in Color::ALL {
            let obs = &observations[c];
            let Some(seen) = obs.last_move else {
                continue;
            };
            let by = seen.by.unwrap_or(!obs.turn);
            let text = known_text(game, index, &seen, c);
            self.0[c].push(Entry {
                by,
                text,
                capture: by == c && seen.capture_at.is_some(),
            });
        }
    }

    /// How many captures `player` made (they always know they captured).
    pub fn captures_made(&self, player: Color) -> usize {
        self.0[player]
            .iter()
            .filter(|e| e.by == player && e.capture)
            .count()
    }
}

/// Ply `index` of `game` as `viewer` knows it (`seen`, from their
/// observation right after it): in SAN whenever they know the move whole
/// (their own; any on the open board, with check marks; the opponent's
/// seen from start to landing), else as far as they saw it (`?–e5, took on e5`).
pub fn known_text(game: &AnyMatch, index: usize, seen: &SeenMove, viewer: Color) -> String {
    game.seen_san(index, viewer, seen)
        .unwrap_or_else(|| describe(seen, viewer, game.geometry()))
}

/// Everything the umpire said that `player` heard.
pub fn heard(game: &AnyMatch, player: Color) -> Vec<Heard> {
    let g = game.geometry();
    game.announcements()
        .iter()
        .filter(|a| a.audience.includes(player))
        .map(|a| Heard {
            ply: a.ply,
            public: a.audience == Audience::All,
            text: heard_text(&a.message, g),
        })
        .collect()
}

/// `player`'s own men lost so far (piece codes, pawns last), which they
/// always know: the start position's men (`start_fen`) less those in their
/// observation; a promoted pawn counts as changed, not lost.
pub fn own_losses(start_fen: &str, now: &Observation, player: Color) -> Vec<String> {
    let letter = |c: char| match player {
        Color::White => c.is_ascii_uppercase(),
        Color::Black => c.is_ascii_lowercase(),
    };
    let mut start: BTreeMap<char, i32> = BTreeMap::new();
    for c in start_fen.split(' ').next().unwrap_or("").chars() {
        if c.is_ascii_alphabetic() && letter(c) {
            *start.entry(c.to_ascii_uppercase()).or_default() += 1;
        }
    }
    let mut current: BTreeMap<char, i32> = BTreeMap::new();
    for (_, p) in now.men() {
        if p.color == player {
            *current.entry(p.role.upper_char()).or_default() += 1;
        }
    }
    let promoted: i32 = current
        .iter()
        .filter(|(&r, _)| r != 'P')
        .map(|(r, &n)| (n - start.get(r).copied().unwrap_or(0)).max(0))
        .sum();
    let mut out = Vec::new();
    for (&role, &n) in &start {
        let mut lost = (n - current.get(&role).copied().unwrap_or(0)).max(0);
        if role == 'P' {
            lost = (lost - promoted).max(0);
        }
        for _ in 0..lost {
            out.push(format!("{}{role}", player.char()));
        }
    }
    sort_small_by_key(&mut out, |c| c.ends_with('P'));
    out
}
