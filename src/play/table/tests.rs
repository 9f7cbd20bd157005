//! Tests of the game table: curtain, seats, input, clocks, saves.

use super::*;
use crate::play::aids::TrayTool;
use crate::play::picture::piece_code;
use crate::play::seats::Curtain;
use fogbound_engine::{save_from_json, save_to_json, Cell, SeenMove};

/// What the worker answers to an automated seat's turn, asked afresh (no
/// seat kept), hurried when the turn says so.
fn computer_attempt(turn: &ComputerTurn) -> Result<Attempt, String> {
    crate::worker::computer::think(
        &mut None,
        turn.kind,
        turn.seed,
        &turn.transcript,
        turn.hurry,
    )
}

fn settings(query: &str) -> PlayLink {
    let (link, errors) = PlayLink::parse(query);
    assert!(errors.is_empty(), "{errors:?}");
    link
}

fn sq(g: Geometry, name: &str) -> Square {
    g.parse_square(name).unwrap()
}

/// The mover passes the device (when they have just moved) and the next
/// player lifts the curtain.
fn hand_over(s: &mut GameTable, now: f64) {
    s.apply(Act::Pass);
    s.apply(Act::Reveal { now });
}

fn play(s: &mut GameTable, from: &str, to: &str) {
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
    let mut s = GameTable::new(settings("model=fog"), 0.0).unwrap();
    assert_eq!(s.curtain(), Curtain::Closed { next: Color::White });
    assert!(s.view().is_none());
    assert!(s.observation().is_none());
    // Clicks behind the curtain do nothing.
    play(&mut s, "e2", "e4");
    assert_eq!(s.game().log().len(), 0);
    hand_over(&mut s, 0.0);
    assert_eq!(s.curtain(), Curtain::Revealed(Color::White));
    assert!(s.view().is_some());
    play(&mut s, "e2", "e4");
    assert_eq!(s.game().log().len(), 1);
    // The mover sees their board after the move, and nothing is playable.
    assert_eq!(s.curtain(), Curtain::Revealed(Color::White));
    assert!(s.passing());
    let view = s.view().unwrap();
    assert!(view.squares.iter().all(|sq| !sq.movable));
    play(&mut s, "d2", "d4");
    assert_eq!(s.game().log().len(), 1, "no second move before passing");
    s.apply(Act::Pass);
    assert_eq!(s.curtain(), Curtain::Closed { next: Color::Black });
    assert!(s.view().is_none());
    s.apply(Act::Pass);
    assert_eq!(
        s.curtain(),
        Curtain::Closed { next: Color::Black },
        "pass only after a move"
    );
    hand_over(&mut s, 0.0);
    assert_eq!(s.curtain(), Curtain::Revealed(Color::Black));
    assert_eq!(s.record(Color::White)[0].text, "e4");
}

