//! Hand-built positions for each Fog of War, Dark Chess and Kriegspiel rule.

use fogbound_engine::{
    Attempt, AttemptResult, Bitboard, Bitboard64, Cell, CheckDirection, Color, Geometry,
    KriegspielRules, Match, Message, ModelSpec, Reason, Resolution, Square, Variant,
};

use crate::support::sq;

type M = Match<Bitboard64>;

fn game(spec: ModelSpec, fen: &str) -> M {
    M::new(&Variant::chess(), spec, Some(fen)).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn krieg(preset: &str, fen: &str) -> M {
    game(
        ModelSpec::Kriegspiel {
            rules: KriegspielRules::preset(preset).unwrap(),
        },
        fen,
    )
}

fn go(m: &mut M, text: &str) -> AttemptResult {
    let a = Attempt::parse(text, Geometry::CHESS).unwrap();
    m.attempt(m.turn(), a).unwrap()
}

fn heard(r: &AttemptResult, c: Color) -> Vec<String> {
    r.observations[c]
        .announcements
        .iter()
        .map(|a| a.message.text(Geometry::CHESS))
        .collect()
}

// ---------------------------------------------------------------- Fog of War

#[test]
fn fog_blocked_pawn_does_not_see_its_blocker() {
    let m = game(ModelSpec::Fog, "4k3/8/8/8/4p3/4P3/8/4K3 w - - 0 1");
    let w = m.observation(Color::White);
    assert_eq!(w.cell(sq("e4")), Cell::Fog, "{}", w.picture());
    // Empty pawn diagonals are not seen either.
    assert_eq!(w.cell(sq("d4")), Cell::Fog);
    assert_eq!(w.cell(sq("f4")), Cell::Fog);
    // Squares the king can move to are seen.
    assert_eq!(w.cell(sq("d2")), Cell::Empty);
    // With an enemy man on a pawn diagonal, it is seen (a capture is possible).
    let m = game(ModelSpec::Fog, "4k3/8/8/8/3np3/4P3/8/4K3 w - - 0 1");
    let w = m.observation(Color::White);
    assert!(matches!(w.cell(sq("d4")), Cell::Man(p) if p.color == Color::Black));
    assert_eq!(w.cell(sq("e4")), Cell::Fog);
}

#[test]
fn fog_en_passant_victim_visible_to_the_capturer_for_that_turn() {
    let mut m = game(ModelSpec::Fog, "4k3/8/8/8/4p3/8/3P4/4K3 w - - 0 1");
    go(&mut m, "d2d4");
    let b = m.observation(Color::Black);
    assert!(matches!(b.cell(sq("d4")), Cell::Man(p) if p.color == Color::White));
    assert_eq!(b.cell(sq("d3")), Cell::Empty);
    let ep = b.extras.en_passant.expect("en passant shown");
    assert_eq!((ep.victim, ep.passed), (sq("d4"), sq("d3")));
    assert!(b
        .hints
        .iter()
        .any(|h| h.from == sq("e4") && h.to == sq("d3")));
    // Black declines: next time it is Black's turn the chance is gone.
    go(&mut m, "e8f8");
    go(&mut m, "e1f1");
    let b = m.observation(Color::Black);
    assert_eq!(b.cell(sq("d4")), Cell::Fog);
    assert!(b.extras.en_passant.is_none());
}

#[test]
fn fog_moving_into_check_is_legal_and_the_king_can_be_captured() {
    let mut m = game(ModelSpec::Fog, "3rk3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(go(&mut m, "e1d1").resolution, Resolution::Played);
    let r = go(&mut m, "d8d1");
    assert_eq!(r.resolution, Resolution::Played);
    let o = r.outcome.unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::Black), Reason::RoyalCaptured)
    );
}

