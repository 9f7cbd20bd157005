//! What the bot believed, ply by ply: for a finished game's replay, the
//! bot is told its side's transcript again and, after each entry, says how
//! many candidate boards it keeps and how often each square holds an enemy
//! man on them (the replay draws that as heat over the bot's own view).
//!
//! The trace catches up as the worker's seat does ([`crate::seat`]): before
//! each of the bot's own attempts is told how it went, the bot is asked for
//! it again without search, so its random stream — and so every sampled
//! board — is what it was in the game.

use fogbound_engine::{Bitboard, Color, Position, Told};
use serde::{Deserialize, Serialize};

use crate::bot::AnyBrain;
use crate::{BotLevel, BotPlayer};

/// The bot's belief after one entry of its transcript.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BeliefFrame {
    /// Plies played when the bot was told this.
    pub ply: u32,
    /// Candidate boards it keeps.
    pub boards: u32,
    /// Per square (`rank * width + file`), in percent: the share of those
    /// boards with an enemy man there (0 where none ever is).
    pub heat: Vec<u8>,
}

/// The belief's picture over `boards`, from `me`'s side.
fn picture<B: Bitboard>(boards: &[Position<B>], me: Color, ply: u32) -> BeliefFrame {
    let squares = boards.first().map_or(0, |b| {
        let g = b.geometry();
        usize::from(g.width()) * usize::from(g.height())
    });
    let mut counts = vec![0u32; squares];
    for board in boards {
        for (square, piece) in board.men() {
            if piece.color != me {
                if let Some(c) = counts.get_mut(square.index()) {
                    *c += 1;
                }
            }
        }
    }
    let total = boards.len().max(1) as u32;
    BeliefFrame {
        ply,
        boards: boards.len() as u32,
        heat: counts
            .into_iter()
            .map(|c| ((c * 100 + total / 2) / total).min(100) as u8)
            .collect(),
    }
}

impl BotPlayer {
    /// The belief's picture now (`None` before the game starts).
    pub fn belief_frame(&self, ply: u32) -> Option<BeliefFrame> {
        Some(match self.brain.as_ref()? {
            AnyBrain::B64(b) => picture(b.boards(), b.me(), ply),
            AnyBrain::B128(b) => picture(b.boards(), b.me(), ply),
            AnyBrain::B256(b) => picture(b.boards(), b.me(), ply),
        })
    }
}

/// Tells a bot of `level`, seeded with `seed`, its side's `transcript`
/// and pictures its belief after every entry; `report(done, total)` as it
/// goes.
pub fn belief_trace(
    level: BotLevel,
    seed: u64,
    transcript: &[Told],
    report: &mut dyn FnMut(u64, u64),
) -> Vec<BeliefFrame> {
    let mut bot = BotPlayer::new(level, seed);
    let mut frames: Vec<BeliefFrame> = Vec::new();
    let total = transcript.len() as u64;
    for (i, told) in transcript.iter().enumerate() {
        if let (Told::Resolved { .. }, Some(before)) = (told, i.checked_sub(1)) {
            bot.replay_attempt(transcript[before].observation());
        }
        told.tell(&mut bot);
        let ply = told.observation().ply;
        if let Some(frame) = bot.belief_frame(ply) {
            // One frame per ply: the last thing the bot was told then.
            if frames.last().is_some_and(|f| f.ply == ply) {
                frames.pop();
            }
            frames.push(frame);
        }
        report(i as u64 + 1, total);
    }
    frames
}

/// The frame in force after ply `ply`: the last one told by then.
pub fn frame_at(frames: &[BeliefFrame], ply: u32) -> Option<&BeliefFrame> {
    frames.iter().rev().find(|f| f.ply <= ply)
}
