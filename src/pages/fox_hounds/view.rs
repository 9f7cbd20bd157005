//! Drawing the Fox & Hounds page: the board, the figures beside the
//! published table, the game panel, and the fuzz factor's panel.

use std::rc::Rc;

use fogbound_solvers::fox_hounds::{BoardSize, Evaluation, Position, Side, Square};

use super::state::Game;
use crate::components::BoardView;
#[cfg(target_arch = "wasm32")]
use {
    super::state::{move_text, FoxAction, FoxState, Solved},
    crate::components::{group_digits, Histogram, Series},
    crate::decimal::{Fixed, Trimmed},
    crate::worker::fox::MAX_FOX_AI_SIZE,
    yew::prelude::*,
};

/// The published table (the KRK and Fox & Hounds write-up): size,
/// reachable positions, possible games, initial evaluation, time, memory of
/// the published solver.
pub const PUBLISHED: [(u8, u64, &str, &str, &str, &str); 5] = [
    (2, 1, "1", "Hounds win in 0", "1s", "200Mb"),
    (4, 83, "178", "Hounds win in 8", "1s", "200Mb"),
    (6, 8_175, "~10^11", "Fox win in 21", "2s", "200Mb"),
    (
        8,
        709_868,
        "360552037329667882019232833884",
        "Hounds win in 44",
        "3m",
        "650Mb",
    ),
    (10, 69_575_678, "~10^55", "Hounds win in 72", "8h", "41Gb"),
];

/// An evaluation as a sentence says it: `the fox wins in 29 plies`. (The
/// solver's own wording, `Fox win in 29`, is the published table's and
/// stays in the tables that reproduce it.)
pub fn evaluation_words(e: Evaluation) -> String {
    let side = side_name(e.winner());
    let verb = if e.winner() == Side::Fox {
        "wins"
    } else {
        "win"
    };
    match e.plies() {
        0 => format!("{side} {verb} at once"),
        1 => format!("{side} {verb} in 1 ply"),
        n => format!("{side} {verb} in {n} plies"),
    }
}

pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::Fox => "the fox",
        Side::Hounds => "the hounds",
    }
}

/// The board: the game's position, or the board's initial position before
/// a game; the person's movable men and the selected man's destinations.
pub fn board_view(size: u8, game: Option<&Game>) -> Rc<BoardView> {
    let mut view = BoardView::empty(size, size);
    let position = game.map(|g| g.position.clone()).unwrap_or_else(|| {
        BoardSize::new(size)
            .or_else(|_| BoardSize::new(8))
            .map(Position::initial)
            .unwrap_or_else(|_| Position::initial(BoardSize::EIGHT))
    });
    let mut put = |sq: Square, code: &str| {
        if sq.file < size && sq.rank < size {
            let i = view.index(sq.file, sq.rank);
            view.squares[i].piece = Some(code.to_string());
        }
    };
    put(position.fox(), "fox");
    for h in position.hounds() {
        put(*h, "hound");
    }
    if let Some(game) = game {
        if let Some(from) = game.selected {
            let i = view.index(from.file, from.rank);
            view.squares[i].highlight = true;
            view.squares[i].selected = true;
            for o in game.moves.iter().filter(|o| o.mv.from == from) {
                let i = view.index(o.mv.to.file, o.mv.to.rank);
                view.squares[i].dest = true;
            }
        }
        // The human's men that can move now may be dragged.
        if !game.over && position.to_move() == game.human && game.evaluation.is_some() {
            for o in &game.moves {
                let i = view.index(o.mv.from.file, o.mv.from.rank);
                if let Some(square) = view.squares.get_mut(i) {
                    square.movable = square.piece.is_some();
                }
            }
        }
    }
    Rc::new(view)
}

