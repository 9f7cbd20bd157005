//! The state of a hot-seat game: two people, one device.
//!
//! [`HotSeat`] holds the true game (an [`AnyMatch`], only ever in wasm
//! memory), the settings, the privacy [`Curtain`], the clock, the selected
//! square and each player's feedback. Everything the page draws comes from
//! [`HotSeat::view`], which is built from the *viewer's* [`Observation`] and
//! is empty behind the curtain, so no hidden man can reach the DOM.
//!
//! Curtain rules: after every move (or wasted turn) the curtain drops and
//! names the next player; only [`Act::Reveal`] lifts it. The `open` model
//! needs no curtain (everything is visible anyway): its view always shows
//! the side to move. When the game ends the fog lifts ([`Curtain::Over`]):
//! both players may see the true final position.
//!
//! Clocks use [`Handoff::Paused`]: the next player's time starts when they
//! lift the curtain (see [`super::clock`]). In the `open` model the time runs
//! from the move.
//!
//! Saves: [`HotSeat::to_json`] writes the engine's [`SaveFile`] with the
//! settings, the clock and the pending draw offer in its tags;
//! [`HotSeat::from_json`] replays it and always resumes behind the curtain of
//! the player to move.

use std::rc::Rc;

use fogbound_engine::{
    save_from_json, save_to_json, AnyMatch, Attempt, Audience, ByColor, Cell, Color, Geometry,
    Message, MoveAttempt, Observation, Outcome, Piece, Resolution, Role, SeenMove, Square,
};
use yew::Reducible;

use super::clock::{Clock, Handoff};
use crate::components::board::BoardView;
use crate::pages::PlayLink;

/// Between turns a curtain hides the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Curtain {
    /// Nothing of either view is shown; `next` is to lift the curtain.
    Closed { next: Color },
    /// This player's view is shown.
    Revealed(Color),
    /// The game is over: the fog lifts.
    Over,
}

/// What a player learnt from their last attempt.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Feedback {
    pub message: String,
    /// Dark Chess: squares of the men that would attack the king.
    pub flash: Vec<Square>,
}

/// A pawn move waiting for the player's choice of a new man.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PendingPromotion {
    pub from: Square,
    pub to: Square,
    pub choices: Vec<Role>,
}

/// One entry of a player's move list, as that player knows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub by: Color,
    pub text: String,
}

/// One line of the umpire's log as a player heard it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Heard {
    pub ply: u32,
    pub public: bool,
    pub text: String,
}

/// What the player can do, as the reducer's actions. `now` is in
/// milliseconds (`Date.now()` in the page), for the clock.
#[derive(Clone, Debug, PartialEq)]
pub enum Act {
    /// The named player lifts the curtain.
    Reveal {
        now: f64,
    },
    /// The viewer clicked a square.
    Square {
        square: Square,
        now: f64,
    },
    /// The promotion picker's choice.
    Promote {
        role: Role,
        now: f64,
    },
    CancelPromotion,
    /// Kriegspiel: "Any?".
    AskAny {
        now: f64,
    },
    /// Dark Chess: use the other L route for knight moves.
    ToggleRoute,
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
}

/// A hot-seat game. See the module docs.
#[derive(Clone, Debug)]
pub struct HotSeat {
    /// The game's key in the saved-games library (kept in its save).
    id: String,
    settings: PlayLink,
    game: AnyMatch,
    curtain: Curtain,
    clock: Option<Clock>,
    selected: Option<Square>,
    promotion: Option<PendingPromotion>,
    feedback: ByColor<Option<Feedback>>,
    records: ByColor<Vec<Entry>>,
    draw_offer: Option<Color>,
    route_across: bool,
    /// Bumped on every change worth saving.
    revision: u64,
    last_saved_tick: f64,
}

/// The piece code the board draws (`wK`, `bN`).
pub fn piece_code(p: Piece) -> String {
    format!("{}{}", p.color.char(), p.role.upper_char())
}

/// The board a viewer may see: built from their observation only.
pub fn board_view(
    obs: &Observation,
    selected: Option<Square>,
    feedback: Option<&Feedback>,
) -> BoardView {
    let mut view = BoardView::empty(obs.width, obs.height);
    for (square, cell) in view.squares.iter_mut().zip(&obs.squares) {
        match cell {
            Cell::Fog => square.fog = true,
            Cell::Empty => {}
            Cell::Man(p) => square.piece = Some(piece_code(*p)),
        }
    }
    let mut mark = |sq: Square, f: &mut dyn FnMut(&mut crate::components::SquareView)| {
        if let Some(s) = view.squares.get_mut(sq.index()) {
            f(s)
        }
    };
    if let Some(lm) = obs.last_move {
        for sq in [lm.from, lm.to, lm.capture_at].into_iter().flatten() {
            mark(sq, &mut |s| s.highlight = true);
        }
    }
    if let Some(sel) = selected {
        mark(sel, &mut |s| s.highlight = true);
        for h in obs.hints.iter().filter(|h| h.from == sel) {
            mark(h.to, &mut |s| s.dest = true);
        }
    }
    if let Some(fb) = feedback {
        for &sq in &fb.flash {
            mark(sq, &mut |s| s.flash = true);
        }
    }
    view
}

