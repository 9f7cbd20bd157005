//! A person's input as one pure state machine: gestures on the board
//! (clicks and drops arrive as squares), picker choices and typed text
//! become [`Intent`]s — an attempt for the model to judge, a phantom to
//! place — read against the person's own picture of the board only.
//!
//! The machine keeps the selected square, the open promotion or castling
//! picker, the knight route the player prefers (where the model lets them
//! choose), the phantom tool in hand and why typed text could not be read.
//! What it needs to know of the board comes in a [`BoardFacts`].

use fogbound_engine::{Attempt, Cell, Geometry, MoveAttempt, Observation, Role, Square};

use super::aids::TrayTool;

/// A pawn move waiting for the player's choice of a new man.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PendingPromotion {
    pub from: Square,
    pub to: Square,
    pub choices: Vec<Role>,
}

/// A king move that free castling makes ambiguous (Foolish King Chess):
/// the player picks where the rook lands, or a plain king move (`None`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PendingCastle {
    pub from: Square,
    pub to: Square,
    pub choices: Vec<Option<Square>>,
}

/// What a person did.
#[derive(Clone, Debug, PartialEq)]
pub enum Gesture {
    /// A click or tap on a square, or a drop there after a drag.
    Square(Square),
    /// The promotion picker's choice.
    Promote(Role),
    /// The castling picker's choice: the rook's square, or a plain king move.
    Castle(Option<Square>),
    /// Closes a picker and drops the selection.
    Cancel,
    /// Typed attempt text (coordinates, SAN, `any?`, `rebuffs?`).
    Typed(String),
    /// Use the other L route for knight-like leaps.
    ToggleRoute,
    /// Picks up a phantom-tray tool (`None`, or the same tool again, puts
    /// it down).
    Tool(Option<TrayTool>),
}

/// What the table should do about a gesture.
#[derive(Clone, Debug, PartialEq)]
pub enum Intent {
    /// Nothing beyond the machine's own state.
    Nothing,
    /// Send this attempt to the model.
    Try(Attempt),
    /// Use the tray tool on a hidden square.
    Phantom { square: Square, tool: TrayTool },
}

/// What the machine needs to know of the player's board: their
/// observation and answers computed from their own picture.
pub struct BoardFacts<'a> {
    pub observation: &'a Observation,
    pub geometry: Geometry,
    /// The roles a pawn of the player may become.
    pub promotions: &'a [Role],
    /// The ways a king move `from` → `to` could be meant (free castling).
    pub castling: &'a dyn Fn(Square, Square) -> Vec<Option<Square>>,
    /// Reads typed attempt text on the player's picture; the error is the
    /// whole sentence to show.
    pub parse: &'a dyn Fn(&str) -> Result<Attempt, String>,
}

/// The machine's state. See the module docs.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Input {
    pub selected: Option<Square>,
    pub promotion: Option<PendingPromotion>,
    pub castle: Option<PendingCastle>,
    /// Knight routes: across first instead of along first.
    pub route_across: bool,
    pub tool: Option<TrayTool>,
    /// Why the last typed text could not be read.
    pub typed_error: Option<String>,
}

impl Input {
    /// Forgets the selection, the pickers, the tool and the typed error
    /// (the route preference stays).
    pub fn reset(&mut self) {
        let route_across = self.route_across;
        *self = Input {
            route_across,
            ..Input::default()
        };
    }

    /// Whether a picker waits for an answer.
    pub fn picking(&self) -> bool {
        self.promotion.is_some() || self.castle.is_some()
    }

