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
//! Clocks count the hand-off as the settings say ([`Handoff`], paused by
//! default: the next player's time starts when they lift the curtain; see
//! [`super::clock`]). In the `open` model the time runs from the move. When
//! the page is hidden during a timed game ([`Act::Hide`]) the clock stops
//! and the curtain comes down.
//!
//! Memory aids ([`super::aids`]): each player's phantoms and last-seen
//! ghosts, drawn only in that player's view. Sounds ([`super::sound`]): the
//! cue of the last action, decided from what the viewer is told.
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

use super::aids::{ghost_caps, Ghosts, Notes, TrayTool};
use super::clock::Clock;
use super::sound::Cue;
use crate::components::board::BoardView;
use crate::play::settings::PlayLink;

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

/// A king move that free castling makes ambiguous (Foolish King Chess):
/// the player picks where the rook lands, or a plain king move (`None`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PendingCastle {
    pub from: Square,
    pub to: Square,
    pub choices: Vec<Option<Square>>,
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
    /// Dark Chess: use the other L route for knight moves.
    ToggleRoute,
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
    /// The viewer typed an attempt (coordinates, SAN, `any?`).
    Typed {
        text: String,
        now: f64,
    },
    /// The page was hidden: a timed game stops its clock and drops the
    /// curtain.
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
    castle: Option<PendingCastle>,
    feedback: ByColor<Option<Feedback>>,
    records: ByColor<Vec<Entry>>,
    draw_offer: Option<Color>,
    route_across: bool,
    /// Each player's own flip of their board (not saved).
    flip: ByColor<bool>,
    /// Bumped on every change worth saving.
    revision: u64,
    last_saved_tick: f64,
    /// Each player's phantoms and aid switches (saved).
    notes: ByColor<Notes>,
    /// Each player's last-seen ghosts (rebuilt from the log on load).
    ghosts: ByColor<Ghosts>,
    /// The phantom-tray tool in the viewer's hand.
    tool: Option<TrayTool>,
    /// Why the viewer's typed attempt could not be read.
    typed_error: Option<String>,
    /// The page is hidden.
    hidden: bool,
    /// The clock was stopped and the curtain dropped because the page was
    /// hidden (said on the curtain until it is lifted).
    paused_by_hiding: bool,
    /// The sound of the last action and a counter telling new cues apart.
    cue: Option<Cue>,
    cues: u64,
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
            Cell::Man(p) => {
                square.piece = Some(piece_code(*p));
                square.movable = p.color == obs.player && obs.turn == obs.player;
            }
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
        mark(sel, &mut |s| {
            s.highlight = true;
            s.selected = true;
        });
        for h in obs.hints.iter().filter(|h| h.from == sel) {
            mark(h.to, &mut |s| s.dest = true);
        }
    }
    if let Some(fb) = feedback {
        for &sq in &fb.flash {
            mark(sq, &mut |s| s.flash = true);
        }
    }
    view.slide = slide(obs, &view);
    view
}

