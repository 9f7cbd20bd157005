//! Native tests of the board's model, layout, marks and labels.

use super::layout::Layout;
use super::*;

#[test]
fn reads_the_start_position() {
    let view = BoardView::from_placement(8, 8, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR")
        .expect("valid placement");
    assert_eq!(view.squares[view.index(4, 0)].piece.as_deref(), Some("wK"));
    assert_eq!(view.squares[view.index(3, 7)].piece.as_deref(), Some("bQ"));
    assert!(view.squares[view.index(4, 4)].piece.is_none());
}

#[test]
fn reads_wide_boards_and_fog() {
    let view = BoardView::from_placement(10, 2, "10/?9").expect("valid");
    assert!(view.squares[0].fog);
    assert!(!view.squares[1].fog);
}

#[test]
fn rejects_bad_placements() {
    assert!(BoardView::from_placement(8, 8, "8/8").is_none());
    assert!(BoardView::from_placement(8, 1, "9").is_none());
    assert!(BoardView::from_placement(8, 1, "7").is_none());
    assert!(BoardView::from_placement(8, 1, "ppppppppp").is_none());
    assert!(BoardView::from_placement(8, 1, "7!").is_none());
    assert!(BoardView::from_placement(8, 1, "99999999999999999999999").is_none());
}

#[test]
fn places_squares_both_ways_and_finds_them_under_a_point() {
    let white = Layout {
        files: 10,
        ranks: 8,
        flipped: false,
    };
    let black = Layout {
        flipped: true,
        ..white
    };
    // a1 is bottom left for White, top right for Black.
    assert_eq!(white.place(0), (0, 7));
    assert_eq!(black.place(0), (9, 0));
    for layout in [white, black] {
        for index in 0..80 {
            let (col, row) = layout.place(index);
            assert_eq!(layout.index_at(col, row), index);
            assert_eq!(layout.index_of_point(layout.centre(index)), Some(index));
        }
        assert_eq!(layout.index_of_point((-1.0, 50.0)), None);
        assert_eq!(layout.index_of_point((50.0, 800.0)), None);
        assert_eq!(layout.index_of_point((1000.0, 50.0)), None);
        assert_eq!(layout.index_of_point((f64::NAN, 50.0)), None);
    }
    assert_eq!(
        white.name(white.index_of_point((450.0, 650.0)).unwrap()),
        "e2"
    );
    assert_eq!(
        black.name(black.index_of_point((450.0, 650.0)).unwrap()),
        "f7"
    );
}

#[test]
fn the_cursor_steps_on_screen_and_stays_on_the_board() {
    let white = Layout {
        files: 8,
        ranks: 8,
        flipped: false,
    };
    let black = Layout {
        flipped: true,
        ..white
    };
    let e2 = 12;
    // Up on screen is towards the viewer's opponent.
    assert_eq!(white.name(white.step(e2, 0, -1)), "e3");
    assert_eq!(black.name(black.step(e2, 0, -1)), "e1");
    assert_eq!(white.name(white.step(e2, 1, 0)), "f2");
    assert_eq!(black.name(black.step(e2, 1, 0)), "d2");
    assert_eq!(white.name(white.step(0, -1, 1)), "a1");
    assert_eq!(white.name(white.step(63, 1, -1)), "h8");
}

#[test]
fn marks_toggle_and_repaint() {
    let mut marks = Vec::new();
    let circle = Mark {
        from: 4,
        to: 4,
        brush: Brush::Green,
    };
    let arrow = Mark {
        from: 12,
        to: 28,
        brush: Brush::Green,
    };
    toggle_mark(&mut marks, circle);
    toggle_mark(&mut marks, arrow);
    assert_eq!(marks, vec![circle, arrow]);
    // The same circle again takes it away.
    toggle_mark(&mut marks, circle);
    assert_eq!(marks, vec![arrow]);
    // The same arrow in red repaints it; the reverse arrow is another.
    let red = Mark {
        brush: Brush::Red,
        ..arrow
    };
    toggle_mark(&mut marks, red);
    assert_eq!(marks, vec![red]);
    toggle_mark(
        &mut marks,
        Mark {
            from: 28,
            to: 12,
            brush: Brush::Red,
        },
    );
    assert_eq!(marks.len(), 2);
    assert_eq!(Brush::from_keys(false, false, false), Brush::Green);
    assert_eq!(Brush::from_keys(true, false, false), Brush::Red);
    assert_eq!(Brush::from_keys(false, true, false), Brush::Blue);
    assert_eq!(Brush::from_keys(true, true, false), Brush::Yellow);
    assert_eq!(Brush::from_keys(false, false, true), Brush::Yellow);
}

#[test]
fn labels_say_what_the_viewer_sees_and_no_more() {
    let knight = SquareView {
        piece: Some("wN".into()),
        selected: true,
        ..SquareView::default()
    };
    assert_eq!(square_label("e4", &knight), "e4, white knight, selected");
    let hidden = SquareView {
        fog: true,
        dest: true,
        ..SquareView::default()
    };
    assert_eq!(square_label("c6", &hidden), "c6, hidden, possible move");
    assert_eq!(square_label("d5", &SquareView::default()), "d5, empty");
    assert_eq!(
        square_label(
            "b2",
            &SquareView {
                piece: Some("hound".into()),
                ..SquareView::default()
            }
        ),
        "b2, hound"
    );
}

#[test]
fn names_squares() {
    assert_eq!(square_name(0, 0), "a1");
    assert_eq!(square_name(15, 15), "p16");
}