/// A board's figures beside the published row, and the distribution of
/// plies to the end.
#[cfg(target_arch = "wasm32")]
pub fn results(size: u8, solved: &Solved) -> Html {
    let s = &solved.summary;
    let published = PUBLISHED.iter().find(|row| row.0 == size);
    let mark = |ok: bool| if ok { " ✓" } else { " ✗" };
    let mut hounds = Vec::new();
    let mut fox = Vec::new();
    for (evaluation, count) in &solved.counts {
        let (series, plies) = match evaluation {
            Evaluation::HoundsWin { plies } => (&mut hounds, *plies),
            Evaluation::FoxWin { plies } => (&mut fox, *plies),
        };
        let plies = usize::from(plies);
        if series.len() <= plies {
            series.resize(plies + 1, 0);
        }
        series[plies] += count;
    }
    html! {
        <div class="section" data-testid="fox-results">
            <h2>{ format!("{size}×{size} solved in this browser") }</h2>
            <div class="table-scroll">
            <table class="figures">
                <thead><tr><th></th><th>{ "Reachable positions" }</th><th>{ "Possible games" }</th><th>{ "Initial position" }</th><th>{ "Time" }</th><th>{ "Memory" }</th></tr></thead>
                <tbody>
                    <tr data-testid="fox-ours"><td>{ "fogbound" }</td>
                        <td class="num">{ group_digits(s.positions) }{ published.map(|p| mark(p.1 == s.positions)).unwrap_or_default() }</td>
                        <td class="num games">{ s.games.clone() }</td>
                        <td>{ s.evaluation.clone() }{ published.map(|p| mark(p.3 == s.evaluation)).unwrap_or_default() }</td>
                        <td class="num">{ format!("{} ms", Fixed(solved.millis, 0)) }</td>
                        <td class="num">{ format!("{} MB", Fixed(s.peak_bytes as f64 / 1e6, 1)) }</td></tr>
                    if let Some(p) = published {
                        <tr class="published"><td>{ "published" }</td><td class="num">{ group_digits(p.1) }</td>
                            <td class="num games">{ p.2 }</td><td>{ p.3 }</td><td class="num">{ p.4 }</td><td class="num">{ p.5 }</td></tr>
                    }
                </tbody>
            </table>
            </div>
            <p class="note">{ format!("Memory is the solver's own tables; the worker's whole WebAssembly memory was {} MB.",
                Fixed(solved.memory_bytes as f64 / 1e6, 1)) }</p>
            <Histogram x_label="plies to the end with perfect play" y_label="positions"
                series={vec![
                    Series { label: "hounds win".into(), class: "series-a".into(), counts: hounds },
                    Series { label: "fox wins".into(), class: "series-b".into(), counts: fox },
                ]} />
        </div>
    }
}

/// The game against the AI: whose move, the value, FoxBox and B, and the
/// person's moves with their results.
#[cfg(target_arch = "wasm32")]
pub fn game_panel(game: &Game, state: &UseReducerHandle<FoxState>) -> Html {
    let to_move = game.position.to_move();
    let human_turn = !game.over && to_move == game.human && game.evaluation.is_some();
    let status = match (game.evaluation, game.over) {
        (Some(e), true) => format!("Game over: {} won.", side_name(e.winner())),
        (Some(e), false) => format!(
            "{} to move · with perfect play {}",
            if to_move == Side::Fox {
                "Fox"
            } else {
                "Hounds"
            },
            evaluation_words(e)
        ),
        (None, _) => "Thinking…".into(),
    };
    let rows = game.moves.iter().enumerate().map(|(i, o)| {
        let m = o.mv;
        let state = state.clone();
        let onclick = Callback::from(move |_| state.dispatch(FoxAction::Play(m)));
        html! { <li class={classes!((i == 0).then_some("best"))}>
            <button {onclick} disabled={!human_turn} data-testid="fox-move">{ move_text(&o.mv) }</button>
            <span class="value">{ evaluation_words(o.evaluation) }</span>
        </li> }
    });
    html! {
        <div class="section" data-testid="fox-game">
            <h2>{ format!("You play {}", side_name(game.human)) }</h2>
            <p class="status-line" data-testid="fox-status">{ status }</p>
            if let Some(info) = game.fox_box {
                <p class="note" data-testid="fox-box">{ format!("FoxBox: {} · B = {} · the fox can force B = {}",
                    if info.fox_box { "yes" } else { "no" },
                    info.b.map(|b| b.to_string()).unwrap_or_else(|| "∞".into()),
                    info.forced_b.map(|b| b.to_string()).unwrap_or_else(|| "∞".into())) }</p>
                <p class="note">{ "A FoxBox is a position where the hounds hold the fox: even if they stood \
                    still, the fox could not walk to any square that no hound can ever reach (hounds only \
                    move up). B counts the plies the hounds need to force a FoxBox from here (0 in one, ∞ \
                    if they cannot). Every position the hounds have won is a FoxBox, so a losing fox plays \
                    for the largest B it can force over the rest of the game (the last figure), to lead the \
                    hounds far from a FoxBox where they may go wrong. The AI's hounds, when winning, play \
                    for that same figure among the moves that keep their win, which keeps the game open." }</p>
            }
            if !game.history.is_empty() {
                <p class="note">{ game.history.join(" ") }</p>
            }
            if human_turn {
                <ul class="moves">{ for rows }</ul>
            }
        </div>
    }
}

