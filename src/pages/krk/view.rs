//! Drawing the KRK page: the board, the solved figures, the game panel, and
//! the growth and strategy section.

#![cfg(target_arch = "wasm32")]

use std::rc::Rc;

use fogbound_solvers::krk::{Side, Square, Value};
use yew::prelude::*;

use super::state::{on_board, setup_position, Game, KrkAction, KrkState, Solved};
use crate::components::{group_digits, on_select, BoardView, Histogram, Series};
use crate::decimal::Fixed;
use crate::worker::krk::{MAX_KRK_SIZE, MAX_KRK_STRATEGY_SIZE, MIN_KRK_STRATEGY_SIZE};

/// The board: the game's position, or the set-up before a game; the
/// person's movable men and the selected man's destinations.
pub fn board_view(size: u32, game: Option<&Game>) -> Rc<BoardView> {
    let n = size as u8;
    let mut view = BoardView::empty(n, n);
    let shown = game.map(|g| g.position).or_else(|| setup_position(size));
    if let Some(p) = shown {
        let mut place = |sq: Square, code: &str| {
            if sq.is_on(usize::from(n)) {
                let i = view.index(sq.file() as u8, sq.rank() as u8);
                view.squares[i].piece = Some(code.to_string());
            }
        };
        place(p.white_king, "wK");
        place(p.white_rook, "wR");
        place(p.black_king, "bK");
    }
    if let Some(game) = game {
        let p = game.position;
        if let Some(from) = game.selected {
            for m in game.moves.iter().filter(|m| on_board(m.mv.from) == from) {
                let i = view.index(m.mv.to.file() as u8, m.mv.to.rank() as u8);
                view.squares[i].dest = true;
            }
            let i = view.index(from.file, from.rank);
            view.squares[i].highlight = true;
            view.squares[i].selected = true;
        }
        // The human's men that can move now may be dragged.
        if p.to_move == game.human && game.over.is_none() {
            for m in &game.moves {
                let i = view.index(m.mv.from.file() as u8, m.mv.from.rank() as u8);
                if let Some(square) = view.squares.get_mut(i) {
                    square.movable = square.piece.is_some();
                }
            }
        }
    }
    Rc::new(view)
}

/// How a move's result reads for the player choosing it.
pub fn describe(value: Value, mover: Side) -> String {
    match (value, mover) {
        (Value::WhiteWins { moves: 0 }, _) => "mate".into(),
        (Value::WhiteWins { moves }, Side::White) => format!("mate in {}", moves + 1),
        (Value::WhiteWins { moves }, Side::Black) => format!("mated in {moves}"),
        (other, _) => other.to_string(),
    }
}

/// A board's figures and the depth-to-mate distribution.
pub fn results(size: u32, solved: &Solved) -> Html {
    let s = &solved.summary;
    html! {
        <div class="section" data-testid="krk-results">
            <h2>{ format!("{size}×{size}: solved in {} ms", Fixed(solved.millis, 0)) }</h2>
            <table class="figures">
                <thead><tr><th></th><th>{ "Rook side to move" }</th><th>{ "Lone king to move" }</th></tr></thead>
                <tbody>
                    <tr><td>{ "Legal positions" }</td><td class="num">{ group_digits(s.white_to_move_positions) }</td><td class="num">{ group_digits(s.black_to_move_positions) }</td></tr>
                    <tr><td>{ "Won by the rook side" }</td><td class="num">{ group_digits(s.white_to_move_won) }</td>
                        <td class="num">{ format!("{} ({}%)", group_digits(s.black_to_move_won), Fixed(s.black_to_move_won_percent(), 1)) }</td></tr>
                    <tr><td>{ "Stalemate or rook capture" }</td><td class="num">{ "—" }</td><td class="num">{ group_digits(s.black_to_move_stalemate_or_capture) }</td></tr>
                    <tr><td>{ "Longest mate (moves)" }</td><td class="num">{ s.max_dtm_white_to_move }</td><td class="num">{ s.max_dtm_black_to_move }</td></tr>
                </tbody>
            </table>
            <p class="note">{ format!("Time {} ms · tables {} MB · worker memory {} MB, measured in this browser.",
                Fixed(solved.millis, 0), Fixed(s.peak_bytes as f64 / 1e6, 1), Fixed(solved.memory_bytes as f64 / 1e6, 1)) }</p>
            <Histogram x_label="moves to mate" y_label="positions"
                series={vec![
                    Series { label: "rook side to move".into(), class: "series-a".into(), counts: s.dtm_white_to_move.clone() },
                    Series { label: "lone king to move".into(), class: "series-b".into(), counts: s.dtm_black_to_move.clone() },
                ]} />
        </div>
    }
}