/// A move as one player knows it.
pub(crate) fn describe(seen: &SeenMove, viewer: Color, g: Geometry) -> String {
    let name = |sq: Option<Square>| sq.map(|s| g.square_name(s)).unwrap_or_else(|| "?".into());
    if seen.passed {
        return "probe (turn used)".into();
    }
    let by = seen.by.unwrap_or(viewer);
    if by == viewer {
        let sep = if seen.capture_at.is_some() {
            "x"
        } else {
            "–"
        };
        let mut s = format!("{}{sep}{}", name(seen.from), name(seen.to));
        if let Some(r) = seen.promotion {
            s.push('=');
            s.push(r.upper_char());
        }
        return s;
    }
    let mut s = match (seen.from, seen.to) {
        (None, None) => "?".to_string(),
        (from, to) => format!("{}–{}", name(from), name(to)),
    };
    if let Some(c) = seen.capture_at {
        s.push_str(&format!(", took on {}", g.square_name(c)));
    }
    s
}

fn note(records: &mut ByColor<Vec<Entry>>, observations: &ByColor<Observation>, g: Geometry) {
    for c in Color::ALL {
        let obs = &observations[c];
        if let Some(seen) = obs.last_move {
            records[c].push(Entry {
                by: seen.by.unwrap_or(!obs.turn),
                text: describe(&seen, c, g),
            });
        }
    }
}

fn resolution_text(r: &Resolution, g: Geometry) -> String {
    match r {
        Resolution::Played => String::new(),
        Resolution::Illegal => "Illegal: that move is not possible. Try another.".into(),
        Resolution::Impossible => "Impossible on your own board. Try another.".into(),
        Resolution::MustTryPawnCapture => {
            "You asked “Any?” and heard yes: try a pawn capture first.".into()
        }
        Resolution::Probe { square } => format!(
            "Your pawn probed {}: nothing to capture there, and your turn was used.",
            g.square_name(*square)
        ),
        Resolution::IntoCheck { .. } => {
            "That move would leave your king in check (the attackers flash red). Try another."
                .into()
        }
        Resolution::AnyAnswer { yes: true } => "Any? Yes: you must try a pawn capture.".into(),
        Resolution::AnyAnswer { yes: false } => "Any? No pawn captures.".into(),
        Resolution::RebuffCount { count } => {
            format!("Your opponent was refused {count} time(s) last turn.")
        }
    }
}

/// An announcement as the log shows it: refusals and answers say whose
/// try or question they answer (the bare words "No" would be ambiguous).
pub(crate) fn heard_text(message: &Message, g: Geometry) -> String {
    match message {
        Message::Illegal { by, word } => format!("{by}'s try: {word}"),
        Message::Nonsense { by, word } => format!("{by}'s try: {word}"),
        Message::AnyAnswer { by, word, .. } => format!("{by} asked “Any?”: {word}"),
        other => other.text(g),
    }
}

/// `"1-0 (royal man captured)"` in words.
pub fn outcome_text(o: &Outcome) -> String {
    let who = match o.winner {
        Some(c) => format!("{c} wins"),
        None => "Draw".into(),
    };
    format!("{who}: {}", o.reason)
}

impl HotSeat {
    /// A new game with these settings; `now` starts the clock of an open game.
    pub fn new(settings: PlayLink, now: f64) -> Result<HotSeat, String> {
        let game = AnyMatch::new(&settings.engine_variant(), settings.model_spec(), None)
            .map_err(|e| e.to_string())?;
        let clock = settings
            .fischer()
            .map(|(m, i)| Clock::new(m, i, Handoff::Paused));
        let mut s = HotSeat {
            id: super::library::new_id(now),
            settings,
            curtain: Curtain::Closed { next: game.turn() },
            game,
            clock,
            selected: None,
            promotion: None,
            feedback: ByColor::default(),
            records: ByColor::default(),
            draw_offer: None,
            route_across: false,
            revision: 0,
            last_saved_tick: now,
        };
        s.settle(now);
        Ok(s)
    }

