//! The Play page's state: the new-game form, or a game at the table.
//!
//! The table is changed in place behind a shared cell: an action costs
//! what the action does, never a copy of the whole game and its history
//! (benchmarked in `benches/table.rs`). A clock tick that changes nothing
//! to show or save returns the same state, so the page is not redrawn for
//! it beyond the clock's own display.

use std::cell::{Ref, RefCell};
use std::rc::Rc;

use super::table::{Act, GameTable};

/// See the module docs.
#[derive(Debug, Default)]
pub struct PlayState {
    game: Option<Rc<RefCell<GameTable>>>,
    /// How many games were started or resumed (tells saves of two games apart).
    pub starts: u64,
    /// Bumped on every change of the game: the page's effects key on it.
    pub version: u64,
}

/// What the page does with its state.
pub enum PlayAction {
    Start(Box<GameTable>),
    /// Back to the settings form (the saved game stays until a new start).
    Leave,
    Play(Act),
}

impl PlayState {
    /// The game at the table, if one is.
    pub fn game(&self) -> Option<Ref<'_, GameTable>> {
        self.game.as_ref().map(|g| g.borrow())
    }

    /// The game's shared cell (for effects that read it later).
    pub fn shared(&self) -> Option<Rc<RefCell<GameTable>>> {
        self.game.clone()
    }

    pub fn has_game(&self) -> bool {
        self.game.is_some()
    }
}

impl PlayState {
    /// The state after `action` (in the page, yew's `Reducible` forwards here).
    pub fn reduce(self: Rc<Self>, action: PlayAction) -> Rc<Self> {
        match action {
            PlayAction::Start(game) => Rc::new(PlayState {
                game: Some(Rc::new(RefCell::new(*game))),
                starts: self.starts + 1,
                version: self.version + 1,
            }),
            PlayAction::Leave => Rc::new(PlayState {
                game: None,
                starts: self.starts,
                version: self.version + 1,
            }),
            PlayAction::Play(act) => {
                let Some(game) = &self.game else {
                    return self;
                };
                if !game.borrow_mut().apply(act) {
                    return self;
                }
                Rc::new(PlayState {
                    game: Some(game.clone()),
                    starts: self.starts,
                    version: self.version + 1,
                })
            }
        }
    }
}

#[cfg(target_arch = "wasm32")]
impl yew::Reducible for PlayState {
    type Action = PlayAction;

    fn reduce(self: Rc<Self>, action: PlayAction) -> Rc<Self> {
        PlayState::reduce(self, action)
    }
}
