//! Prints one record (PGN) of a short game between two random movers under
//! each information model — Open, Fog of War, Dark Chess and Kriegspiel
//! under the Chess Variant Pages' rules — to read what the records say:
//!
//! `cargo run -p fogbound-players --example sample_records`

use fogbound_engine::player::Player;
use fogbound_engine::{AnyMatch, ByColor, ModelSpec, Variant};
use fogbound_players::{play_out_limited, Limits, RandomPlayer};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let limits = Limits {
        max_attempts: 150,
        max_plies: 60,
        ..Limits::default()
    };
    for spec in [
        ModelSpec::Open,
        ModelSpec::Fog,
        ModelSpec::Dark,
        ModelSpec::parse("kriegspiel", Some("cvp"))?,
    ] {
        let mut game = AnyMatch::new(&Variant::chess(), spec, None)?;
        let (mut white, mut black) = (RandomPlayer::new(5), RandomPlayer::new(6));
        let players: ByColor<&mut dyn Player> = ByColor {
            white: &mut white,
            black: &mut black,
        };
        play_out_limited(&mut game, players, &limits)?;
        println!("{}\n", game.to_pgn(&[]));
    }
    Ok(())
}
