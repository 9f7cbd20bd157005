//! The fogbound rules engine: board geometry, men as movement data, variants
//! as data, one move generator for every use (play, puzzles, bots, solvers),
//! game termination and notation; the information models, what each player
//! is told ([`Observation`]) and the beliefs built from it
//! ([`belief::Observer`]); matches, their records, and the [`player::Player`]
//! trait every automated seat implements. No search lives here: the puzzle
//! solver is `fogbound-puzzles`, the players are `fogbound-players`, the
//! retrograde solvers `fogbound-solvers`. No web dependencies; builds for
//! `wasm32-unknown-unknown`; uses no clock; spawns no thread.
//!
//! # Design
//!
//! **Bitboards, generic and monomorphised.** A [`Position<B>`] is generic over
//! its square-set type `B: `[`Bitboard`]: [`Bitboard64`] (`u64`) for boards of
//! at most 64 squares (8×8 chess, solver boards up to 8×8), [`Bitboard128`]
//! (`u128`) for up to 128 squares (Foolish King's 10×8), [`Bitboard256`]
//! (four `u64` words) for up to 16×16. Each instantiation is compiled
//! separately, so 8×8 chess runs on plain `u64` arithmetic. A square is the
//! bit index `rank * width + file` of its board ([`Square`]; meaningful only
//! with its [`Geometry`]).
//!
//! **Tables per variant and width.** [`Rules<B>`] compiles a [`Variant`] for a
//! `B`: leap tables per role and square, rays in eight directions per square,
//! a square-pair direction table (for `between` and pin lines), pawn attacks,
//! colour masks, and the role groups generation iterates over. Sliders use
//! the classical ray method (the first blocker is the lowest or highest set
//! bit of `ray & occupied`), which works for every board width; for an 8×8
//! board on [`Bitboard64`] the rules also build "fancy" magic tables (blockers
//! on the slider's lines × a per-square multiplier → index into precomputed
//! attack sets; multipliers found once by the engine's own search, checked
//! and filled from the ray method at build), so bishop and rook attacks are
//! one multiply and one load. Plain `u64` arithmetic, no platform intrinsics
//! (wasm-safe). Rules are built once per process and variant and leaked, so
//! positions hold a `&'static Rules<B>` and stay cheap to copy (copy-make).
//!
//! **Orthodox fast path.** For variants with only the orthodox roles (chess,
//! the endgames) legal generation takes a specialised route: no role loops,
//! king moves checked square by square with the king lifted (no copy-make),
//! check evasions limited to capturing the single checker or blocking between
//! it and the king, pinned men limited to their pin line, pawn pushes and
//! captures of unpinned pawns generated set-wise, and standard castling
//! checked on its two king squares without copy-make (only en passant is
//! verified by copy-make). Fairy sets take the general, data-driven path.
//!
//! **Men as data** ([`PieceSpec`], [`PIECES`]): leaper offsets, diagonal and
//! orthogonal slides with a stop rule ([`Stop::SameColour`] for the Hunter),
//! pawn behaviour, and flags (royal, subject to check, castles, can capture,
//! captured only by, confines the enemy king). A new fairy piece is one
//! [`Role`] variant plus one `PieceSpec`.
//!
//! **Variants as data** ([`Variant`]): board size, roles, start FEN, castling
//! rule (none, standard, free), promotion lists per side, pawn double step and
//! en passant, win conditions ([`WinCondition`]) and host-applied draw rules
//! ([`DrawRules`]). Built-ins: [`Variant::chess`], [`Variant::foolish_king`],
//! [`Variant::endgame`] (K+R v K, K+Q v K, K+R+R v K on n×n). Every rules
//! choice made where a source is ambiguous is in [`RULES_NOTES`].
//!
//! **Two rule modes** ([`RuleMode`]): `Orthodox` generates legal moves
//! directly (checkers, pins, king safety; en passant, and castling outside
//! the orthodox fast path, verified by copy-make); `CaptureKing` (Fog of War) generates every move the men's
//! movement allows, including moves into check and king captures. Rules that
//! are not about check (fool confinement, who may capture a fool, hunter
//! stops) apply in both.
//!
//! **Termination**: [`Position::decided`] (royal men lost, variant material or
//! goal-rank conditions), [`Position::outcome`] (plus mate, stalemate, no
//! moves, 50-move rule, dead material), and [`Game`] (plus repetition by
//! Zobrist hash and the resignation, draw-agreement and flag-fall events).
//!
//! **Notation**: extended FEN ([`setup`]: up to 16 files and ranks,
//! multi-digit empty counts, letters `PNBRQK` plus `A` archbishop, `H`
//! hunter, `F` fool, Shredder-style castling files) with a typed [`FenError`];
//! SAN-like and coordinate move text ([`notation`]) with a typed
//! [`MoveTextError`]. No parser panics on any input.
//!
//! **Information models** ([`model`], [`observation`], [`matches`](mod@matches)). The
//! product's central invariant: players (UI, bot, puzzle umpire) only ever
//! receive [`Observation`]s. A [`Match`] owns the true positions and an
//! [`InformationModel`] (a small trait: `visible`, `judge`, `played`,
//! `turn_started`, `hints`, `extras`); a player acts by an [`Attempt`]
//! (squares as the player names them, "Any?", …) which the model judges into
//! a [`Judgement`] (play this true move / waste the turn / refuse), and the
//! match returns an [`AttemptResult`]: a [`Resolution`] the player may know
//! plus one observation per player. A new model is one `impl` plus one
//! [`ModelSpec`] variant (the serialisable name). Built-ins: [`Open`];
//! [`Fog`] (chess.com Fog of War, capture-the-king: visible = the squares of
//! [`Position::pseudo_legal_destinations`]); [`Dark`] (Dark Chess:
//! cumulative travelled paths, probes, slides stopped by the first hidden
//! man, refused moves into check with the attackers' squares); [`Umpire`]
//! (Kriegspiel, each preset of the rules README a [`KriegspielRules`] value:
//! who hears refusals, capture detail, check directions, pawn-try rule,
//! nonsense wording, promotion, host draws). Per-player model state lives in
//! the model; [`AnyMatch`] picks the bitboard from the board size so the app
//! never writes generics.
//!
//! **Records**: [`pgn`] (tags `Variant`, `InformationModel`,
//! `KriegspielPreset`; announcements as comments; non-move attempts as
//! `[%try …]` commands so records replay exactly) and [`save`] (versioned
//! JSON, [`SAVE_VERSION`]; loading replays the attempt log and checks every
//! resolution, so model state is rebuilt, never trusted). Typed errors
//! ([`PgnError`], [`SaveError`]); no parser panics (fuzz targets in
//! `crates/engine/fuzz`, a short no-panic loop in the tests).
//!
//! # Invariants
//!
//! - Bits outside the board are never set in a position's bitboards.
//! - At most one man per side is subject to check; leap sets are symmetric
//!   (attacks are looked up in reverse).
//! - A [`Move`] is only meaningful for the position that generated it;
//!   [`Position::play`] trusts it. Untrusted input goes through the move-text
//!   parsers or [`Game::play`], which check membership in the move list.
//! - An observation never holds an enemy man outside the model's visible
//!   squares, and hints are computed from the player's own picture (Dark,
//!   Kriegspiel) or from squares the player sees anyway (Fog). Resolutions
//!   and announcements carry only what the rules let a player know.
//! - The en passant square is set after every double step (as FEN writes it);
//!   the repetition hash counts it only when a capture there is possible.
//!
//! # API sketch
//!
//! ```
//! use fogbound_engine::{Bitboard64, Game, Position, RuleMode, Variant, perft};
//!
//! let chess = Variant::chess();
//! let pos = Position::<Bitboard64>::start(&chess).unwrap();
//! assert_eq!(perft(&pos, 3, RuleMode::Orthodox), 8_902);
//! let mut game = Game::new(pos, RuleMode::CaptureKing).unwrap();
//! let m = game.position().parse_san("e4", game.mode()).unwrap();
//! game.play(&m).unwrap();
//! assert_eq!(game.position().to_san(&game.moves()[0], RuleMode::Orthodox), "e4");
//! assert!(game.outcome().is_none());
//! // Fog of War views need: pseudo-legal destinations, pawn advances,
//! // the en passant square, and per-move paths.
//! let fog = game.position().pseudo_legal_destinations(fogbound_engine::Color::Black);
//! let _ = (fog, game.position().pawn_advance_squares(fogbound_engine::Color::Black));
//! ```
//!
//! Information models and matches:
//!
//! ```
//! use fogbound_engine::{AnyMatch, Cell, Color, ModelSpec, Resolution, Variant};
//!
//! let spec = ModelSpec::parse("kriegspiel", Some("cvp")).unwrap();
//! let mut m = AnyMatch::new(&Variant::chess(), spec, None).unwrap();
//! let r = m.attempt_text(Color::White, "e2e4").unwrap();
//! assert_eq!(r.resolution, Resolution::Played);
//! // Black sees only Black's men; White's pawn is in the fog.
//! assert!(r.observations.black.men().iter().all(|(_, p)| p.color == Color::Black));
//! assert_eq!(r.observations.black.squares[28], Cell::Fog);
//! let json = m.to_json();
//! let back = AnyMatch::from_json(&json).unwrap();
//! assert_eq!(back.fens(), m.fens());
//! let pgn = m.to_pgn(&[("White", "Ann")]);
//! assert!(pgn.contains("[KriegspielPreset \"cvp\"]"));
//! ```
//!
//! `Match::<B>::{new, attempt, observation(s), outcome, resign, agree_draw,
//! flag_fall, end, log, announcements, plies, positions, to_save, to_pgn}`;
//! `AnyMatch` the same plus `attempt_text, fens, san_moves, to_json,
//! from_json, from_save, from_pgn`; `Attempt::{parse, to_text, from_move}`;
//! `ModelSpec::{parse, rule_mode, build}`; `KriegspielRules::{preset,
//! presets, PRESET_IDS}`.
//!
//! `Position::<B>::{start, from_fen, from_setup, to_fen, legal_moves,
//! pseudo_legal_moves, moves(mode), play, after, is_check, attackers_to,
//! attacked_squares, decided, outcome, zobrist_hash, move_path, leap_routes,
//! to_san, parse_san, to_coord, parse_coord}`; `Game::<B>::{new, start, play,
//! undo, outcome, resign, agree_draw, flag_fall, positions, moves}`;
//! `perft`, `perft_divide`; `Variant::{chess, foolish_king, endgame, by_id}`.
//! Pick `B` from the board size: at most 64 squares `Bitboard64`, 128
//! `Bitboard128`, else `Bitboard256`.

