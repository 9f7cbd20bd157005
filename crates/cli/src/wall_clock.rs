//! The bot's clock on the command line: milliseconds since it was made, by
//! `Instant` (the player crate never reads a clock itself).

use std::time::Instant;

use fogbound_players::budget::Clock;

pub struct WallClock(Instant);

impl WallClock {
    pub fn new() -> WallClock {
        WallClock(Instant::now())
    }
}

impl Clock for WallClock {
    fn now_ms(&self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
}