#[test]
fn fog_last_move_shows_only_what_was_seen() {
    // The black rook on h8 is hidden from White until it lands on a8, on
    // the white rook's file.
    let mut m = game(ModelSpec::Fog, "7r/4k3/8/8/8/8/8/R3K3 b - - 0 1");
    assert_eq!(m.observation(Color::White).cell(sq("h8")), Cell::Fog);
    go(&mut m, "h8a8");
    let w = m.observation(Color::White);
    assert!(matches!(w.cell(sq("a8")), Cell::Man(p) if p.color == Color::Black));
    assert_eq!(w.cell(sq("h8")), Cell::Fog);
    let last = w.last_move.unwrap();
    assert_eq!((last.from, last.to), (None, Some(sq("a8"))));
    // A refused attempt changes nothing and keeps the turn.
    assert_eq!(go(&mut m, "a1b2").resolution, Resolution::Illegal);
    assert_eq!(m.turn(), Color::White);
}

// ---------------------------------------------------------------- Dark Chess

#[test]
fn dark_knight_route_is_explored() {
    let mut m = game(ModelSpec::Dark, "4k3/p7/8/8/8/8/8/1N2K3 w - - 0 1");
    go(&mut m, "b1c3@b2b3");
    let w = m.observation(Color::White);
    let mut ex = w.extras.explored.clone();
    ex.sort();
    assert_eq!(ex, vec![sq("b1"), sq("b2"), sq("c3"), sq("b3")].tap_sort());
    // The other route.
    let mut m = game(ModelSpec::Dark, "4k3/p7/8/8/8/8/8/1N2K3 w - - 0 1");
    go(&mut m, "b1c3@c1c2");
    let ex = m.observation(Color::White).extras.explored;
    assert!(ex.contains(&sq("c2")) && !ex.contains(&sq("b3")));
    // A route that is not an L of this move is refused, turn kept.
    let mut m = game(ModelSpec::Dark, "4k3/p7/8/8/8/8/8/1N2K3 w - - 0 1");
    assert_eq!(go(&mut m, "b1c3@d1d2").resolution, Resolution::Impossible);
    assert_eq!(m.turn(), Color::White);
}

trait TapSort {
    fn tap_sort(self) -> Self;
}
impl TapSort for Vec<Square> {
    fn tap_sort(mut self) -> Self {
        self.sort();
        self
    }
}

