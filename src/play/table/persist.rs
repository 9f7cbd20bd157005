//! Saves: the engine's [`SaveFile`](fogbound_engine::SaveFile) with the
//! table's settings (seats included), clock, draw offer, memory aids and
//! save time in its tags. Resuming replays the match (the engine checks
//! every attempt) and rebuilds the move lists and ghosts from the log, so
//! nothing of a save is trusted.

use fogbound_engine::{save_from_json, save_to_json, AnyMatch, ByColor, Color};

use super::super::aids::{Ghosts, Notes, NotesFile};
use super::super::clock::Clock;
use super::super::record::Records;
use super::super::settings::PlayLink;
use super::super::stamp::{read_stamp, stamp_text};
use super::{caps_for, GameTable};

pub use super::super::game_id::{new_id, valid_id};

impl GameTable {
    /// The save: the engine's [`SaveFile`] with the settings, clock, draw
    /// offer and save time in its tags.
    pub fn to_json(&self, now: f64) -> String {
        let mut save = self.game.to_save();
        save.tags.insert("id".into(), self.id.clone());
        save.tags.insert("link".into(), self.settings.to_query());
        save.tags.insert("saved_at".into(), stamp_text(now));
        if let Some(by) = self.draw_offer {
            save.tags.insert("draw_offer".into(), by.char().to_string());
        }
        if self.notes != ByColor::default() {
            let g = self.geometry();
            let notes = [
                self.notes[Color::White].to_file(g),
                self.notes[Color::Black].to_file(g),
            ];
            if let Ok(json) = serde_json::to_string(&notes) {
                save.tags.insert("notes".into(), json);
            }
        }
        if let Some(clock) = &self.clock {
            if let Ok(json) = serde_json::to_string(clock) {
                save.tags.insert("clock".into(), json);
            }
            save.clocks.increment_ms = Some(clock.increment_ms);
            save.clocks.remaining_ms = ByColor::new_with(|c| Some(clock.remaining(c.index(), now)));
        }
        save_to_json(&save)
    }

    /// Resumes a saved game behind the curtain of the player to move.
    pub fn from_json(text: &str, now: f64) -> Result<GameTable, String> {
        let save = save_from_json(text).map_err(|e| e.to_string())?;
        let game = AnyMatch::from_save(&save).map_err(|e| e.to_string())?;
        let (settings, errors) = PlayLink::parse(save.tags.get("link").map_or("", |s| s));
        if let Some(e) = errors.first() {
            return Err(format!("the saved settings are damaged: {e}"));
        }
        let saved_at = save
            .tags
            .get("saved_at")
            .and_then(|t| read_stamp(t))
            .unwrap_or(now);
        let clock = match save.tags.get("clock") {
            Some(json) => {
                let mut clock: Clock = serde_json::from_str(json)
                    .map_err(|e| format!("the saved clock is damaged: {e}"))?;
                // The time between the last save and now is not charged.
                clock.pause(saved_at);
                Some(clock)
            }
            None => None,
        };
        let draw_offer = save
            .tags
            .get("draw_offer")
            .and_then(|t| t.chars().next())
            .and_then(Color::from_char);
        let notes = match save.tags.get("notes") {
            Some(json) => {
                let [white, black]: [NotesFile; 2] = serde_json::from_str(json)
                    .map_err(|e| format!("the saved memory aids are damaged: {e}"))?;
                ByColor { white, black }
            }
            None => ByColor::default(),
        };
        let id = match save.tags.get("id") {
            Some(id) if valid_id(id) => id.clone(),
            _ => new_id(now),
        };
        let (records, ghosts) = rebuild(&game);
        let mut s = GameTable::assemble(settings, game, clock, now);
        s.records = records;
        s.ghosts = ghosts;
        s.draw_offer = draw_offer;
        s.id = id;
        // Only phantoms a player could have placed: enemy men on squares
        // of the board.
        let g = s.geometry();
        for c in Color::ALL {
            s.notes[c] = Notes::from_file(&notes[c], g, &s.tray(c));
        }
        s.settle(now);
        Ok(s)
    }
}

/// Each player's move list and ghosts, rebuilt by replaying the log on a
/// fresh match: the ghosts from exactly the observations each player was
/// shown (after every ply) and their own moves.
fn rebuild(game: &AnyMatch) -> (Records, ByColor<Ghosts>) {
    let mut records = Records::default();
    let mut ghosts: ByColor<Ghosts> = ByColor::default();
    let Ok(mut fresh) = AnyMatch::new(game.variant(), game.spec().clone(), Some(&game.start_fen()))
    else {
        return (records, ghosts);
    };
    let caps = ByColor::new_with(|c| caps_for(&fresh, c));
    for c in Color::ALL {
        ghosts[c].shown(&fresh.observation(c), &caps[c]);
    }
    for entry in game.log() {
        let plies = fresh.plies().len();
        if let Ok(r) = fresh.attempt(entry.player, entry.attempt) {
            if r.resolution.passes_turn() {
                records.note(&fresh, plies, &r.observations);
                if let Some(mine) = r.observations[entry.player].last_move {
                    ghosts[entry.player].own_move(&mine);
                }
                if r.outcome.is_none() {
                    for c in Color::ALL {
                        ghosts[c].shown(&r.observations[c], &caps[c]);
                    }
                }
            }
        }
    }
    (records, ghosts)
}