/// The game against perfect play: whose move, the value, every legal move
/// with its result on the person's turn.
pub fn game_panel(game: &Game, state: &UseReducerHandle<KrkState>) -> Html {
    let to_move = game.position.to_move;
    let human_turn = to_move == game.human && game.over.is_none();
    let status = match (&game.over, game.value) {
        (Some(over), _) => over.clone(),
        (None, Some(value)) => format!(
            "{} to move · {}",
            if to_move == Side::White {
                "White"
            } else {
                "Black"
            },
            match value {
                Value::WhiteWins { moves } => format!("White mates in {moves} with best play"),
                other => other.to_string(),
            }
        ),
        (None, None) => "Thinking…".into(),
    };
    let best = game.moves.first().map(|m| m.value);
    let rows = game.moves.iter().map(|m| {
        let chosen = *m;
        let state = state.clone();
        let onclick = Callback::from(move |_| state.dispatch(KrkAction::Play(chosen)));
        html! {
            <li class={classes!((Some(m.value) == best).then_some("best"))}>
                <button {onclick} disabled={!human_turn} data-testid="krk-move">{ m.mv.to_string() }</button>
                <span class="value">{ describe(m.value, to_move) }</span>
            </li>
        }
    });
    html! {
        <div class="section" data-testid="krk-game">
            <h2>{ format!("You play {}", if game.human == Side::White { "the king and rook" } else { "the lone king" }) }</h2>
            <p class="status-line" data-testid="krk-status">{ status }</p>
            if !game.history.is_empty() {
                <p class="note">{ game.history.join(" ") }</p>
            }
            if human_turn {
                <p class="note">{ "Every legal move and where it leads, best first. Click one, or move on the board." }</p>
                <ul class="moves">{ for rows }</ul>
            }
        </div>
    }
}