/// The man that moved, when the viewer knows the whole move and sees the
/// man where it landed: the board may slide it in. Anything less (a
/// square in the fog, a probe, an unseen mover) is never animated.
fn slide(obs: &Observation, view: &BoardView) -> Option<(usize, usize)> {
    let seen = obs.last_move?;
    let (from, to) = (seen.from?, seen.to?);
    let shown = view.squares.get(to.index())?.piece.is_some();
    (!seen.passed && shown && from != to).then_some((from.index(), to.index()))
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
            .map(|(m, i)| Clock::new(m, i, settings.handoff));
        let mut s = HotSeat::assemble(settings, game, clock, now);
        let first = s.game.turn();
        let obs = s.game.observation(first);
        s.see(first, &obs);
        s.settle(now);
        Ok(s)
    }

    /// A game in its first state around `game` (records, ghosts and notes
    /// empty).
    fn assemble(settings: PlayLink, game: AnyMatch, clock: Option<Clock>, now: f64) -> HotSeat {
        HotSeat {
            id: super::library::new_id(now),
            settings,
            curtain: Curtain::Closed { next: game.turn() },
            game,
            clock,
            selected: None,
            promotion: None,
            castle: None,
            feedback: ByColor::default(),
            records: ByColor::default(),
            draw_offer: None,
            route_across: false,
            flip: ByColor::default(),
            revision: 0,
            last_saved_tick: now,
            notes: ByColor::default(),
            ghosts: ByColor::default(),
            tool: None,
            typed_error: None,
            hidden: false,
            paused_by_hiding: false,
            cue: None,
            cues: 0,
        }
    }

    /// The game's key in the saved-games library.
    pub fn id(&self) -> &str {
        &self.id
    }
    pub fn settings(&self) -> &PlayLink {
        &self.settings
    }
    /// A player as the page names them (`Ann (White)` or `White`).
    pub fn player(&self, color: Color) -> String {
        self.settings.names.label(color)
    }
    /// The viewer's phantoms and aid switches.
    pub fn notes(&self, player: Color) -> &Notes {
        &self.notes[player]
    }
    /// The viewer's ghost bookkeeping.
    pub fn ghosts(&self, player: Color) -> &Ghosts {
        &self.ghosts[player]
    }
    pub fn tool(&self) -> Option<TrayTool> {
        self.tool
    }
    pub fn typed_error(&self) -> Option<&str> {
        self.typed_error.as_deref()
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
    /// Whether the memory aids mean anything (someone cannot see everything).
    pub fn has_aids(&self) -> bool {
        self.game.spec().hides_men()
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
        roles.sort_by_key(|r| ORDER.iter().position(|x| x == r).unwrap_or(usize::MAX));
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
    pub fn selected(&self) -> Option<Square> {
        self.selected
    }
    pub fn promotion(&self) -> Option<&PendingPromotion> {
        self.promotion.as_ref()
    }
    pub fn castle(&self) -> Option<&PendingCastle> {
        self.castle.as_ref()
    }
    pub fn draw_offer(&self) -> Option<Color> {
        self.draw_offer
    }
    pub fn route_across(&self) -> bool {
        self.route_across
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
                let view = board_view(&obs, self.selected, self.feedback[c].as_ref());
                Some(with_aids(view, &obs, &self.ghosts[c], &self.notes[c]))
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
            self.castle = None;
            self.draw_offer = None;
        } else if !self.game.spec().hides_men() {
            self.curtain = Curtain::Revealed(self.game.turn());
            if !self.hidden {
                if let Some(clock) = self.clock.as_mut() {
                    clock.reveal(now);
                }
            }
        }
    }

    /// `player` tries `attempt`; the turn passes on success.
    fn try_attempt(&mut self, player: Color, attempt: Attempt, now: f64) {
        let g = self.geometry();
        let said_before = self.game.announcements().len();
        self.selected = None;
        self.promotion = None;
        self.castle = None;
        self.typed_error = None;
        match self.game.attempt(player, attempt) {
            Err(e) => {
                self.feedback[player] = Some(Feedback {
                    message: format!("Not played: {e}."),
                    flash: Vec::new(),
                });
                self.sound(Cue::Refused);
            }
            Ok(result) => {
                let heard: Vec<String> = self.game.announcements()[said_before..]
                    .iter()
                    .filter(|a| a.audience.includes(player))
                    .map(|a| a.message.text(g))
                    .collect();
                let check_heard = self.game.announcements()[said_before..].iter().any(|a| {
                    a.audience.includes(player) && matches!(a.message, Message::Check { .. })
                });
                let mut message = resolution_text(&result.resolution, g);
                // A refusal or an answer: add what the umpire said (a move
                // played needs no note; the umpire's log has it).
                let refused = !result.resolution.passes_turn();
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
                    note(&mut self.records, &result.observations, g);
                    if let Some(mine) = mine {
                        self.ghosts[player].own_move(&mine);
                    }
                    let next = !player;
                    if result.outcome.is_none() {
                        self.see(next, &result.observations[next]);
                    }
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

    /// A move attempt of `player` from `from` to `to`, with the route the
    /// player chose where the model lets them choose one, and a promotion
    /// if one is needed.
    fn move_attempt(
        &self,
        player: Color,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Attempt {
        let route = if self.game.observation(player).actions.choose_route {
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
        if self.selected.is_none() && obs.cell(square) == Cell::Fog {
            if let Some(tool) = self.tool {
                self.phantom(player, square, tool);
                return;
            }
        }
        if let Some(from) = self.selected {
            if from == square {
                self.selected = None;
                return;
            }
            let tried = self.move_from_board(
                player,
                &obs,
                MoveAttempt {
                    from,
                    to: square,
                    promotion: None,
                    rook_to: None,
                    route: None,
                },
                now,
            );
            if tried {
                return;
            }
        }
        self.selected = own(square).then_some(square);
    }

    /// Places or takes off a phantom on a hidden square.
    fn phantom(&mut self, player: Color, square: Square, tool: TrayTool) {
        let name = self.geometry().square_name(square);
        let phantoms = &mut self.notes[player].phantoms;
        match tool {
            TrayTool::Place(piece) if piece.color != player => {
                phantoms.insert(name, piece_code(piece));
            }
            TrayTool::Place(_) => {}
            TrayTool::Remove => {
                phantoms.remove(&name);
            }
        }
    }

    /// A move attempt the viewer made on their board (a click or typed
    /// text): sent to the model when the viewer may try it — a hinted move;
    /// in Kriegspiel any try off their own men; in Dark Chess a pawn move
    /// into the unknown (a probe) — after asking for a promotion if one is
    /// needed. Returns whether it was a try (else nothing happened).
    fn move_from_board(
        &mut self,
        player: Color,
        obs: &Observation,
        m: MoveAttempt,
        now: f64,
    ) -> bool {
        let (from, to) = (m.from, m.to);
        let pawn =
            matches!(obs.cell(from), Cell::Man(p) if p.color == player && p.role.spec().pawn);
        if !obs.may_try(from, to) {
            return false;
        }
        let mut rook_to = m.rook_to;
        if rook_to.is_none() {
            // Free castling: one king square, several rook squares.
            let choices = self.game.castling_choices(player, from, to);
            match choices.as_slice() {
                [] => {}
                [only] => rook_to = *only,
                _ => {
                    self.castle = Some(PendingCastle { from, to, choices });
                    return true;
                }
            }
        }
        let g = self.geometry();
        let last = g.relative_rank(player, g.rank(to)).0 + 1 == g.height();
        let mut promotion = m.promotion;
        if pawn && last && promotion.is_none() {
            let choices = self.promotion_choices(player);
            if choices.len() > 1 {
                self.promotion = Some(PendingPromotion { from, to, choices });
                return true;
            }
            promotion = choices.first().copied();
        }
        let mut attempt = self.move_attempt(player, from, to, promotion);
        if let Attempt::Move(a) = &mut attempt {
            a.rook_to = rook_to;
            if m.route.is_some() {
                a.route = m.route;
            }
        }
        self.try_attempt(player, attempt, now);
        true
    }

    /// The viewer typed `text`: read against their own picture and acted
    /// on as a click would be.
    fn typed(&mut self, player: Color, text: &str, now: f64) {
        let text = text.trim();
        self.typed_error = None;
        self.selected = None;
        self.tool = None;
        if text.is_empty() {
            return;
        }
        let Some(obs) = self.observation() else {
            return;
        };
        match self.game.parse_attempt(player, text) {
            Err(e) => self.typed_error = Some(format!("Could not read “{text}”: {e}.")),
            Ok(Attempt::Move(m)) => {
                let g = self.geometry();
                if !matches!(obs.cell(m.from), Cell::Man(p) if p.color == player) {
                    self.typed_error = Some(format!(
                        "“{text}”: you have no man on {}.",
                        g.square_name(m.from)
                    ));
                } else if !self.move_from_board(player, &obs, m, now) {
                    self.typed_error = Some(format!(
                        "“{text}”: {} to {} is not a move you can try on your board.",
                        g.square_name(m.from),
                        g.square_name(m.to)
                    ));
                }
            }
            Ok(other) => {
                let offered = match other {
                    Attempt::AskAny => obs.actions.ask_any,
                    Attempt::AskRebuffs => obs.actions.ask_rebuffs,
                    Attempt::Move(_) => false,
                };
                if offered {
                    self.try_attempt(player, other, now);
                } else {
                    self.typed_error = Some(format!(
                        "“{text}”: nobody answers that question in this game now."
                    ));
                }
            }
        }
    }

    /// `player` is shown `obs` (the start of their turn): their ghosts
    /// follow it, and phantoms on squares they now see are dropped.
    fn see(&mut self, player: Color, obs: &Observation) {
        let caps = self.caps(player);
        self.ghosts[player].shown(obs, &caps);
        let g = self.geometry();
        self.notes[player].phantoms.retain(|name, _| {
            g.parse_square(name)
                .is_some_and(|sq| obs.cell(sq) == Cell::Fog)
        });
    }

    fn caps(&self, player: Color) -> Vec<(Piece, usize)> {
        caps_for(&self.game, player)
    }

    fn sound(&mut self, cue: Cue) {
        self.cue = Some(cue);
        self.cues += 1;
    }

    fn reduce_in_place(&mut self, action: Act) {
        let changes = !matches!(action, Act::Tick { .. } | Act::Flip);
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
                    self.tool = None;
                    self.typed_error = None;
                    self.paused_by_hiding = false;
                    if let Some(clock) = self.clock.as_mut() {
                        clock.reveal(now);
                    }
                    // What the player is told now, as a sound.
                    let obs = self.game.observation(next);
                    let theirs = obs.last_move.filter(|m| m.by == Some(!next));
                    let check = obs.announcements.iter().any(|a| {
                        a.ply as usize == self.game.plies().len()
                            && matches!(a.message, Message::Check { .. })
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
            }
            Act::Square { square, now } => {
                self.settle(now);
                if let Some(player) = self.viewer().filter(|&c| c == self.game.turn()) {
                    if self.promotion.is_none() && self.castle.is_none() {
                        self.click(player, square, now);
                    }
                }
            }
            Act::Promote { role, now } => {
                self.settle(now);
                if let (Some(p), Some(player)) = (self.promotion.clone(), self.viewer()) {
                    let attempt = self.move_attempt(player, p.from, p.to, Some(role));
                    self.try_attempt(player, attempt, now);
                }
            }
            Act::CancelPromotion => {
                self.promotion = None;
                self.castle = None;
                self.selected = None;
            }
            Act::Castle { rook_to, now } => {
                self.settle(now);
                if let (Some(c), Some(player)) = (self.castle.clone(), self.viewer()) {
                    if c.choices.contains(&rook_to) {
                        let mut attempt = self.move_attempt(player, c.from, c.to, None);
                        if let Attempt::Move(a) = &mut attempt {
                            a.rook_to = rook_to;
                        }
                        self.try_attempt(player, attempt, now);
                    }
                }
            }
            Act::Ask { question, now } => {
                self.settle(now);
                if let Some(player) = self.viewer() {
                    let actions = self.game.observation(player).actions;
                    let offered = match question {
                        Attempt::AskAny => actions.ask_any,
                        Attempt::AskRebuffs => actions.ask_rebuffs,
                        Attempt::Move(_) => false,
                    };
                    if offered {
                        self.try_attempt(player, question, now);
                    }
                }
            }
            Act::ToggleRoute => self.route_across = !self.route_across,
            Act::Flip => {
                if let Some(player) = self.viewer() {
                    self.flip[player] = !self.flip[player];
                }
            }
            Act::Typed { text, now } => {
                self.settle(now);
                if let Some(player) = self.viewer().filter(|&c| c == self.game.turn()) {
                    if self.promotion.is_none() && self.castle.is_none() {
                        self.typed(player, &text, now);
                    }
                }
            }
            Act::Hide { now } => {
                self.hidden = true;
                let timed = self.clock.is_some() && self.game.outcome().is_none();
                if timed {
                    let mut stopped = false;
                    if let Some(clock) = self.clock.as_mut() {
                        stopped = clock.running().is_some();
                        clock.pause(now);
                    }
                    if let Curtain::Revealed(_) = self.curtain {
                        if self.game.spec().hides_men() {
                            stopped = true;
                            self.curtain = Curtain::Closed {
                                next: self.game.turn(),
                            };
                            self.selected = None;
                            self.promotion = None;
                            self.castle = None;
                            self.tool = None;
                            self.typed_error = None;
                        }
                    }
                    // Said on the curtain only when hiding changed something.
                    self.paused_by_hiding |= stopped;
                }
            }
            Act::Show { now } => {
                self.hidden = false;
                self.settle(now);
            }
            Act::Tool(tool) => {
                if self.viewer().is_some() && self.has_aids() {
                    self.tool = if self.tool == tool { None } else { tool };
                    self.selected = None;
                }
            }
            Act::RemovePhantom(square) => {
                if let Some(player) = self.viewer() {
                    let name = self.geometry().square_name(square);
                    self.notes[player].phantoms.remove(&name);
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
                        self.tool = None;
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
        if self.notes != ByColor::default() {
            let notes = [&self.notes[Color::White], &self.notes[Color::Black]];
            if let Ok(json) = serde_json::to_string(&notes) {
                save.tags.insert("notes".into(), json);
            }
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
        let notes = match save.tags.get("notes") {
            Some(json) => {
                let [white, black]: [Notes; 2] = serde_json::from_str(json)
                    .map_err(|e| format!("the saved memory aids are damaged: {e}"))?;
                ByColor { white, black }
            }
            None => ByColor::default(),
        };
        let id = match save.tags.get("id") {
            Some(id) if super::library::valid_id(id) => id.clone(),
            _ => super::library::new_id(now),
        };
        let (records, ghosts) = replay(&game);
        let mut s = HotSeat::assemble(settings, game, clock, now);
        s.records = records;
        s.ghosts = ghosts;
        s.draw_offer = draw_offer;
        s.id = id;
        // Only phantoms a player could have placed: enemy men on squares
        // of the board.
        let g = s.geometry();
        for c in Color::ALL {
            let tray: Vec<String> = s.tray(c).into_iter().map(piece_code).collect();
            let mut mine = notes[c].clone();
            mine.phantoms
                .retain(|name, code| g.parse_square(name).is_some() && tray.contains(code));
            s.notes[c] = mine;
        }
        s.settle(now);
        Ok(s)
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

/// Each player's move list and ghosts, rebuilt by replaying the log on a
/// fresh match: the ghosts from exactly the observations each player was
/// shown (the start of each of their turns) and their own moves.
fn replay(game: &AnyMatch) -> (ByColor<Vec<Entry>>, ByColor<Ghosts>) {
    let mut records = ByColor::default();
    let mut ghosts: ByColor<Ghosts> = ByColor::default();
    let Ok(mut fresh) = AnyMatch::new(game.variant(), game.spec().clone(), Some(&game.start_fen()))
    else {
        return (records, ghosts);
    };
    let caps = ByColor::new_with(|c| caps_for(&fresh, c));
    let g = fresh.geometry();
    let first = fresh.turn();
    ghosts[first].shown(&fresh.observation(first), &caps[first]);
    for entry in game.log() {
        if let Ok(r) = fresh.attempt(entry.player, entry.attempt) {
            if r.resolution.passes_turn() {
                note(&mut records, &r.observations, g);
                if let Some(mine) = r.observations[entry.player].last_move {
                    ghosts[entry.player].own_move(&mine);
                }
                let next = !entry.player;
                if r.outcome.is_none() {
                    ghosts[next].shown(&r.observations[next], &caps[next]);
                }
            }
        }
    }
    (records, ghosts)
}

/// The viewer's board with their memory aids: ghosts and phantoms, only on
/// squares hidden from them, each only when switched on. A phantom hides a
/// ghost on the same square.
pub fn with_aids(
    mut view: BoardView,
    obs: &Observation,
    ghosts: &Ghosts,
    notes: &Notes,
) -> BoardView {
    let hidden = |sq: Square| obs.cell(sq) == Cell::Fog;
    if notes.show_ghosts {
        for (sq, ghost) in ghosts.iter() {
            if hidden(sq) && ghost.piece.color != obs.player {
                if let Some(s) = view.squares.get_mut(sq.index()) {
                    s.ghost = Some(piece_code(ghost.piece));
                }
            }
        }
    }
    if notes.show_phantoms {
        let g = Geometry::new(usize::from(obs.width), usize::from(obs.height));
        for (name, code) in &notes.phantoms {
            let Some(sq) = g.as_ref().ok().and_then(|g| g.parse_square(name)) else {
                continue;
            };
            if hidden(sq) {
                if let Some(s) = view.squares.get_mut(sq.index()) {
                    s.phantom = Some(code.clone());
                    s.ghost = None;
                }
            }
        }
    }
    view
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
    use crate::play::aids::TrayTool;

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
        s.apply(Act::Ask {
            question: Attempt::AskAny,
            now: 0.0,
        });
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
            s.move_attempt(Color::White, sq(g, "g1"), sq(g, "f3"), None),
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
            s.move_attempt(Color::White, sq(g, "g1"), sq(g, "f3"), None)
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
    fn only_moves_the_viewer_saw_completely_slide() {
        // Open board: Black saw all of e2-e4 and may drag only Black's men.
        let mut s = HotSeat::new(settings("model=open"), 0.0).unwrap();
        let g = s.geometry();
        let view = s.view().unwrap();
        assert_eq!(view.slide, None);
        assert!(view.squares[sq(g, "e2").index()].movable);
        assert!(!view.squares[sq(g, "e7").index()].movable);
        play(&mut s, "e2", "e4");
        let view = s.view().unwrap();
        assert_eq!(view.slide, Some((sq(g, "e2").index(), sq(g, "e4").index())));
        assert!(view.squares[sq(g, "e7").index()].movable);
        assert!(!view.squares[sq(g, "e4").index()].movable);

        // Fog: Black's a7-a6 is out of White's sight: nothing slides, and
        // White's view marks nothing of it.
        let mut s = HotSeat::new(settings("model=fog"), 0.0).unwrap();
        for (from, to) in [("e2", "e4"), ("a7", "a6")] {
            s.apply(Act::Reveal { now: 0.0 });
            play(&mut s, from, to);
        }
        s.apply(Act::Reveal { now: 0.0 });
        let view = s.view().unwrap();
        assert_eq!(view.slide, None);
        assert!(!view.squares[sq(g, "a7").index()].highlight);

        // A move whose landing square the viewer sees but whose man is gone
        // from sight is never animated either.
        let game = AnyMatch::new(
            &fogbound_engine::Variant::chess(),
            fogbound_engine::ModelSpec::Fog,
            None,
        )
        .unwrap();
        let mut obs = game.observation(Color::White);
        obs.last_move = Some(SeenMove {
            by: Some(Color::Black),
            from: Some(sq(g, "d7")),
            to: Some(sq(g, "d5")),
            ..SeenMove::default()
        });
        assert_eq!(board_view(&obs, None, None).slide, None);
        // Seen whole and shown: it slides.
        obs.last_move = Some(SeenMove {
            by: Some(Color::White),
            from: Some(sq(g, "b3")),
            to: Some(sq(g, "b2")),
            ..SeenMove::default()
        });
        assert_eq!(
            board_view(&obs, None, None).slide,
            Some((sq(g, "b3").index(), sq(g, "b2").index()))
        );
        obs.last_move = Some(SeenMove {
            passed: true,
            ..obs.last_move.unwrap()
        });
        assert_eq!(board_view(&obs, None, None).slide, None);
    }

    #[test]
    fn each_player_flips_their_own_board() {
        let mut s = HotSeat::new(settings("model=fog"), 0.0).unwrap();
        s.apply(Act::Flip); // behind the curtain: nobody's view
        assert!(!s.flipped(Color::White) && !s.flipped(Color::Black));
        s.apply(Act::Reveal { now: 0.0 });
        s.apply(Act::Flip);
        assert!(s.flipped(Color::White) && !s.flipped(Color::Black));
        play(&mut s, "e2", "e4");
        s.apply(Act::Reveal { now: 0.0 });
        assert!(!s.flipped(Color::Black));
        s.apply(Act::Flip);
        s.apply(Act::Flip);
        assert!(s.flipped(Color::White) && !s.flipped(Color::Black));
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
        let mut ghosts_drawn = 0;
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
                // Every enemy man each player was ever shown, where.
                let mut shown: ByColor<std::collections::BTreeSet<(u8, String)>> =
                    ByColor::default();
                for _ in 0..160 {
                    if s.outcome().is_some() {
                        break;
                    }
                    s.apply(Act::Reveal { now: 0.0 });
                    let viewer = s.viewer().unwrap();
                    let obs = s.observation().unwrap();
                    for (sq, p) in obs.men() {
                        if p.color != viewer {
                            shown[viewer].insert((sq.0, piece_code(p)));
                        }
                    }
                    // Ghosts: only men this viewer was shown, only where
                    // they were shown, only on squares hidden now.
                    let view = s.view().unwrap();
                    for (i, v) in view.squares.iter().enumerate() {
                        if let Some(code) = &v.ghost {
                            ghosts_drawn += 1;
                            assert!(
                                shown[viewer].contains(&(i as u8, code.clone())),
                                "{query}: a ghost {code} on {i} that {viewer} never saw there"
                            );
                            assert_eq!(obs.cell(Square(i as u8)), Cell::Fog);
                            assert!(v.piece.is_none() && v.phantom.is_none());
                        }
                    }
                    // Place a phantom now and then: only on hidden squares.
                    if rng.next(6) == 0 {
                        let enemy = s.tray(viewer)[0];
                        s.apply(Act::Tool(Some(TrayTool::Place(enemy))));
                        let target = Square(rng.next(n) as u8);
                        s.apply(Act::Square {
                            square: target,
                            now: 0.0,
                        });
                        let placed = s
                            .notes(viewer)
                            .phantoms
                            .contains_key(&g.square_name(target));
                        assert_eq!(placed, obs.cell(target) == Cell::Fog);
                        s.apply(Act::Tool(None));
                        s.apply(Act::Tool(Some(TrayTool::Place(enemy))));
                        s.apply(Act::Tool(Some(TrayTool::Place(enemy))));
                        assert_eq!(s.tool(), None);
                        s.selected = None;
                    }
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
                        s.apply(Act::Ask {
                            question: Attempt::AskAny,
                            now: 0.0,
                        });
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
                // The ghosts rebuilt from the save are the ones kept in play.
                let back = HotSeat::from_json(&s.to_json(0.0), 0.0).unwrap();
                for c in Color::ALL {
                    assert_eq!(back.ghosts(c), s.ghosts(c), "{query} seed {seed}");
                    assert_eq!(back.notes(c), s.notes(c), "{query} seed {seed}");
                }
            }
        }
        assert!(plies > 1000, "the random games hardly moved: {plies} plies");
        assert!(
            ghosts_drawn > 100,
            "hardly any ghost was drawn: {ghosts_drawn}"
        );
    }

    #[test]
    fn typed_moves_act_like_clicks() {
        let mut s = HotSeat::new(settings("model=fog"), 0.0).unwrap();
        s.apply(Act::Reveal { now: 0.0 });
        let typed = |s: &mut HotSeat, text: &str| {
            s.apply(Act::Typed {
                text: text.into(),
                now: 0.0,
            })
        };
        typed(&mut s, "Nf9");
        assert!(s.typed_error().unwrap().contains("Nf9"));
        assert_eq!(s.plies(), 0);
        typed(&mut s, "e3e4");
        assert!(s.typed_error().unwrap().contains("no man on e3"));
        typed(&mut s, "e2e5");
        assert!(s.typed_error().unwrap().contains("not a move you can try"));
        typed(&mut s, "any?");
        assert!(s.typed_error().unwrap().contains("nobody answers"));
        assert_eq!(s.curtain(), Curtain::Revealed(Color::White));
        typed(&mut s, " Nf3 ");
        assert_eq!(s.plies(), 1);
        assert!(s.typed_error().is_none());
        assert_eq!(s.record(Color::White)[0].text, "g1–f3");
        assert_eq!(s.curtain(), Curtain::Closed { next: Color::Black });
        assert_eq!(s.cue().1, Some(Cue::Move));
        s.apply(Act::Reveal { now: 0.0 });
        typed(&mut s, "e7e5");
        assert_eq!(s.record(Color::Black)[1].text, "e7–e5");

        // Kriegspiel: "any?" goes to the umpire; a refused try keeps the turn.
        let mut k = HotSeat::new(settings("model=kriegspiel&preset=berkeley-any"), 0.0).unwrap();
        k.apply(Act::Reveal { now: 0.0 });
        typed(&mut k, "any?");
        assert!(k.feedback().unwrap().message.contains("Any?"));
        typed(&mut k, "exd3");
        assert_eq!(k.plies(), 0);
        assert_eq!(k.cue().1, Some(Cue::Refused));
        assert!(
            k.typed_error().is_none(),
            "a refused try is the umpire's answer"
        );
        typed(&mut k, "e4");
        assert_eq!(k.plies(), 1);

        // Dark Chess: a route typed wins over the toggle.
        let mut d = HotSeat::new(settings("model=dark"), 0.0).unwrap();
        d.apply(Act::Reveal { now: 0.0 });
        typed(&mut d, "g1f3@f1f2");
        let g = d.geometry();
        let logged = d.game().log()[0].attempt;
        assert_eq!(
            logged.as_move().unwrap().route,
            Some([sq(g, "f1"), sq(g, "f2")])
        );

        // A promotion typed without a piece opens the picker, as a click does.
        let mut o = HotSeat::new(settings("model=open"), 0.0).unwrap();
        for m in ["h4", "g5", "hxg5", "Nf6", "g6", "Ng8", "g7", "e6"] {
            typed(&mut o, m);
            assert!(o.typed_error().is_none(), "{m}: {:?}", o.typed_error());
        }
        typed(&mut o, "g7h8");
        assert!(o.promotion().is_some());
        o.apply(Act::CancelPromotion);
        typed(&mut o, "gxh8=N");
        assert!(o.game().fen().starts_with("rnbqkbnN/"));
    }

    #[test]
    fn a_hidden_page_stops_the_clock_and_drops_the_curtain() {
        let mut s = HotSeat::new(settings("model=fog&clock=5+3"), 0.0).unwrap();
        s.apply(Act::Reveal { now: 1_000.0 });
        assert_eq!(s.clock().unwrap().running(), Some(0));
        s.apply(Act::Hide { now: 11_000.0 });
        assert_eq!(s.curtain(), Curtain::Closed { next: Color::White });
        assert!(s.view().is_none() && s.paused_by_hiding());
        assert_eq!(s.clock().unwrap().running(), None);
        s.apply(Act::Tick { now: 100_000.0 });
        s.apply(Act::Show { now: 100_000.0 });
        // Hidden again behind the curtain with nothing running: nothing to say.
        let mut quiet = HotSeat::new(settings("model=fog&clock=5+3"), 0.0).unwrap();
        quiet.apply(Act::Hide { now: 0.0 });
        assert!(!quiet.paused_by_hiding());
        assert_eq!(s.clock().unwrap().remaining(0, 200_000.0), 300_000 - 10_000);
        s.apply(Act::Reveal { now: 200_000.0 });
        assert!(!s.paused_by_hiding());
        assert_eq!(s.clock().unwrap().remaining(0, 201_000.0), 300_000 - 11_000);

        // Running hand-off: the clock runs behind the curtain, but not while
        // the page is hidden.
        let mut r = HotSeat::new(settings("model=fog&clock=1+0&handoff=running"), 0.0).unwrap();
        r.apply(Act::Reveal { now: 0.0 });
        play(&mut r, "e2", "e4");
        assert_eq!(r.clock().unwrap().running(), Some(1));
        r.apply(Act::Hide { now: 5_000.0 });
        r.apply(Act::Tick { now: 90_000.0 });
        assert!(r.outcome().is_none(), "no flag falls while hidden");
        r.apply(Act::Show { now: 90_000.0 });
        r.apply(Act::Reveal { now: 90_000.0 });
        assert_eq!(
            r.clock().unwrap().remaining(1, 91_000.0),
            60_000 - 5_000 - 1_000
        );

        // Untimed games keep their view; the open model pauses and resumes.
        let mut u = HotSeat::new(settings("model=fog"), 0.0).unwrap();
        u.apply(Act::Reveal { now: 0.0 });
        u.apply(Act::Hide { now: 0.0 });
        assert_eq!(u.curtain(), Curtain::Revealed(Color::White));
        let mut o = HotSeat::new(settings("model=open&clock=3+0"), 0.0).unwrap();
        o.apply(Act::Hide { now: 1_000.0 });
        o.apply(Act::Tick { now: 50_000.0 });
        assert_eq!(o.clock().unwrap().running(), None);
        o.apply(Act::Show { now: 50_000.0 });
        assert_eq!(o.clock().unwrap().remaining(0, 51_000.0), 180_000 - 2_000);
    }

    #[test]
    fn names_and_handoff_reach_the_game() {
        let s = HotSeat::new(
            settings("model=fog&clock=3+2&handoff=running&names=Ann,Bob"),
            0.0,
        )
        .unwrap();
        assert_eq!(s.player(Color::White), "Ann (White)");
        assert_eq!(s.player(Color::Black), "Bob (Black)");
        assert_eq!(
            s.clock().unwrap().handoff,
            super::super::clock::Handoff::Running
        );
        assert_eq!(
            crate::play::view::tab_title(&s),
            "fogbound — Pass to Ann (White)"
        );
        let back = HotSeat::from_json(&s.to_json(0.0), 0.0).unwrap();
        assert_eq!(back.player(Color::Black), "Bob (Black)");
        let mut plain = HotSeat::new(settings("model=fog"), 0.0).unwrap();
        assert_eq!(
            crate::play::view::tab_title(&plain),
            "fogbound — Pass to White"
        );
        plain.apply(Act::Reveal { now: 0.0 });
        assert_eq!(
            crate::play::view::tab_title(&plain),
            "fogbound — White to move"
        );
    }

    #[test]
    fn phantoms_are_per_player_saved_and_only_on_hidden_squares() {
        let mut s = HotSeat::new(settings("model=fog"), 0.0).unwrap();
        s.apply(Act::Reveal { now: 0.0 });
        let g = s.geometry();
        let bq = Piece {
            color: Color::Black,
            role: Role::Queen,
        };
        assert_eq!(s.tray(Color::White)[0].role, Role::King);
        assert!(s.tray(Color::White).contains(&bq));
        s.apply(Act::Tool(Some(TrayTool::Place(bq))));
        for name in ["d8", "e4", "h5", "e2"] {
            s.apply(Act::Square {
                square: sq(g, name),
                now: 0.0,
            });
        }
        // e4 is seen (empty): no phantom; e2 holds White's pawn: it is
        // selected, as without the tool.
        let names: Vec<&String> = s.notes(Color::White).phantoms.keys().collect();
        assert_eq!(names, vec!["d8", "h5"]);
        assert_eq!(s.selected(), Some(sq(g, "e2")));
        s.apply(Act::Square {
            square: sq(g, "e2"),
            now: 0.0,
        });
        s.apply(Act::Tool(Some(TrayTool::Remove)));
        s.apply(Act::Square {
            square: sq(g, "h5"),
            now: 0.0,
        });
        s.apply(Act::Tool(None));
        let view = s.view().unwrap();
        assert_eq!(
            view.squares[sq(g, "d8").index()].phantom.as_deref(),
            Some("bQ")
        );
        assert!(view.squares[sq(g, "d8").index()].piece.is_none());
        assert_eq!(
            view.squares.iter().filter(|v| v.phantom.is_some()).count(),
            1
        );
        s.apply(Act::TogglePhantoms);
        assert!(s
            .view()
            .unwrap()
            .squares
            .iter()
            .all(|v| v.phantom.is_none()));
        s.apply(Act::TogglePhantoms);
        play(&mut s, "e2", "e4");
        // Black's view never shows White's phantoms.
        s.apply(Act::Reveal { now: 0.0 });
        assert!(s
            .view()
            .unwrap()
            .squares
            .iter()
            .all(|v| v.phantom.is_none()));
        // Saved and resumed.
        let json = s.to_json(0.0);
        let back = HotSeat::from_json(&json, 0.0).unwrap();
        assert_eq!(back.notes(Color::White), s.notes(Color::White));
        // An old save (no notes tag) still loads, with the aids on.
        let mut save = save_from_json(&json).unwrap();
        save.tags.remove("notes");
        let old = HotSeat::from_json(&save_to_json(&save), 0.0).unwrap();
        assert!(old.notes(Color::White).phantoms.is_empty());
        assert!(old.notes(Color::White).show_ghosts);
        // Damaged notes are reported; a phantom of one's own colour or off
        // the board is dropped.
        save.tags.insert("notes".into(), "[1]".into());
        assert!(HotSeat::from_json(&save_to_json(&save), 0.0)
            .unwrap_err()
            .contains("memory aids"));
        save.tags.insert(
            "notes".into(),
            r#"[{"phantoms":{"d8":"bQ","z9":"bQ","e5":"wQ"}},{}]"#.into(),
        );
        let odd = HotSeat::from_json(&save_to_json(&save), 0.0).unwrap();
        let kept: Vec<&String> = odd.notes(Color::White).phantoms.keys().collect();
        assert_eq!(kept, vec!["d8"]);
    }

    #[test]
    fn a_seen_man_that_disappears_into_the_fog_leaves_a_ghost() {
        // Fog of War: 1. Nc3 d5 — the knight sees the d5 pawn; 2. Nb1 h6:
        // d5 is hidden again, and White never saw the pawn leave.
        let mut s = HotSeat::new(settings("model=fog"), 0.0).unwrap();
        for (from, to) in [("b1", "c3"), ("d7", "d5"), ("c3", "b1"), ("h7", "h6")] {
            s.apply(Act::Reveal { now: 0.0 });
            play(&mut s, from, to);
        }
        s.apply(Act::Reveal { now: 0.0 });
        let g = s.geometry();
        let view = s.view().unwrap();
        let ghosts: Vec<(String, String)> = view
            .squares
            .iter()
            .enumerate()
            .filter_map(|(i, v)| Some((g.square_name(Square(i as u8)), v.ghost.clone()?)))
            .collect();
        assert_eq!(ghosts, vec![("d5".to_string(), "bP".to_string())]);
        // Black never saw a white man: no ghost in Black's bookkeeping.
        assert!(s.ghosts(Color::Black).is_empty());
        // 3. Nc3 again: d5 seen (the pawn is still there) — no ghost.
        play(&mut s, "b1", "c3");
        s.apply(Act::Reveal { now: 0.0 });
        play(&mut s, "a7", "a6");
        s.apply(Act::Reveal { now: 0.0 });
        assert!(s.ghosts(Color::White).is_empty());
        play(&mut s, "c3", "b1");
        s.apply(Act::Reveal { now: 0.0 });
        play(&mut s, "a6", "a5");
        s.apply(Act::Reveal { now: 0.0 });
        s.apply(Act::ToggleGhosts);
        assert!(s.view().unwrap().squares.iter().all(|v| v.ghost.is_none()));
    }

    #[test]
    fn free_castling_asks_where_the_rook_goes() {
        // Foolish King Chess: Black clears b8, c8, d8, then the king goes
        // to c8 — the rook may land on d8 or e8 — or one step to d8, which
        // is also a plain king move.
        let mut s = HotSeat::new(settings("variant=foolish-king&model=open"), 0.0).unwrap();
        for m in [
            "a2a3", "b8a6", "a3a4", "c8d6", "b2b3", "c7c6", "b3b4", "d8c7", "c2c3",
        ] {
            s.apply(Act::Typed {
                text: m.into(),
                now: 0.0,
            });
            assert!(s.typed_error().is_none(), "{m}: {:?}", s.typed_error());
        }
        let g = s.geometry();
        assert_eq!(
            s.game()
                .castling_choices(Color::Black, sq(g, "e8"), sq(g, "c8")),
            vec![Some(sq(g, "d8")), Some(sq(g, "e8"))]
        );
        assert_eq!(
            s.game()
                .castling_choices(Color::Black, sq(g, "e8"), sq(g, "d8")),
            vec![None, Some(sq(g, "e8"))]
        );
        // A king move with no castling behind it asks nothing.
        assert!(s
            .game()
            .castling_choices(Color::Black, sq(g, "e8"), sq(g, "d7"))
            .is_empty());
        play(&mut s, "e8", "c8");
        let picker = s.castle().cloned().expect("a castling picker");
        assert_eq!(picker.choices.len(), 2);
        assert_eq!(s.plies(), 9);
        // Clicks wait for the choice; Cancel puts the picker away.
        play(&mut s, "a6", "b8");
        assert_eq!(s.plies(), 9);
        s.apply(Act::CancelPromotion);
        assert!(s.castle().is_none());
        play(&mut s, "e8", "c8");
        s.apply(Act::Castle {
            rook_to: Some(sq(g, "d8")),
            now: 0.0,
        });
        assert_eq!(
            s.plies(),
            10,
            "{:?} {}",
            s.feedback[Color::Black],
            s.game().fen()
        );
        assert!(s.game().fen().starts_with("2kr"), "{}", s.game().fen());
        // Typed with the rook square, no question is asked.
        let mut t = HotSeat::new(settings("variant=foolish-king&model=open"), 0.0).unwrap();
        for m in [
            "a2a3", "b8a6", "a3a4", "c8d6", "b2b3", "c7c6", "b3b4", "d8c7", "c2c3", "e8c8/e8",
        ] {
            t.apply(Act::Typed {
                text: m.into(),
                now: 0.0,
            });
        }
        assert!(t.castle().is_none());
        assert!(t.game().fen().starts_with("2k1r"), "{}", t.game().fen());
    }

    #[test]
    fn sounds_say_only_what_the_listener_is_told() {
        let mut s = HotSeat::new(settings("model=fog"), 0.0).unwrap();
        assert_eq!(s.cue(), (0, None));
        s.apply(Act::Reveal { now: 0.0 });
        assert_eq!(
            s.cue().1,
            None,
            "nothing happened before White's first move"
        );
        for (from, to) in [("e2", "e4"), ("d7", "d5")] {
            play(&mut s, from, to);
            assert_eq!(s.cue().1, Some(Cue::Move));
            s.apply(Act::Reveal { now: 0.0 });
            assert_eq!(s.cue().1, Some(Cue::Move), "the opponent moved");
        }
        let before = s.cue().0;
        play(&mut s, "e4", "d5");
        assert_eq!(s.cue(), (before + 1, Some(Cue::Capture)));
        // Black lost a man on d5: told so, as a capture, on lifting the
        // curtain — and not before.
        assert_eq!(s.cue().0, before + 1);
        s.apply(Act::Reveal { now: 0.0 });
        assert_eq!(s.cue(), (before + 2, Some(Cue::Capture)));
        // Black plays quietly out of White's sight: White hears a move.
        play(&mut s, "a7", "a6");
        s.apply(Act::Reveal { now: 0.0 });
        assert_eq!(s.cue().1, Some(Cue::Move));

        // Kriegspiel: the umpire announces a check to both.
        let mut k = HotSeat::new(settings("model=kriegspiel&preset=cvp"), 0.0).unwrap();
        for (from, to) in [("e2", "e4"), ("f7", "f6")] {
            k.apply(Act::Reveal { now: 0.0 });
            play(&mut k, from, to);
        }
        k.apply(Act::Reveal { now: 0.0 });
        play(&mut k, "d1", "h5");
        assert_eq!(k.cue().1, Some(Cue::Check));
        k.apply(Act::Reveal { now: 0.0 });
        assert_eq!(k.cue().1, Some(Cue::Check));
        // A refused try.
        play(&mut k, "a7", "a4");
        assert_eq!(k.cue().1, Some(Cue::Refused));
        // Fog of War has no check: capturing the king ends the game.
        let mut f = HotSeat::new(settings("model=fog"), 0.0).unwrap();
        for (from, to) in [("e2", "e4"), ("f7", "f6"), ("d1", "h5"), ("a7", "a6")] {
            f.apply(Act::Reveal { now: 0.0 });
            play(&mut f, from, to);
            assert_ne!(f.cue().1, Some(Cue::Check));
        }
        f.apply(Act::Reveal { now: 0.0 });
        play(&mut f, "h5", "e8");
        assert_eq!(f.cue().1, Some(Cue::End));
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