#[test]
fn selecting_shows_hinted_destinations_only() {
    let mut s = GameTable::new(settings("model=fog"), 0.0).unwrap();
    hand_over(&mut s, 0.0);
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
fn a_kriegspiel_pawn_shows_its_pushes_and_apart_its_capture_tries() {
    let mut s = GameTable::new(settings("model=kriegspiel&preset=english"), 0.0).unwrap();
    hand_over(&mut s, 0.0);
    let g = s.geometry();
    s.apply(Act::Square {
        square: sq(g, "e2"),
        now: 0.0,
    });
    let view = s.view().unwrap();
    let marked = |f: fn(&crate::components::SquareView) -> bool| -> Vec<String> {
        (0..64)
            .filter(|&i| f(&view.squares[i]))
            .map(|i| g.square_name(Square(i as u8)))
            .collect()
    };
    assert_eq!(marked(|s| s.dest), vec!["e3", "e4"]);
    assert_eq!(marked(|s| s.try_dest), vec!["d3", "f3"]);
    // A try is sent to the umpire like any move: here it is refused.
    s.apply(Act::Square {
        square: sq(g, "d3"),
        now: 0.0,
    });
    assert_eq!(s.game().log().len(), 1);
    assert_eq!(s.game().plies().len(), 0);
}

#[test]
fn open_games_have_no_curtain() {
    let mut s = GameTable::new(settings("model=open"), 0.0).unwrap();
    assert_eq!(s.curtain(), Curtain::Revealed(Color::White));
    play(&mut s, "e2", "e4");
    assert_eq!(s.curtain(), Curtain::Revealed(Color::Black));
}

#[test]
fn a_fog_game_ends_with_a_king_capture_and_the_fog_lifts() {
    let mut s = GameTable::new(settings("model=fog"), 0.0).unwrap();
    for (from, to) in [
        ("e2", "e4"),
        ("f7", "f6"),
        ("d1", "h5"),
        ("a7", "a6"),
        ("h5", "e8"),
    ] {
        hand_over(&mut s, 0.0);
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
    let mut s = GameTable::new(settings("model=kriegspiel&preset=cvp"), 0.0).unwrap();
    hand_over(&mut s, 0.0);
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
    s.apply(Act::Pass);
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
    let mut s = GameTable::new(settings("model=open"), 0.0).unwrap();
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
    let mut s = GameTable::new(settings("model=dark&clock=3+2"), 0.0).unwrap();
    hand_over(&mut s, 1000.0);
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
    let back = GameTable::from_json(&json, 99_000.0).unwrap();
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
        assert!(GameTable::from_json(bad, 0.0).is_err());
    }
}

#[test]
fn dark_chess_probes_and_knight_routes() {
    let mut s = GameTable::new(settings("model=dark"), 0.0).unwrap();
    let g = s.geometry();
    // The route toggle picks the second L route for a knight move.
    let last_route = |s: &GameTable| {
        s.game()
            .log()
            .last()
            .and_then(|e| e.attempt.as_move().copied())
            .and_then(|m| m.route)
    };
    hand_over(&mut s, 0.0);
    play(&mut s, "g1", "f3");
    assert_eq!(last_route(&s), Some([sq(g, "g2"), sq(g, "g3")]));
    hand_over(&mut s, 0.0);
    s.apply(Act::ToggleRoute);
    play(&mut s, "g8", "f6");
    assert_eq!(last_route(&s), Some([sq(g, "f8"), sq(g, "f7")]));
    hand_over(&mut s, 0.0);
    s.apply(Act::ToggleRoute);
    play(&mut s, "f3", "g1");
    hand_over(&mut s, 0.0);
    play(&mut s, "f6", "g8");
    for (from, to) in [("e2", "e4"), ("a7", "a6")] {
        hand_over(&mut s, 0.0);
        play(&mut s, from, to);
    }
    hand_over(&mut s, 0.0);
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
        assert_eq!(
            s.curtain(),
            Curtain::Revealed(Color::White),
            "the mover looks"
        );
        assert!(s.passing());
        s.apply(Act::Pass);
        assert_eq!(s.curtain(), Curtain::Closed { next: Color::Black });
        hand_over(&mut s, 0.0);
        assert_eq!(
            s.record(Color::White).last().unwrap().text,
            "probe (turn used)"
        );
        assert_eq!(s.record(Color::Black).last().unwrap().text, "?");
        assert!(s.feedback().is_none(), "Black learns nothing of the probe");
        play(&mut s, "b7", "b6");
        hand_over(&mut s, 0.0);
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
    let view = board_view(&obs, Some(sq(g, "b1")), &feedback.flash);
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
    let mut s = GameTable::new(settings("model=open"), 0.0).unwrap();
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
    let mut s = GameTable::new(settings("model=fog"), 0.0).unwrap();
    for (from, to) in [("e2", "e4"), ("a7", "a6")] {
        hand_over(&mut s, 0.0);
        play(&mut s, from, to);
    }
    hand_over(&mut s, 0.0);
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
    assert_eq!(board_view(&obs, None, &[]).slide, None);
    // Seen whole and shown: it slides.
    obs.last_move = Some(SeenMove {
        by: Some(Color::White),
        from: Some(sq(g, "b3")),
        to: Some(sq(g, "b2")),
        ..SeenMove::default()
    });
    assert_eq!(
        board_view(&obs, None, &[]).slide,
        Some((sq(g, "b3").index(), sq(g, "b2").index()))
    );
    obs.last_move = Some(SeenMove {
        passed: true,
        ..obs.last_move.unwrap()
    });
    assert_eq!(board_view(&obs, None, &[]).slide, None);
}

#[test]
fn each_player_flips_their_own_board() {
    let mut s = GameTable::new(settings("model=fog"), 0.0).unwrap();
    s.apply(Act::Flip); // behind the curtain: nobody's view
    assert!(!s.flipped(Color::White) && !s.flipped(Color::Black));
    hand_over(&mut s, 0.0);
    s.apply(Act::Flip);
    assert!(s.flipped(Color::White) && !s.flipped(Color::Black));
    play(&mut s, "e2", "e4");
    hand_over(&mut s, 0.0);
    assert!(!s.flipped(Color::Black));
    s.apply(Act::Flip);
    s.apply(Act::Flip);
    assert!(s.flipped(Color::White) && !s.flipped(Color::Black));
}

#[test]
fn flag_fall_ends_the_game() {
    let mut s = GameTable::new(settings("model=fog&clock=1+0"), 0.0).unwrap();
    hand_over(&mut s, 0.0);
    s.apply(Act::Tick { now: 59_000.0 });
    assert!(s.outcome().is_none());
    s.apply(Act::Tick { now: 60_500.0 });
    assert_eq!(s.outcome().unwrap().winner, Some(Color::Black));
    assert_eq!(s.curtain(), Curtain::Over);
}

#[test]
fn resign_and_draws() {
    let mut s = GameTable::new(settings("model=fog"), 0.0).unwrap();
    hand_over(&mut s, 0.0);
    s.apply(Act::OfferDraw);
    s.apply(Act::AcceptDraw { now: 0.0 }); // one's own offer: nothing
    assert!(s.outcome().is_none());
    play(&mut s, "e2", "e4");
    hand_over(&mut s, 0.0);
    assert_eq!(s.draw_offer(), Some(Color::White));
    s.apply(Act::AcceptDraw { now: 0.0 });
    assert_eq!(s.outcome().unwrap().winner, None);
    let mut s = GameTable::new(settings("model=fog"), 0.0).unwrap();
    hand_over(&mut s, 0.0);
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
            let mut s = GameTable::new(settings(query), 0.0).unwrap();
            let g = s.geometry();
            let n = g.square_count();
            // Every enemy man each player was ever shown, where.
            let mut shown: ByColor<std::collections::BTreeSet<(u8, String)>> = ByColor::default();
            for _ in 0..160 {
                if s.outcome().is_some() {
                    break;
                }
                hand_over(&mut s, 0.0);
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
                    let placed = s.notes(viewer).phantoms.contains_key(&target);
                    assert_eq!(placed, obs.cell(target) == Cell::Fog);
                    s.apply(Act::Tool(None));
                    s.apply(Act::Tool(Some(TrayTool::Place(enemy))));
                    s.apply(Act::Tool(Some(TrayTool::Place(enemy))));
                    assert_eq!(s.tool(), None);
                    s.apply(Act::CancelPromotion);
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
                // After a move the mover looks at their board: what they
                // see there is shown to them too.
                if let (Some(v), Some(after)) = (s.viewer(), s.observation()) {
                    for (sq, p) in after.men() {
                        if p.color != v {
                            shown[v].insert((sq.0, piece_code(p)));
                        }
                    }
                }
                assert!(
                    s.view().is_none() || s.viewer().is_some() || s.outcome().is_some(),
                    "a view is drawn behind the curtain"
                );
            }
            plies += s.game().plies().len();
            // The ghosts rebuilt from the save are the ones kept in play.
            let back = GameTable::from_json(&s.to_json(0.0), 0.0).unwrap();
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
    let mut s = GameTable::new(settings("model=fog"), 0.0).unwrap();
    hand_over(&mut s, 0.0);
    let typed = |s: &mut GameTable, text: &str| {
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
    assert_eq!(s.record(Color::White)[0].text, "Nf3");
    assert!(s.passing());
    assert_eq!(s.cue().1, Some(Cue::Move));
    hand_over(&mut s, 0.0);
    typed(&mut s, "e7e5");
    assert_eq!(s.record(Color::Black)[1].text, "e5");

    // Kriegspiel: "any?" goes to the umpire; a refused try keeps the turn.
    let mut k = GameTable::new(settings("model=kriegspiel&preset=berkeley-any"), 0.0).unwrap();
    hand_over(&mut k, 0.0);
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

    // Every model: an attempt impossible on the player's own picture is
    // refused on the page and never reaches the umpire or the opponent
    // (issue 26: Kriegspiel sent e2e5 and a1a3 on to the umpire).
    for model in [
        "model=kriegspiel&preset=english",
        "model=kriegspiel&preset=rand",
        "model=dark",
        "model=fog",
    ] {
        let mut k = GameTable::new(settings(model), 0.0).unwrap();
        hand_over(&mut k, 0.0);
        for text in ["e2e5", "a1a3", "e2c4"] {
            typed(&mut k, text);
            let error = k.typed_error().unwrap_or_default();
            assert!(
                error.contains("not a move you can try"),
                "{model} {text}: {error}"
            );
        }
        assert!(k.game().log().is_empty(), "{model}");
        assert!(k.heard(Color::Black).is_empty(), "{model}");
    }

    // Dark Chess: a route typed wins over the toggle.
    let mut d = GameTable::new(settings("model=dark"), 0.0).unwrap();
    hand_over(&mut d, 0.0);
    typed(&mut d, "g1f3@f1f2");
    let g = d.geometry();
    let logged = d.game().log()[0].attempt;
    assert_eq!(
        logged.as_move().unwrap().route,
        Some([sq(g, "f1"), sq(g, "f2")])
    );

    // A promotion typed without a piece opens the picker, as a click does.
    let mut o = GameTable::new(settings("model=open"), 0.0).unwrap();
    for m in ["h4", "g5", "hxg5", "Nf6", "g6", "Ng8", "g7", "e6"] {
        typed(&mut o, m);
        assert!(o.typed_error().is_none(), "{m}: {:?}", o.typed_error());
    }
    typed(&mut o, "g7h8");
    assert!(o.promotion().is_some());
    o.apply(Act::CancelPromotion);
    // In SAN without the man: the picker, not "add the starting file".
    typed(&mut o, "gxh8");
    assert!(o.typed_error().is_none(), "{:?}", o.typed_error());
    assert!(o.promotion().is_some());
    o.apply(Act::CancelPromotion);
    typed(&mut o, "gxh8=N");
    assert!(o.game().fen().starts_with("rnbqkbnN/"));
    // Both lists write every move in SAN, the opponent's too, with the
    // open board's check marks and the new man.
    for c in Color::ALL {
        let texts: Vec<&str> = o.record(c).iter().map(|e| e.text.as_str()).collect();
        assert_eq!(
            texts,
            ["h4", "g5", "hxg5", "Nf6", "g6", "Ng8", "g7", "e6", "gxh8=N"],
            "{c:?}"
        );
    }

    // A move read but impossible says so, and why; garbage is not read.
    let mut f = GameTable::new(settings("model=fog"), 0.0).unwrap();
    hand_over(&mut f, 0.0);
    typed(&mut f, "Qh5");
    assert_eq!(
        f.typed_error(),
        Some("“Qh5” is impossible on your board: your queen on d1 cannot go to h5.")
    );
    typed(&mut f, "Qxf7");
    assert!(
        f.typed_error().unwrap().contains("cannot go to f7"),
        "{:?}",
        f.typed_error()
    );
    typed(&mut f, "Zz9");
    assert!(f.typed_error().unwrap().starts_with("Could not read “Zz9”"));
}

#[test]
fn the_opponents_move_seen_whole_is_written_in_san() {
    // Fog of War: 1.e4 d5 2.exd5 — after 1.e4 White sees d5 (the pawn's
    // capture square), so Black's d5 is written as SAN writes it.
    let mut s = GameTable::new(settings("model=fog"), 0.0).unwrap();
    for m in ["e4", "d5", "exd5"] {
        hand_over(&mut s, 0.0);
        s.apply(Act::Typed {
            text: m.into(),
            now: 0.0,
        });
        assert!(s.typed_error().is_none(), "{m}: {:?}", s.typed_error());
    }
    let white: Vec<&str> = s
        .record(Color::White)
        .iter()
        .map(|e| e.text.as_str())
        .collect();
    assert_eq!(white, ["e4", "d5", "exd5"]);
    let black: Vec<&str> = s
        .record(Color::Black)
        .iter()
        .map(|e| e.text.as_str())
        .collect();
    // Black did not see 1.e4 (e4 is beyond its sight), then saw the
    // pawn that took on d5 come from e4.
    assert_eq!(black, ["?", "d5", "exd5"]);
}

#[test]
fn a_hidden_page_stops_the_clock_and_drops_the_curtain() {
    let mut s = GameTable::new(settings("model=fog&clock=5+3"), 0.0).unwrap();
    hand_over(&mut s, 1_000.0);
    assert_eq!(s.clock().unwrap().running(), Some(0));
    s.apply(Act::Hide { now: 11_000.0 });
    assert_eq!(s.curtain(), Curtain::Closed { next: Color::White });
    assert!(s.view().is_none() && s.paused_by_hiding());
    assert_eq!(s.clock().unwrap().running(), None);
    s.apply(Act::Tick { now: 100_000.0 });
    s.apply(Act::Show { now: 100_000.0 });
    // Hidden again behind the curtain with nothing running: nothing to say.
    let mut quiet = GameTable::new(settings("model=fog&clock=5+3"), 0.0).unwrap();
    quiet.apply(Act::Hide { now: 0.0 });
    assert!(!quiet.paused_by_hiding());
    assert_eq!(s.clock().unwrap().remaining(0, 200_000.0), 300_000 - 10_000);
    hand_over(&mut s, 200_000.0);
    assert!(!s.paused_by_hiding());
    assert_eq!(s.clock().unwrap().remaining(0, 201_000.0), 300_000 - 11_000);

    // Running hand-off: the clock runs behind the curtain, but not while
    // the page is hidden.
    let mut r = GameTable::new(settings("model=fog&clock=1+0&handoff=running"), 0.0).unwrap();
    hand_over(&mut r, 0.0);
    play(&mut r, "e2", "e4");
    assert_eq!(r.clock().unwrap().running(), Some(1));
    r.apply(Act::Hide { now: 5_000.0 });
    r.apply(Act::Tick { now: 90_000.0 });
    assert!(r.outcome().is_none(), "no flag falls while hidden");
    r.apply(Act::Show { now: 90_000.0 });
    hand_over(&mut r, 90_000.0);
    assert_eq!(
        r.clock().unwrap().remaining(1, 91_000.0),
        60_000 - 5_000 - 1_000
    );

    // Untimed games keep their view; the open model pauses and resumes.
    let mut u = GameTable::new(settings("model=fog"), 0.0).unwrap();
    hand_over(&mut u, 0.0);
    u.apply(Act::Hide { now: 0.0 });
    assert_eq!(u.curtain(), Curtain::Revealed(Color::White));
    let mut o = GameTable::new(settings("model=open&clock=3+0"), 0.0).unwrap();
    o.apply(Act::Hide { now: 1_000.0 });
    o.apply(Act::Tick { now: 50_000.0 });
    assert_eq!(o.clock().unwrap().running(), None);
    o.apply(Act::Show { now: 50_000.0 });
    assert_eq!(o.clock().unwrap().remaining(0, 51_000.0), 180_000 - 2_000);
}

#[test]
fn names_and_handoff_reach_the_game() {
    let s = GameTable::new(
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
    let back = GameTable::from_json(&s.to_json(0.0), 0.0).unwrap();
    assert_eq!(back.player(Color::Black), "Bob (Black)");
    let mut plain = GameTable::new(settings("model=fog"), 0.0).unwrap();
    assert_eq!(
        crate::play::view::tab_title(&plain),
        "fogbound — Pass to White"
    );
    hand_over(&mut plain, 0.0);
    assert_eq!(
        crate::play::view::tab_title(&plain),
        "fogbound — White to move"
    );
}

#[test]
fn phantoms_are_per_player_saved_and_only_on_hidden_squares() {
    let mut s = GameTable::new(settings("model=fog"), 0.0).unwrap();
    hand_over(&mut s, 0.0);
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
    let names: Vec<String> = s
        .notes(Color::White)
        .phantoms
        .keys()
        .map(|&q| g.square_name(q))
        .collect();
    assert_eq!(names, vec!["h5", "d8"], "in square order");
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
    hand_over(&mut s, 0.0);
    assert!(s
        .view()
        .unwrap()
        .squares
        .iter()
        .all(|v| v.phantom.is_none()));
    // Saved and resumed.
    let json = s.to_json(0.0);
    let back = GameTable::from_json(&json, 0.0).unwrap();
    assert_eq!(back.notes(Color::White), s.notes(Color::White));
    // An old save (no notes tag) still loads, with the aids on.
    let mut save = save_from_json(&json).unwrap();
    save.tags.remove("notes");
    let old = GameTable::from_json(&save_to_json(&save), 0.0).unwrap();
    assert!(old.notes(Color::White).phantoms.is_empty());
    assert!(old.notes(Color::White).show_ghosts);
    // Damaged notes are reported; a phantom of one's own colour or off
    // the board is dropped.
    save.tags.insert("notes".into(), "[1]".into());
    assert!(GameTable::from_json(&save_to_json(&save), 0.0)
        .unwrap_err()
        .contains("memory aids"));
    save.tags.insert(
        "notes".into(),
        r#"[{"phantoms":{"d8":"bQ","z9":"bQ","e5":"wQ"}},{}]"#.into(),
    );
    let odd = GameTable::from_json(&save_to_json(&save), 0.0).unwrap();
    let kept: Vec<Square> = odd.notes(Color::White).phantoms.keys().copied().collect();
    assert_eq!(kept, vec![sq(odd.geometry(), "d8")]);
}

#[test]
fn a_seen_man_that_disappears_into_the_fog_leaves_a_ghost() {
    // Fog of War: 1. Nc3 d5 — the knight sees the d5 pawn; 2. Nb1 h6:
    // d5 is hidden again, and White never saw the pawn leave.
    let mut s = GameTable::new(settings("model=fog"), 0.0).unwrap();
    for (from, to) in [("b1", "c3"), ("d7", "d5"), ("c3", "b1"), ("h7", "h6")] {
        hand_over(&mut s, 0.0);
        play(&mut s, from, to);
    }
    hand_over(&mut s, 0.0);
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
    hand_over(&mut s, 0.0);
    play(&mut s, "a7", "a6");
    hand_over(&mut s, 0.0);
    assert!(s.ghosts(Color::White).is_empty());
    play(&mut s, "c3", "b1");
    hand_over(&mut s, 0.0);
    play(&mut s, "a6", "a5");
    hand_over(&mut s, 0.0);
    s.apply(Act::ToggleGhosts);
    assert!(s.view().unwrap().squares.iter().all(|v| v.ghost.is_none()));
}

#[test]
fn free_castling_asks_where_the_rook_goes() {
    // Foolish King Chess: Black clears b8, c8, d8, then the king goes
    // to c8 — the rook may land on d8 or e8 — or one step to d8, which
    // is also a plain king move.
    let mut s = GameTable::new(settings("variant=foolish-king&model=open"), 0.0).unwrap();
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
    let mut t = GameTable::new(settings("variant=foolish-king&model=open"), 0.0).unwrap();
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
    let mut s = GameTable::new(settings("model=fog"), 0.0).unwrap();
    assert_eq!(s.cue(), (0, None));
    hand_over(&mut s, 0.0);
    assert_eq!(
        s.cue().1,
        None,
        "nothing happened before White's first move"
    );
    for (from, to) in [("e2", "e4"), ("d7", "d5")] {
        play(&mut s, from, to);
        assert_eq!(s.cue().1, Some(Cue::Move));
        hand_over(&mut s, 0.0);
        assert_eq!(s.cue().1, Some(Cue::Move), "the opponent moved");
    }
    let before = s.cue().0;
    play(&mut s, "e4", "d5");
    assert_eq!(s.cue(), (before + 1, Some(Cue::Capture)));
    // Black lost a man on d5: told so, as a capture, on lifting the
    // curtain — and not before.
    assert_eq!(s.cue().0, before + 1);
    hand_over(&mut s, 0.0);
    assert_eq!(s.cue(), (before + 2, Some(Cue::Capture)));
    // Black plays quietly out of White's sight: White hears a move.
    play(&mut s, "a7", "a6");
    hand_over(&mut s, 0.0);
    assert_eq!(s.cue().1, Some(Cue::Move));

    // Kriegspiel: the umpire announces a check to both.
    let mut k = GameTable::new(settings("model=kriegspiel&preset=cvp"), 0.0).unwrap();
    for (from, to) in [("e2", "e4"), ("f7", "f6")] {
        hand_over(&mut k, 0.0);
        play(&mut k, from, to);
    }
    hand_over(&mut k, 0.0);
    play(&mut k, "d1", "h5");
    assert_eq!(k.cue().1, Some(Cue::Check));
    hand_over(&mut k, 0.0);
    assert_eq!(k.cue().1, Some(Cue::Check));
    // A refused try (a7-a6 leaves the king in check; a7-a4 would be no
    // try at all, refused on the page before the umpire hears it).
    play(&mut k, "a7", "a6");
    assert_eq!(k.cue().1, Some(Cue::Refused));
    // Fog of War has no check: capturing the king ends the game.
    let mut f = GameTable::new(settings("model=fog"), 0.0).unwrap();
    for (from, to) in [("e2", "e4"), ("f7", "f6"), ("d1", "h5"), ("a7", "a6")] {
        hand_over(&mut f, 0.0);
        play(&mut f, from, to);
        assert_ne!(f.cue().1, Some(Cue::Check));
    }
    hand_over(&mut f, 0.0);
    play(&mut f, "h5", "e8");
    assert_eq!(f.cue().1, Some(Cue::End));
}

fn check_view(s: &GameTable, viewer: Color) {
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

/// Plays `s` until the person (`person`) is to move or the game ends,
/// answering each computer turn as the worker would.
fn let_the_computer_move(s: &mut GameTable) -> usize {
    let mut turns = 0;
    assert_eq!(s.computer_to_move(), s.computer_turn().map(|t| t.asked));
    while let Some(turn) = s.computer_turn() {
        assert_eq!(s.computer_to_move(), Some(turn.asked));
        // The computer is told its own side's observations only.
        assert!(turn
            .transcript
            .iter()
            .all(|t| t.observation().player == turn.color));
        let attempt = computer_attempt(&turn).expect("the random mover always answers");
        assert!(s.apply(Act::Computer {
            attempt,
            asked: turn.asked,
            now: 0.0,
        }));
        turns += 1;
        assert!(turns < 500, "the computer never stops trying");
    }
    turns
}

#[test]
fn a_person_plays_the_random_mover_in_every_model_from_either_side() {
    let queries = [
        "model=open",
        "model=fog",
        "model=dark",
        "variant=foolish-king&model=fog",
        "model=kriegspiel&preset=english",
        "model=kriegspiel&preset=wild16",
        "model=kriegspiel&preset=rand",
        "model=kriegspiel&preset=berkeley-any",
    ];
    for query in queries {
        for side in ["white", "black"] {
            let link = settings(&format!(
                "{query}&mode=computer&computer=random&side={side}"
            ));
            let person = link.side;
            let mut s = GameTable::new(link, 0.0).unwrap();
            assert!(!s.has_curtain(), "{query}: no curtain against the computer");
            assert_eq!(s.viewer(), Some(person));
            let mut rng = Lcg(7);
            for _ in 0..30 {
                let_the_computer_move(&mut s);
                if s.outcome().is_some() {
                    break;
                }
                assert_eq!(s.turn(), person);
                assert_eq!(s.viewer(), Some(person), "{query}: the person's view stays");
                // The person tries hinted moves from a random one on, as a
                // person would, until one is played: a hint is a move of
                // the person's men, and one that leaves the king in check
                // (Dark Chess) or that the umpire refuses is not played.
                // (Game ids, and so the computer's seeds, depend on the
                // order tests run in: one try per turn failed in some.)
                let obs = s.observation().unwrap();
                let g = s.geometry();
                let before = s.plies();
                // Kriegspiel's pawn tries too (a king in check may have no
                // other way out).
                let hints: Vec<_> = obs.hints.iter().chain(&obs.try_hints).copied().collect();
                let first = rng.next(hints.len());
                for k in 0..hints.len() {
                    let h = hints[(first + k) % hints.len()];
                    play(&mut s, &g.square_name(h.from), &g.square_name(h.to));
                    if let Some(p) = s.promotion().cloned() {
                        s.apply(Act::Promote {
                            role: p.choices[0],
                            now: 0.0,
                        });
                    }
                    // Free castling asks where the rook goes (or a plain
                    // king move): the first choice.
                    if let Some(c) = s.castle().cloned() {
                        s.apply(Act::Castle {
                            rook_to: c.choices[0],
                            now: 0.0,
                        });
                    }
                    if s.plies() > before || s.turn() != person {
                        break;
                    }
                }
                assert!(s.plies() > before, "{query}: a hinted move is played");
            }
            assert!(s.plies() >= 20 || s.outcome().is_some(), "{query}");
            // A stale answer (asked before the last attempt) is dropped.
            if let Some(turn) = s.computer_turn() {
                let before = s.plies();
                let attempt = computer_attempt(&turn).unwrap();
                s.apply(Act::Computer {
                    attempt,
                    asked: turn.asked + 1,
                    now: 0.0,
                });
                assert_eq!(s.plies(), before);
            }
            // Saved and resumed, the seats come back.
            let back = GameTable::from_json(&s.to_json(0.0), 0.0).unwrap();
            assert_eq!(back.seats(), s.seats(), "{query}");
            if s.outcome().is_none() {
                assert_eq!(back.viewer(), Some(person));
            }
            assert_eq!(back.record(person), s.record(person));
            assert_eq!(
                back.computer_turn().map(|t| (t.seed, t.transcript)),
                s.computer_turn().map(|t| (t.seed, t.transcript))
            );
        }
    }
}

#[test]
fn the_person_cannot_move_for_the_computer() {
    let link = settings("model=fog&mode=computer&side=black");
    let mut s = GameTable::new(link, 0.0).unwrap();
    assert_eq!(s.turn(), Color::White);
    play(&mut s, "e7", "e5");
    play(&mut s, "e2", "e4");
    assert_eq!(s.plies(), 0, "neither colour moves for the computer");
    assert!(s.computer_turn().is_some());
    // Only the side to move's automated player answers.
    let mut hot = GameTable::new(settings("model=fog"), 0.0).unwrap();
    assert!(hot.computer_turn().is_none());
    let g = hot.geometry();
    hot.apply(Act::Computer {
        attempt: Attempt::of(sq(g, "e2"), sq(g, "e4")),
        asked: 0,
        now: 0.0,
    });
    assert_eq!(hot.plies(), 0);
}

#[test]
fn only_a_quiet_tick_leaves_the_page_as_it_was() {
    let mut s = GameTable::new(settings("model=fog&clock=5+0"), 0.0).unwrap();
    hand_over(&mut s, 0.0);
    assert!(!s.apply(Act::Tick { now: 100.0 }), "nothing to redraw");
    assert!(s.apply(Act::Flip), "a flip redraws though nothing is saved");
    let saved = s.revision();
    assert!(
        s.apply(Act::Tick { now: 1_500.0 }),
        "a periodic save is due"
    );
    assert!(s.revision() > saved);
    assert!(s.apply(Act::Tick { now: 400_000.0 }), "the flag fell");
    assert!(s.outcome().is_some());
}

#[test]
fn the_bot_sits_at_the_table_answers_hurried_and_gives_the_person_hints() {
    // The person plays Black: the bot moves first.
    let link = settings("model=fog&mode=computer&computer=bot:beginner&side=black");
    let mut s = GameTable::new(link, 0.0).unwrap();
    let turn = s.computer_turn().expect("the bot is to move");
    assert!(!turn.hurry && !s.hurried());
    // "Move now": the same attempt is asked again, hurried.
    assert!(s.apply(Act::MoveNow { now: 0.0 }));
    assert!(s.hurried());
    let turn = s.computer_turn().unwrap();
    assert!(turn.hurry);
    let attempt = computer_attempt(&turn).unwrap();
    s.apply(Act::Computer {
        attempt,
        asked: turn.asked,
        now: 0.0,
    });
    assert_eq!(s.turn(), Color::Black);
    assert!(!s.hurried(), "the hurry was for that attempt only");
    // Nobody may ask for a hint for the computer; the person may.
    assert!(s.hint_request().is_none());
    s.apply(Act::AskHint);
    let request = s.hint_request().expect("a hint is awaited");
    assert!(request
        .transcript
        .iter()
        .all(|t| t.observation().player == Color::Black));
    let answer =
        crate::worker::computer::hint(request.kind, request.seed, &request.transcript).unwrap();
    let Attempt::Move(m) = answer else {
        panic!("a move in Fog of War")
    };
    s.apply(Act::Hint {
        attempt: answer,
        asked: request.asked,
    });
    assert!(s.hint_request().is_none(), "answered");
    assert_eq!(s.hint().and_then(|h| h.attempt), Some(answer));
    let view = s.view().unwrap();
    let marked: Vec<usize> = (0..view.squares.len())
        .filter(|&i| view.squares[i].hint)
        .collect();
    assert_eq!(marked, {
        let mut v = vec![m.from.index(), m.to.index()];
        v.sort();
        v
    });
    // The hint is a legal move of the person's, and it goes once they move.
    let obs = s.observation().unwrap();
    assert!(obs.hints.iter().any(|h| h.from == m.from && h.to == m.to));
    let g = s.geometry();
    play(&mut s, &g.square_name(m.from), &g.square_name(m.to));
    assert!(s.hint().is_none());
    assert!(s.view().unwrap().squares.iter().all(|q| !q.hint));
    // A late answer to an old hint is dropped.
    s.apply(Act::Hint {
        attempt: answer,
        asked: request.asked,
    });
    assert!(s.hint().is_none());
}

#[test]
fn move_now_plays_the_computers_best_attempt_so_far_at_once() {
    let link = settings("model=fog&mode=computer&computer=bot:club&side=black");
    let mut s = GameTable::new(link, 0.0).unwrap();
    let turn = s.computer_turn().expect("the bot is to move");
    // The worker thinks by its clock and reports as it goes.
    let mut reported = Vec::new();
    let mut best_so_far = Vec::new();
    let mut tick = 0.0;
    let answer = crate::worker::computer::think_by_clock(
        &mut None,
        turn.kind,
        turn.seed,
        &turn.transcript,
        crate::worker::computer::Thinking {
            now: ticking_clock,
            report: &mut |words: &str, done, total| reported.push((words.to_string(), done, total)),
            best: &mut |a| best_so_far.push(*a),
        },
    )
    .unwrap();
    tick += 1.0;
    assert!(
        !reported.is_empty() && !best_so_far.is_empty(),
        "it told its progress"
    );
    assert_eq!(
        best_so_far.last(),
        Some(&answer),
        "its answer is its last best"
    );
    let (words, done, total) = reported[0].clone();
    assert!(words.starts_with("depth "), "{words}");
    assert!(done <= total && total == 800, "{done} of {total}");
    // The page hears the first of them, then "Move now" is pressed: the
    // best so far is played at once, nothing is asked again.
    s.apply(Act::Thinking {
        asked: turn.asked,
        words: words.clone(),
        done,
        total,
    });
    assert!(s.computer_thought().is_some_and(|t| t.best.is_none()));
    s.apply(Act::BestSoFar {
        asked: turn.asked,
        attempt: best_so_far[0],
    });
    assert_eq!(
        s.computer_thought().and_then(|t| t.best),
        Some(best_so_far[0])
    );
    assert!(s.apply(Act::MoveNow { now: tick }));
    assert_eq!(s.turn(), Color::Black, "the computer's move was played");
    assert!(!s.hurried() && s.computer_turn().is_none());
    assert!(
        s.computer_thought().is_none(),
        "its thinking was for that attempt only"
    );
    // A report for an attempt already made changes nothing.
    s.apply(Act::BestSoFar {
        asked: turn.asked,
        attempt: best_so_far[0],
    });
    assert!(s.computer_thought().is_none());
}

/// A clock that moves ten milliseconds each time it is read.
fn ticking_clock() -> f64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static TICKS: AtomicU64 = AtomicU64::new(0);
    TICKS.fetch_add(10, Ordering::Relaxed) as f64
}
