//! The game table: one match and two seats, whoever sits in them.
//!
//! [`GameTable`] holds the true game (an [`AnyMatch`], only ever in wasm
//! memory), the settings, the [`Seats`], the [`Curtain`], the clock, each
//! person's [`Input`] state, feedback, move lists and memory aids.
//! Everything the page draws comes from the viewer's [`Observation`]
//! ([`GameTable::view`] is empty behind the curtain), so no hidden man can
//! reach the DOM; an automated seat is handed its own side's observations
//! only ([`GameTable::computer_turn`]).
//!
//! Hot-seat (two people, a curtain between turns), a person against the
//! computer (no curtain; the computer thinks in the worker) and a puzzle
//! are configurations of this one table.
//!
//! Curtain rules with two people and hidden men: after a move the mover
//! still sees their board — what the moved man now sees, what it took —
//! until they press "Pass to …" ([`Act::Pass`]); the curtain then names the
//! next player, and only [`Act::Reveal`] lifts it. Without a curtain the
//! screen shows the lone person's view for good (or, with nothing hidden,
//! the side to move). When the game ends the fog lifts ([`Curtain::Over`]).
//!
//! Clocks count the hand-off as the settings say (see [`super::clock`]).
//! When the page is hidden during a timed game ([`Act::Hide`]) the clock
//! stops and, between two people, the curtain comes down.
//!
//! Files: `reduce.rs` applies [`Act`]s; `computer.rs` asks an automated
//! seat for its attempt; `persist.rs` writes and resumes saves.

mod computer;
mod persist;
mod reduce;
#[cfg(test)]
mod tests;

use fogbound_engine::small_sort::sort_small_by_key;
use fogbound_engine::{
    AnyMatch, Attempt, ByColor, Color, Geometry, Message, MoveTextError, Observation, Outcome,
    Piece, Resolution, Role, Square, Variant,
};

use super::aids::{ghost_caps, Ghosts, Notes, TrayTool};
use super::clock::Clock;
use super::input::{BoardFacts, Input, PendingCastle, PendingPromotion};
use super::picture::{board_view, with_aids};
use super::record::{Entry, Records};
use super::seats::{Curtain, Occupant, Seats};
use super::settings::PlayLink;
use super::sound::Cue;
use super::words::resolution_text;
use crate::components::board::BoardView;

pub use computer::{ComputerThought, ComputerTurn, SuggestionRequest};
pub use persist::{new_id, valid_id};
pub use reduce::Act;

/// What a player learnt from their last attempt.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Feedback {
    pub message: String,
    /// Dark Chess: squares of the men that would attack the king.
    pub flash: Vec<Square>,
}

/// A game at the table. See the module docs.
#[derive(Clone, Debug)]
pub struct GameTable {
    /// The game's key in the saved-games library (kept in its save).
    id: String,
    settings: PlayLink,
    seats: Seats,
    game: AnyMatch,
    curtain: Curtain,
    clock: Option<Clock>,
    /// The person's gestures in progress (one person acts at a time).
    input: Input,
    feedback: ByColor<Option<Feedback>>,
    records: Records,
    draw_offer: Option<Color>,
    /// Each player's own flip of their board (not saved).
    flip: ByColor<bool>,
    /// Bumped on every change worth saving.
    revision: u64,
    last_saved_tick: f64,
    /// Each player's phantoms and aid switches (saved).
    notes: ByColor<Notes>,
    /// Each player's last-seen ghosts (rebuilt from the log on load).
    ghosts: ByColor<Ghosts>,
    /// The page is hidden.
    hidden: bool,
    /// The clock was stopped and the curtain dropped because the page was
    /// hidden (said on the curtain until it is lifted).
    paused_by_hiding: bool,
    /// The sound of the last action and a counter telling new cues apart.
    cue: Option<Cue>,
    cues: u64,
    /// The attempt count at which "Move now" was pressed (not saved).
    hurried: Option<usize>,
    /// The last hint asked for (not saved).
    hint: Option<Suggestion>,
    /// What the computer's search has reached on its current attempt (not
    /// saved).
    thought: Option<ComputerThought>,
}