/// The fuzz factor: its slider and box, the odds of perfect play against
/// the AI, and the fairest p by bisection.
#[cfg(target_arch = "wasm32")]
pub fn fuzz_panel(state: &UseReducerHandle<FoxState>) -> Html {
    let busy = state.job.busy();
    let ai_ok = state.size <= MAX_FOX_AI_SIZE;
    let on_p = {
        let state = state.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                // The browser reads the number (no float parser in the page).
                let p = input.value_as_number();
                if p.is_finite() {
                    state.dispatch(FoxAction::SetP(p));
                }
            }
        })
    };
    let dispatch = |make: fn() -> FoxAction| {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(make()))
    };
    html! {
        <div class="section">
            <h2>{ "The AI's fuzz factor" }</h2>
            <p class="note">{ "With probability-weight p the AI plays any legal move instead of its strategy. \
                               How often does perfect play beat it?" }</p>
            <div class="row">
                <label class="field" for="fox-p-slider"><span>{ "p (slide, or type below)" }</span>
                    <input id="fox-p-slider" type="range" min="0" max="0.05" step="0.000005"
                           value={Trimmed(state.p, 9).to_string()} oninput={on_p.clone()} aria-label="fuzz factor p" />
                </label>
                <label class="field" for="fox-p"><span>{ "p" }</span>
                    <input id="fox-p" type="number" step="any" min="0" max="1" value={Trimmed(state.p, 9).to_string()} oninput={on_p} />
                </label>
                <button data-testid="fox-fuzz" onclick={dispatch(|| FoxAction::Fuzz)} disabled={busy || !ai_ok}>{ "Compute odds" }</button>
                <button type="button" data-testid="fox-fairest" onclick={dispatch(|| FoxAction::Fairest)} disabled={busy || !ai_ok}>{ "Find the fairest p" }</button>
            </div>
            if !ai_ok {
                <p class="note">{ format!("The AI's tables are offered up to {MAX_FOX_AI_SIZE}×{MAX_FOX_AI_SIZE}.") }</p>
            }
            if let Some(odds) = state.odds {
                <p data-testid="fox-odds">{ format!("p = {}: {} beat{} the AI from the initial position with probability {}",
                    Trimmed(odds.p, 9), side_name(odds.underdog), if odds.underdog == Side::Fox { "s" } else { "" }, Fixed(odds.from_initial, 3)) }
                    { odds.from_opposite.map(|o| format!("; the other side from the opposite position: {}", Fixed(o, 3))).unwrap_or_default() }{ "." }</p>
            }
            if let Some(steps) = &state.fairest {
                <p data-testid="fox-fairest-result">{ format!("Bisection, {} steps: p = {} gives {}.", steps.len(),
                    Fixed(steps.last().map(|s| s.0).unwrap_or(0.0), 6), Fixed(steps.last().map(|s| s.1).unwrap_or(0.0), 4)) }</p>
            }
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_say_who_wins_in_words() {
        assert_eq!(
            evaluation_words(Evaluation::FoxWin { plies: 29 }),
            "the fox wins in 29 plies"
        );
        assert_eq!(
            evaluation_words(Evaluation::HoundsWin { plies: 1 }),
            "the hounds win in 1 ply"
        );
        assert_eq!(
            evaluation_words(Evaluation::FoxWin { plies: 0 }),
            "the fox wins at once"
        );
        // The published table keeps the solver's own wording.
        assert_eq!(PUBLISHED[2].3, "Fox win in 21");
    }
}
