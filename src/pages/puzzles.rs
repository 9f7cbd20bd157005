use std::rc::Rc;

use yew::prelude::*;

use crate::components::{Board, BoardView, PageFrame};

/// Rotenberg, The Problemist 1976: the known men (White Kf1 Ra2 Nd3 Bf6,
/// Black Kh1 Ph2), White to move.
const ROTENBERG: &str = "8/8/5B2/8/8/3N4/R6p/5K1k";

/// The known men, with fog on every square where the hidden black bishop
/// may stand: the empty dark squares.
fn rotenberg_view() -> Rc<BoardView> {
    let mut view =
        BoardView::from_placement(8, 8, ROTENBERG).unwrap_or_else(|| BoardView::empty(8, 8));
    for rank in 0..8u8 {
        for file in 0..8u8 {
            let index = view.index(file, rank);
            let dark = (file + rank) % 2 == 0;
            if dark && view.squares[index].piece.is_none() {
                view.squares[index].fog = true;
            }
        }
    }
    Rc::new(view)
}

#[function_component(Puzzles)]
pub fn puzzles() -> Html {
    let view = rotenberg_view();
    let candidates = view.squares.iter().filter(|s| s.fog).count();
    let intro = html! {
        <p>{ "Kriegspiel problems: you see only your own men; the umpire answers your attempts. \
              A solution must work against every placement of the hidden men, and the umpire \
              defends a wrong try with the worst one." }</p>
    };
    let board = html! { <Board view={view} label="Rotenberg 1976: known men, fog where the bishop may be" /> };
    html! {
        <PageFrame title="Kriegspiel puzzles" {intro} {board}>
            <article class="puzzle-card">
                <h2>{ "J. Rotenberg, The Problemist 1976" }</h2>
                <p class="stipulation">{ "White to play and mate in 8" }</p>
                <p>{ format!("Black has, besides the men shown, a bishop on one of the {candidates} \
                              fogged dark squares. White does not know which.") }</p>
                <dl class="facts">
                    <dt>{ "White" }</dt><dd>{ "Kf1, Ra2, Nd3, Bf6" }</dd>
                    <dt>{ "Black" }</dt><dd>{ "Kh1, Ph2, and a dark-square bishop" }</dd>
                    <dt>{ "Stalemate" }</dt><dd>{ "counts as failure" }</dd>
                    <dt>{ "Umpire" }</dt><dd>{ "Chess Variant Pages conventions (cvp)" }</dd>
                </dl>
                <p class="hint">{ "Careful: a knight or bishop move may capture the bishop by accident \
                                   and leave Black stalemated." }</p>
            </article>
        </PageFrame>
    }
}