/// The hint a person asked for: what the computer would play for them,
/// asked at attempt count `asked`; `attempt` is `None` while the worker
/// thinks. (Not the engine's `Hint`, a destination the board may show.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Suggestion {
    pub color: Color,
    pub asked: usize,
    pub attempt: Option<Attempt>,
}

impl GameTable {
    /// A new game with these settings; `now` starts the clock of a game
    /// without a curtain.
    pub fn new(settings: PlayLink, now: f64) -> Result<GameTable, String> {
        let game = AnyMatch::new(&settings.engine_variant(), settings.model_spec(), None)
            .map_err(|e| e.to_string())?;
        let clock = settings
            .fischer()
            .map(|(m, i)| Clock::new(m, i, settings.handoff));
        let mut s = GameTable::assemble(settings, game, clock, now);
        for c in Color::ALL {
            let obs = s.game.observation(c);
            s.see(c, &obs);
        }
        s.settle(now);
        Ok(s)
    }

    /// A game in its first state around `game` (records, ghosts and notes
    /// empty).
    fn assemble(settings: PlayLink, game: AnyMatch, clock: Option<Clock>, now: f64) -> GameTable {
        GameTable {
            id: new_id(now),
            seats: settings.seats(),
            settings,
            curtain: Curtain::Closed { next: game.turn() },
            game,
            clock,
            input: Input::default(),
            feedback: ByColor::default(),
            records: Records::default(),
            draw_offer: None,
            flip: ByColor::default(),
            revision: 0,
            last_saved_tick: now,
            notes: ByColor::default(),
            ghosts: ByColor::default(),
            hidden: false,
            paused_by_hiding: false,
            cue: None,
            cues: 0,
            hurried: None,
            hint: None,
            thought: None,
        }
    }

