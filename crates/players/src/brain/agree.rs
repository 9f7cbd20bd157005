//! Whether a board agrees with what the player was told.
//!
//! Two parts. The **picture** ([`Picture`]): the observation as bitboards —
//! the player's own men, the enemy men it sees, the squares it sees empty,
//! the squares it cannot see — checked against a board set-wise; and, where
//! the model's view depends on the board (Fog of War: every square a man of
//! the player's could move to is seen), no square the model would show may
//! be in the fog. So under Fog of War an unseen square in front of the
//! player's pawn holds an enemy man, and a board with it empty is dropped.
//!
//! The **words** ([`Heard`]): what the umpire said this ply, compared with
//! what the engine's own model ([`Observer`]) would say on the board — after
//! a move ([`Observer::view_of`]) or, for a board guessed afresh, what can
//! be said of it standing (the check and its lines, the words at the start
//! of a turn). Words an observation may leave out (a referee speaking
//! protocol v1 sends only some) are compared only when present, except the
//! check, whose absence the model always means.

use fogbound_engine::belief::Observer;
use fogbound_engine::kriegspiel::check_directions;
use fogbound_engine::observation::Message;
use fogbound_engine::{
    Bitboard, Cell, Color, KriegspielRules, ModelSpec, Move, Observation, Position, Role, Square,
};

/// An observation's squares as bitboards. See the module docs.
pub struct Picture<B: Bitboard> {
    own: [B; Role::COUNT],
    enemy: [B; Role::COUNT],
    empty: B,
    fog: B,
    turn: Color,
}

impl<B: Bitboard> Picture<B> {
    /// `obs` seen by `me`.
    pub fn of(obs: &Observation, me: Color) -> Picture<B> {
        let mut p = Picture {
            own: [B::EMPTY; Role::COUNT],
            enemy: [B::EMPTY; Role::COUNT],
            empty: B::EMPTY,
            fog: B::EMPTY,
            turn: obs.turn,
        };
        for (i, cell) in obs.squares.iter().enumerate() {
            let sq = Square(i as u8);
            match cell {
                Cell::Fog => p.fog.add(sq),
                Cell::Empty => p.empty.add(sq),
                Cell::Man(pc) if pc.color == me => p.own[pc.role.index()].add(sq),
                Cell::Man(pc) => p.enemy[pc.role.index()].add(sq),
            }
        }
        p
    }

    /// The squares the player cannot see.
    pub fn fog(&self) -> B {
        self.fog
    }

    /// Whether `pos` shows what the picture shows: the turn, the player's
    /// men exactly, the enemy men seen, the squares seen empty; with
    /// `visible` (the model's view of `pos`), nothing it would show in the
    /// fog.
    pub fn agrees(&self, pos: &Position<B>, me: Color, visible: Option<B>) -> bool {
        if pos.turn() != self.turn {
            return false;
        }
        if (pos.occupied() & self.empty).any() {
            return false;
        }
        let seen = !self.fog;
        for role in Role::ALL {
            let r = role.index();
            if pos.pieces(me, role) != self.own[r] {
                return false;
            }
            if pos.pieces(!me, role) & seen != self.enemy[r] {
                return false;
            }
        }
        match visible {
            Some(v) => (v & self.fog).is_empty(),
            None => true,
        }
    }
}

/// The umpire's words of one ply that tell boards apart.
fn telling(m: &Message) -> bool {
    matches!(
        m,
        Message::Capture { .. }
            | Message::Check { .. }
            | Message::Promotion
            | Message::PawnTries { .. }
            | Message::PawnCaptureExists
            | Message::PawnCaptureSquares { .. }
    )
}

/// What the player heard the umpire say at the observation's ply (its own
/// refused tries and questions left out). See the module docs.
pub struct Heard {
    words: Vec<Message>,
    /// A capture's square is known but no capture was worded (a referee
    /// that sends only some words): captures are not compared.
    capture_unworded: bool,
}

impl Heard {
    pub fn of(obs: &Observation, me: Color) -> Heard {
        let words: Vec<Message> = obs
            .announcements
            .iter()
            .filter(|a| a.ply == obs.ply && a.audience.includes(me) && telling(&a.message))
            .map(|a| a.message.clone())
            .collect();
        let worded = words.iter().any(|m| matches!(m, Message::Capture { .. }));
        let capture_unworded = !worded && obs.last_move.is_some_and(|l| l.capture_at.is_some());
        Heard {
            words,
            capture_unworded,
        }
    }

