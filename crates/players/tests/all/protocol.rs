//! Protocol v1: the `view` of an observation reads back into the same
//! board, and `serve` answers a session line by line.

use fogbound_engine::{
    AnyMatch, Attempt, Cell, Color, Geometry, Hint, KriegspielRules, ModelSpec, Role, Variant,
};
use fogbound_players::protocol::{
    board_text, observation_of, picture_moves, read_board, required_only, serve, view_of,
    FromPlayer, Game, ToPlayer, View,
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
    // The go's budget reaches the player before it attempts.
    let told = std::cell::Cell::new(None);
    serve(
        input.as_bytes(),
        &mut out,
        |seed| Box::new(BotPlayer::new(BotLevel::Beginner, seed)),
        |_: &mut BotPlayer, ms| told.set(Some(ms)),
    )
    .unwrap();
    assert_eq!(told.get(), Some(100));
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
    let err = serve(
        r#"{"type":"go","ms":5}"#.as_bytes(),
        Vec::new(),
        |seed| Box::new(BotPlayer::new(BotLevel::Beginner, seed)),
        |_, _| {},
    )
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
            let _ = serve(
                input.as_bytes(),
                &mut out,
                |seed| Box::new(BotPlayer::new(BotLevel::Beginner, seed)),
                |_, _| {},
            );
        }
    }
}

/// A view cut to its required fields, as a minimal referee sends it.
fn minimal(view: View) -> View {
    serde_json::from_value(required_only(&ToPlayer::View(view))).unwrap()
}

/// Under Fog of War and on the open board, the moves a player works out
/// from a view without `moves` are the moves the full view lists, less
/// castling and en passant (its picture has no rights for them): never a
/// pawn's push into an unseen square, which the umpire refuses.
#[test]
fn a_view_without_moves_offers_the_moves_a_full_one_lists() {
    for (model, spec) in [("fog", ModelSpec::Fog), ("open", ModelSpec::Open)] {
        for seed in 1..=6u64 {
            let mut m = AnyMatch::new(&Variant::chess(), spec.clone(), None).unwrap();
            let mut rng = seed;
            for _ in 0..120 {
                if m.outcome().is_some() {
                    break;
                }
                let side = m.turn();
                let full = m.observation(side);
                let game = Game {
                    variant: "chess".into(),
                    model: model.into(),
                    side,
                    geometry: Geometry::CHESS,
                };
                let obs = observation_of(&game, &minimal(view_of(&full))).unwrap();
                let worked_out = picture_moves(&obs, model);
                let special = |h: &Hint| match (full.cell(h.from), full.cell(h.to)) {
                    (Cell::Man(p), _) if p.role == Role::King => {
                        Geometry::CHESS
                            .file(h.from)
                            .0
                            .abs_diff(Geometry::CHESS.file(h.to).0)
                            == 2
                    }
                    (Cell::Man(p), Cell::Empty) if p.role == Role::Pawn => {
                        Geometry::CHESS.file(h.from) != Geometry::CHESS.file(h.to)
                    }
                    _ => false,
                };
                for h in &worked_out {
                    assert!(
                        full.hints.contains(h),
                        "{model} seed {seed}: {h:?} not listed"
                    );
                }
                for h in &full.hints {
                    assert!(
                        worked_out.contains(h) || special(h),
                        "{model} seed {seed}: {h:?} not worked out"
                    );
                }
                rng = rng
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let h = full.hints[(rng >> 33) as usize % full.hints.len()];
                m.attempt(side, Attempt::of(h.from, h.to)).unwrap();
            }
        }
    }
}

/// A minimal referee's lines: the required fields only, `preset` only
/// under Kriegspiel.
#[test]
fn required_only_keeps_the_required_fields() {
    let start = |model: &str, preset: Option<&str>| ToPlayer::Start {
        protocol: 1,
        variant: "chess".into(),
        model: model.into(),
        preset: preset.map(str::to_string),
        side: "white".into(),
        width: 8,
        height: 8,
        seed: 3,
    };
    let keys = |msg: &ToPlayer| -> Vec<String> {
        let mut k: Vec<String> = required_only(msg)
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect();
        k.sort();
        k
    };
    assert_eq!(
        keys(&start("fog", None)),
        ["height", "model", "protocol", "side", "type", "variant", "width"]
    );
    assert!(keys(&start("kriegspiel", Some("english"))).contains(&"preset".to_string()));
    let m = AnyMatch::new(&Variant::chess(), ModelSpec::Fog, None).unwrap();
    assert_eq!(
        keys(&ToPlayer::View(view_of(&m.observation(Color::White)))),
        ["board", "ply", "said", "type"]
    );
    // What a minimal referee sends reads back: a start without a seed, an
    // end without a reason.
    let line = r#"{"type":"start","protocol":1,"variant":"chess","model":"fog","side":"black","width":8,"height":8,"future":true}"#;
    let ToPlayer::Start { seed, preset, .. } = serde_json::from_str(line).unwrap() else {
        panic!()
    };
    assert_eq!((seed, preset), (0, None));
    let end: ToPlayer = serde_json::from_str(r#"{"type":"end","result":"1-0"}"#).unwrap();
    assert!(matches!(end, ToPlayer::End { reason, .. } if reason.is_empty()));
}
