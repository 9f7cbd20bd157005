//! "The fog lifts": a finished game stepped through ply by ply, from
//! White's view, Black's view or the full board.
//!
//! [`Replay`] holds the game and its frames ([`fogbound_engine::Frame`],
//! rebuilt by the engine): a player's view at ply k is exactly the
//! observation that player had after ply k, drawn by the same
//! [`board_view`] as the live game, with the umpire's words they had heard
//! by then; the full board is the true position. A replay is made only of a
//! finished game from the hot seat (the frames hold every hidden man), or
//! of a record brought in from outside (a PGN or a share link, which hold
//! the true moves anyway).

use std::collections::BTreeMap;

use fogbound_engine::{
    save_from_json, save_to_json, AnyMatch, Audience, ByColor, Color, Frame, Outcome,
};

use fogbound_players::{BotLevel, Opponent};

use super::picture::board_view;
use super::record::known_text;
use super::record::Heard;
use super::stamp::{read_stamp, stamp_text};
use super::words::{heard_text, outcome_text};
use crate::components::BoardView;
use crate::play::seats::Seat;
use crate::play::settings::{variant_id, Names, PlayLink};

/// The save tag that marks a game brought in from a PGN file.
pub const IMPORTED_TAG: &str = "imported";

/// Whose picture the replay shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lens {
    Player(Color),
    /// The true position.
    Full,
}

impl Lens {
    pub const ALL: [Lens; 3] = [
        Lens::Player(Color::White),
        Lens::Player(Color::Black),
        Lens::Full,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Lens::Player(Color::White) => "White's view",
            Lens::Player(Color::Black) => "Black's view",
            Lens::Full => "Full board",
        }
    }

    /// The test hook suffix: `w`, `b`, `full`.
    pub fn id(self) -> &'static str {
        match self {
            Lens::Player(Color::White) => "w",
            Lens::Player(Color::Black) => "b",
            Lens::Full => "full",
        }
    }
}

/// One ply in a move list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayMove {
    pub ply: u32,
    pub by: Color,
    pub text: String,
}

/// What a record says of a game beyond its moves: the players and the day,
/// as PGN writes them (`None` where unknown).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordTags {
    pub players: ByColor<Option<String>>,
    /// `2026.11.24`.
    pub day: Option<String>,
}

/// The longest player name a record keeps (characters).
const MAX_RECORD_NAME: usize = 60;

impl RecordTags {
    /// Reads `White`, `Black` and `Date` tags (PGN's, a share code's or a
    /// save's): unknown values (`?`, `????.??.??`) and blank ones are
    /// dropped, long names cut, control characters removed.
    pub fn read<'a>(tags: impl IntoIterator<Item = (&'a str, &'a str)>) -> RecordTags {
        let clean = |v: &str| -> Option<String> {
            let v: String = v
                .chars()
                .filter(|c| !c.is_control())
                .take(MAX_RECORD_NAME)
                .collect();
            let v = v.trim();
            (!v.is_empty() && !v.chars().all(|c| c == '?' || c == '.' || c == '-'))
                .then(|| v.to_string())
        };
        let mut out = RecordTags::default();
        for (name, value) in tags {
            match name {
                "White" => out.players.white = clean(value),
                "Black" => out.players.black = clean(value),
                "Date" => out.day = clean(value),
                _ => {}
            }
        }
        out
    }

    /// The players of a game at the table: a person by the name they gave
    /// (none if they kept the colour's name), an automated player by its own.
    fn of_settings(settings: &PlayLink) -> ByColor<Option<String>> {
        let seats = settings.seats();
        ByColor::new_with(|c| match seats.get(c) {
            Seat::Computer(kind) => Some(kind.label().to_string()),
            Seat::Person => {
                let name = settings.names.get(c);
                (name != c.name()).then(|| name.to_string())
            }
        })
    }

    /// As tags, PGN's unknown marks for what is unknown.
    pub fn pairs(&self) -> [(&'static str, String); 3] {
        let player = |c: Color| self.players[c].clone().unwrap_or_else(|| "?".into());
        [
            ("White", player(Color::White)),
            ("Black", player(Color::Black)),
            (
                "Date",
                self.day.clone().unwrap_or_else(|| "????.??.??".into()),
            ),
        ]
    }
}