#[test]
fn dark_pawn_probes_waste_the_turn_and_explore() {
    // Push into a blocked square (double step, blocked on the far square).
    let mut m = game(ModelSpec::Dark, "4k3/8/8/8/4p3/8/4P3/4K3 w - - 0 1");
    assert_eq!(m.observation(Color::White).cell(sq("e4")), Cell::Fog);
    let r = go(&mut m, "e2e4");
    assert_eq!(r.resolution, Resolution::Probe { square: sq("e4") });
    assert_eq!(m.turn(), Color::Black, "the turn is wasted");
    assert_eq!(
        m.position().by_color(Color::White).count(),
        2,
        "nothing moved"
    );
    let w = m.observation(Color::White);
    assert!(matches!(w.cell(sq("e4")), Cell::Man(p) if p.color == Color::Black));
    assert_eq!(w.extras.probe, Some(sq("e4")));
    assert!(w.last_move.unwrap().passed);
    assert!(!m.observation(Color::Black).last_move.unwrap().passed);
    // A diagonal "capture" onto an empty square.
    let mut m = game(ModelSpec::Dark, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    let r = go(&mut m, "e2d3");
    assert_eq!(r.resolution, Resolution::Probe { square: sq("d3") });
    assert_eq!(m.observation(Color::White).cell(sq("d3")), Cell::Empty);
}

#[test]
fn dark_slider_captures_the_first_hidden_man_and_stops() {
    let mut m = game(ModelSpec::Dark, "4k3/8/8/8/n7/8/8/R3K3 w - - 0 1");
    let r = go(&mut m, "a1a8");
    assert_eq!(r.resolution, Resolution::Played);
    let mv = m.plies()[0].mv.unwrap();
    assert_eq!((mv.to, mv.capture.is_some()), (sq("a4"), true));
    let w = &r.observations.white;
    assert_eq!(w.last_move.unwrap().to, Some(sq("a4")));
    for s in ["a1", "a2", "a3", "a4"] {
        assert!(w.extras.explored.contains(&sq(s)), "{s}");
    }
    assert!(!w.extras.explored.contains(&sq("a5")));
    // The capture square is revealed to Black, whose man was taken.
    let b = &r.observations.black;
    assert!(b.extras.explored.contains(&sq("a4")));
    assert!(matches!(b.cell(sq("a4")), Cell::Man(p) if p.color == Color::White));
}

#[test]
fn dark_move_into_check_fails_and_flashes_the_attackers() {
    let mut m = game(ModelSpec::Dark, "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1");
    // Hints show the move into check as normal.
    let w = m.observation(Color::White);
    assert!(w.hints.iter().any(|h| h.to == sq("d1")));
    assert_eq!(w.cell(sq("d2")), Cell::Fog);
    let r = go(&mut m, "e1d1");
    assert_eq!(
        r.resolution,
        Resolution::IntoCheck {
            attackers: vec![sq("d2")]
        }
    );
    assert_eq!(m.turn(), Color::White, "the turn does not pass");
    let w = m.observation(Color::White);
    assert_eq!(w.extras.red_flash, vec![sq("d2")]);
    assert_eq!(w.cell(sq("d2")), Cell::Fog, "fog does not clear");
    // A legal move then plays and clears the flash.
    assert_eq!(go(&mut m, "e1f1").resolution, Resolution::Played);
    assert!(m.observation(Color::White).extras.red_flash.is_empty());
}

#[test]
fn dark_hints_do_not_reveal_hidden_men() {
    // The black knight on a4 is hidden: the rook's hints run up the whole
    // file as if it were empty.
    let m = game(ModelSpec::Dark, "4k3/8/8/8/n7/8/8/R3K3 w - - 0 1");
    let w = m.observation(Color::White);
    assert!(w
        .hints
        .iter()
        .any(|h| h.from == sq("a1") && h.to == sq("a8")));
}

// ---------------------------------------------------------------- Kriegspiel

const CAPTURE_FEN: &str = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1";

#[test]
fn kriegspiel_observations_show_only_own_men() {
    let m = krieg("cvp", CAPTURE_FEN);
    let w = m.observation(Color::White);
    assert_eq!(w.men().len(), 2);
    assert_eq!(w.cell(sq("d5")), Cell::Fog);
}

#[test]
fn kriegspiel_capture_announcements_per_preset() {
    for (preset, text) in [
        ("cvp", "Capture at d5"),
        ("english", "Capture at d5"),
        ("wild16", "Pawn at d5 captured"),
        ("cincinnati", "Pawn at d5 captured"),
        ("rand", "Pawn at d5 captured"),
        ("dutch", "Capture at d5 by a pawn"),
    ] {
        let mut m = krieg(preset, CAPTURE_FEN);
        let r = go(&mut m, "e4d5");
        assert_eq!(r.resolution, Resolution::Played);
        for c in Color::ALL {
            assert!(
                heard(&r, c).contains(&text.to_string()),
                "{preset}: {:?}",
                heard(&r, c)
            );
        }
    }
}

#[test]
fn kriegspiel_en_passant_announced_as_such_only_in_cvp() {
    // cvp names it, on the square the capturing pawn reaches; english says
    // only where the taken pawn stood.
    for (preset, words) in [
        ("cvp", "Capture at d6 (en passant)"),
        ("english", "Capture at d5"),
    ] {
        let mut m = krieg(preset, "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
        go(&mut m, "d7d5");
        let r = go(&mut m, "e5d6");
        assert_eq!(r.resolution, Resolution::Played);
        let said = heard(&r, Color::Black);
        assert!(said.contains(&words.to_string()), "{preset}: {said:?}");
    }
}

#[test]
fn kriegspiel_illegal_tries_and_who_hears_them() {
    // The white rook's way is blocked by a hidden black knight on a4.
    let fen = "4k3/8/8/8/n7/8/8/R3K3 w - - 0 1";
    for (preset, word, black_hears) in [
        ("cvp", "Illegal", true),
        ("wild16", "Illegal", false),
        ("berkeley", "No", true),
    ] {
        let mut m = krieg(preset, fen);
        let r = go(&mut m, "a1a8");
        assert_eq!(r.resolution, Resolution::Illegal, "{preset}");
        assert_eq!(m.turn(), Color::White);
        assert!(heard(&r, Color::White).contains(&word.to_string()));
        assert_eq!(
            heard(&r, Color::Black).contains(&word.to_string()),
            black_hears
        );
    }
}

#[test]
fn kriegspiel_nonsense_for_tries_impossible_on_ones_own_board() {
    // The rook cannot pass its own king.
    let fen = "4k3/8/8/8/8/8/8/R3K2R w - - 0 1";
    for (preset, word, resolution) in [
        ("cvp", "Impossible", Resolution::Impossible),
        ("berkeley", "Nonsense", Resolution::Impossible),
        ("rand", "Hell no", Resolution::Impossible),
        ("english", "Impossible", Resolution::Impossible),
        ("wild16", "Illegal", Resolution::Impossible),
    ] {
        let mut m = krieg(preset, fen);
        let r = go(&mut m, "a1g1");
        assert_eq!(r.resolution, resolution, "{preset}");
        assert!(heard(&r, Color::White).contains(&word.to_string()));
        // Nonsense is heard by the mover only.
        assert!(!heard(&r, Color::Black).contains(&word.to_string()));
    }
    // Berkeley: repeating a refused try is nonsense.
    let mut m = krieg("berkeley", "4k3/8/8/8/n7/8/8/R3K3 w - - 0 1");
    assert_eq!(go(&mut m, "a1a8").resolution, Resolution::Illegal);
    assert_eq!(go(&mut m, "a1a8").resolution, Resolution::Impossible);
}

#[test]
fn kriegspiel_check_directions_long_short_knight_double() {
    let cases = [
        (
            "4k3/p7/8/8/8/3B4/8/4K3 w - - 0 1",
            "d3b5",
            vec![CheckDirection::LongDiagonal],
        ),
        (
            "4k3/p7/8/8/8/3B4/8/4K3 w - - 0 1",
            "d3g6",
            vec![CheckDirection::ShortDiagonal],
        ),
        (
            "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
            "a1a8",
            vec![CheckDirection::Rank],
        ),
        (
            "3k4/8/8/8/8/8/8/R3K3 w - - 0 1",
            "a1d1",
            vec![CheckDirection::File],
        ),
        ("4k3/p7/8/8/8/8/8/1N2K3 w - - 0 1", "b1c3", vec![]),
        (
            "4k3/p7/8/8/4N3/8/8/7K w - - 0 1",
            "e4f6",
            vec![CheckDirection::Knight],
        ),
        (
            "4k3/8/8/8/4N3/8/8/4R2K w - - 0 1",
            "e4f6",
            vec![CheckDirection::File, CheckDirection::Knight],
        ),
        (
            "4k3/8/5P2/8/8/8/8/4K3 w - - 0 1",
            "f6f7",
            vec![CheckDirection::ShortDiagonal],
        ),
    ];
    for (fen, mv, want) in cases {
        let mut m = krieg("cvp", fen);
        let r = go(&mut m, mv);
        assert_eq!(r.resolution, Resolution::Played, "{fen} {mv}");
        let checks: Vec<_> = m
            .announcements()
            .iter()
            .filter_map(|a| match &a.message {
                Message::Check { directions } => Some(directions.clone()),
                _ => None,
            })
            .collect();
        if want.is_empty() {
            assert!(checks.is_empty(), "{fen} {mv}");
        } else {
            assert_eq!(checks, vec![want.clone()], "{fen} {mv}");
        }
    }
    // The double check names both in the text.
    let mut m = krieg("cvp", "4k3/8/8/8/4N3/8/8/4R2K w - - 0 1");
    let r = go(&mut m, "e4f6");
    assert!(heard(&r, Color::Black).contains(&"Double check: on the file and by a knight".into()));
    // rand: a pawn's check is announced as a bishop's would be (rule 15).
    let mut m = krieg("rand", "4k3/8/5P2/8/8/8/8/4K3 w - - 0 1");
    let r = go(&mut m, "f6f7");
    assert!(heard(&r, Color::Black).contains(&"Check on the short diagonal".into()));
}

#[test]
fn kriegspiel_any_obligation_try_one() {
    for preset in ["cvp", "english", "dutch"] {
        let mut m = krieg(preset, CAPTURE_FEN);
        let r = go(&mut m, "any?");
        assert_eq!(r.resolution, Resolution::AnyAnswer { yes: true });
        let yes = if preset == "cvp" { "Try" } else { "Yes" };
        assert!(
            heard(&r, Color::Black).contains(&yes.to_string()),
            "{preset}"
        );
        assert!(r.observations.white.extras.must_try_pawn_capture);
        assert_eq!(
            go(&mut m, "e1d1").resolution,
            Resolution::MustTryPawnCapture
        );
        // A failed pawn capture frees the player.
        assert_eq!(go(&mut m, "e4f5").resolution, Resolution::Illegal);
        assert_eq!(go(&mut m, "e1d1").resolution, Resolution::Played);
        // Asking twice in a turn is refused.
        let mut m = krieg(preset, CAPTURE_FEN);
        go(&mut m, "any?");
        assert_ne!(
            go(&mut m, "any?").resolution,
            Resolution::AnyAnswer { yes: true }
        );
    }
}

#[test]
fn kriegspiel_any_obligation_until_legal_in_berkeley_any() {
    let mut m = krieg("berkeley-any", CAPTURE_FEN);
    assert_eq!(
        go(&mut m, "any?").resolution,
        Resolution::AnyAnswer { yes: true }
    );
    assert_eq!(go(&mut m, "e4f5").resolution, Resolution::Illegal);
    assert_eq!(
        go(&mut m, "e1d1").resolution,
        Resolution::MustTryPawnCapture
    );
    assert_eq!(go(&mut m, "e4d5").resolution, Resolution::Played);
}

#[test]
fn kriegspiel_any_answers_no_and_nonsense_without_pawns() {
    let mut m = krieg("cvp", "4k3/8/8/3p4/8/4P3/8/4K3 w - - 0 1");
    let r = go(&mut m, "any?");
    assert_eq!(r.resolution, Resolution::AnyAnswer { yes: false });
    assert!(!r.observations.white.extras.must_try_pawn_capture);
    assert_eq!(go(&mut m, "e1d1").resolution, Resolution::Played);
    let mut m = krieg("cvp", "4k3/8/8/3p4/8/8/8/4K3 w - - 0 1");
    let r = go(&mut m, "any?");
    assert_eq!(r.resolution, Resolution::Impossible);
    assert!(heard(&r, Color::White).contains(&"Impossible".into()));
    // Presets without "Any?" refuse the question.
    let mut m = krieg("wild16", CAPTURE_FEN);
    assert_ne!(
        go(&mut m, "any?").resolution,
        Resolution::AnyAnswer { yes: true }
    );
}

#[test]
fn kriegspiel_pawn_try_announcements_each_turn() {
    let m = krieg("wild16", CAPTURE_FEN);
    let said: Vec<_> = m
        .observation(Color::White)
        .announcements
        .iter()
        .map(|a| a.message.text(Geometry::CHESS))
        .collect();
    assert_eq!(said, vec!["1 pawn try".to_string()]);
    let mut m = krieg("wild16", CAPTURE_FEN);
    let r = go(&mut m, "e1d1");
    assert!(heard(&r, Color::Black).contains(&"1 pawn try".into()));
    let mut m = krieg("wild16", "4k3/8/8/8/3p4/8/8/4K3 w - - 0 1");
    let r = go(&mut m, "e1d1");
    assert!(heard(&r, Color::White).contains(&"0 pawn tries".into()));
    let m = krieg("cincinnati", CAPTURE_FEN);
    assert_eq!(m.observation(Color::Black).announcements.len(), 1);
    assert!(matches!(
        m.observation(Color::Black).announcements[0].message,
        Message::PawnCaptureExists
    ));
    let m = krieg("rand", CAPTURE_FEN);
    assert_eq!(
        m.observation(Color::White).announcements[0]
            .message
            .text(Geometry::CHESS),
        "Pawn captures on d5"
    );
    for preset in ["cvp", "english", "berkeley", "dutch"] {
        assert!(krieg(preset, CAPTURE_FEN).announcements().is_empty());
    }
}

#[test]
fn kriegspiel_rand_rebuff_count_and_promotion() {
    let mut m = krieg("rand", "4k3/P7/8/8/n7/8/8/R3K3 w - - 0 1");
    assert_eq!(go(&mut m, "a1a5").resolution, Resolution::Illegal);
    assert_eq!(go(&mut m, "a1a6").resolution, Resolution::Illegal);
    assert_eq!(go(&mut m, "a1a8").resolution, Resolution::Impossible);
    assert_eq!(go(&mut m, "a7a8q").resolution, Resolution::Played);
    assert!(m
        .announcements()
        .iter()
        .any(|a| a.message == Message::Promotion));
    let r = go(&mut m, "rebuffs?");
    assert_eq!(r.resolution, Resolution::RebuffCount { count: 2 });
    // Other presets do not announce promotions or answer the question.
    let mut m = krieg("cvp", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    go(&mut m, "a7a8q");
    assert!(!m
        .announcements()
        .iter()
        .any(|a| a.message == Message::Promotion));
    assert_eq!(go(&mut m, "rebuffs?").resolution, Resolution::Impossible);
}

#[test]
fn kriegspiel_berkeley_has_no_host_draws() {
    let m = krieg("berkeley", CAPTURE_FEN);
    assert_eq!(m.variant().draws.repetitions, 0);
    assert_eq!(m.variant().draws.fifty_move_plies, 0);
    let m = krieg("cvp", CAPTURE_FEN);
    assert_eq!(m.variant().draws.repetitions, 3);
}

#[test]
fn checkmate_is_announced() {
    let mut m = krieg("cvp", "7k/8/6K1/8/8/8/8/R7 w - - 0 1");
    let r = go(&mut m, "a1a8");
    assert_eq!(r.outcome.unwrap().reason, Reason::Checkmate);
    assert!(heard(&r, Color::Black)
        .iter()
        .any(|s| s.starts_with("Game over: 1-0")));
}

#[test]
fn foolish_king_plays_in_fog_and_dark() {
    let fk = Variant::foolish_king();
    for spec in [ModelSpec::Fog, ModelSpec::Dark] {
        let mut m = fogbound_engine::AnyMatch::new(&fk, spec, None).unwrap();
        assert!(matches!(m, fogbound_engine::AnyMatch::B128(_)));
        let r = m.attempt_text(Color::White, "e2e4").unwrap();
        assert_eq!(r.resolution, Resolution::Played);
        assert!(r
            .observations
            .black
            .men()
            .iter()
            .all(|(_, p)| p.color == Color::Black));
    }
}

#[test]
fn san_attempts_are_read_against_the_players_own_picture() {
    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let m = krieg("cvp", START);
    let attempt = |m: &M, text: &str| m.parse_attempt(m.turn(), text);
    // Coordinates and SAN give the same try.
    assert_eq!(attempt(&m, "e4").unwrap(), attempt(&m, "e2e4").unwrap());
    assert_eq!(attempt(&m, "Nf3").unwrap(), Attempt::of(sq("g1"), sq("f3")));
    // A pawn capture onto a square White cannot see is a pawn try, not an
    // error: the umpire answers it.
    assert_eq!(
        attempt(&m, "exd3").unwrap(),
        Attempt::of(sq("e2"), sq("d3"))
    );
    assert_eq!(attempt(&m, "ed3").unwrap(), Attempt::of(sq("e2"), sq("d3")));
    // Typing garbage, or a move no white man could make, is an error.
    assert!(attempt(&m, "Qh5").is_err()); // blocked by White's own pawn
    assert!(attempt(&m, "hello").is_err());
    assert!(attempt(&m, "exf4").is_err()); // no pawn on e3

    // After 1.e4 (unknown to White which reply came), Bxf7 is a try onto a
    // square White cannot see; the umpire, not the parser, judges it.
    let mut m = krieg("cvp", START);
    go(&mut m, "e2e4");
    go(&mut m, "e7e5");
    assert_eq!(attempt(&m, "Bc4").unwrap(), Attempt::of(sq("f1"), sq("c4")));
    go(&mut m, "f1c4");
    go(&mut m, "a7a6");
    // d5, e6 and f7 are hidden: the picture shows them empty.
    assert_eq!(
        attempt(&m, "Bxf7+").unwrap(),
        Attempt::of(sq("c4"), sq("f7"))
    );
    // Black's pawn tries from Black's side of the board.
    let mut m = krieg("cvp", START);
    go(&mut m, "d2d4");
    assert_eq!(
        m.parse_attempt(Color::Black, "exd6").unwrap(),
        Attempt::of(sq("e7"), sq("d6"))
    );
    assert!(m.parse_attempt(Color::Black, "exd5").is_err()); // no black pawn on e6
}

/// What each model offers the player to move besides hinted moves.
mod actions {
    use fogbound_engine::{AnyMatch, Attempt, Color, ModelSpec, Tries, Variant};

    fn game(model: &str, preset: Option<&str>) -> AnyMatch {
        AnyMatch::new(
            &Variant::chess(),
            ModelSpec::parse(model, preset).unwrap(),
            None,
        )
        .unwrap()
    }

    #[test]
    fn any_is_offered_only_by_presets_that_answer_it_and_only_once_a_turn() {
        for (preset, offered) in [
            ("english", true),
            ("cvp", true),
            ("berkeley-any", true),
            ("dutch", true),
            ("wild16", false),
            ("berkeley", false),
            ("cincinnati", false),
            ("rand", false),
        ] {
            let mut m = game("kriegspiel", Some(preset));
            let obs = m.observation(Color::White);
            assert_eq!(obs.actions.ask_any, offered, "{preset}");
            assert_eq!(obs.actions.tries, Tries::TryHints, "{preset}");
            assert!(!m.observation(Color::Black).actions.ask_any, "not to move");
            if offered {
                m.attempt(Color::White, Attempt::AskAny).unwrap();
                assert!(!m.observation(Color::White).actions.ask_any, "{preset}");
            }
        }
    }

    #[test]
    fn rebuffs_are_offered_by_rand_only() {
        for preset in fogbound_engine::KriegspielRules::PRESET_IDS {
            let obs = game("kriegspiel", Some(preset)).observation(Color::White);
            assert_eq!(obs.actions.ask_rebuffs, preset == "rand", "{preset}");
        }
    }

    #[test]
    fn dark_chess_offers_routes_and_probes_fog_and_open_neither() {
        let dark = game("dark", None).observation(Color::White);
        assert!(dark.actions.choose_route);
        assert_eq!(dark.actions.tries, Tries::PawnProbes);
        for model in ["fog", "open"] {
            let obs = game(model, None).observation(Color::White);
            assert_eq!(obs.actions, Default::default(), "{model}");
        }
    }

    #[test]
    fn may_try_follows_the_model() {
        let g = Variant::chess().geometry();
        let sq = |n: &str| g.parse_square(n).unwrap();
        // Every model: what the player's own board rules out is refused
        // before any umpire hears of it (e2-e5; a1-a3 through one's own
        // pawn); a Kriegspiel pawn's capture into the unknown is a try.
        for preset in fogbound_engine::KriegspielRules::PRESET_IDS {
            let k = game("kriegspiel", Some(preset)).observation(Color::White);
            assert!(!k.may_try(sq("e2"), sq("e5")), "{preset}");
            assert!(!k.may_try(sq("a1"), sq("a3")), "{preset}: over a2");
            assert!(k.may_try(sq("e2"), sq("d3")), "{preset}: a pawn try");
            assert!(k.may_try(sq("e2"), sq("e4")), "{preset}");
            assert!(!k.may_try(sq("e2"), sq("d1")), "onto one's own man");
            assert!(!k.may_try(sq("e4"), sq("e5")), "from an empty square");
        }
        let fog = game("fog", None).observation(Color::White);
        assert!(fog.may_try(sq("e2"), sq("e4")));
        assert!(!fog.may_try(sq("e2"), sq("e5")));
        // Dark Chess: a pawn's diagonal into the unknown is a probe.
        let dark = game("dark", None).observation(Color::White);
        assert!(dark.may_try(sq("e2"), sq("d3")));
        assert!(!dark.may_try(sq("g1"), sq("g3")), "only pawns probe");
        assert!(!dark.may_try(sq("e2"), sq("e5")), "no pawn goes three");
        assert!(!dark.may_try(sq("e2"), sq("c4")), "nor two aside");
        assert!(!dark.may_try(sq("a1"), sq("a3")), "over its own pawn");
        assert!(!game("fog", None)
            .observation(Color::Black)
            .may_try(sq("e7"), sq("e5")));
    }
}

/// A player's own moves in SAN as they know them.
mod known_san {
    use fogbound_engine::{AnyMatch, Attempt, Color, ModelSpec, Variant};

    #[test]
    fn own_moves_read_as_chess_without_hidden_men() {
        let spec = ModelSpec::parse("kriegspiel", Some("english")).unwrap();
        let mut m = AnyMatch::new(&Variant::chess(), spec, None).unwrap();
        let g = m.geometry();
        let mut play = |p: Color, text: &str| {
            let a = Attempt::parse(text, g).unwrap();
            assert!(m.attempt(p, a).unwrap().resolution.passes_turn(), "{text}");
        };
        for (p, t) in [
            (Color::White, "e2e4"),
            (Color::Black, "d7d5"),
            (Color::White, "e4d5"),
            (Color::Black, "g8f6"),
            (Color::White, "g1f3"),
            (Color::Black, "f6d5"),
            (Color::White, "f1c4"),
            (Color::Black, "a7a6"),
            (Color::White, "e1g1"),
        ] {
            play(p, t);
        }
        let sans: Vec<String> = (0..9).map(|i| m.known_san(i).unwrap()).collect();
        assert_eq!(
            sans,
            ["e4", "d5", "exd5", "Nf6", "Nf3", "Nxd5", "Bc4", "a6", "O-O"]
        );
        assert_eq!(m.known_san(9), None);
    }
}

#[test]
fn kriegspiel_pawn_captures_are_offered_as_tries_not_hints() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let m = krieg("english", start);
    let obs = m.observation(Color::White);
    let from = |f: &str| -> Vec<String> {
        let mut v: Vec<String> = obs
            .try_hints
            .iter()
            .filter(|h| h.from == sq(f))
            .map(|h| Geometry::CHESS.square_name(h.to))
            .collect();
        v.sort();
        v
    };
    assert_eq!(from("e2"), ["d3", "f3"]);
    assert_eq!(from("a2"), ["b3"]);
    // Tries are never hints: a hint is a move the player can be sure of.
    assert!(obs.try_hints.iter().all(|t| !obs.hints.contains(t)));
    assert!(obs.try_hints.iter().all(|t| obs.may_try(t.from, t.to)));
    // Only the player to move has tries; a square of one's own man is none.
    assert!(m.observation(Color::Black).try_hints.is_empty());
    let crowded = krieg("english", "4k3/8/8/8/8/3N4/4P3/4K3 w - - 0 1");
    let tries: Vec<String> = crowded
        .observation(Color::White)
        .try_hints
        .iter()
        .map(|h| Geometry::CHESS.square_name(h.to))
        .collect();
    assert_eq!(tries, ["f3"]);
    // Other models see what they may capture: no tries.
    assert!(game(ModelSpec::Fog, start)
        .observation(Color::White)
        .try_hints
        .is_empty());
}
