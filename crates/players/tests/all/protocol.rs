//! Protocol v1: the `view` of an observation reads back into the same
//! board, and `serve` answers a session line by line.

use fogbound_engine::{AnyMatch, Attempt, Color, KriegspielRules, ModelSpec, Variant};
use fogbound_players::protocol::{
    board_text, read_board, serve, view_of, FromPlayer, ToPlayer, View,
};
use fogbound_players::{BotLevel, BotPlayer};

#[test]
fn a_board_is_written_top_rank_first_with_fog_uncompressed() {
    let m = AnyMatch::new(&Variant::chess(), ModelSpec::Fog, None).unwrap();
    let white = m.observation(Color::White);
    assert_eq!(
        board_text(&white),
        "????????/????????/????????/????????/8/8/PPPPPPPP/RNBQKBNR"
    );
    let black = m.observation(Color::Black);
    assert_eq!(
        board_text(&black),
        "rnbqkbnr/pppppppp/8/8/????????/????????/????????/????????"
    );
}

#[test]
fn every_view_reads_back_into_its_cells() {
    let mut specs = vec![ModelSpec::Open, ModelSpec::Fog, ModelSpec::Dark];
    specs.push(ModelSpec::parse("kriegspiel", Some(KriegspielRules::PRESET_IDS[0])).unwrap());
    for variant in [Variant::chess(), Variant::foolish_king()] {
        for spec in &specs {
            let mut m = AnyMatch::new(&variant, spec.clone(), None).unwrap();
            let mut random = fogbound_players::Opponent::Random.build(3);
            for _ in 0..40 {
                for c in Color::ALL {
                    let o = m.observation(c);
                    let v = view_of(&o);
                    assert_eq!(read_board(&v.board, o.width, o.height).unwrap(), o.squares);
                    assert_eq!(v.moves.len(), o.hints.len());
                }
                if m.outcome().is_some() {
                    break;
                }
                let side = m.turn();
                let a = random.attempt(&m.observation(side));
                let r = m.attempt(side, a).unwrap();
                random.resolved(&a, &r.resolution, &r.observations[side]);
            }
        }
    }
    assert!(read_board("8/8", 8, 8).is_err());
    assert!(read_board("9/8/8/8/8/8/8/8", 8, 8).is_err());
    assert!(read_board("x7/8/8/8/8/8/8/8", 8, 8).is_err());
}

#[test]
fn serve_answers_start_and_go() {
    let start = ToPlayer::Start {
        protocol: 1,
        variant: "chess".into(),
        model: "fog".into(),
        preset: None,
        side: "black".into(),
        width: 8,
        height: 8,
        seed: 11,
    };
    let mut m = AnyMatch::new(&Variant::chess(), ModelSpec::Fog, None).unwrap();
    let e4 = Attempt::parse("e2e4", m.geometry()).unwrap();
    let before = view_of(&m.observation(Color::Black));
    m.attempt(Color::White, e4).unwrap();
    let after: View = view_of(&m.observation(Color::Black));
    let lines: Vec<String> = [
        start,
        ToPlayer::View(before),
        ToPlayer::View(after),
        ToPlayer::Go { ms: 100 },
        ToPlayer::End {
            result: "1/2-1/2".into(),
            reason: "test".into(),
        },
    ]
    .iter()
    .map(|l| serde_json::to_string(l).unwrap())
    .collect();
    let input = lines.join("\n");
    let mut out = Vec::new();
    serve(input.as_bytes(), &mut out, |seed| {
        Box::new(BotPlayer::new(BotLevel::Beginner, seed))
    })
    .unwrap();
    let replies: Vec<FromPlayer> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(matches!(&replies[0], FromPlayer::Ready { name } if name.contains("beginner")));
    let FromPlayer::Attempt { text } = &replies[1] else {
        panic!("{replies:?}")
    };
    let a = Attempt::parse(text, m.geometry()).unwrap();
    let o = m.observation(Color::Black);
    let mv = a.as_move().unwrap();
    assert!(o.may_try(mv.from, mv.to), "{text}");
    // A go before any view is an error with a message.
    let err = serve(r#"{"type":"go","ms":5}"#.as_bytes(), Vec::new(), |seed| {
        Box::new(BotPlayer::new(BotLevel::Beginner, seed))
    })
    .unwrap_err();
    assert!(err.contains("go before a view"), "{err}");
}

/// Odd but well-formed sessions get an answer, malformed ones an error;
/// none panics.
#[test]
fn odd_sessions_never_panic() {
    let start = r#"{"type":"start","protocol":1,"variant":"chess","model":"kriegspiel","preset":"english","side":"white","width":8,"height":8,"seed":1}"#;
    let views = [
        // A huge ply, a board without the king, a board full of enemy men.
        r#"{"type":"view","ply":4294967295,"board":"????????/????????/????????/????????/8/8/PPPPPPPP/RNBQ1BNR","said":["Check on the file","x"]}"#,
        r#"{"type":"view","ply":3,"board":"qqqqqqqq/qqqqqqqq/8/8/8/8/PPPPPPPP/RNBQKBNR","said":[]}"#,
        r#"{"type":"view","ply":0,"board":"8/8/8/8/8/8/8/4K3","said":["3 pawn tries"]}"#,
        // Malformed: errors.
        r#"{"type":"view","ply":0,"board":"8/8","said":[]}"#,
        r#"{"type":"view","ply":0,"board":"????????/????????/????????/????????/8/8/PPPPPPPP/RNBQKBNZ","said":[]}"#,
        r#"{"type":"view","ply":0,"board":"8/8/8/8/8/8/8/8","said":[],"captured":"z99"}"#,
        r#"{"type":"view","ply":0}"#,
    ];
    for v in views {
        for tail in [
            &[v, r#"{"type":"go","ms":1}"#][..],
            &[v, v, r#"{"type":"go","ms":1}"#],
        ] {
            let mut lines = vec![start];
            lines.extend_from_slice(tail);
            let input = lines.join("\n");
            let mut out = Vec::new();
            let _ = serve(input.as_bytes(), &mut out, |seed| {
                Box::new(BotPlayer::new(BotLevel::Beginner, seed))
            });
        }
    }
}