    /// Takes a gesture of the player whose board `facts` describes.
    pub fn handle(&mut self, gesture: Gesture, facts: &BoardFacts) -> Intent {
        match gesture {
            Gesture::Square(square) if !self.picking() => self.square(square, facts),
            Gesture::Square(_) => Intent::Nothing,
            Gesture::Promote(role) => match self.promotion.take() {
                Some(p) if p.choices.contains(&role) => {
                    self.selected = None;
                    Intent::Try(self.attempt(facts, p.from, p.to, Some(role), None))
                }
                other => {
                    self.promotion = other;
                    Intent::Nothing
                }
            },
            Gesture::Castle(rook_to) => match self.castle.take() {
                Some(c) if c.choices.contains(&rook_to) => {
                    self.selected = None;
                    Intent::Try(self.attempt(facts, c.from, c.to, None, rook_to))
                }
                other => {
                    self.castle = other;
                    Intent::Nothing
                }
            },
            Gesture::Cancel => {
                self.promotion = None;
                self.castle = None;
                self.selected = None;
                Intent::Nothing
            }
            Gesture::Typed(text) if !self.picking() => self.typed(&text, facts),
            Gesture::Typed(_) => Intent::Nothing,
            Gesture::ToggleRoute => {
                self.route_across = !self.route_across;
                Intent::Nothing
            }
            Gesture::Tool(tool) => {
                self.handle_tool(tool);
                Intent::Nothing
            }
        }
    }

    /// Picks up a tray tool, or puts it down (`None`, or the same tool).
    pub fn handle_tool(&mut self, tool: Option<TrayTool>) {
        self.tool = if self.tool == tool { None } else { tool };
        self.selected = None;
    }

    fn square(&mut self, square: Square, facts: &BoardFacts) -> Intent {
        let obs = facts.observation;
        let own = |sq: Square| matches!(obs.cell(sq), Cell::Man(p) if p.color == obs.player);
        if self.selected.is_none() && obs.cell(square) == Cell::Fog {
            if let Some(tool) = self.tool {
                return Intent::Phantom { square, tool };
            }
        }
        let to_move = obs.turn == obs.player && obs.outcome.is_none();
        let picked = pick_move(
            &mut self.selected,
            square,
            |sq| to_move && own(sq),
            |from, to| obs.may_try(from, to),
        );
        match picked {
            Some((from, to)) => self
                .board_move(facts, MoveAttempt::plain(from, to))
                .unwrap_or(Intent::Nothing),
            None => Intent::Nothing,
        }
    }

    /// A move the player made on their board (a click pair, a drop or
    /// typed text): an attempt when the model takes it, after opening a
    /// picker if one is needed; `None` when it is no attempt at all.
    fn board_move(&mut self, facts: &BoardFacts, m: MoveAttempt) -> Option<Intent> {
        let obs = facts.observation;
        let (from, to) = (m.from, m.to);
        if !obs.may_try(from, to) {
            return None;
        }
        self.selected = None;
        let mut rook_to = m.rook_to;
        if rook_to.is_none() {
            let choices = (facts.castling)(from, to);
            match choices.as_slice() {
                [] => {}
                [only] => rook_to = *only,
                _ => {
                    self.castle = Some(PendingCastle { from, to, choices });
                    return Some(Intent::Nothing);
                }
            }
        }
        let g = facts.geometry;
        let pawn = matches!(obs.cell(from), Cell::Man(p) if p.role.spec().pawn);
        let last = g.relative_rank(obs.player, g.rank(to)).0 + 1 == g.height();
        let mut promotion = m.promotion;
        if pawn && last && promotion.is_none() {
            match facts.promotions {
                [] => {}
                [only] => promotion = Some(*only),
                choices => {
                    self.promotion = Some(PendingPromotion {
                        from,
                        to,
                        choices: choices.to_vec(),
                    });
                    return Some(Intent::Nothing);
                }
            }
        }
        let mut attempt = self.attempt(facts, from, to, promotion, rook_to);
        if let (Attempt::Move(a), Some(route)) = (&mut attempt, m.route) {
            a.route = Some(route);
        }
        Some(Intent::Try(attempt))
    }