pub mod any_match;
pub mod belief;
pub mod bitboard;
pub mod catalogue;
pub mod color;
pub mod dark;
pub mod game;
pub mod geometry;
pub mod kriegspiel;
pub mod matches;
pub mod model;
pub mod mov;
pub mod movegen;
pub mod nonsense;
pub mod notation;
pub mod observation;
pub mod perft;
pub mod pgn;
pub mod player;
pub mod position;
pub mod preset_sources;
pub mod review;
pub mod role;
pub mod rules;
pub mod save;
pub mod setup;
pub mod share;
pub mod small_sort;
pub mod split_mix;
pub mod transcript;
pub mod variant;
pub mod zobrist;

pub use any_match::{AnyMatch, AttemptTextError};
pub use bitboard::{Bitboard, Bitboard128, Bitboard256, Bitboard64, Squares};
pub use color::{ByColor, Color};
pub use dark::Dark;
pub use game::{Game, Outcome, PlayError, Reason};
pub use geometry::{File, Geometry, GeometryError, Rank, Square};
pub use kriegspiel::{
    AnyObligation, CaptureDetail, Hearers, KriegspielRules, PawnCheck, PawnTries, Umpire,
};
pub use matches::{
    read_attempt, AttemptError, AttemptResult, GameEvent, LogEntry, Match, MatchError, Ply,
};
pub use model::{
    find_move, picture_san, Attempt, Fog, InformationModel, Judgement, ModelError, ModelSpec,
    MoveAttempt, Open, Resolution,
};
pub use mov::{Move, MoveKind};
pub use movegen::{MoveFilter, RuleMode};
pub use notation::MoveTextError;
pub use observation::{
    Actions, Announcement, Audience, Cell, CheckDirection, EnPassantView, Extras, Hint, ManKind,
    Message, Observation, SeenMove, Tries,
};
pub use perft::{perft, perft_divide};
pub use pgn::PgnError;
pub use position::{Position, PositionError};
pub use review::Frame;
pub use role::{Piece, PieceSpec, Role, Stop, PIECES};
pub use rules::{Rules, RulesError};
pub use save::{save_from_json, save_to_json, Clocks, SaveError, SaveFile, SAVE_VERSION};
pub use setup::{CastlingFlag, FenError, Setup};
pub use share::{ShareError, MAX_SHARE_LEN, SHARE_VERSION};
pub use split_mix::SplitMix;
pub use transcript::Told;
pub use variant::{CastlingRule, DrawRules, Endgame, Variant, WinCondition, RULES_NOTES};
