//! Our PGN read by an independent reader: games of chess on the open board
//! are exported as plain standard PGN that pgn-reader parses and shakmaty
//! replays move for move to the same position; games under other models say
//! what was played and carry no check marks where the rules have no check.

use std::ops::ControlFlow;

use crate::support::random_match;
use fogbound_engine::{AnyMatch, Bitboard64, ModelSpec, Variant};
use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::{fen::Fen, Chess, EnPassantMode, Position};

/// What the independent reader made of one game.
#[derive(Default)]
struct Read {
    tags: Vec<(String, String)>,
    sans: Vec<String>,
    error: Option<String>,
    final_fen: String,
}

struct Replayer;

impl Visitor for Replayer {
    type Tags = Vec<(String, String)>;
    type Movetext = (Chess, Read);
    type Output = Read;

    fn begin_tags(&mut self) -> ControlFlow<Read, Self::Tags> {
        ControlFlow::Continue(Vec::new())
    }

    fn tag(&mut self, tags: &mut Self::Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<Read> {
        tags.push((
            String::from_utf8_lossy(name).into_owned(),
            value.decode_utf8_lossy().into_owned(),
        ));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Read, Self::Movetext> {
        let read = Read {
            tags,
            ..Read::default()
        };
        ControlFlow::Continue((Chess::default(), read))
    }

    fn san(&mut self, (pos, read): &mut Self::Movetext, san: SanPlus) -> ControlFlow<Read> {
        read.sans.push(san.to_string());
        match san.san.to_move(pos) {
            Ok(m) => {
                pos.play_unchecked(m);
                ControlFlow::Continue(())
            }
            Err(e) => {
                read.error = Some(format!("{san}: {e}"));
                ControlFlow::Continue(())
            }
        }
    }

    fn end_game(&mut self, (pos, mut read): Self::Movetext) -> Read {
        read.final_fen = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
        read
    }
}

fn read_with_pgn_reader(pgn: &str) -> Read {
    Reader::new(pgn.as_bytes())
        .read_game(&mut Replayer)
        .expect("reading from memory")
        .expect("one game")
}

/// Placement, side, castling and en passant: the fields both engines agree on.
fn core_fen(fen: &str) -> String {
    fen.split(' ').take(4).collect::<Vec<_>>().join(" ")
}

#[test]
fn open_chess_games_are_standard_pgn_that_an_independent_reader_replays() {
    let (mut castles, mut promotions, mut en_passant, mut checks) = (0, 0, 0, 0);
    for seed in 0..150u64 {
        let m =
            random_match::<Bitboard64>(&Variant::chess(), ModelSpec::Open, seed, 240, 400, |_| {});
        let m = AnyMatch::from(m);
        let pgn = m.to_pgn(&[("White", "Ann"), ("Black", "Bob"), ("Date", "2026.11.24")]);
        let read = read_with_pgn_reader(&pgn);
        assert_eq!(read.error, None, "seed {seed}\n{pgn}");
        let tag = |name: &str| {
            read.tags
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.as_str())
        };
        assert_eq!(tag("White"), Some("Ann"));
        assert_eq!(tag("Black"), Some("Bob"));
        assert_eq!(tag("Date"), Some("2026.11.24"));
        // Nothing that would make a reader take it for another game.
        assert_eq!(tag("Variant"), None, "{pgn}");
        assert_eq!(read.sans.len(), m.plies().len(), "seed {seed}");
        let ours = m.fens().last().cloned().unwrap();
        assert_eq!(
            core_fen(&read.final_fen),
            core_fen(&ours),
            "seed {seed}\n{pgn}"
        );
        castles += read.sans.iter().filter(|s| s.starts_with("O-O")).count();
        promotions += read.sans.iter().filter(|s| s.contains('=')).count();
        checks += read
            .sans
            .iter()
            .filter(|s| s.ends_with('+') || s.ends_with('#'))
            .count();
        en_passant += m
            .plies()
            .iter()
            .filter(|p| {
                p.mv.is_some_and(|mv| mv.kind == fogbound_engine::MoveKind::EnPassant)
            })
            .count();
    }
    // The games went through what a reader can trip on.
    assert!(
        castles > 0 && promotions > 0 && en_passant > 0 && checks > 0,
        "castles {castles}, promotions {promotions}, en passant {en_passant}, checks {checks}"
    );
}

#[test]
fn other_games_say_what_was_played_and_mark_no_check_without_check() {
    let cases = [
        (ModelSpec::Fog, "Fog of War"),
        (ModelSpec::Dark, "Dark Chess"),
    ];
    for (spec, name) in cases {
        for seed in 0..20u64 {
            let m =
                random_match::<Bitboard64>(&Variant::chess(), spec.clone(), seed, 200, 400, |_| {});
            let m = AnyMatch::from(m);
            let pgn = m.to_pgn(&[]);
            assert!(pgn.contains(&format!("[Variant \"{name}\"]")), "{pgn}");
            if m.mode() == fogbound_engine::RuleMode::CaptureKing {
                let movetext = pgn.split("\n\n").nth(1).unwrap();
                let without_comments: String = movetext
                    .split('{')
                    .map(|part| part.split_once('}').map_or(part, |(_, rest)| rest))
                    .collect();
                assert!(
                    !without_comments.contains('+') && !without_comments.contains('#'),
                    "{pgn}"
                );
            }
            // Our import takes it back whole.
            let (back, _) = AnyMatch::from_pgn(&pgn).unwrap();
            assert_eq!(back.fens(), m.fens());
            assert_eq!(back.spec(), m.spec());
        }
    }
    // A record from elsewhere that names the game: read as that game.
    let (fog, _) =
        AnyMatch::from_pgn("[Variant \"Fog of War\"]\n\n1. e4 e5 2. Qh5 Ke7 3. Qxe5 *").unwrap();
    assert_eq!(fog.spec(), &ModelSpec::Fog);
    // Earlier exports wrote the variant id in `Variant`.
    let (old, _) =
        AnyMatch::from_pgn("[Variant \"chess\"]\n[InformationModel \"dark\"]\n\n1. e4 *").unwrap();
    assert_eq!(old.spec(), &ModelSpec::Dark);
    // A game we do not play is refused by name, not misread as chess.
    let err = AnyMatch::from_pgn("[Variant \"Crazyhouse\"]\n\n1. e4 *").unwrap_err();
    assert!(err.to_string().contains("Crazyhouse"), "{err}");
}

#[test]
fn a_captured_king_is_named_in_the_termination() {
    let mut m = AnyMatch::new(&Variant::chess(), ModelSpec::Fog, None).unwrap();
    for text in ["e2e4", "f7f6", "d1h5", "a7a6", "h5e8"] {
        let a = fogbound_engine::Attempt::parse(text, m.geometry()).unwrap();
        let player = m.turn();
        m.attempt(player, a).unwrap();
    }
    let pgn = m.to_pgn(&[]);
    assert!(pgn.contains("[Termination \"king captured\"]"), "{pgn}");
    assert!(pgn.contains("2. Qh5 a6 3. Qxe8 "), "{pgn}");
}
