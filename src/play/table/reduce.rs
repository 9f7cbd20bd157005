//! The table's actions and how each changes it. `now` is in milliseconds
//! (`Date.now()` in the page), for the clock.

use fogbound_engine::{Attempt, Color, Message, Role, Square};

use super::super::aids::TrayTool;
use super::super::input::{offered, Gesture, Intent};
use super::super::seats::{Curtain, Occupant};
use super::super::sound::Cue;
use super::{GameTable, Suggestion};

/// What happens at the table.
#[derive(Clone, Debug, PartialEq)]
pub enum Act {
    /// The player the curtain names lifts it.
    Reveal {
        now: f64,
    },
    /// The mover, having looked at their board after their move, hands the
    /// device over: the curtain comes down.
    Pass,
    /// The viewer clicked (or dropped a dragged man on) a square.
    Square {
        square: Square,
        now: f64,
    },
    /// The promotion picker's choice.
    Promote {
        role: Role,
        now: f64,
    },
    /// Cancels the promotion or castling picker.
    CancelPromotion,
    /// The castling picker's choice: the rook's square, or a plain king
    /// move.
    Castle {
        rook_to: Option<Square>,
        now: f64,
    },
    /// A question to the umpire ([`Attempt::AskAny`] or
    /// [`Attempt::AskRebuffs`]), asked when the viewer's observation offers
    /// it.
    Ask {
        question: Attempt,
        now: f64,
    },
    /// Use the other L route for knight moves, where the model lets the
    /// player choose.
    ToggleRoute,
    /// The viewer typed an attempt (coordinates, SAN, `any?`).
    Typed {
        text: String,
        now: f64,
    },
    /// The automated player of the side to move tries `attempt`; `asked`
    /// is the attempt count when it was asked ([`super::ComputerTurn`]), so
    /// a stale answer is dropped.
    Computer {
        attempt: Attempt,
        asked: usize,
        now: f64,
    },
    /// The worker's progress on the computer's attempt `asked`: how deep
    /// its search went (`words`), `done` of `total` milliseconds.
    Thinking {
        asked: usize,
        words: String,
        done: u64,
        total: u64,
    },
    /// The attempt the computer would make now on its attempt `asked`.
    BestSoFar {
        asked: usize,
        attempt: Attempt,
    },
    /// "Move now": the automated player to move answers at once with its
    /// best attempt so far, or, before its search has one, with what a
    /// short search finds (asked again, hurried).
    MoveNow {
        now: f64,
    },
    /// The person to move asks what the computer would play in their place
    /// (worked out from their own observations only).
    AskHint,
    /// The hint's answer; `asked` is the attempt count it was asked at, so
    /// an answer that comes after a move is dropped.
    Hint {
        attempt: Attempt,
        asked: usize,
    },
    /// The viewer turns their board around (on top of their own side).
    Flip,
    Resign {
        now: f64,
    },
    OfferDraw,
    AcceptDraw {
        now: f64,
    },
    DeclineDraw,
    /// The clock's heartbeat.
    Tick {
        now: f64,
    },
    /// The page was hidden: a timed game stops its clock and, between two
    /// people, drops the curtain.
    Hide {
        now: f64,
    },
    /// The page is visible again.
    Show {
        now: f64,
    },
    /// Picks a tool of the phantom tray (`None`: put it down).
    Tool(Option<TrayTool>),
    /// Takes the viewer's phantom on this square off.
    RemovePhantom(Square),
    /// Takes all the viewer's phantoms off.
    ClearPhantoms,
    /// Shows or hides the viewer's phantoms.
    TogglePhantoms,
    /// Shows or hides the viewer's last-seen ghosts.
    ToggleGhosts,
}

impl Act {
    /// Whether the action can change what is saved (a flip or a tick with
    /// nothing due cannot).
    fn changes_the_game(&self) -> bool {
        !matches!(
            self,
            Act::Tick { .. }
                | Act::Flip
                | Act::Thinking { .. }
                | Act::BestSoFar { .. }
                | Act::AskHint
                | Act::Hint { .. }
        )
    }
}

