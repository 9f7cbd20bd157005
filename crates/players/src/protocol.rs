//! Protocol v1 for fog bots: JSON objects, one per line, over a player's
//! stdin (referee → player) and stdout (player → referee). `PROTOCOL.md` at
//! the repository root is the specification; this module holds its message
//! types ([`ToPlayer`], [`FromPlayer`]), the encoding of an observation as a
//! `view` ([`view_of`], [`board_text`]), and [`serve`], which makes any
//! [`Player`] speak the protocol (the `fogbound bot` command).

use std::io::{BufRead, Write};

use fogbound_engine::observation::{Message, SeenMove};
use fogbound_engine::player::{GameRules, Player};
use fogbound_engine::{
    Actions, Attempt, Bitboard, Bitboard128, Bitboard256, Cell, Color, Geometry, Hint, ModelSpec,
    Observation, Outcome, Piece, Resolution, RuleMode, Tries, Variant,
};
use serde::{Deserialize, Serialize};

/// The protocol's version.
pub const PROTOCOL: u32 = 1;

/// A line the referee sends. Fields this version does not know are
/// ignored, so that a later referee may add some.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum ToPlayer {
    /// A game begins: its public rules (variant, model and preset, board
    /// size) and the player's side. `preset` may be left out where the
    /// model has none (every model but Kriegspiel), and `seed` (then 0).
    Start {
        protocol: u32,
        variant: String,
        model: String,
        #[serde(default)]
        preset: Option<String>,
        side: String,
        width: u8,
        height: u8,
        #[serde(default)]
        seed: u64,
    },
    /// The player's observation.
    View(View),
    /// The player's turn, with a thinking budget in milliseconds.
    Go { ms: u64 },
    /// The game is over. `reason` may be left out.
    End {
        result: String,
        #[serde(default)]
        reason: String,
    },
}

/// A `view` line: what the player may know now.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct View {
    /// Plies played so far.
    pub ply: u32,
    /// FEN-style placement, `?` for each unseen square.
    pub board: String,
    /// What the umpire or the model told the player since the previous ply
    /// began.
    pub said: Vec<String>,
    /// The side to move.
    #[serde(default)]
    pub turn: Option<String>,
    /// The moves the player's own board allows now, in attempt text (empty
    /// when not to move).
    #[serde(default)]
    pub moves: Vec<String>,
    /// Moves the player may try without knowing they are possible
    /// (Kriegspiel pawn captures).
    #[serde(default)]
    pub tries: Vec<String>,
    /// Other things the player may do now: `any?`, `rebuffs?`, `route`
    /// (a knight's leap names its route), `must-try-pawn-capture`.
    #[serde(default)]
    pub may: Vec<String>,
    /// Where a man was taken in the last ply, as far as the player knows.
    #[serde(default)]
    pub captured: Option<String>,
    /// The last ply moved no man (a Dark Chess probe).
    #[serde(default)]
    pub passed: bool,
}

/// The fields every referee sends, by message type; a referee may leave
/// out all others (`PROTOCOL.md` marks them optional). `preset` is required
/// with the `kriegspiel` model only.
pub const REQUIRED_FIELDS: [(&str, &[&str]); 4] = [
    (
        "start",
        &[
            "type", "protocol", "variant", "model", "side", "width", "height",
        ],
    ),
    ("view", &["type", "ply", "board", "said"]),
    ("go", &["type", "ms"]),
    ("end", &["type", "result"]),
];

/// `msg` with its required fields only: what a minimal referee sends.
pub fn required_only(msg: &ToPlayer) -> serde_json::Value {
    let mut v = serde_json::to_value(msg).unwrap_or_default();
    let kind = v["type"].as_str().unwrap_or("").to_string();
    let keep = REQUIRED_FIELDS
        .iter()
        .find(|(t, _)| *t == kind)
        .map_or(&[][..], |(_, fields)| *fields);
    if let Some(fields) = v.as_object_mut() {
        let preset_needed = fields.get("model").and_then(|m| m.as_str()) == Some("kriegspiel");
        fields.retain(|k, _| keep.contains(&k.as_str()) || (k == "preset" && preset_needed));
    }
    v
}

/// A line the player sends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum FromPlayer {
    Ready { name: String },
    Attempt { text: String },
}

/// `white` or `black`.
pub fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// Reads `white` or `black`.
pub fn side_of(name: &str) -> Option<Color> {
    match name {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    }
}

/// `1-0`, `0-1` or `1/2-1/2`.
pub fn result_text(o: &Outcome) -> &'static str {
    match o.winner {
        Some(Color::White) => "1-0",
        Some(Color::Black) => "0-1",
        None => "1/2-1/2",
    }
}