    /// The game's key in the saved-games library.
    pub fn id(&self) -> &str {
        &self.id
    }
    pub fn settings(&self) -> &PlayLink {
        &self.settings
    }
    pub fn curtain(&self) -> Curtain {
        self.curtain
    }
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }
    pub fn selected(&self) -> Option<Square> {
        self.selected
    }
    pub fn promotion(&self) -> Option<&PendingPromotion> {
        self.promotion.as_ref()
    }
    pub fn draw_offer(&self) -> Option<Color> {
        self.draw_offer
    }
    pub fn route_across(&self) -> bool {
        self.route_across
    }
    pub fn revision(&self) -> u64 {
        self.revision
    }
    pub fn geometry(&self) -> Geometry {
        self.game.geometry()
    }
    pub fn turn(&self) -> Color {
        self.game.turn()
    }
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }
    /// Plies played (moves and wasted turns).
    pub fn plies(&self) -> u32 {
        self.game.plies().len() as u32
    }

    /// The player whose view is shown, if one is.
    pub fn viewer(&self) -> Option<Color> {
        match self.curtain {
            Curtain::Revealed(c) => Some(c),
            _ => None,
        }
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
            Curtain::Revealed(c) => Some(board_view(
                &self.game.observation(c),
                self.selected,
                self.feedback[c].as_ref(),
            )),
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

    /// The viewer's move list (both players' lists once the game is over are
    /// still per player: call with the colour).
    pub fn record(&self, player: Color) -> &[Entry] {
        &self.records[player]
    }

    /// Everything the umpire said that `player` heard.
    pub fn heard(&self, player: Color) -> Vec<Heard> {
        let g = self.geometry();
        self.game
            .announcements()
            .iter()
            .filter(|a| a.audience.includes(player))
            .map(|a| Heard {
                ply: a.ply,
                public: a.audience == Audience::All,
                text: heard_text(&a.message, g),
            })
            .collect()
    }

    /// The viewer's own men lost so far (piece codes, pawns last), which
    /// the viewer always knows; a promoted pawn counts as changed, not lost.
    pub fn own_losses(&self, player: Color) -> Vec<String> {
        use std::collections::BTreeMap;
        let letter = |c: char| match player {
            Color::White => c.is_ascii_uppercase(),
            Color::Black => c.is_ascii_lowercase(),
        };
        let mut start: BTreeMap<char, i32> = BTreeMap::new();
        let fen = self.game.start_fen();
        for c in fen.split(' ').next().unwrap_or("").chars() {
            if c.is_ascii_alphabetic() && letter(c) {
                *start.entry(c.to_ascii_uppercase()).or_default() += 1;
            }
        }
        let mut now: BTreeMap<char, i32> = BTreeMap::new();
        for (_, p) in self.game.observation(player).men() {
            if p.color == player {
                *now.entry(p.role.upper_char()).or_default() += 1;
            }
        }
        let promoted: i32 = now
            .iter()
            .filter(|(&r, _)| r != 'P')
            .map(|(r, &n)| (n - start.get(r).copied().unwrap_or(0)).max(0))
            .sum();
        let mut out = Vec::new();
        for (&role, &n) in &start {
            let mut lost = (n - now.get(&role).copied().unwrap_or(0)).max(0);
            if role == 'P' {
                lost = (lost - promoted).max(0);
            }
            for _ in 0..lost {
                out.push(format!("{}{role}", player.char()));
            }
        }
        out.sort_by_key(|c| c.ends_with('P'));
        out
    }

    /// How many captures `player` made (they always know they captured).
    pub fn captures_made(&self, player: Color) -> usize {
        self.records[player]
            .iter()
            .filter(|e| e.by == player && e.text.contains('x'))
            .count()
    }

    /// The variant's promotion choices for `player`.
    fn promotion_choices(&self, player: Color) -> Vec<Role> {
        self.game.variant().promotion[player].clone()
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
            self.selected = None;
            self.promotion = None;
            self.draw_offer = None;
        } else if self.settings.is_open() {
            self.curtain = Curtain::Revealed(self.game.turn());
            if let Some(clock) = self.clock.as_mut() {
                clock.reveal(now);
            }
        }
    }

    /// `player` tries `attempt`; the turn passes on success.
    fn try_attempt(&mut self, player: Color, attempt: Attempt, now: f64) {
        let g = self.geometry();
        let said_before = self.game.announcements().len();
        self.selected = None;
        self.promotion = None;
        match self.game.attempt(player, attempt) {
            Err(e) => {
                self.feedback[player] = Some(Feedback {
                    message: format!("Not played: {e}."),
                    flash: Vec::new(),
                });
            }
            Ok(result) => {
                let heard: Vec<String> = self.game.announcements()[said_before..]
                    .iter()
                    .filter(|a| a.audience.includes(player))
                    .map(|a| a.message.text(g))
                    .collect();
                let mut message = resolution_text(&result.resolution, g);
                // A refusal or an answer: add what the umpire said (a move
                // played needs no note; the umpire's log has it).
                let refused = !result.resolution.passes_turn();
                if refused && self.settings.is_kriegspiel() && !heard.is_empty() {
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
                if result.resolution.passes_turn() {
                    note(&mut self.records, &result.observations, g);
                    if self.draw_offer == Some(!player) {
                        self.draw_offer = None;
                    }
                    if let Some(clock) = self.clock.as_mut() {
                        clock.moved(now);
                    }
                    self.curtain = Curtain::Closed {
                        next: self.game.turn(),
                    };
                }
            }
        }
        self.settle(now);
    }

    /// A move attempt from `from` to `to`, with the route the viewer chose
    /// (Dark Chess) and a promotion if one is needed.
    fn move_attempt(&self, from: Square, to: Square, promotion: Option<Role>) -> Attempt {
        let route = if self.settings.is_dark() {
            self.route(from, to)
        } else {
            None
        };
        Attempt::Move(MoveAttempt {
            from,
            to,
            promotion,
            rook_to: None,
            route,
        })
    }

    /// The two L routes of a knight-like leap (along the long axis first,
    /// then across first), as the engine names them; the chosen one.
    fn route(&self, from: Square, to: Square) -> Option<[Square; 2]> {
        let routes = self.geometry().leap_routes(from, to);
        if routes.len() < 2 {
            return None;
        }
        Some(routes[usize::from(self.route_across)])
    }

    fn click(&mut self, player: Color, square: Square, now: f64) {
        let Some(obs) = self.observation() else {
            return;
        };
        let own = |sq: Square| matches!(obs.cell(sq), Cell::Man(p) if p.color == player);
        if let Some(from) = self.selected {
            if from == square {
                self.selected = None;
                return;
            }
            let hinted = obs.hints.iter().any(|h| h.from == from && h.to == square);
            let pawn = matches!(obs.cell(from), Cell::Man(p) if p.role.spec().pawn);
            // Kriegspiel: any try the player cares to make goes to the umpire.
            // Dark Chess: a pawn "capture" where no man is seen is a probe.
            let may_try = hinted
                || (self.settings.is_kriegspiel() && !own(square))
                || (self.settings.is_dark() && pawn && !own(square));
            if may_try {
                let g = self.geometry();
                let last = g.relative_rank(player, g.rank(square)).0 + 1 == g.height();
                if pawn && last {
                    let choices = self.promotion_choices(player);
                    if choices.len() > 1 {
                        self.promotion = Some(PendingPromotion {
                            from,
                            to: square,
                            choices,
                        });
                        return;
                    }
                    let attempt = self.move_attempt(from, square, choices.first().copied());
                    self.try_attempt(player, attempt, now);
                    return;
                }
                let attempt = self.move_attempt(from, square, None);
                self.try_attempt(player, attempt, now);
                return;
            }
        }
        self.selected = own(square).then_some(square);
    }

    fn reduce_in_place(&mut self, action: Act) {
        let changes = !matches!(action, Act::Tick { .. });
        match action {
            Act::Tick { now } => {
                self.settle(now);
                let running = self.clock.as_ref().is_some_and(|c| c.running().is_some());
                if running && now - self.last_saved_tick >= 1000.0 {
                    self.last_saved_tick = now;
                    self.revision += 1;
                }
                if self.game.outcome().is_some() && self.curtain == Curtain::Over {
                    // A flag fell on this tick: that is a change to save.
                    if self.game.event().is_some() && self.clock.is_some() {
                        self.revision += 1;
                    }
                }
            }
            Act::Reveal { now } => {
                self.settle(now);
                if let Curtain::Closed { next } = self.curtain {
                    self.curtain = Curtain::Revealed(next);
                    self.selected = None;
                    if let Some(clock) = self.clock.as_mut() {
                        clock.reveal(now);
                    }
                }
            }
            Act::Square { square, now } => {
                self.settle(now);
                if let Some(player) = self.viewer().filter(|&c| c == self.game.turn()) {
                    if self.promotion.is_none() {
                        self.click(player, square, now);
                    }
                }
            }
            Act::Promote { role, now } => {
                self.settle(now);
                if let (Some(p), Some(player)) = (self.promotion.clone(), self.viewer()) {
                    let attempt = self.move_attempt(p.from, p.to, Some(role));
                    self.try_attempt(player, attempt, now);
                }
            }
            Act::CancelPromotion => self.promotion = None,
            Act::AskAny { now } => {
                self.settle(now);
                if let Some(player) = self.viewer() {
                    if self.settings.is_kriegspiel() {
                        self.try_attempt(player, Attempt::AskAny, now);
                    }
                }
            }
            Act::ToggleRoute => self.route_across = !self.route_across,
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
    }

    /// The save: the engine's [`SaveFile`] with the settings, clock, draw
    /// offer and save time in its tags.
    pub fn to_json(&self, now: f64) -> String {
        let mut save = self.game.to_save();
        save.tags.insert("id".into(), self.id.clone());
        save.tags.insert("link".into(), self.settings.to_query());
        save.tags.insert("saved_at".into(), format!("{now}"));
        if let Some(by) = self.draw_offer {
            save.tags.insert("draw_offer".into(), by.char().to_string());
        }
        if let Some(clock) = &self.clock {
            if let Ok(json) = serde_json::to_string(clock) {
                save.tags.insert("clock".into(), json);
            }
            save.clocks.increment_ms = Some(clock.increment_ms);
            save.clocks.remaining_ms = ByColor::new_with(|c| Some(clock.remaining(c.index(), now)));
        }
        save_to_json(&save)
    }

    /// Resumes a saved game behind the curtain of the player to move.
    pub fn from_json(text: &str, now: f64) -> Result<HotSeat, String> {
        let save = save_from_json(text).map_err(|e| e.to_string())?;
        let game = AnyMatch::from_save(&save).map_err(|e| e.to_string())?;
        let (settings, errors) = PlayLink::parse(save.tags.get("link").map_or("", |s| s));
        if let Some(e) = errors.first() {
            return Err(format!("the saved settings are damaged: {e}"));
        }
        let saved_at: f64 = save
            .tags
            .get("saved_at")
            .and_then(|t| t.parse().ok())
            .filter(|t: &f64| t.is_finite())
            .unwrap_or(now);
        let clock = match save.tags.get("clock") {
            Some(json) => {
                let mut clock: Clock = serde_json::from_str(json)
                    .map_err(|e| format!("the saved clock is damaged: {e}"))?;
                // The time between the last save and now is not charged.
                clock.pause(saved_at);
                Some(clock)
            }
            None => None,
        };
        let draw_offer = save
            .tags
            .get("draw_offer")
            .and_then(|t| t.chars().next())
            .and_then(Color::from_char);
        let records = rebuild_records(&game);
        let id = match save.tags.get("id") {
            Some(id) if super::library::valid_id(id) => id.clone(),
            _ => super::library::new_id(now),
        };
        let mut s = HotSeat {
            id,
            settings,
            curtain: Curtain::Closed { next: game.turn() },
            game,
            clock,
            selected: None,
            promotion: None,
            feedback: ByColor::default(),
            records,
            draw_offer,
            route_across: false,
            revision: 0,
            last_saved_tick: now,
        };
        s.settle(now);
        Ok(s)
    }

    /// The true game, for tests.
    #[cfg(test)]
    pub(crate) fn game(&self) -> &AnyMatch {
        &self.game
    }
}

/// Each player's move list, rebuilt by replaying the log on a fresh match.
fn rebuild_records(game: &AnyMatch) -> ByColor<Vec<Entry>> {
    let mut records = ByColor::default();
    let Ok(mut fresh) = AnyMatch::new(game.variant(), game.spec().clone(), Some(&game.start_fen()))
    else {
        return records;
    };
    let g = fresh.geometry();
    for entry in game.log() {
        if let Ok(r) = fresh.attempt(entry.player, entry.attempt) {
            if r.resolution.passes_turn() {
                note(&mut records, &r.observations, g);
            }
        }
    }
    records
}

/// The page's state: the settings form, or a game.
#[derive(Clone, Debug, Default)]
pub struct Table {
    pub game: Option<HotSeat>,
    /// How many games were started or resumed (tells saves of two games apart).
    pub starts: u64,
}

pub enum TableAction {
    Start(Box<HotSeat>),
    /// Back to the settings form (the saved game stays until a new start).
    Leave,
    Play(Act),
}

impl Reducible for Table {
    type Action = TableAction;

    fn reduce(self: Rc<Self>, action: TableAction) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            TableAction::Start(game) => {
                next.game = Some(*game);
                next.starts += 1;
            }
            TableAction::Leave => next.game = None,
            TableAction::Play(act) => match next.game.as_mut() {
                Some(game) => game.reduce_in_place(act),
                None => return self,
            },
        }
        Rc::new(next)
    }
}