impl GameTable {
    /// Applies an action. Returns whether anything the page shows or saves
    /// may have changed: false only for a clock tick that changed nothing
    /// to save (no flag fell, no periodic save is due).
    pub fn apply(&mut self, action: Act) -> bool {
        let changes = action.changes_the_game();
        let quiet_tick = matches!(action, Act::Tick { .. });
        let before = self.revision;
        match action {
            Act::Tick { now } => {
                let over = self.game.outcome().is_some();
                self.settle(now);
                let running = self.clock.as_ref().is_some_and(|c| c.running().is_some());
                if running && now - self.last_saved_tick >= 1000.0 {
                    self.last_saved_tick = now;
                    self.revision += 1;
                }
                if !over && self.game.outcome().is_some() {
                    // A flag fell on this tick: that is a change to save.
                    self.revision += 1;
                }
            }
            Act::Reveal { now } => self.reveal(now),
            Act::Pass => {
                if self.passing() {
                    self.curtain = Curtain::Closed {
                        next: self.game.turn(),
                    };
                    self.input.reset();
                }
            }
            Act::Square { square, now } => self.gesture(Gesture::Square(square), now),
            Act::Promote { role, now } => self.gesture(Gesture::Promote(role), now),
            Act::CancelPromotion => self.gesture(Gesture::Cancel, 0.0),
            Act::Castle { rook_to, now } => self.gesture(Gesture::Castle(rook_to), now),
            Act::ToggleRoute => self.input.route_across = !self.input.route_across,
            Act::Typed { text, now } => self.gesture(Gesture::Typed(text), now),
            Act::Tool(tool) => {
                if self.viewer().is_some() && self.has_aids() {
                    self.input.handle_tool(tool);
                }
            }
            Act::Ask { question, now } => {
                self.settle(now);
                if let Some(player) = self.actor() {
                    if offered(&self.game.observation(player), &question) {
                        self.try_attempt(player, question, now);
                    }
                }
            }
            Act::Computer {
                attempt,
                asked,
                now,
            } => {
                self.settle(now);
                let side = self.game.turn();
                let seated = matches!(self.seats.get(side), Occupant::Computer(_));
                if seated && asked == self.game.log().len() && self.game.outcome().is_none() {
                    self.try_attempt(side, attempt, now);
                }
            }
            Act::Thinking {
                asked,
                words,
                done,
                total,
            } => self.heard_thinking(asked, words, done, total),
            Act::BestSoFar { asked, attempt } => self.heard_best(asked, attempt),
            Act::MoveNow { now } => {
                if let Some(best) = self.computer_thought().and_then(|t| t.best) {
                    self.settle(now);
                    let side = self.game.turn();
                    self.try_attempt(side, best, now);
                } else if self.computer_to_move().is_some() {
                    self.hurried = Some(self.game.log().len());
                }
            }
            Act::AskHint => {
                let side = self.game.turn();
                let person = self.seats.get(side) == Occupant::Person;
                if person && self.game.outcome().is_none() && self.viewer() == Some(side) {
                    self.hint = Some(Suggestion {
                        color: side,
                        asked: self.game.log().len(),
                        attempt: None,
                    });
                }
            }
            Act::Hint { attempt, asked } => {
                if let Some(hint) = self.hint.as_mut().filter(|h| h.asked == asked) {
                    hint.attempt = Some(attempt);
                }
            }
            Act::Flip => {
                if let Some(player) = self.viewer() {
                    self.flip[player] = !self.flip[player];
                }
            }
            Act::Hide { now } => self.hide(now),
            Act::Show { now } => {
                self.hidden = false;
                self.settle(now);
            }
            Act::RemovePhantom(square) => {
                if let Some(player) = self.viewer() {
                    self.notes[player].phantoms.remove(&square);
                }
            }
            Act::ClearPhantoms => {
                if let Some(player) = self.viewer() {
                    self.notes[player].phantoms.clear();
                }
            }
            Act::TogglePhantoms => {
                if let Some(player) = self.viewer() {
                    let notes = &mut self.notes[player];
                    notes.show_phantoms = !notes.show_phantoms;
                    if !notes.show_phantoms {
                        self.input.tool = None;
                    }
                }
            }
            Act::ToggleGhosts => {
                if let Some(player) = self.viewer() {
                    let notes = &mut self.notes[player];
                    notes.show_ghosts = !notes.show_ghosts;
                }
            }
            Act::Resign { now } => {
                if let Some(player) = self.viewer() {
                    let _ = self.game.resign(player);
                    self.settle(now);
                }
            }
            Act::OfferDraw => {
                if let Some(player) = self.viewer() {
                    if self.game.outcome().is_none() && self.draw_offer.is_none() {
                        self.draw_offer = Some(player);
                    }
                }
            }
            Act::AcceptDraw { now } => {
                if let (Some(player), Some(by)) = (self.viewer(), self.draw_offer) {
                    if by != player {
                        let _ = self.game.agree_draw();
                        self.settle(now);
                    }
                }
            }
            Act::DeclineDraw => {
                if let (Some(player), Some(by)) = (self.viewer(), self.draw_offer) {
                    if by != player {
                        self.draw_offer = None;
                    }
                }
            }
        }
        if changes {
            self.revision += 1;
        }
        // Only a tick that changed nothing leaves the page as it was (the
        // clocks redraw on their own heartbeat).
        !quiet_tick || self.revision != before
    }

