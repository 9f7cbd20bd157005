//! The belief trace the replay draws: one frame per ply, exact at the
//! start (one board, every hidden man where it stands), wider once the
//! opponent has moved unseen, shares in percent.

use fogbound_engine::{AnyMatch, Color, ModelSpec, Variant};
use fogbound_players::trace::{belief_trace, frame_at};
use fogbound_players::BotLevel;

#[test]
fn the_trace_starts_exact_and_widens_after_unseen_moves() {
    let mut game = AnyMatch::new(&Variant::chess(), ModelSpec::Fog, None).unwrap();
    for (side, text) in [
        (Color::White, "g1f3"),
        (Color::Black, "e7e5"),
        (Color::White, "b1c3"),
        (Color::Black, "d7d6"),
        (Color::White, "h2h3"),
    ] {
        game.attempt_text(side, text).unwrap();
    }
    let transcript = game.transcript(Color::Black);
    let mut reports = 0;
    let frames = belief_trace(BotLevel::Beginner, 1, &transcript, &mut |done, total| {
        assert!(done <= total);
        reports += 1;
    });
    assert_eq!(reports, transcript.len());
    // One frame per ply, in order.
    let plies: Vec<u32> = frames.iter().map(|f| f.ply).collect();
    assert_eq!(plies, vec![0, 1, 2, 3, 4, 5]);
    let g = game.geometry();
    let d1 = g.parse_square("d1").unwrap().index();
    let start = frame_at(&frames, 0).unwrap();
    assert_eq!(start.boards, 1, "the start position is known");
    assert_eq!(
        start.heat[d1], 100,
        "the white queen is on d1 on every board"
    );
    assert!(frames.iter().all(|f| f.heat.len() == 64));
    assert!(frames.iter().all(|f| f.heat.iter().all(|&h| h <= 100)));
    // White's first move was not seen by Black: several boards then.
    let after = frame_at(&frames, 1).unwrap();
    assert!(
        after.boards > 1,
        "{} boards after an unseen move",
        after.boards
    );
    // The same trace every time.
    let again = belief_trace(BotLevel::Beginner, 1, &transcript, &mut |_, _| {});
    assert_eq!(again, frames);
}