    /// The game's key in the saved-games library.
    pub fn id(&self) -> &str {
        &self.id
    }
    pub fn settings(&self) -> &PlayLink {
        &self.settings
    }
    pub fn seats(&self) -> Seats {
        self.seats
    }
    /// A player as the page names them (`Ann (White)` or `White`).
    pub fn player(&self, color: Color) -> String {
        match self.seats.get(color) {
            Occupant::Computer(kind) => format!("{} ({color})", kind.label()),
            Occupant::Person => self.settings.names.label(color),
        }
    }
    /// A player's own name (`Ann`, `White`, or the automated player's).
    pub fn name(&self, color: Color) -> String {
        match self.seats.get(color) {
            Occupant::Computer(kind) => kind.label().to_string(),
            Occupant::Person => self.settings.names.get(color).to_string(),
        }
    }
    /// The viewer's phantoms and aid switches.
    pub fn notes(&self, player: Color) -> &Notes {
        &self.notes[player]
    }
    /// The squares of `player`'s phantoms.
    pub fn phantom_squares(&self, player: Color) -> Vec<Square> {
        self.notes[player].phantoms.keys().copied().collect()
    }
    /// The viewer's ghost bookkeeping.
    pub fn ghosts(&self, player: Color) -> &Ghosts {
        &self.ghosts[player]
    }
    /// The person's input state (selection, pickers, tool, typed error).
    pub fn input(&self) -> &Input {
        &self.input
    }
    pub fn tool(&self) -> Option<TrayTool> {
        self.input.tool
    }
    pub fn typed_error(&self) -> Option<&str> {
        self.input.typed_error.as_deref()
    }
    pub fn selected(&self) -> Option<Square> {
        self.input.selected
    }
    pub fn promotion(&self) -> Option<&PendingPromotion> {
        self.input.promotion.as_ref()
    }
    pub fn castle(&self) -> Option<&PendingCastle> {
        self.input.castle.as_ref()
    }
    pub fn route_across(&self) -> bool {
        self.input.route_across
    }
    pub fn paused_by_hiding(&self) -> bool {
        self.paused_by_hiding
    }
    /// The sound of the last action, with a counter that changes whenever a
    /// new cue is given.
    pub fn cue(&self) -> (u64, Option<Cue>) {
        (self.cues, self.cue)
    }
    /// Plies played (moves and wasted turns).
    pub fn plies(&self) -> usize {
        self.game.plies().len()
    }
    /// Whether an umpire speaks in this game (its log is shown).
    pub fn has_umpire(&self) -> bool {
        self.game.spec().has_umpire()
    }
    /// Whether the model hides men from the players (the engine's
    /// `ModelSpec::hides_men`): what the curtain, the aids and the words
    /// about fog depend on.
    pub fn hides_men(&self) -> bool {
        self.game.spec().hides_men()
    }
    /// Whether the memory aids mean anything (someone cannot see everything).
    pub fn has_aids(&self) -> bool {
        self.hides_men()
    }
    /// Whether a curtain hides the board between turns at this table.
    pub fn has_curtain(&self) -> bool {
        self.seats.need_curtain(self.game.spec().hides_men())
    }
    /// The enemy men `player` may put on the board as phantoms (the roles
    /// of the variant, as the enemy's colour).
    pub fn tray(&self, player: Color) -> Vec<Piece> {
        let mut roles: Vec<Role> = Vec::new();
        let fen = self.game.start_fen();
        for c in fen.split(' ').next().unwrap_or("").chars() {
            if let Some(p) = Piece::from_char(c) {
                if p.color != player && !roles.contains(&p.role) {
                    roles.push(p.role);
                }
            }
        }
        for &r in &self.game.variant().promotion[!player] {
            if !roles.contains(&r) {
                roles.push(r);
            }
        }
        const ORDER: [Role; 9] = [
            Role::King,
            Role::Fool,
            Role::Queen,
            Role::Archbishop,
            Role::Hunter,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Pawn,
        ];
        sort_small_by_key(&mut roles, |r| {
            ORDER.iter().position(|x| x == r).unwrap_or(usize::MAX)
        });
        roles
            .into_iter()
            .map(|role| Piece {
                color: !player,
                role,
            })
            .collect()
    }
    pub fn curtain(&self) -> Curtain {
        self.curtain
    }
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }
    pub fn draw_offer(&self) -> Option<Color> {
        self.draw_offer
    }
    /// Whether `player` turned their board around.
    pub fn flipped(&self, player: Color) -> bool {
        self.flip[player]
    }
    pub fn revision(&self) -> u64 {
        self.revision
    }
    pub fn geometry(&self) -> Geometry {
        self.game.geometry()
    }
    /// The rules played (public: both players know them).
    pub fn variant(&self) -> &Variant {
        self.game.variant()
    }
    pub fn turn(&self) -> Color {
        self.game.turn()
    }
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    /// The player whose view is shown, if one is.
    pub fn viewer(&self) -> Option<Color> {
        match self.curtain {
            Curtain::Revealed(c) => Some(c),
            _ => None,
        }
    }

    /// The viewer when it is their turn: the person who may act now.
    fn actor(&self) -> Option<Color> {
        self.viewer().filter(|&c| {
            c == self.game.turn()
                && self.seats.get(c) == Occupant::Person
                && self.outcome().is_none()
        })
    }

    /// Whether the viewer has moved and should now hand the device over.
    pub fn passing(&self) -> bool {
        self.has_curtain() && self.viewer().is_some_and(|c| c != self.game.turn())
    }

    /// The viewer's observation (none behind the curtain).
    pub fn observation(&self) -> Option<Observation> {
        self.viewer().map(|c| self.game.observation(c))
    }

    /// The board to draw: the viewer's picture, the true final position once
    /// the game is over, nothing behind the curtain.
    pub fn view(&self) -> Option<BoardView> {
        match self.curtain {
            Curtain::Closed { .. } => None,
            Curtain::Revealed(c) => {
                let obs = self.game.observation(c);
                let view = board_view(
                    &obs,
                    self.input.selected,
                    self.feedback[c].as_ref().map_or(&[][..], |f| &f.flash),
                );
                let mut view = with_aids(view, &obs, &self.ghosts[c], &self.notes[c]);
                if let Some(Attempt::Move(m)) =
                    self.hint().filter(|h| h.color == c).and_then(|h| h.attempt)
                {
                    for square in [m.from, m.to] {
                        if let Some(s) = view.squares.get_mut(square.index()) {
                            s.hint = true;
                        }
                    }
                }
                Some(view)
            }
            Curtain::Over => {
                let fen = self.game.fen();
                let placement = fen.split(' ').next().unwrap_or("");
                let g = self.geometry();
                BoardView::from_placement(g.width(), g.height(), placement)
            }
        }
    }

    /// The viewer's feedback from their last attempt.
    pub fn feedback(&self) -> Option<&Feedback> {
        self.viewer().and_then(|c| self.feedback[c].as_ref())
    }

    /// A player's move list, as that player knows it.
    pub fn record(&self, player: Color) -> &[Entry] {
        self.records.of(player)
    }

    /// Everything the umpire said that `player` heard.
    pub fn heard(&self, player: Color) -> Vec<super::record::Heard> {
        super::record::heard(&self.game, player)
    }

    /// The viewer's own men lost so far (piece codes, pawns last).
    pub fn own_losses(&self, player: Color) -> Vec<String> {
        super::record::own_losses(
            &self.game.start_fen(),
            &self.game.observation(player),
            player,
        )
    }

    /// How many captures `player` made (they always know they captured).
    pub fn captures_made(&self, player: Color) -> usize {
        self.records.captures_made(player)
    }

    /// The clock, then the game's end, then the curtain: brought in line.
    fn settle(&mut self, now: f64) {
        if let Some(clock) = self.clock.as_mut() {
            if self.game.outcome().is_none() {
                if let Some(side) = clock.check_flag(now) {
                    let color = if side == 0 {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let _ = self.game.flag_fall(color);
                }
            }
        }
        if self.game.outcome().is_some() {
            if let Some(clock) = self.clock.as_mut() {
                clock.stop(now);
            }
            self.curtain = Curtain::Over;
            self.input.reset();
            self.draw_offer = None;
        } else if !self.has_curtain() {
            let shown = self.seats.lone_person().unwrap_or_else(|| self.game.turn());
            self.curtain = Curtain::Revealed(shown);
            if !self.hidden {
                if let Some(clock) = self.clock.as_mut() {
                    clock.reveal(now);
                }
            }
        }
    }

    /// The facts of `player`'s board the input machine reads.
    fn with_facts<T>(&self, player: Color, f: impl FnOnce(&BoardFacts) -> T) -> T {
        let obs = self.game.observation(player);
        let promotions = self.game.variant().promotion[player].clone();
        let castling = |from: Square, to: Square| self.game.castling_choices(player, from, to);
        let parse = |text: &str| {
            self.game.parse_attempt(player, text).map_err(|e| {
                let text = text.trim();
                match (&e, self.game.why_no_move(player, text)) {
                    (MoveTextError::Illegal { .. }, Some(why)) => {
                        format!("“{text}” is impossible on your board: {why}.")
                    }
                    (MoveTextError::Illegal { .. }, None) => {
                        format!("“{text}” is impossible on your board.")
                    }
                    _ => format!("Could not read “{text}”: {e}."),
                }
            })
        };
        f(&BoardFacts {
            observation: &obs,
            geometry: self.geometry(),
            promotions: &promotions,
            castling: &castling,
            parse: &parse,
        })
    }

    /// `player` tries `attempt`; the turn passes on success.
    fn try_attempt(&mut self, player: Color, attempt: Attempt, now: f64) {
        let g = self.geometry();
        let said_before = self.game.announcements().len();
        let plies_before = self.game.plies().len();
        self.input.reset();
        match self.game.attempt(player, attempt) {
            Err(e) => {
                self.feedback[player] = Some(Feedback {
                    message: format!("Not played: {e}."),
                    flash: Vec::new(),
                });
                self.sound(Cue::Refused);
            }
            Ok(result) => {
                let said = &self.game.announcements()[said_before..];
                let heard: Vec<String> = said
                    .iter()
                    .filter(|a| a.audience.includes(player))
                    .map(|a| a.message.text(g))
                    .collect();
                let check_heard = said.iter().any(|a| {
                    a.audience.includes(player) && matches!(a.message, Message::Check { .. })
                });
                let mut message = resolution_text(&result.resolution, g);
                // A refusal: add the umpire's words (a move played or a
                // question answered needs no note; the umpire's log has it).
                let refused = matches!(
                    result.resolution,
                    Resolution::Illegal | Resolution::Impossible | Resolution::MustTryPawnCapture
                );
                if refused && self.game.spec().has_umpire() && !heard.is_empty() {
                    if !message.is_empty() {
                        message.push(' ');
                    }
                    message.push_str(&format!("Umpire: {}", heard.join(" · ")));
                }
                let flash = match &result.resolution {
                    Resolution::IntoCheck { attackers } => attackers.clone(),
                    _ => Vec::new(),
                };
                self.feedback[player] =
                    (!message.is_empty()).then_some(Feedback { message, flash });
                let mine = result.observations[player].last_move;
                self.sound(match (&result.resolution, mine) {
                    (_, _) if result.outcome.is_some() => Cue::End,
                    (_, _) if check_heard => Cue::Check,
                    (Resolution::Played, Some(m)) if m.capture_at.is_some() => Cue::Capture,
                    (Resolution::Played, _) => Cue::Move,
                    (Resolution::AnyAnswer { .. } | Resolution::RebuffCount { .. }, _) => Cue::Move,
                    _ => Cue::Refused,
                });
                if result.resolution.passes_turn() {
                    self.records
                        .note(&self.game, plies_before, &result.observations);
                    if let Some(mine) = mine {
                        self.ghosts[player].own_move(&mine);
                    }
                    if result.outcome.is_none() {
                        // The mover looks at what the move showed them; the
                        // next player is shown the start of their turn.
                        for c in Color::ALL {
                            self.see(c, &result.observations[c]);
                        }
                    }
                    if self.draw_offer == Some(!player) {
                        self.draw_offer = None;
                    }
                    if let Some(clock) = self.clock.as_mut() {
                        clock.moved(now);
                    }
                    if self.has_curtain() {
                        // The mover keeps their view until they pass.
                        self.curtain = Curtain::Revealed(player);
                    }
                }
            }
        }
        self.settle(now);
    }

    /// `player` is shown `obs`: their ghosts follow it, and phantoms on
    /// squares they now see are dropped.
    fn see(&mut self, player: Color, obs: &Observation) {
        let caps = caps_for(&self.game, player);
        self.ghosts[player].shown(obs, &caps);
        self.notes[player]
            .phantoms
            .retain(|&sq, _| obs.cell(sq) == fogbound_engine::Cell::Fog);
    }

    fn sound(&mut self, cue: Cue) {
        self.cue = Some(cue);
        self.cues += 1;
    }

    /// `player`'s move attempt `m` in SAN as their own board shows it now
    /// (the hint's words).
    pub fn attempt_san(&self, player: Color, m: &fogbound_engine::MoveAttempt) -> String {
        self.game.attempt_san(player, m)
    }

    /// The true game, for tests.
    #[cfg(test)]
    pub(crate) fn game(&self) -> &AnyMatch {
        &self.game
    }
}

/// The ghost limits of `player` in `game` (see [`ghost_caps`]).
fn caps_for(game: &AnyMatch, player: Color) -> Vec<(Piece, usize)> {
    let fen = game.start_fen();
    ghost_caps(
        fen.split(' ').next().unwrap_or(""),
        !player,
        &game.variant().promotion[!player],
    )
}