impl HotSeat {
    /// Applies an action (what the reducer does), for tests and the page.
    pub fn apply(&mut self, action: Act) {
        self.reduce_in_place(action);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(query: &str) -> PlayLink {
        let (link, errors) = PlayLink::parse(query);
        assert!(errors.is_empty(), "{errors:?}");
        link
    }

    fn sq(g: Geometry, name: &str) -> Square {
        g.parse_square(name).unwrap()
    }

    fn play(s: &mut HotSeat, from: &str, to: &str) {
        let g = s.geometry();
        s.apply(Act::Square {
            square: sq(g, from),
            now: 0.0,
        });
        s.apply(Act::Square {
            square: sq(g, to),
            now: 0.0,
        });
    }

    #[test]
    fn the_curtain_opens_only_when_asked_and_drops_after_a_move() {
        let mut s = HotSeat::new(settings("model=fog"), 0.0).unwrap();
        assert_eq!(s.curtain(), Curtain::Closed { next: Color::White });
        assert!(s.view().is_none());
        assert!(s.observation().is_none());
        // Clicks behind the curtain do nothing.
        play(&mut s, "e2", "e4");
        assert_eq!(s.game().log().len(), 0);
        s.apply(Act::Reveal { now: 0.0 });
        assert_eq!(s.curtain(), Curtain::Revealed(Color::White));
        assert!(s.view().is_some());
        play(&mut s, "e2", "e4");
        assert_eq!(s.game().log().len(), 1);
        assert_eq!(s.curtain(), Curtain::Closed { next: Color::Black });
        assert!(s.view().is_none());
        s.apply(Act::Reveal { now: 0.0 });
        assert_eq!(s.curtain(), Curtain::Revealed(Color::Black));
        assert_eq!(s.record(Color::White)[0].text, "e2–e4");
    }

    #[test]
    fn selecting_shows_hinted_destinations_only() {
        let mut s = HotSeat::new(settings("model=fog"), 0.0).unwrap();
        s.apply(Act::Reveal { now: 0.0 });
        let g = s.geometry();
        s.apply(Act::Square {
            square: sq(g, "g1"),
            now: 0.0,
        });
        let view = s.view().unwrap();
        let dests: Vec<String> = (0..64)
            .filter(|&i| view.squares[i].dest)
            .map(|i| g.square_name(Square(i as u8)))
            .collect();
        assert_eq!(dests, vec!["f3", "h3"]);
        // An empty square deselects; an unhinted target does not move.
        play(&mut s, "g1", "g3");
        assert_eq!(s.game().log().len(), 0);
    }

    #[test]
    fn open_games_have_no_curtain() {
        let mut s = HotSeat::new(settings("model=open"), 0.0).unwrap();
        assert_eq!(s.curtain(), Curtain::Revealed(Color::White));
        play(&mut s, "e2", "e4");
        assert_eq!(s.curtain(), Curtain::Revealed(Color::Black));
    }

    #[test]
    fn a_fog_game_ends_with_a_king_capture_and_the_fog_lifts() {
        let mut s = HotSeat::new(settings("model=fog"), 0.0).unwrap();
        for (from, to) in [
            ("e2", "e4"),
            ("f7", "f6"),
            ("d1", "h5"),
            ("a7", "a6"),
            ("h5", "e8"),
        ] {
            s.apply(Act::Reveal { now: 0.0 });
            play(&mut s, from, to);
        }
        assert_eq!(s.outcome().unwrap().winner, Some(Color::White));
        assert_eq!(s.curtain(), Curtain::Over);
        assert_eq!(s.captures_made(Color::White), 1);
        assert_eq!(s.own_losses(Color::Black), vec!["bK".to_string()]);
        assert!(s.own_losses(Color::White).is_empty());
        assert!(s
            .view()
            .unwrap()
            .squares
            .iter()
            .any(|v| v.piece.as_deref() == Some("bR")));
    }

    #[test]
    fn kriegspiel_refusals_keep_the_turn_and_explain() {
        let mut s = HotSeat::new(settings("model=kriegspiel&preset=cvp"), 0.0).unwrap();
        s.apply(Act::Reveal { now: 0.0 });
        // A pawn capture try onto an empty square: refused, same player.
        play(&mut s, "e2", "d3");
        assert_eq!(s.curtain(), Curtain::Revealed(Color::White));
        assert!(!s.feedback().unwrap().message.is_empty());
        s.apply(Act::AskAny { now: 0.0 });
        assert_eq!(s.curtain(), Curtain::Revealed(Color::White));
        assert!(s.feedback().is_some());
        play(&mut s, "e2", "e4");
        assert_eq!(s.curtain(), Curtain::Closed { next: Color::Black });
        // Black heard that White moved, never where.
        assert!(s
            .heard(Color::Black)
            .iter()
            .any(|h| h.text.contains("White")));
        assert_eq!(s.record(Color::Black)[0].text, "?");
    }

    #[test]
    fn promotion_waits_for_the_choice() {
        let mut s = HotSeat::new(settings("model=open"), 0.0).unwrap();
        for (from, to) in [
            ("h2", "h4"),
            ("g7", "g5"),
            ("h4", "g5"),
            ("g8", "f6"),
            ("g5", "g6"),
            ("f6", "g8"),
            ("g6", "g7"),
            ("e7", "e6"),
        ] {
            play(&mut s, from, to);
        }
        play(&mut s, "g7", "h8");
        let pending = s.promotion().cloned().expect("a picker");
        assert!(pending.choices.contains(&Role::Knight));
        s.apply(Act::Promote {
            role: Role::Knight,
            now: 0.0,
        });
        assert!(s.promotion().is_none());
        assert!(s.game().fen().starts_with("rnbqkbnN/"));
        // White's pawn became a knight: nothing lost. Black lost a pawn
        // and the rook.
        assert!(s.own_losses(Color::White).is_empty());
        assert_eq!(s.own_losses(Color::Black), vec!["bR", "bP"]);
    }

    #[test]
    fn saves_resume_behind_the_curtain_with_the_clock() {
        let mut s = HotSeat::new(settings("model=dark&clock=3+2"), 0.0).unwrap();
        s.apply(Act::Reveal { now: 1000.0 });
        s.apply(Act::Square {
            square: sq(s.geometry(), "e2"),
            now: 2000.0,
        });
        s.apply(Act::Square {
            square: sq(s.geometry(), "e4"),
            now: 11_000.0,
        });
        s.apply(Act::OfferDraw);
        let json = s.to_json(20_000.0);
        let back = HotSeat::from_json(&json, 99_000.0).unwrap();
        assert_eq!(back.curtain(), Curtain::Closed { next: Color::Black });
        assert_eq!(back.game().fens(), s.game().fens());
        assert_eq!(back.settings(), s.settings());
        assert_eq!(
            back.clock().unwrap().remaining(0, 99_000.0),
            180_000 - 10_000 + 2_000
        );
        assert_eq!(back.record(Color::White), s.record(Color::White));
        assert_eq!(back.record(Color::Black), s.record(Color::Black));
        for bad in ["", "{", "{\"version\":1}", "null", "[1,2]"] {
            assert!(HotSeat::from_json(bad, 0.0).is_err());
        }
    }

    #[test]
    fn dark_chess_probes_and_knight_routes() {
        let mut s = HotSeat::new(settings("model=dark"), 0.0).unwrap();
        let g = s.geometry();
        // The route toggle picks the second L route for a knight move.
        assert_eq!(
            s.move_attempt(sq(g, "g1"), sq(g, "f3"), None),
            Attempt::Move(MoveAttempt {
                from: sq(g, "g1"),
                to: sq(g, "f3"),
                promotion: None,
                rook_to: None,
                route: Some([sq(g, "g2"), sq(g, "g3")]),
            })
        );
        s.apply(Act::ToggleRoute);
        assert_eq!(
            s.move_attempt(sq(g, "g1"), sq(g, "f3"), None)
                .as_move()
                .unwrap()
                .route,
            Some([sq(g, "f1"), sq(g, "f2")])
        );
        for (from, to) in [("e2", "e4"), ("a7", "a6")] {
            s.apply(Act::Reveal { now: 0.0 });
            play(&mut s, from, to);
        }
        s.apply(Act::Reveal { now: 0.0 });
        let obs = s.observation().unwrap();
        let e4 = sq(g, "e4");
        let probes: Vec<String> = obs
            .hints
            .iter()
            .filter(|h| h.from == e4)
            .map(|h| g.square_name(h.to))
            .collect();
        // A pawn capture into the unknown is a probe: the turn is used.
        assert_eq!(probes, vec!["e5"]);
        {
            play(&mut s, "e4", "d5");
            assert_eq!(s.curtain(), Curtain::Closed { next: Color::Black });
            s.apply(Act::Reveal { now: 0.0 });
            s.apply(Act::Reveal { now: 0.0 });
            assert_eq!(
                s.record(Color::White).last().unwrap().text,
                "probe (turn used)"
            );
            assert_eq!(s.record(Color::Black).last().unwrap().text, "?");
            assert!(s.feedback().is_none(), "Black learns nothing of the probe");
            play(&mut s, "b7", "b6");
            s.apply(Act::Reveal { now: 0.0 });
            assert!(s.feedback().unwrap().message.contains("probed d5"));
        }
    }

    #[test]
    fn the_view_marks_only_what_the_viewer_knows() {
        let game = AnyMatch::new(
            &fogbound_engine::Variant::chess(),
            fogbound_engine::ModelSpec::Fog,
            None,
        )
        .unwrap();
        let g = game.geometry();
        let mut obs = game.observation(Color::White);
        obs.last_move = Some(SeenMove {
            by: Some(Color::Black),
            from: None,
            to: Some(sq(g, "e5")),
            ..SeenMove::default()
        });
        let feedback = Feedback {
            message: "x".into(),
            flash: vec![sq(g, "b4")],
        };
        let view = board_view(&obs, Some(sq(g, "b1")), Some(&feedback));
        let at = |name: &str| &view.squares[sq(g, name).index()];
        assert!(at("e5").highlight && at("e5").fog && at("e5").piece.is_none());
        assert!(at("b1").highlight);
        assert!(at("a3").dest && at("c3").dest && !at("d2").dest);
        assert!(at("b4").flash);
        assert_eq!(
            view.squares.iter().filter(|s| s.piece.is_some()).count(),
            16
        );
        assert_eq!(view.squares.iter().filter(|s| s.fog).count(), 32);
    }

    #[test]
    fn flag_fall_ends_the_game() {
        let mut s = HotSeat::new(settings("model=fog&clock=1+0"), 0.0).unwrap();
        s.apply(Act::Reveal { now: 0.0 });
        s.apply(Act::Tick { now: 59_000.0 });
        assert!(s.outcome().is_none());
        s.apply(Act::Tick { now: 60_500.0 });
        assert_eq!(s.outcome().unwrap().winner, Some(Color::Black));
        assert_eq!(s.curtain(), Curtain::Over);
    }

    #[test]
    fn resign_and_draws() {
        let mut s = HotSeat::new(settings("model=fog"), 0.0).unwrap();
        s.apply(Act::Reveal { now: 0.0 });
        s.apply(Act::OfferDraw);
        s.apply(Act::AcceptDraw { now: 0.0 }); // one's own offer: nothing
        assert!(s.outcome().is_none());
        play(&mut s, "e2", "e4");
        s.apply(Act::Reveal { now: 0.0 });
        assert_eq!(s.draw_offer(), Some(Color::White));
        s.apply(Act::AcceptDraw { now: 0.0 });
        assert_eq!(s.outcome().unwrap().winner, None);
        let mut s = HotSeat::new(settings("model=fog"), 0.0).unwrap();
        s.apply(Act::Reveal { now: 0.0 });
        s.apply(Act::Resign { now: 0.0 });
        assert_eq!(s.outcome().unwrap().winner, Some(Color::Black));
    }

    /// A small deterministic generator for the random games.
    struct Lcg(u64);
    impl Lcg {
        fn next(&mut self, n: usize) -> usize {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((self.0 >> 33) as usize) % n.max(1)
        }
    }

    fn visible(game: &AnyMatch, c: Color) -> Vec<Square> {
        match game {
            AnyMatch::B64(m) => m.visible_squares(c),
            AnyMatch::B128(m) => m.visible_squares(c),
            AnyMatch::B256(m) => m.visible_squares(c),
        }
    }

    #[test]
    fn views_never_show_hidden_men_in_random_games() {
        let mut plies = 0;
        for query in [
            "model=fog",
            "model=dark",
            "model=kriegspiel&preset=cvp",
            "model=kriegspiel&preset=berkeley-any",
            "variant=foolish-king&model=fog",
            "variant=foolish-king&model=dark",
        ] {
            for seed in 1..=4u64 {
                let mut rng = Lcg(seed * 7919);
                let mut s = HotSeat::new(settings(query), 0.0).unwrap();
                let g = s.geometry();
                let n = g.square_count();
                for _ in 0..160 {
                    if s.outcome().is_some() {
                        break;
                    }
                    s.apply(Act::Reveal { now: 0.0 });
                    let viewer = s.viewer().unwrap();
                    let obs = s.observation().unwrap();
                    // Choose: a hinted move mostly, a random try sometimes.
                    let (from, to) = if !obs.hints.is_empty() && rng.next(5) > 0 {
                        let h = obs.hints[rng.next(obs.hints.len())];
                        (h.from, h.to)
                    } else {
                        let own: Vec<Square> = obs
                            .men()
                            .into_iter()
                            .filter(|(_, p)| p.color == viewer)
                            .map(|(q, _)| q)
                            .collect();
                        (own[rng.next(own.len())], Square(rng.next(n) as u8))
                    };
                    if rng.next(10) == 0 {
                        s.apply(Act::AskAny { now: 0.0 });
                    }
                    s.apply(Act::Square {
                        square: from,
                        now: 0.0,
                    });
                    // The view with a selection: every man shown is in the
                    // observation, enemy men only on visible squares.
                    check_view(&s, viewer);
                    s.apply(Act::Square {
                        square: to,
                        now: 0.0,
                    });
                    if let Some(p) = s.promotion().cloned() {
                        s.apply(Act::Promote {
                            role: p.choices[0],
                            now: 0.0,
                        });
                    }
                    if s.viewer().is_some() {
                        check_view(&s, viewer);
                    }
                    assert!(
                        s.view().is_none() || s.viewer().is_some() || s.outcome().is_some(),
                        "a view is drawn behind the curtain"
                    );
                }
                plies += s.game().plies().len();
            }
        }
        assert!(plies > 1000, "the random games hardly moved: {plies} plies");
    }

    fn check_view(s: &HotSeat, viewer: Color) {
        let obs = s.observation().unwrap();
        let view = s.view().unwrap();
        let seen = visible(s.game(), viewer);
        for (i, square) in view.squares.iter().enumerate() {
            let sq = Square(i as u8);
            match (&square.piece, obs.cell(sq)) {
                (Some(code), Cell::Man(p)) => {
                    assert_eq!(*code, piece_code(p));
                    if p.color != viewer {
                        assert!(seen.contains(&sq), "hidden man drawn on {i}");
                    }
                }
                (None, Cell::Man(_)) => panic!("a seen man not drawn"),
                (Some(_), _) => panic!("a man drawn that the viewer does not see"),
                (None, Cell::Fog) => assert!(square.fog),
                (None, Cell::Empty) => assert!(!square.fog),
            }
            if square.dest {
                assert!(obs.hints.iter().any(|h| h.to == sq));
            }
        }
    }
}