/// A game to replay. See the module docs.
#[derive(Clone, Debug)]
pub struct Replay {
    game: AnyMatch,
    frames: Vec<Frame>,
    settings: PlayLink,
    record: RecordTags,
    /// When the game was last saved in this browser (milliseconds), if it was.
    saved_at: Option<f64>,
    /// Brought in from a PGN file.
    imported: bool,
}

impl PartialEq for Replay {
    fn eq(&self, other: &Replay) -> bool {
        self.frames == other.frames
            && self.saved_at == other.saved_at
            && self.settings == other.settings
            && self.record == other.record
    }
}

/// The settings a match was played with, as the Play page names them; the
/// players' names too when they are names a game at the table may have.
fn settings_of(game: &AnyMatch, record: &RecordTags) -> PlayLink {
    let mut settings = PlayLink::default().with_model(game.spec());
    settings.variant = variant_id(&game.variant().id).unwrap_or(settings.variant);
    if let (Some(Ok(white)), Some(Ok(black))) = (
        record.players.white.as_deref().map(Names::check),
        record.players.black.as_deref().map(Names::check),
    ) {
        settings.names = Names { white, black };
    }
    settings
}

impl Replay {
    /// A replay of `game` (any game: the caller decides it may be shown).
    fn of(game: AnyMatch, settings: PlayLink, record: RecordTags) -> Replay {
        Replay {
            frames: game.review(),
            game,
            settings,
            record,
            saved_at: None,
            imported: false,
        }
    }