/// How the longest mate grows with the board, and the quadrant strategy
/// played out.
pub fn growth(state: &UseReducerHandle<KrkState>) -> Html {
    let busy = state.job.busy();
    let on_growth_max = {
        let state = state.clone();
        on_select(move |max| state.dispatch(KrkAction::SetGrowthMax(max)))
    };
    let run_growth = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(KrkAction::Growth))
    };
    let run_strategy = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(KrkAction::Strategy))
    };
    let growth_rows = state.growth.iter().flatten().map(|row| {
        let plan = row.quadrant_worst_case;
        html! {
            <tr>
                <td>{ format!("{0}×{0}", row.size) }</td>
                <td class="num">{ row.max_dtm_white_to_move }</td>
                <td class="num">{ Fixed(row.max_dtm_white_to_move as f64 / row.size as f64, 2).to_string() }</td>
                <td class="num">{ plan.white_moves }</td>
                <td class="num">{ row.plan_for_worst_position.white_moves }{ if row.plan_fits_on_board { "" } else { "*" } }</td>
            </tr>
        }
    });
    let strategy_size = state.strategy_size();
    let strategy_table = state.strategy.as_ref().map(|row| {
        let t = &row.against_table;
        html! {
            <table class="figures" data-testid="krk-strategy">
                <thead><tr><th>{ format!("{0}×{0}", row.size) }</th><th>{ "White moves to mate" }</th></tr></thead>
                <tbody>
                    <tr><td>{ "Exact tables, longest forced mate" }</td><td class="num">{ row.max_dtm_white_to_move }</td></tr>
                    <tr><td>{ "The quadrant plan's first-phase count, worst start" }</td><td class="num">{ row.quadrant_phase_one_worst }</td></tr>
                    <tr><td>{ format!("Strategy vs the table's defence, worst of {} starts", group_digits(t.starts)) }</td>
                        <td class="num">{ format!("{} (mean {}; tables {})", t.worst_moves, Fixed(t.mean_moves, 1), Fixed(t.mean_dtm, 1)) }</td></tr>
                    if let Some(e) = &row.exhaustive {
                        <tr><td>{ format!("Strategy vs every defence, worst of {} starts", group_digits(e.starts)) }</td>
                            <td class="num">{ e.worst_moves }</td></tr>
                        <tr><td>{ "Starts from which the strategy fails to mate" }</td><td class="num">{ e.failures + t.failures }</td></tr>
                    }
                </tbody>
            </table>
        }
    });
    html! {
        <div class="section" data-testid="krk-growth">
            <h2>{ "How the longest mate grows with the board" }</h2>
            <p class="note">{ "Solves every board up to the chosen size. Beside the exact longest mate: the moves the \
                               infinite-quadrant strategy (n + 4 − min(p, q) for the king and rook) spends just to set up a \
                               defended box, from the worst start in the n×n corner and from the table's worst position." }</p>
            <div class="row">
                <label class="field" for="krk-growth-max"><span>{ "Up to" }</span>
                    <select id="krk-growth-max" onchange={on_growth_max} disabled={busy}>
                        { for (4..=MAX_KRK_SIZE).map(|n| html! { <option value={n.to_string()} selected={n == state.growth_max}>{ format!("{n}×{n}") }</option> }) }
                    </select>
                </label>
                <button type="button" data-testid="krk-growth-run" onclick={run_growth} disabled={busy}>{ "Solve them all" }</button>
            </div>
            if state.growth.is_some() {
                <table class="figures">
                    <thead><tr><th>{ "Board" }</th><th>{ "Longest mate" }</th><th>{ "per file" }</th>
                        <th>{ "Quadrant set-up, worst corner start" }</th><th>{ "Quadrant set-up, from the worst position" }</th></tr></thead>
                    <tbody>{ for growth_rows }</tbody>
                </table>
                if state.growth.iter().flatten().any(|row| !row.plan_fits_on_board) {
                    <p class="note" data-testid="krk-growth-note">{ "* Played from this board's worst position, the quadrant plan needs a \
                        box larger than the board (the rook on (m, m) and the king on (m + 1, m + 1) lie off it): \
                        the count is the plan's on the infinite quadrant, not a line that can be played here." }</p>
                }
            }
            <h2>{ "The quadrant strategy, played out" }</h2>
            <p class="note">{ format!("The quadrant plan, as written, needs more room than the board has (the rows marked * above). \
                               A table-free strategy adapted from it to a finite board (box the king in with the rook, \
                               the board's edges closing the box; bring the king to defend the rook; then drive rank by \
                               rank to the edge) is played here from every start against the table's defence and against \
                               every defence. Its box needs room too: it mates from every start on every board checked \
                               from 8×8 up, but fails from many starts on 4×4 to 7×7, so it is played on \
                               {MIN_KRK_STRATEGY_SIZE}×{MIN_KRK_STRATEGY_SIZE} to {MAX_KRK_STRATEGY_SIZE}×{MAX_KRK_STRATEGY_SIZE}.") }</p>
            <button type="button" data-testid="krk-strategy-run" onclick={run_strategy} disabled={busy}>
                { format!("Play it out on {strategy_size}×{strategy_size}") }</button>
            { for strategy_table }
        </div>
    }
}