/// Why the game ended, in the words of `end.reason` and of a PGN's
/// `Termination` (the royal man taken by name: "king captured").
pub fn reason_text(outcome: &Outcome, variant_id: &str) -> String {
    match fogbound_engine::catalogue::variant(variant_id) {
        Some(v) => outcome.reason_text(&v),
        None => outcome.reason.to_string(),
    }
}

/// What the umpire or the model said, as a `view` says it.
fn said_text(message: &Message, g: Geometry, variant_id: &str) -> String {
    match message {
        Message::GameOver(o) => format!(
            "Game over: {} ({})",
            result_text(o),
            reason_text(o, variant_id)
        ),
        other => other.text(g),
    }
}

/// The observation's board as a placement: top rank first, `/` between
/// ranks, letters for men, digits for runs of seen empty squares (`10` and
/// up on wide boards), `?` for each unseen square.
pub fn board_text(obs: &Observation) -> String {
    let (w, h) = (usize::from(obs.width), usize::from(obs.height));
    let mut s = String::new();
    for rank in (0..h).rev() {
        let mut empty = 0;
        for file in 0..w {
            match obs
                .squares
                .get(rank * w + file)
                .copied()
                .unwrap_or(Cell::Fog)
            {
                Cell::Empty => empty += 1,
                other => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(match other {
                        Cell::Man(p) => p.char(),
                        _ => '?',
                    });
                }
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s
}

/// Reads a placement written by [`board_text`] into cells, or says why not.
pub fn read_board(text: &str, width: u8, height: u8) -> Result<Vec<Cell>, String> {
    let (w, h) = (usize::from(width), usize::from(height));
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != h {
        return Err(format!("board has {} ranks, expected {h}", ranks.len()));
    }
    let mut cells = vec![Cell::Fog; w * h];
    for (i, r) in ranks.iter().enumerate() {
        let rank = h - 1 - i;
        let mut file = 0usize;
        let mut digits = String::new();
        let flush = |digits: &mut String, file: &mut usize, cells: &mut Vec<Cell>| {
            if digits.is_empty() {
                return Ok(());
            }
            let n: usize = digits.parse().map_err(|_| "bad number".to_string())?;
            for _ in 0..n {
                if *file >= w {
                    return Err("rank too long".to_string());
                }
                cells[rank * w + *file] = Cell::Empty;
                *file += 1;
            }
            digits.clear();
            Ok(())
        };
        for c in r.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            flush(&mut digits, &mut file, &mut cells)?;
            if file >= w {
                return Err(format!("rank {} is too long", rank + 1));
            }
            cells[rank * w + file] = if c == '?' {
                Cell::Fog
            } else {
                Cell::Man(Piece::from_char(c).ok_or_else(|| format!("unknown man '{c}'"))?)
            };
            file += 1;
        }
        flush(&mut digits, &mut file, &mut cells)?;
        if file != w {
            return Err(format!(
                "rank {} has {file} squares, expected {w}",
                rank + 1
            ));
        }
    }
    Ok(cells)
}

/// The `view` of an observation.
pub fn view_of(obs: &Observation) -> View {
    let g =
        Geometry::new(usize::from(obs.width), usize::from(obs.height)).unwrap_or(Geometry::CHESS);
    let text = |h: &Hint| Attempt::of(h.from, h.to).to_text(g);
    let mut may = Vec::new();
    if obs.actions.ask_any {
        may.push("any?".to_string());
    }
    if obs.actions.ask_rebuffs {
        may.push("rebuffs?".to_string());
    }
    if obs.actions.choose_route {
        may.push("route".to_string());
    }
    if obs.actions.must_try_pawn_capture {
        may.push("must-try-pawn-capture".to_string());
    }
    let last = obs.last_move.unwrap_or_default();
    View {
        ply: obs.ply,
        board: board_text(obs),
        said: obs
            .announcements
            .iter()
            .filter(|a| a.audience.includes(obs.player))
            .map(|a| said_text(&a.message, g, &obs.variant))
            .collect(),
        turn: Some(side_name(obs.turn).to_string()),
        moves: obs.hints.iter().map(text).collect(),
        tries: obs.try_hints.iter().map(text).collect(),
        may,
        captured: last.capture_at.map(|s| g.square_name(s)),
        passed: last.passed,
    }
}

/// What a player that speaks the protocol knows of its game.
#[derive(Clone, Debug)]
pub struct Game {
    pub variant: String,
    pub model: String,
    pub side: Color,
    pub geometry: Geometry,
}

/// An observation rebuilt from a `view`: what [`Player`]s are given.
/// Announcements the protocol says in words are read back where the bot
/// uses them (checks and pawn-capture counts).
pub fn observation_of(game: &Game, view: &View) -> Result<Observation, String> {
    let g = game.geometry;
    let squares = read_board(&view.board, g.width(), g.height())?;
    let turn = match view.turn.as_deref() {
        Some(t) => side_of(t).ok_or_else(|| format!("unknown side '{t}'"))?,
        // Every ply (a move or a wasted turn) passes the turn, and White
        // begins.
        None if view.ply.is_multiple_of(2) => Color::White,
        None => Color::Black,
    };
    let hint = |t: &String| -> Result<Hint, String> {
        match Attempt::parse(t, g) {
            Ok(Attempt::Move(m)) => Ok(Hint {
                from: m.from,
                to: m.to,
            }),
            _ => Err(format!("bad move '{t}' in view")),
        }
    };
    let hints = view.moves.iter().map(hint).collect::<Result<Vec<_>, _>>()?;
    let try_hints = view.tries.iter().map(hint).collect::<Result<Vec<_>, _>>()?;
    let has = |w: &str| view.may.iter().any(|m| m == w);
    let tries = match game.model.as_str() {
        "kriegspiel" => Tries::TryHints,
        "dark" => Tries::PawnProbes,
        _ => Tries::Hinted,
    };
    let to_move = turn == game.side;
    let actions = Actions {
        tries,
        ask_any: to_move && has("any?"),
        ask_rebuffs: to_move && has("rebuffs?"),
        choose_route: to_move && has("route"),
        must_try_pawn_capture: to_move && has("must-try-pawn-capture"),
    };
    let announcements = view
        .said
        .iter()
        .filter_map(|s| message_of(s))
        .map(|message| fogbound_engine::Announcement {
            ply: view.ply,
            audience: fogbound_engine::observation::Audience::Only(game.side),
            message,
        })
        .collect();
    let captured = match &view.captured {
        Some(s) => Some(
            g.parse_square(s)
                .ok_or_else(|| format!("bad square '{s}' in view"))?,
        ),
        None => None,
    };
    Ok(Observation {
        player: game.side,
        variant: game.variant.clone(),
        ply: view.ply,
        width: g.width(),
        height: g.height(),
        turn,
        squares,
        last_move: Some(SeenMove {
            by: if view.ply == 0 { None } else { Some(!turn) },
            from: None,
            to: None,
            capture_at: captured,
            promotion: None,
            passed: view.passed,
        }),
        hints,
        try_hints,
        announcements,
        extras: Default::default(),
        actions,
        outcome: None,
    })
}

/// The moves of the player's men on its own picture (the men it sees, fog
/// taken as empty) under `model`, as hints: what a `view` without `moves`
/// leaves the player to work out. On the open board they are the legal
/// moves; under Fog of War every destination of a move is seen, so a move
/// onto or through an unseen square (a pawn's push into fog) is left out;
/// under Dark Chess and Kriegspiel, every move its own men could make.
/// The picture has no castling rights and no en passant square.
pub fn picture_moves(obs: &Observation, model: &str) -> Vec<Hint> {
    let squares = usize::from(obs.width) * usize::from(obs.height);
    if squares <= 128 {
        picture_moves_on::<Bitboard128>(obs, model)
    } else {
        picture_moves_on::<Bitboard256>(obs, model)
    }
}

fn picture_moves_on<B: Bitboard>(obs: &Observation, model: &str) -> Vec<Hint> {
    let Some(pos) = obs.as_position::<B>() else {
        return Vec::new();
    };
    let mode = if model == "open" {
        RuleMode::Orthodox
    } else {
        RuleMode::CaptureKing
    };
    let fog = |sq: fogbound_engine::Square| obs.cell(sq) == Cell::Fog;
    let mut out: Vec<Hint> = pos
        .moves(mode)
        .iter()
        .filter(|m| {
            // A pawn's double step passes the square between its ends.
            let between = fogbound_engine::Square(m.from.0.midpoint(m.to.0));
            let double_step =
                m.role == fogbound_engine::Role::Pawn && m.from.0.abs_diff(m.to.0) == 2 * obs.width;
            model != "fog" || !(fog(m.to) || double_step && fog(between))
        })
        .map(|m| Hint {
            from: m.from,
            to: m.to,
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The pawn captures the player may try on its own picture under
/// Kriegspiel (each pawn's capture onto a square none of its own men
/// holds), as try hints: what a `view` without `tries` leaves it to work
/// out. Without them a player whose only legal move is a pawn capture
/// could try nothing the umpire accepts.
pub fn picture_pawn_tries(obs: &Observation) -> Vec<Hint> {
    let squares = usize::from(obs.width) * usize::from(obs.height);
    if squares <= 128 {
        picture_pawn_tries_on::<Bitboard128>(obs)
    } else {
        picture_pawn_tries_on::<Bitboard256>(obs)
    }
}

fn picture_pawn_tries_on<B: Bitboard>(obs: &Observation) -> Vec<Hint> {
    let Some(pos) = obs.as_position::<B>() else {
        return Vec::new();
    };
    let me = obs.player;
    let own = pos.by_color(me);
    let mut out: Vec<Hint> = pos
        .pieces(me, fogbound_engine::Role::Pawn)
        .squares()
        .flat_map(|from| {
            (pos.rules().pawn_attacks(me, from) & !own)
                .squares()
                .map(move |to| Hint { from, to })
        })
        .collect();
    out.sort();
    out
}

/// `obs` with the square where a man was taken in the last ply, when the
/// view did not say it: from the umpire's words of that ply ("Capture at
/// e4", "Pawn at e4 captured"), else from the boards: one of the player's
/// men gone after the opponent's ply, or the enemy man its own move
/// `pending` (made at the previous view's ply) landed on or took en
/// passant. A man taken unseen by the player's own move under Dark Chess
/// leaves no trace without `captured`.
fn with_capture_inferred(
    mut obs: Observation,
    said: &[String],
    prev: Option<&Observation>,
    pending: Option<(Attempt, u32)>,
    game: &Game,
) -> Observation {
    let g = game.geometry;
    let found = capture_in_words(said, g).or_else(|| {
        let prev = prev.filter(|p| p.ply.checked_add(1) == Some(obs.ply))?;
        let own = |o: &Observation| {
            o.squares
                .iter()
                .filter(|c| matches!(c, Cell::Man(p) if p.color == game.side))
                .count()
        };
        if own(&obs) < own(prev) {
            return (0..prev.squares.len())
                .map(|i| fogbound_engine::Square(i as u8))
                .find(|&sq| {
                    matches!(prev.cell(sq), Cell::Man(p) if p.color == game.side)
                        && !matches!(obs.cell(sq), Cell::Man(p) if p.color == game.side)
                });
        }
        let (attempt, ply) = pending?;
        let m = attempt.as_move().filter(|_| ply == prev.ply)?;
        match (prev.cell(m.from), prev.cell(m.to)) {
            (_, Cell::Man(p)) if p.color != game.side => Some(m.to),
            (Cell::Man(p), Cell::Empty)
                if p.role == fogbound_engine::Role::Pawn && g.file(m.from) != g.file(m.to) =>
            {
                g.square(g.file(m.to), g.rank(m.from))
            }
            _ => None,
        }
    });
    if let (Some(sq), Some(seen)) = (found, obs.last_move.as_mut()) {
        seen.capture_at = Some(sq);
    }
    obs
}

/// The square of a capture the umpire announced in the last ply: the words
/// after the last "… has moved" (the words of earlier plies come before it).
fn capture_in_words(said: &[String], g: Geometry) -> Option<fogbound_engine::Square> {
    let last_ply = said
        .iter()
        .rposition(|s| s.ends_with(" has moved"))
        .unwrap_or(0);
    said[last_ply..].iter().find_map(|s| {
        let rest = match s.strip_prefix("Capture at ") {
            Some(rest) => rest,
            None if s.contains(" captured") => s.split_once(" at ")?.1,
            None => return None,
        };
        g.parse_square(rest.split([' ', '(']).next()?)
    })
}

/// The announcements the bot reads back from their words.
fn message_of(said: &str) -> Option<Message> {
    if said.starts_with("Check") || said.starts_with("Double check") {
        return Some(Message::Check {
            directions: Vec::new(),
        });
    }
    if said == "Pawn capture" {
        return Some(Message::PawnCaptureExists);
    }
    let count = said
        .strip_suffix(" pawn tries")
        .or_else(|| said.strip_suffix(" pawn try"))?;
    count.parse().ok().map(|count| Message::PawnTries { count })
}

/// Plays games over protocol v1 on `input`/`output` with players made by
/// `make` (from the game's seed), until the input ends; `budget` tells the
/// player each `go`'s thinking budget in milliseconds before it attempts.
/// A malformed line is an error with its message.
pub fn serve<P: Player + ?Sized>(
    input: impl BufRead,
    mut output: impl Write,
    make: impl Fn(u64) -> Box<P>,
    budget: impl Fn(&mut P, u64),
) -> Result<(), String> {
    let mut player: Option<Box<P>> = None;
    let mut game: Option<Game> = None;
    // The rules the start told.
    let mut told: Option<GameRules> = None;
    let mut last: Option<Observation> = None;
    // The attempt the player made and the ply it was made at.
    let mut pending: Option<(Attempt, u32)> = None;
    let mut send = |m: &FromPlayer| -> Result<(), String> {
        let line = serde_json::to_string(m).map_err(|e| e.to_string())?;
        writeln!(output, "{line}")
            .and_then(|_| output.flush())
            .map_err(|e| format!("cannot write: {e}"))
    };
    for (n, line) in input.lines().enumerate() {
        let line = line.map_err(|e| format!("cannot read: {e}"))?;
        if line.trim().is_empty() {
            continue;
        }
        let msg: ToPlayer = serde_json::from_str(&line)
            .map_err(|e| format!("line {}: not a protocol v1 message: {e}", n + 1))?;
        match msg {
            ToPlayer::Start {
                protocol,
                variant,
                model,
                preset,
                side,
                width,
                height,
                seed,
            } => {
                if protocol != PROTOCOL {
                    return Err(format!("protocol {protocol} is not spoken here (only 1)"));
                }
                let side = side_of(&side).ok_or_else(|| format!("unknown side '{side}'"))?;
                let geometry = Geometry::new(usize::from(width), usize::from(height))
                    .map_err(|e| e.to_string())?;
                told = Some(GameRules {
                    variant: Variant::by_id(&variant)
                        .ok_or_else(|| format!("unknown variant '{variant}'"))?,
                    model: ModelSpec::parse(&model, preset.as_deref())
                        .map_err(|e| e.to_string())?,
                });
                let p = make(seed);
                send(&FromPlayer::Ready { name: p.name() })?;
                player = Some(p);
                game = Some(Game {
                    variant,
                    model,
                    side,
                    geometry,
                });
                last = None;
                pending = None;
            }
            ToPlayer::View(view) => {
                let (Some(p), Some(g), Some(rules)) =
                    (player.as_mut(), game.as_ref(), told.as_ref())
                else {
                    return Err(format!("line {}: a view before the start", n + 1));
                };
                let obs = observation_of(g, &view).map_err(|e| format!("line {}: {e}", n + 1))?;
                // A view without `captured`: where a man was taken is read
                // off the umpire's words or the boards.
                let obs = match view.captured {
                    Some(_) => obs,
                    None => with_capture_inferred(obs, &view.said, last.as_ref(), pending, g),
                };
                match (pending.take(), &last) {
                    (_, None) => p.start(rules, &obs),
                    (Some((a, ply)), Some(_)) => {
                        let resolution = if obs.ply > ply {
                            if obs.last_move.is_some_and(|l| l.passed) {
                                match a.as_move() {
                                    Some(m) => Resolution::Probe { square: m.to },
                                    None => Resolution::Played,
                                }
                            } else {
                                Resolution::Played
                            }
                        } else {
                            match a {
                                Attempt::AskAny => Resolution::AnyAnswer {
                                    yes: obs.actions.must_try_pawn_capture,
                                },
                                Attempt::AskRebuffs => Resolution::RebuffCount { count: 0 },
                                _ => Resolution::Illegal,
                            }
                        };
                        p.resolved(&a, &resolution, &obs);
                    }
                    (None, Some(_)) => p.observe(&obs),
                }
                last = Some(obs);
            }
            ToPlayer::Go { ms } => {
                let (Some(p), Some(g), Some(obs)) = (player.as_mut(), game.as_ref(), last.as_mut())
                else {
                    return Err(format!("line {}: go before a view", n + 1));
                };
                // A referee that sends only the required fields: the player
                // is to move, and its moves are read off its own board.
                if obs.turn != g.side || (obs.hints.is_empty() && obs.try_hints.is_empty()) {
                    obs.turn = g.side;
                    obs.hints = picture_moves(obs, &g.model);
                    if g.model == "kriegspiel" {
                        obs.try_hints = picture_pawn_tries(obs);
                    }
                    if obs.actions.tries == Tries::Hinted && g.model == "dark" {
                        obs.actions.tries = Tries::PawnProbes;
                    }
                }
                budget(&mut **p, ms);
                let a = p.attempt(obs);
                pending = Some((a, obs.ply));
                send(&FromPlayer::Attempt {
                    text: a.to_text(g.geometry),
                })?;
            }
            ToPlayer::End { .. } => {
                player = None;
                game = None;
                last = None;
                pending = None;
            }
        }
    }
    Ok(())
}