    /// A save of this browser's library: a game played at the table, once
    /// it is over (an unfinished one is refused: its replay would show the
    /// hidden men), or a game imported from PGN.
    pub fn from_save_json(text: &str) -> Result<Replay, String> {
        let save = save_from_json(text).map_err(|e| e.to_string())?;
        let game = AnyMatch::from_save(&save).map_err(|e| e.to_string())?;
        let tags: &BTreeMap<String, String> = &save.tags;
        let imported = tags.contains_key(IMPORTED_TAG);
        if game.outcome().is_none() && !imported {
            return Err("the game is not over yet; its replay opens when it ends".into());
        }
        let (mut settings, _) = PlayLink::parse(tags.get("link").map_or("", |s| s));
        settings = settings.with_model(game.spec());
        settings.variant = variant_id(&game.variant().id).unwrap_or(settings.variant);
        let saved_at = tags.get("saved_at").and_then(|t| read_stamp(t));
        let record = if imported {
            RecordTags::read(tags.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        } else {
            RecordTags {
                players: RecordTags::of_settings(&settings),
                day: saved_at.map(pgn_date),
            }
        };
        let mut replay = Replay::of(game, settings, record);
        replay.saved_at = saved_at;
        replay.imported = imported;
        Ok(replay)
    }

    /// A PGN record (finished or not: the record shows every move anyway).
    pub fn from_pgn(text: &str) -> Result<Replay, String> {
        let (game, tags) = AnyMatch::from_pgn(text).map_err(|e| e.to_string())?;
        let record = RecordTags::read(tags.iter().map(|(k, v)| (k.as_str(), v.as_str())));
        let settings = settings_of(&game, &record);
        let mut replay = Replay::of(game, settings, record);
        replay.imported = true;
        Ok(replay)
    }

    /// A share code ([`Replay::share_code`]); only finished games are shared.
    pub fn from_share(code: &str) -> Result<Replay, String> {
        let (game, tags) = AnyMatch::from_share_tagged(code).map_err(|e| e.to_string())?;
        if game.outcome().is_none() {
            return Err("the link holds an unfinished game, which is never shared".into());
        }
        let record = RecordTags::read(tags.iter().map(|(k, v)| (k.as_str(), v.as_str())));
        let settings = settings_of(&game, &record);
        Ok(Replay::of(game, settings, record))
    }

    /// The save that keeps an imported game in this browser's library
    /// under `id`: the engine's save with the record's tags.
    pub fn to_imported_save_json(&self, id: &str, now: f64) -> String {
        let mut save = self.game.to_save();
        let tags = &mut save.tags;
        tags.insert("id".into(), id.to_string());
        tags.insert("link".into(), self.settings.to_query());
        tags.insert("saved_at".into(), stamp_text(now));
        tags.insert(IMPORTED_TAG.into(), "pgn".into());
        for (name, value) in self.record.pairs() {
            tags.insert(name.into(), value);
        }
        save_to_json(&save)
    }

    pub fn settings(&self) -> &PlayLink {
        &self.settings
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    /// When the game was last saved in this browser, if it was.
    pub fn saved_at(&self) -> Option<f64> {
        self.saved_at
    }

    /// The players and the day, as far as they are known.
    pub fn record(&self) -> &RecordTags {
        &self.record
    }

    /// Brought in from a PGN file.
    pub fn imported(&self) -> bool {
        self.imported
    }

    /// "Ann vs Bob", "Ann vs ?", or `None` when neither is known.
    pub fn players_line(&self) -> Option<String> {
        let p = &self.record.players;
        if p.white.is_none() && p.black.is_none() {
            return None;
        }
        let name = |c: Color| p[c].clone().unwrap_or_else(|| "?".into());
        Some(format!("{} vs {}", name(Color::White), name(Color::Black)))
    }

    /// Whether the game's model hid men from the players (so the replay
    /// lifts a fog), as the engine says.
    pub fn hides_men(&self) -> bool {
        self.game.spec().hides_men()
    }

    /// The side the bot played in a game against it, and its level: the
    /// replay can show what it believed (none for an imported record).
    pub fn believer(&self) -> Option<(Color, BotLevel)> {
        if self.imported {
            return None;
        }
        let seats = self.settings.seats();
        Color::ALL
            .into_iter()
            .find_map(|c| match seats.computer(c) {
                Some(Opponent::Bot(level)) => Some((c, level)),
                _ => None,
            })
    }

    /// Everything `color` was told in the game, in order.
    pub fn transcript(&self, color: Color) -> Vec<fogbound_engine::Told> {
        self.game.transcript(color)
    }

    /// "Fog of War · Chess".
    pub fn title(&self) -> String {
        self.settings.title()
    }

    /// Plies played; the replay's positions are 0 (the start) to this.
    pub fn plies(&self) -> u32 {
        self.frames.len().saturating_sub(1) as u32
    }

    fn frame(&self, ply: u32) -> Option<&Frame> {
        self.frames.get(ply as usize).or_else(|| self.frames.last())
    }

    /// The board at `ply` through `lens`.
    pub fn board(&self, ply: u32, lens: Lens) -> BoardView {
        let g = self.game.geometry();
        let Some(frame) = self.frame(ply) else {
            return BoardView::empty(g.width(), g.height());
        };
        match lens {
            Lens::Player(c) => board_view(&frame.observations[c], None, &[]),
            Lens::Full => {
                let placement = frame.fen.split(' ').next().unwrap_or("");
                let mut view = BoardView::from_placement(g.width(), g.height(), placement)
                    .unwrap_or_else(|| BoardView::empty(g.width(), g.height()));
                if let Some(mv) = frame.played {
                    for sq in [mv.from, mv.to] {
                        if let Some(s) = view.squares.get_mut(sq.index()) {
                            s.highlight = true;
                        }
                    }
                }
                view
            }
        }
    }

    /// The moves as `lens` knows them: a player's own record, or the true
    /// moves in SAN.
    pub fn moves(&self, lens: Lens) -> Vec<ReplayMove> {
        self.frames
            .iter()
            .skip(1)
            .filter_map(|f| {
                let by = f.by?;
                let text = match lens {
                    Lens::Full => f
                        .san
                        .clone()
                        .unwrap_or_else(|| "— (turn used by a probe)".into()),
                    Lens::Player(c) => f.observations[c]
                        .last_move
                        .map(|seen| known_text(&self.game, f.ply as usize - 1, &seen, c))
                        .unwrap_or_else(|| "?".into()),
                };
                Some(ReplayMove {
                    ply: f.ply,
                    by,
                    text,
                })
            })
            .collect()
    }

    /// What the umpire had said by `ply`: to the player through their
    /// lens, everything on the full board.
    pub fn heard(&self, ply: u32, lens: Lens) -> Vec<Heard> {
        let g = self.game.geometry();
        let said = self.frame(ply).map_or(0, |f| f.said);
        self.game
            .announcements()
            .iter()
            .take(said)
            .filter(|a| match lens {
                Lens::Player(c) => a.audience.includes(c),
                Lens::Full => true,
            })
            .map(|a| Heard {
                ply: a.ply,
                public: a.audience == Audience::All,
                text: match (lens, a.audience) {
                    (Lens::Full, Audience::Only(c)) => {
                        format!("to {c}: {}", heard_text(&a.message, g))
                    }
                    _ => heard_text(&a.message, g),
                },
            })
            .collect()
    }

    /// A line about the position at `ply`.
    pub fn status(&self, ply: u32) -> String {
        match self.frame(ply) {
            Some(f) if f.ply == self.plies() => match self.outcome() {
                Some(o) => outcome_text(&o, self.game.variant()),
                None => format!("Unfinished: {} to move", self.game.turn().name()),
            },
            Some(f) => {
                let turn = f.observations[Color::White].turn;
                format!("{} to move", turn.name())
            }
            None => String::new(),
        }
    }

    /// The game as PGN, with the engine's tags for variant, model and
    /// preset and the umpire's public announcements as comments.
    pub fn pgn(&self) -> String {
        let control = match self.settings.fischer() {
            Some((minutes, increment)) => format!("{}+{increment}", minutes * 60),
            None => "-".into(),
        };
        let event = if self.imported {
            "?"
        } else if self.settings.seats().lone_person().is_some() {
            "fogbound game against the computer"
        } else {
            "fogbound hot-seat game"
        };
        let record = self.record.pairs();
        let mut tags: Vec<(&str, &str)> = vec![("Event", event)];
        tags.extend(record.iter().map(|(k, v)| (*k, v.as_str())));
        tags.push(("TimeControl", &control));
        self.game.to_pgn(&tags)
    }

    /// A file name for the PGN.
    pub fn pgn_filename(&self) -> String {
        let date = match &self.record.day {
            Some(day) => day
                .chars()
                .map(|c| if c.is_ascii_digit() { c } else { '-' })
                .collect(),
            None => "undated".to_string(),
        };
        format!(
            "fogbound-{}-{}-{date}.pgn",
            self.settings.variant, self.settings.model
        )
    }

    /// The share code, for a finished game only; it carries the players'
    /// names and the day.
    pub fn share_code(&self) -> Option<String> {
        let record = self.record.pairs();
        let tags: Vec<(&str, &str)> = record
            .iter()
            .filter(|(_, v)| !v.starts_with('?'))
            .map(|(k, v)| (*k, v.as_str()))
            .collect();
        self.outcome().map(|_| self.game.to_share_tagged(&tags))
    }
}

/// `2026.11.21` from milliseconds since the epoch (UTC).
fn pgn_date(ms: f64) -> String {
    let days = (ms / 86_400_000.0).floor() as i64;
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::table::{Act, GameTable};
    use fogbound_engine::Attempt;

    fn play(s: &mut GameTable, moves: &[(&str, &str)]) {
        let g = s.geometry();
        for (from, to) in moves {
            s.apply(Act::Pass);
            s.apply(Act::Reveal { now: 0.0 });
            for name in [from, to] {
                s.apply(Act::Square {
                    square: g.parse_square(name).unwrap(),
                    now: 0.0,
                });
            }
        }
    }

    fn finished_fog_game() -> GameTable {
        finished_fog_game_with("model=fog")
    }

    /// 1. e4 f6 2. Qh5 a6 3. Qxe8: White takes the king.
    fn finished_fog_game_with(link: &str) -> GameTable {
        let mut s = GameTable::new(PlayLink::parse(link).0, 0.0).unwrap();
        play(
            &mut s,
            &[
                ("e2", "e4"),
                ("f7", "f6"),
                ("d1", "h5"),
                ("a7", "a6"),
                ("h5", "e8"),
            ],
        );
        assert!(s.outcome().is_some());
        s
    }

    fn pieces(view: &BoardView) -> usize {
        view.squares.iter().filter(|s| s.piece.is_some()).count()
    }

    #[test]
    fn an_unfinished_game_has_no_replay() {
        let mut s = GameTable::new(PlayLink::parse("model=fog").0, 0.0).unwrap();
        play(&mut s, &[("e2", "e4")]);
        let err = Replay::from_save_json(&s.to_json(0.0)).unwrap_err();
        assert!(err.contains("not over"), "{err}");
    }

    #[test]
    fn each_lens_shows_what_it_should_at_every_ply() {
        let s = finished_fog_game();
        let r = Replay::from_save_json(&s.to_json(1_763_740_800_000.0)).unwrap();
        assert_eq!(r.plies(), 5);
        assert_eq!(r.title(), "Fog of War · Chess");
        let g = s.geometry();
        let at =
            |v: &BoardView, name: &str| v.squares[g.parse_square(name).unwrap().index()].clone();
        // The start: each player sees their own 16 men, the full board 32.
        assert_eq!(pieces(&r.board(0, Lens::Player(Color::White))), 16);
        assert_eq!(pieces(&r.board(0, Lens::Full)), 32);
        // After 2. ... f6 White saw nothing of Black's move.
        let white = r.board(2, Lens::Player(Color::White));
        assert!(at(&white, "f6").fog && at(&white, "f6").piece.is_none());
        assert!(!at(&white, "f6").highlight);
        let black = r.board(2, Lens::Player(Color::Black));
        assert_eq!(at(&black, "f6").piece.as_deref(), Some("bP"));
        // After 3. Qh5 the queen stands in Black's fog: no man of Black's
        // could go to h5. The full board shows it.
        let black = r.board(3, Lens::Player(Color::Black));
        assert!(at(&black, "h5").fog && at(&black, "h5").piece.is_none());
        assert_eq!(
            at(&r.board(3, Lens::Full), "h5").piece.as_deref(),
            Some("wQ")
        );
        // The full board at ply 5: the king is gone, the queen on e8.
        let full = r.board(5, Lens::Full);
        assert_eq!(at(&full, "e8").piece.as_deref(), Some("wQ"));
        assert!(at(&full, "h5").highlight && at(&full, "e8").highlight);
        assert!(r.status(5).starts_with("White wins"), "{}", r.status(5));
        assert_eq!(r.status(1), "Black to move");
        // Past the end is the end.
        assert_eq!(r.board(99, Lens::Full), r.board(5, Lens::Full));
    }

    #[test]
    fn move_lists_are_per_lens() {
        let r = Replay::from_save_json(&finished_fog_game().to_json(0.0)).unwrap();
        let full: Vec<String> = r.moves(Lens::Full).into_iter().map(|m| m.text).collect();
        assert_eq!(full, vec!["e4", "f6", "Qh5", "a6", "Qxe8"]);
        let white: Vec<String> = r
            .moves(Lens::Player(Color::White))
            .into_iter()
            .map(|m| m.text)
            .collect();
        assert_eq!(white[0], "e4");
        assert!(!white[1].contains("f7"), "{white:?}");
        let plies: Vec<u32> = r.moves(Lens::Full).iter().map(|m| m.ply).collect();
        assert_eq!(plies, vec![1, 2, 3, 4, 5]);
    }

    #[test]
    fn kriegspiel_lenses_hear_only_their_own_words() {
        let mut s = GameTable::new(PlayLink::parse("model=kriegspiel&preset=cvp").0, 0.0).unwrap();
        s.apply(Act::Reveal { now: 0.0 });
        s.apply(Act::Ask {
            question: Attempt::AskAny,
            now: 0.0,
        });
        play(&mut s, &[("e2", "e4")]);
        s.apply(Act::Reveal { now: 0.0 });
        s.apply(Act::Resign { now: 0.0 });
        let r = Replay::from_save_json(&s.to_json(0.0)).unwrap();
        let white = r.heard(1, Lens::Player(Color::White));
        let full = r.heard(1, Lens::Full);
        assert!(white.iter().any(|h| h.text.contains("asked")), "{white:?}");
        assert!(full.len() >= white.len());
        // At the start nothing had been asked yet.
        assert!(r
            .heard(0, Lens::Player(Color::White))
            .iter()
            .all(|h| !h.text.contains("asked")));
        // The end: the resignation is heard by both.
        let end = r.heard(1, Lens::Player(Color::Black));
        assert!(end.iter().any(|h| h.text.contains("Game over")), "{end:?}");
    }

    #[test]
    fn pgn_and_share_round_trip() {
        let r = Replay::from_save_json(&finished_fog_game().to_json(1_763_740_800_000.0)).unwrap();
        let pgn = r.pgn();
        assert!(pgn.contains("[InformationModel \"fog\"]"), "{pgn}");
        assert!(pgn.contains("[Date \"2025.11.21\"]"), "{pgn}");
        assert!(pgn.contains("Qxe8"), "{pgn}");
        assert_eq!(r.pgn_filename(), "fogbound-chess-fog-2025-11-21.pgn");
        let back = Replay::from_pgn(&pgn).unwrap();
        assert_eq!(back.moves(Lens::Full), r.moves(Lens::Full));
        let code = r.share_code().unwrap();
        let shared = Replay::from_share(&code).unwrap();
        assert_eq!(
            shared.moves(Lens::Player(Color::Black)),
            r.moves(Lens::Player(Color::Black))
        );
        assert!(Replay::from_share(&code[..code.len() - 3]).is_err());
        assert!(Replay::from_pgn("1. e4 e5 2. Ke3").is_err());
        assert!(Replay::from_pgn("[Variant \"go\"]").is_err());
    }

    #[test]
    fn records_carry_the_players_and_the_day() {
        let s = finished_fog_game_with("model=fog&names=Ann,Bob");
        let r = Replay::from_save_json(&s.to_json(1_763_740_800_000.0)).unwrap();
        let pgn = r.pgn();
        for tag in [
            "[White \"Ann\"]",
            "[Black \"Bob\"]",
            "[Date \"2025.11.21\"]",
        ] {
            assert!(pgn.contains(tag), "{tag} in {pgn}");
        }
        assert_eq!(r.players_line().as_deref(), Some("Ann vs Bob"));
        // The share link keeps them, and so does a PGN brought back in.
        let shared = Replay::from_share(&r.share_code().unwrap()).unwrap();
        assert_eq!(shared.record(), r.record());
        assert!(shared.pgn().contains("[Date \"2025.11.21\"]"));
        let back = Replay::from_pgn(&pgn).unwrap();
        assert_eq!(back.record(), r.record());
        assert_eq!(back.settings().names.get(Color::White), "Ann");
        // Against the computer, the automated player is named.
        let vs = GameTable::new(
            PlayLink::parse("model=fog&mode=computer&computer=random&side=white").0,
            0.0,
        )
        .unwrap();
        let mut vs = vs;
        vs.apply(Act::Resign { now: 0.0 });
        let r = Replay::from_save_json(&vs.to_json(0.0)).unwrap();
        assert!(r.pgn().contains("[White \"?\"]"), "{}", r.pgn());
        assert!(!r.pgn().contains("[Black \"?\"]"), "{}", r.pgn());
    }

    #[test]
    fn an_imported_game_is_kept_whole_even_unfinished() {
        let pgn =
            "[White \"Kasparov, G.\"]\n[Black \"?\"]\n[Date \"1999.??.??\"]\n\n1. e4 e5 2. Nf3 *";
        let r = Replay::from_pgn(pgn).unwrap();
        assert!(r.outcome().is_none() && r.imported());
        assert_eq!(r.players_line().as_deref(), Some("Kasparov, G. vs ?"));
        let saved = r.to_imported_save_json("imp1", 5.0);
        let again = Replay::from_save_json(&saved).unwrap();
        assert_eq!(again.plies(), 3);
        assert_eq!(again.record(), r.record());
        assert_eq!(again.record().day.as_deref(), Some("1999.??.??"));
        let row = crate::play::library::Summary::of_save(&saved, 9.0).unwrap();
        assert!(row.imported && !row.finished);
        assert_eq!((row.id.as_str(), row.plies), ("imp1", 3));
        assert_eq!(row.players, "Kasparov, G. vs ?");
        // Odd tags are cleaned: control characters, unknown marks, length.
        let odd = RecordTags::read([
            ("White", "\u{7}x"),
            ("Black", "??"),
            ("Date", &"9".repeat(99)),
        ]);
        assert_eq!(odd.players.white.as_deref(), Some("x"));
        assert_eq!(odd.players.black, None);
        assert_eq!(odd.day.as_deref().map(str::len), Some(60));
    }

    #[test]
    fn pgn_dates() {
        assert_eq!(pgn_date(0.0), "1970.01.01");
        assert_eq!(pgn_date(951_782_400_000.0), "2000.02.29");
        assert_eq!(pgn_date(1_763_740_800_000.0), "2025.11.21");
    }
}