    /// Whether the words `said` (what the model says on a board) agree with
    /// what was heard; `standing` when `said` are a standing board's words,
    /// which cannot tell captures or promotions.
    pub fn agrees(&self, said: &[Message], standing: bool) -> bool {
        let said: Vec<&Message> = said.iter().filter(|m| telling(m)).collect();
        let heard_check = self.words.iter().find_map(|m| match m {
            Message::Check { directions } => Some(directions),
            _ => None,
        });
        let said_check = said.iter().find_map(|m| match m {
            Message::Check { directions } => Some(directions),
            _ => None,
        });
        match (heard_check, said_check) {
            (None, None) => {}
            (Some(h), Some(s)) => {
                if !h.is_empty() && h != s {
                    return false;
                }
            }
            _ => return false,
        }
        // The rest: every word heard is said; a word said is heard unless
        // the observation may have left it out.
        for h in &self.words {
            if matches!(h, Message::Check { .. }) {
                continue;
            }
            if standing && matches!(h, Message::Capture { .. } | Message::Promotion) {
                continue;
            }
            if !said.contains(&h) {
                return false;
            }
        }
        for s in &said {
            let left_out = match s {
                Message::Check { .. } => true,
                Message::Capture { .. } => self.capture_unworded,
                Message::Promotion | Message::PawnTries { .. } => true,
                _ => false,
            };
            if !left_out && !self.words.iter().any(|h| h == *s) {
                return false;
            }
        }
        true
    }
}

/// What the model says on `pos` standing, its side to move's turn
/// beginning: the check and its lines, and the turn's first words.
pub fn standing_words<B: Bitboard>(
    observer: &mut Observer<B>,
    rules: Option<&KriegspielRules>,
    pos: &Position<B>,
) -> Vec<Message> {
    let mut said = Vec::new();
    if pos.is_check() {
        if let Some(r) = rules {
            said.push(Message::Check {
                directions: check_directions(pos, r.pawn_check),
            });
        }
    }
    said.extend(observer.start_view(pos).said);
    said
}

/// What the model says when `mv` takes `before` to `after`.
pub fn move_words<B: Bitboard>(
    observer: &mut Observer<B>,
    before: &Position<B>,
    after: &Position<B>,
    mv: &Move,
) -> Vec<Message> {
    observer.view_of(before, after, mv).said
}

/// The umpire's rules of a model, if it has an umpire.
pub fn umpire_rules(spec: &ModelSpec) -> Option<&KriegspielRules> {
    match spec {
        ModelSpec::Kriegspiel { rules } => Some(rules),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fogbound_engine::{AnyMatch, Attempt, Bitboard64, Variant};

    fn board(fen: &str) -> Position<Bitboard64> {
        Position::from_fen(&Variant::chess(), fen).unwrap()
    }

    /// Under Fog of War a pawn that cannot advance stands before an enemy
    /// man: the board with that square empty would show it.
    #[test]
    fn a_blocked_pawn_means_a_man_in_front_of_it() {
        let mut game = AnyMatch::new(&Variant::chess(), ModelSpec::Fog, None).unwrap();
        let g = game.geometry();
        for t in ["e2e4", "e7e5"] {
            let side = game.turn();
            game.attempt(side, Attempt::parse(t, g).unwrap()).unwrap();
        }
        let obs = game.observation(Color::White);
        assert_eq!(
            obs.squares[g.parse_square("e5").unwrap().index()],
            Cell::Fog
        );
        let picture: Picture<Bitboard64> = Picture::of(&obs, Color::White);
        let observer: Observer<Bitboard64> = Observer::new(&ModelSpec::Fog, Color::White);
        let truth = board("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
        let wrong = board("rnbqkbnr/pppp1ppp/4p3/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
        for (pos, fits) in [(&truth, true), (&wrong, false)] {
            let v = observer.visible(pos);
            assert_eq!(picture.agrees(pos, Color::White, Some(v)), fits, "{pos:?}");
            // Without the model's view only the squares seen are compared.
            assert!(picture.agrees(pos, Color::White, None));
        }
    }

    #[test]
    fn words_left_out_by_a_referee_are_not_held_against_a_board() {
        let heard = Heard {
            words: vec![Message::Check {
                directions: Vec::new(),
            }],
            capture_unworded: true,
        };
        let said = [
            Message::Capture {
                square: Square(3),
                victim: None,
                capturer: None,
                en_passant: false,
            },
            Message::Check {
                directions: vec![fogbound_engine::CheckDirection::File],
            },
        ];
        assert!(heard.agrees(&said, false));
        // A check heard is never missing from the board's words.
        assert!(!heard.agrees(&said[..1], false));
        let quiet = Heard {
            words: Vec::new(),
            capture_unworded: false,
        };
        assert!(
            !quiet.agrees(&said[..1], false),
            "a capture nobody spoke of"
        );
    }
}