    /// A gesture of the viewer, who must be the person to move.
    fn gesture(&mut self, gesture: Gesture, now: f64) {
        self.settle(now);
        let Some(player) = self.actor() else {
            return;
        };
        let mut input = std::mem::take(&mut self.input);
        let intent = self.with_facts(player, |facts| input.handle(gesture, facts));
        self.input = input;
        match intent {
            Intent::Nothing => {}
            Intent::Try(attempt) => self.try_attempt(player, attempt, now),
            Intent::Phantom { square, tool } => self.phantom(player, square, tool),
        }
    }

    /// Places or takes off a phantom on a hidden square.
    fn phantom(&mut self, player: Color, square: Square, tool: TrayTool) {
        let phantoms = &mut self.notes[player].phantoms;
        match tool {
            TrayTool::Place(piece) if piece.color != player => {
                phantoms.insert(square, piece);
            }
            TrayTool::Place(_) => {}
            TrayTool::Remove => {
                phantoms.remove(&square);
            }
        }
    }

    fn reveal(&mut self, now: f64) {
        self.settle(now);
        let Curtain::Closed { next } = self.curtain else {
            return;
        };
        self.curtain = Curtain::Revealed(next);
        self.input.reset();
        self.paused_by_hiding = false;
        if let Some(clock) = self.clock.as_mut() {
            clock.reveal(now);
        }
        // What the player is told now, as a sound.
        let obs = self.game.observation(next);
        let theirs = obs.last_move.filter(|m| m.by == Some(!next));
        let check = obs.announcements.iter().any(|a| {
            a.ply as usize == self.game.plies().len() && matches!(a.message, Message::Check { .. })
        });
        if check {
            self.sound(Cue::Check);
        } else if let Some(m) = theirs {
            let cue = if m.capture_at.is_some() {
                Cue::Capture
            } else {
                Cue::Move
            };
            self.sound(cue);
        }
    }

    fn hide(&mut self, now: f64) {
        self.hidden = true;
        let timed = self.clock.is_some() && self.game.outcome().is_none();
        if !timed {
            return;
        }
        let mut stopped = false;
        if let Some(clock) = self.clock.as_mut() {
            stopped = clock.running().is_some();
            clock.pause(now);
        }
        if let Curtain::Revealed(_) = self.curtain {
            if self.has_curtain() {
                stopped = true;
                self.curtain = Curtain::Closed {
                    next: self.game.turn(),
                };
                self.input.reset();
            }
        }
        // Said on the curtain only when hiding changed something.
        self.paused_by_hiding |= stopped;
    }
}
