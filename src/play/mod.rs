//! Hot-seat play: the pure state of a game on one shared device (clocks,
//! the curtain between turns), kept apart from the components that draw it.

pub mod aids;
pub mod clock;
pub mod game;
pub mod library;
pub mod replay;
pub mod review;
pub mod settings;
pub mod sound;
pub mod view;
