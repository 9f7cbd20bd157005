//! Who sits at the game table, and what that means for the curtain.
//!
//! A seat holds a person or an automated player ([`Opponent`], the
//! catalogue of automated players). Hot-seat play is two people; a game
//! against the computer is one person and one automated player. A curtain
//! between turns is needed only when two people share the screen and the
//! model hides men; otherwise the screen shows one person's view for good
//! (or, with nothing hidden, the side to move).

use fogbound_engine::{ByColor, Color};
use fogbound_players::Opponent;

/// One seat at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    /// Someone in front of the screen.
    Person,
    /// An automated player; it is given only its side's observations.
    Computer(Opponent),
}

/// Both seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seats(pub ByColor<Seat>);

impl Seats {
    /// Two people on one screen.
    pub fn hot_seat() -> Seats {
        Seats(ByColor {
            white: Seat::Person,
            black: Seat::Person,
        })
    }

    /// A person playing `person` against the automated player `kind`.
    pub fn against(kind: Opponent, person: Color) -> Seats {
        Seats(ByColor::new_with(|c| {
            if c == person {
                Seat::Person
            } else {
                Seat::Computer(kind)
            }
        }))
    }

    pub fn get(&self, color: Color) -> Seat {
        self.0[color]
    }

    /// The automated player of `color`, if one sits there.
    pub fn computer(&self, color: Color) -> Option<Opponent> {
        match self.0[color] {
            Seat::Computer(kind) => Some(kind),
            Seat::Person => None,
        }
    }

    /// The one person at the table, when only one sits there.
    pub fn lone_person(&self) -> Option<Color> {
        let people: Vec<Color> = Color::ALL
            .into_iter()
            .filter(|&c| self.0[c] == Seat::Person)
            .collect();
        match people.as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }

    /// Whether a curtain must hide the board between turns: two people
    /// share the screen and the model hides men from them.
    pub fn need_curtain(&self, hides_men: bool) -> bool {
        hides_men && Color::ALL.into_iter().all(|c| self.0[c] == Seat::Person)
    }
}

/// What the screen shows between and during turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Curtain {
    /// Nothing of either view is shown; `next` is to lift the curtain.
    Closed { next: Color },
    /// This player's view is shown. When it is not their turn they are
    /// looking at what their own move showed them (then hand the device
    /// over), or waiting for the computer.
    Revealed(Color),
    /// The game is over: the fog lifts.
    Over,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn curtains_only_between_two_people_who_cannot_see_everything() {
        assert!(Seats::hot_seat().need_curtain(true));
        assert!(!Seats::hot_seat().need_curtain(false));
        let vs = Seats::against(Opponent::Random, Color::Black);
        assert!(!vs.need_curtain(true));
        assert_eq!(vs.lone_person(), Some(Color::Black));
        assert_eq!(vs.computer(Color::White), Some(Opponent::Random));
        assert_eq!(vs.computer(Color::Black), None);
        assert_eq!(Seats::hot_seat().lone_person(), None);
    }
}