    /// The move attempt `from` → `to` with the player's route where the
    /// model lets them choose one.
    fn attempt(
        &self,
        facts: &BoardFacts,
        from: Square,
        to: Square,
        promotion: Option<Role>,
        rook_to: Option<Square>,
    ) -> Attempt {
        let route = if facts.observation.actions.choose_route {
            let routes = facts.geometry.leap_routes(from, to);
            (routes.len() >= 2).then(|| routes[usize::from(self.route_across)])
        } else {
            None
        };
        Attempt::Move(MoveAttempt {
            from,
            to,
            promotion,
            rook_to,
            route,
        })
    }

    fn typed(&mut self, text: &str, facts: &BoardFacts) -> Intent {
        let text = text.trim();
        self.typed_error = None;
        self.selected = None;
        self.tool = None;
        if text.is_empty() {
            return Intent::Nothing;
        }
        let obs = facts.observation;
        let g = facts.geometry;
        match (facts.parse)(text) {
            Err(message) => {
                self.typed_error = Some(message);
                Intent::Nothing
            }
            Ok(Attempt::Move(m)) => {
                if !matches!(obs.cell(m.from), Cell::Man(p) if p.color == obs.player) {
                    self.typed_error = Some(format!(
                        "“{text}”: you have no man on {}.",
                        g.square_name(m.from)
                    ));
                    return Intent::Nothing;
                }
                self.board_move(facts, m).unwrap_or_else(|| {
                    self.typed_error = Some(format!(
                        "“{text}”: {} to {} is not a move you can try on your board.",
                        g.square_name(m.from),
                        g.square_name(m.to)
                    ));
                    Intent::Nothing
                })
            }
            Ok(question) => {
                if offered(obs, &question) {
                    Intent::Try(question)
                } else {
                    self.typed_error = Some(format!(
                        "“{text}”: nobody answers that question in this game now."
                    ));
                    Intent::Nothing
                }
            }
        }
    }
}

/// Click-to-move, the one rule every board of the product follows: a
/// click on the selected square drops it; a click that completes a move
/// from the selected square returns that move; any other click selects the
/// square if a move can start there, else clears the selection.
pub fn pick_move<S: Copy + PartialEq>(
    selected: &mut Option<S>,
    clicked: S,
    can_start: impl Fn(S) -> bool,
    is_move: impl Fn(S, S) -> bool,
) -> Option<(S, S)> {
    match *selected {
        Some(from) if from == clicked => {
            *selected = None;
            None
        }
        Some(from) if is_move(from, clicked) => {
            *selected = None;
            Some((from, clicked))
        }
        _ => {
            *selected = can_start(clicked).then_some(clicked);
            None
        }
    }
}

/// Whether `obs` offers the question `attempt` (a move is no question).
pub fn offered(obs: &Observation, attempt: &Attempt) -> bool {
    match attempt {
        Attempt::AskAny => obs.actions.ask_any,
        Attempt::AskRebuffs => obs.actions.ask_rebuffs,
        Attempt::Move(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::pick_move;

    #[test]
    fn click_to_move_selects_completes_and_drops() {
        // Moves a→b and a→c; men stand on a and d (d cannot move).
        let can_start = |s: char| s == 'a';
        let is_move = |f: char, t: char| f == 'a' && (t == 'b' || t == 'c');
        let mut selected = None;
        assert_eq!(pick_move(&mut selected, 'd', can_start, is_move), None);
        assert_eq!(selected, None, "nothing starts on d");
        assert_eq!(pick_move(&mut selected, 'a', can_start, is_move), None);
        assert_eq!(selected, Some('a'));
        assert_eq!(pick_move(&mut selected, 'a', can_start, is_move), None);
        assert_eq!(selected, None, "the same square again drops it");
        pick_move(&mut selected, 'a', can_start, is_move);
        assert_eq!(pick_move(&mut selected, 'e', can_start, is_move), None);
        assert_eq!(selected, None, "no move there: the selection goes");
        pick_move(&mut selected, 'a', can_start, is_move);
        assert_eq!(
            pick_move(&mut selected, 'c', can_start, is_move),
            Some(('a', 'c'))
        );
        assert_eq!(selected, None);
    }
}
