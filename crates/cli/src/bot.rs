//! `fogbound bot`: the computer player speaking protocol v1 (`PROTOCOL.md`)
//! on stdin and stdout, for any referee that speaks it.

use std::io::{stdin, stdout};

use fogbound_players::{protocol, BotLevel, BotPlayer};

/// Plays fog chess over protocol v1: JSON lines in on stdin, out on stdout.
#[derive(clap::Args)]
pub struct Args {
    /// The level: beginner, club or strong
    #[arg(long, default_value = "club", value_parser = level)]
    level: BotLevel,
}

/// The bot's search nodes per millisecond of a `go`'s budget (natively,
/// roughly; as `match --ms` counts them).
const NODES_PER_MS: u64 = 300;

fn level(id: &str) -> Result<BotLevel, String> {
    BotLevel::from_id(id).ok_or_else(|| {
        let ids: Vec<&str> = BotLevel::ALL.iter().map(|l| l.id()).collect();
        format!("no level '{id}' (choose one of: {})", ids.join(", "))
    })
}

pub fn run(args: Args) -> Result<(), String> {
    let level = args.level;
    protocol::serve(
        stdin().lock(),
        stdout().lock(),
        |seed| Box::new(BotPlayer::new(level, seed)),
        // Each `go`'s budget caps the bot's search (its level's budget
        // still applies when smaller).
        |bot: &mut BotPlayer, ms| bot.cap_nodes(ms.saturating_mul(NODES_PER_MS)),
    )
}
