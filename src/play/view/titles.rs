//! Titles that name players and views: the result with names, a view's
//! heading, the browser tab's title.

use fogbound_engine::{Color, Outcome};

use super::super::seats::Curtain;
use super::super::table::GameTable;
use super::super::words::outcome_sentence;

/// The result in words, with the players' names: `Ann (White) wins by
/// capturing the king`.
pub fn result_text(game: &GameTable, o: &Outcome) -> String {
    outcome_sentence(o, game.variant(), |c| game.player(c))
}

/// The player's own name (`Ann`, or `White` for a player with no name).
pub(super) fn name_only(game: &GameTable, c: Color) -> String {
    game.name(c)
}

/// `Ann's view (White)`, or `White's view` for a player with no name.
pub(super) fn view_title(game: &GameTable, viewer: Color) -> String {
    let name = game.name(viewer);
    if name == viewer.name() {
        format!("{name}'s view")
    } else {
        format!("{name}'s view ({viewer})")
    }
}

/// The browser tab's title, consistent with what the screen shows: who is
/// to lift the curtain, whose turn it is, or the result. Never anything of
/// a view (no check, no capture).
pub fn tab_title(game: &GameTable) -> String {
    let what = match game.curtain() {
        Curtain::Closed { next } => format!("Pass to {}", game.player(next)),
        Curtain::Revealed(_) if game.passing() => format!("Pass to {}", game.player(game.turn())),
        Curtain::Revealed(_) => format!("{} to move", game.player(game.turn())),
        Curtain::Over => match game.outcome() {
            Some(o) => match o.winner {
                Some(c) => format!("{} wins", game.player(c)),
                None => "Draw".to_string(),
            },
            None => "Game over".to_string(),
        },
    };
    format!("fogbound — {what}")
}
