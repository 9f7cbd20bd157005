//! Property tests over random matches, for every variant × information
//! model: observations never show a hidden man, both observations agree with
//! the true position, hints are computed from what the player may know, and
//! observations survive serde.

use crate::support::{all_models, random_match, variants};
use fogbound_engine::{
    Bitboard, Bitboard128, Bitboard256, Bitboard64, Cell, Color, Match, ModelSpec, Position,
    Variant,
};

/// What the model may show `player` (own men aside), computed here from
/// the rules text rather than asked of the model where possible.
fn allowed<B: Bitboard>(m: &Match<B>, player: Color, explored: &[fogbound_engine::Square]) -> B {
    let pos = m.position();
    match m.spec() {
        ModelSpec::Open => pos.rules().all_squares(),
        ModelSpec::Fog => pos.pseudo_legal_destinations(player),
        ModelSpec::Dark => B::from_squares(explored.iter().copied()),
        ModelSpec::Kriegspiel { .. } => B::EMPTY,
    }
}

fn check_observations<B: Bitboard>(m: &Match<B>) {
    let pos = m.position();
    let g = pos.geometry();
    for player in Color::ALL {
        let obs = m.observation(player);
        assert_eq!(obs.squares.len(), g.square_count());
        let allowed = allowed(m, player, &obs.extras.explored);
        for sq in g.squares() {
            let truth = pos.piece_at(sq);
            match obs.cell(sq) {
                Cell::Fog => assert!(
                    truth.is_none_or(|p| p.color != player),
                    "{player}'s own man on {sq:?} is fogged"
                ),
                Cell::Empty => assert!(truth.is_none(), "{sq:?} shown empty but occupied"),
                Cell::Man(p) => {
                    assert_eq!(Some(p), truth, "{sq:?} shows a man that is not there");
                    if p.color != player {
                        assert!(
                            allowed.contains(sq),
                            "{} {}: hidden enemy man on {} shown to {player}\n{}",
                            m.variant().id,
                            m.spec().id(),
                            g.square_name(sq),
                            obs.picture()
                        );
                    }
                }
            }
            if !allowed.contains(sq) && truth.is_some_and(|p| p.color != player) {
                assert_eq!(obs.cell(sq), Cell::Fog);
            }
        }
        // Hints: only for the side to move; from the player's own men; and
        // not depending on hidden men (Fog: every hint lands on a visible
        // square; Dark and Kriegspiel: equal to the moves of the picture
        // with hidden men removed).
        if pos.turn() != player {
            assert!(obs.hints.is_empty());
        }
        for h in &obs.hints {
            assert!(pos.by_color(player).contains(h.from));
            if matches!(m.spec(), ModelSpec::Fog) {
                assert!(obs.cell(h.to) != Cell::Fog);
            }
        }
        if pos.turn() == player
            && obs.outcome.is_none()
            && matches!(m.spec(), ModelSpec::Kriegspiel { .. })
        {
            assert_eq!(obs.hints, picture_hints(pos, &obs), "{}", obs.picture());
        }
        // Own last move fully known; a capture of one's own man always told.
        if let Some(last) = m.plies().last() {
            let seen = obs.last_move.expect("last move known");
            if let Some(mv) = last.mv {
                if last.by == player {
                    assert_eq!((seen.from, seen.to), (Some(mv.from), Some(mv.to)));
                }
                assert_eq!(seen.capture_at.is_some(), mv.capture.is_some());
            }
        }
        // Serde round trip.
        let json = serde_json::to_string(&obs).unwrap();
        let back: fogbound_engine::Observation = serde_json::from_str(&json).unwrap();
        assert_eq!(back, obs);
    }
    // The union of both observations is consistent with the truth: every
    // man is seen by its owner, and both agree wherever both see.
    let (w, b) = (m.observation(Color::White), m.observation(Color::Black));
    for sq in g.squares() {
        if let Some(p) = pos.piece_at(sq) {
            let owner = if p.color == Color::White { &w } else { &b };
            assert_eq!(owner.cell(sq), Cell::Man(p));
        }
        if w.cell(sq) != Cell::Fog && b.cell(sq) != Cell::Fog {
            assert_eq!(w.cell(sq), b.cell(sq));
        }
    }
}

/// The moves of the player's picture: own men only, rebuilt from the
/// observation through FEN (castling rights copied for the player's side).
fn picture_hints<B: Bitboard>(
    pos: &Position<B>,
    obs: &fogbound_engine::Observation,
) -> Vec<fogbound_engine::Hint> {
    let mut setup = pos.to_setup();
    for (i, cell) in obs.squares.iter().enumerate() {
        setup.board[i] = match cell {
            Cell::Man(p) if p.color == obs.player => Some(*p),
            _ => None,
        };
    }
    setup
        .castling
        .retain(|f| f.char().is_ascii_uppercase() == (obs.player == Color::White));
    setup.en_passant = None;
    let Ok(view) = Position::<B>::from_setup(pos.variant(), &setup) else {
        return obs.hints.clone();
    };
    let mut v: Vec<_> = view
        .pseudo_legal_moves()
        .iter()
        .map(|m| fogbound_engine::Hint {
            from: m.from,
            to: m.to,
        })
        .collect();
    v.sort();
    v.dedup();
    v
}

fn run_all<B: Bitboard>(variant: &Variant, games: u64, plies: usize) {
    for spec in all_models() {
        for seed in 0..games {
            let m = random_match::<B>(variant, spec.clone(), seed + 1, plies, plies * 4, |m| {
                check_observations(m)
            });
            assert!(!m.log().is_empty());
        }
    }
}

fn run_variant(v: &Variant, games: u64, plies: usize) {
    let n = v.width as usize * v.height as usize;
    if n <= 64 {
        run_all::<Bitboard64>(v, games, plies);
    } else if n <= 128 {
        run_all::<Bitboard128>(v, games, plies);
    } else {
        run_all::<Bitboard256>(v, games, plies);
    }
}

#[test]
fn observations_never_leak_chess() {
    run_variant(&variants()[0], 8, 80);
}

/// Chess on the page's one bitboard width (the `one-bitboard` build plays
/// every board on [`Bitboard128`]).
#[test]
fn observations_never_leak_chess_on_the_pages_width() {
    run_all::<Bitboard128>(&variants()[0], 3, 80);
}

#[test]
fn observations_never_leak_foolish_king() {
    run_variant(&variants()[1], 4, 60);
}

#[test]
fn observations_never_leak_endgames() {
    run_variant(&variants()[2], 4, 40);
    run_variant(&variants()[3], 1, 30);
}
