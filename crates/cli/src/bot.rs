//! `fogbound bot`: the computer player speaking protocol v1 (`PROTOCOL.md`)
//! on stdin and stdout, for any referee that speaks it.

use std::io::{stdin, stdout};

use fogbound_players::{protocol, BotLevel, BotPlayer};

use crate::wall_clock::WallClock;

/// Plays fog chess over protocol v1: JSON lines in on stdin, out on stdout.
#[derive(clap::Args)]
pub struct Args {
    /// The level: beginner, club or strong
    #[arg(long, default_value = "club", value_parser = level)]
    level: BotLevel,
    /// Think for each `go`'s budget by the wall clock (without it, for a
    /// node budget the `go` caps: a session replays exactly)
    #[arg(long)]
    clock: bool,
}

/// The bot's search nodes per millisecond of a `go`'s budget without the
/// clock (natively, roughly: a loaded machine searches fewer).
const NODES_PER_MS: u64 = 600;

fn level(id: &str) -> Result<BotLevel, String> {
    BotLevel::from_id(id).ok_or_else(|| {
        let ids: Vec<&str> = BotLevel::ALL.iter().map(|l| l.id()).collect();
        format!("no level '{id}' (choose one of: {})", ids.join(", "))
    })
}

pub fn run(args: Args) -> Result<(), String> {
    let level = args.level;
    let clock = args.clock;
    protocol::serve(
        stdin().lock(),
        stdout().lock(),
        |seed| {
            let mut bot = BotPlayer::new(level, seed);
            if clock {
                bot.set_clock(Box::new(WallClock::new()));
            }
            Box::new(bot)
        },
        // Each `go`'s budget is the bot's thinking time by the clock, or
        // caps its search (its level's budget still applies when smaller).
        |bot: &mut BotPlayer, ms| {
            if clock {
                bot.think_for(ms);
            } else {
                bot.cap_nodes(ms.saturating_mul(NODES_PER_MS));
            }
        },
    )
}
