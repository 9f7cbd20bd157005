//! King + Rook vs King: solve any n×n board in the worker, see the figures
//! and the depth-to-mate distribution, and play either side against
//! perfect play with every legal move's result shown.

use std::rc::Rc;

use fogbound_solvers::krk::quadrant::GrowthRow;
use fogbound_solvers::krk::strategy::StrategyRow;
use fogbound_solvers::krk::{KrkSummary, Position, ScoredMove, Side, Square, Value};
use yew::prelude::*;

use crate::components::{
    group_digits, Board, BoardSquare, BoardView, Histogram, PageFrame, ProgressBar, Series,
};
use crate::decimal::Fixed;
use crate::play::input::pick_move;
use crate::worker::jobs::{MAX_KRK_SIZE, MAX_KRK_STRATEGY_SIZE, MIN_KRK_STRATEGY_SIZE};
use crate::worker::slot::{use_job_runner, Finished, JobSlot};
use crate::worker::{ClientEvent, Job, JobResult};

/// Everything the page shows.
#[derive(Clone, Debug, PartialEq)]
pub struct KrkState {
    size: u32,
    /// The size the current job and results are for.
    job: JobSlot,
    solved: Option<Solved>,
    game: Option<Game>,
    growth: Option<Vec<GrowthRow>>,
    growth_max: u32,
    strategy: Option<StrategyRow>,
    /// The side the player chose, while the start position is being drawn.
    pending_human: Option<Side>,
    seed: u64,
}

#[derive(Clone, Debug, PartialEq)]
struct Solved {
    summary: KrkSummary,
    millis: f64,
    memory_bytes: u64,
}

#[derive(Clone, Debug, PartialEq)]
struct Game {
    human: Side,
    position: Position,
    value: Option<Value>,
    moves: Vec<ScoredMove>,
    history: Vec<String>,
    selected: Option<BoardSquare>,
    over: Option<String>,
}

pub enum KrkAction {
    SetSize(u32),
    Solve,
    NewGame(Side),
    Play(ScoredMove),
    SetGrowthMax(u32),
    Strategy,
    Growth,
    ClickSquare(BoardSquare),
    Worker(ClientEvent),
}

impl KrkState {
    fn new() -> KrkState {
        KrkState {
            size: 8,
            job: JobSlot::default(),
            solved: None,
            game: None,
            pending_human: None,
            growth: None,
            growth_max: 12,
            strategy: None,
            seed: 1,
        }
    }

    fn start(&mut self, job: Job) {
        self.job.start(job);
    }

    fn play(&mut self, chosen: ScoredMove) {
        let size = self.size;
        let Some(game) = self.game.as_mut() else {
            return;
        };
        game.history.push(chosen.mv.to_string());
        game.selected = None;
        match chosen.after {
            Some(after) => {
                game.position = after;
                game.moves.clear();
                game.value = None;
                self.start(Job::KrkExplore {
                    size,
                    position: after,
                });
            }
            None => {
                game.moves.clear();
                game.over = Some("The black king took the rook: a draw.".into());
            }
        }
    }
}

impl Reducible for KrkState {
    type Action = KrkAction;

    fn reduce(self: Rc<Self>, action: KrkAction) -> Rc<Self> {
        let mut s = (*self).clone();
        s.job.sent();
        match action {
            KrkAction::SetSize(size) => {
                if size != s.size {
                    s.size = size;
                    s.solved = None;
                    s.game = None;
                }
            }
            KrkAction::Solve => s.start(Job::KrkSolve { size: s.size }),
            KrkAction::NewGame(human) => {
                s.seed = s
                    .seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                s.game = None;
                s.pending_human = Some(human);
                // The rook side moves first in a fresh game.
                s.start(Job::KrkRandom {
                    size: s.size,
                    side: Side::White,
                    seed: s.seed,
                    won_only: true,
                });
            }
            KrkAction::Play(chosen) => s.play(chosen),
            KrkAction::SetGrowthMax(max) => s.growth_max = max,
            KrkAction::Strategy => s.start(Job::KrkStrategy {
                size: s.size.clamp(MIN_KRK_STRATEGY_SIZE, MAX_KRK_STRATEGY_SIZE),
                stride: 1,
                exhaustive: true,
            }),
            KrkAction::Growth => s.start(Job::KrkGrowth {
                max_size: s.growth_max,
            }),
            KrkAction::ClickSquare(square) => {
                let Some(game) = s.game.as_mut() else {
                    return Rc::new(s);
                };
                if game.position.to_move != game.human || game.over.is_some() {
                    return Rc::new(s);
                }
                let moves = &game.moves;
                let picked = pick_move(
                    &mut game.selected,
                    square,
                    |at| moves.iter().any(|m| on_board(m.mv.from) == at),
                    |from, to| {
                        moves
                            .iter()
                            .any(|m| (on_board(m.mv.from), on_board(m.mv.to)) == (from, to))
                    },
                );
                if let Some((from, to)) = picked {
                    let chosen = moves
                        .iter()
                        .find(|m| (on_board(m.mv.from), on_board(m.mv.to)) == (from, to))
                        .copied();
                    if let Some(m) = chosen {
                        s.play(m);
                    }
                }
            }
            KrkAction::Worker(event) => match s.job.receive(event) {
                None => {}
                Some(Finished {
                    result,
                    millis,
                    memory_bytes,
                }) => match result {
                    JobResult::KrkGrowth(rows) => s.growth = Some(rows),
                    JobResult::KrkStrategy(row) => s.strategy = Some(row),
                    JobResult::KrkSolved(summary) => {
                        s.solved = Some(Solved {
                            summary,
                            millis,
                            memory_bytes,
                        })
                    }
                    JobResult::KrkRandom(position) => {
                        let human = s.pending_human.take().unwrap_or(Side::White);
                        s.game = Some(Game {
                            human,
                            position,
                            value: None,
                            moves: Vec::new(),
                            history: Vec::new(),
                            selected: None,
                            over: None,
                        });
                        s.start(Job::KrkExplore {
                            size: s.size,
                            position,
                        });
                    }
                    JobResult::KrkExplored {
                        position,
                        value,
                        moves,
                    } => {
                        let mut computer_move = None;
                        if let Some(game) = s.game.as_mut() {
                            game.position = position;
                            game.value = Some(value);
                            game.moves = moves;
                            if game.moves.is_empty() {
                                game.over = Some(match value {
                                    Value::WhiteWins { moves: 0 } => {
                                        "Checkmate: White wins.".into()
                                    }
                                    Value::Stalemate => "Stalemate: a draw.".into(),
                                    other => format!("Game over: {other}."),
                                });
                            } else if position.to_move != game.human {
                                computer_move = game.moves.first().copied();
                            }
                        }
                        if let Some(best) = computer_move {
                            s.play(best);
                        }
                    }
                    _ => {}
                },
            },
        }
        Rc::new(s)
    }
}

/// The position drawn before a game starts: the end-game set-up of the
/// engine's KRK variant (king a1, rook b1, the lone king in the far corner).
fn setup_position(size: u32) -> Option<Position> {
    let n = size as usize;
    Some(Position {
        white_king: Square::new(0, 0)?,
        white_rook: Square::new(1, 0)?,
        black_king: Square::new(n.checked_sub(1)?, n.checked_sub(1)?)?,
        to_move: Side::White,
    })
}

fn board_view(size: u32, game: Option<&Game>) -> Rc<BoardView> {
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

/// A solver square as the board names it.
fn on_board(sq: Square) -> BoardSquare {
    BoardSquare {
        file: sq.file() as u8,
        rank: sq.rank() as u8,
    }
}

/// How a move's result reads for the player choosing it.
fn describe(value: Value, mover: Side) -> String {
    match (value, mover) {
        (Value::WhiteWins { moves: 0 }, _) => "mate".into(),
        (Value::WhiteWins { moves }, Side::White) => format!("mate in {}", moves + 1),
        (Value::WhiteWins { moves }, Side::Black) => format!("mated in {moves}"),
        (other, _) => other.to_string(),
    }
}

#[function_component(Krk)]
pub fn krk() -> Html {
    let state = use_reducer(KrkState::new);
    let client = {
        let dispatcher = state.dispatcher();
        use_job_runner(
            &state.job,
            Callback::from(move |e| dispatcher.dispatch(KrkAction::Worker(e))),
        )
    };
    let on_size = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            if let Some(select) = e.target_dyn_into::<web_sys::HtmlSelectElement>() {
                if let Ok(size) = select.value().parse() {
                    state.dispatch(KrkAction::SetSize(size));
                }
            }
        })
    };
    let solve = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(KrkAction::Solve))
    };
    let cancel = {
        let client = client.clone();
        Callback::from(move |_| client.cancel())
    };
    let new_game = |side: Side| {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(KrkAction::NewGame(side)))
    };
    let on_square = {
        let state = state.clone();
        Callback::from(move |square: BoardSquare| state.dispatch(KrkAction::ClickSquare(square)))
    };
    let busy = state.job.busy();
    let size = state.size;
    let view = board_view(size, state.game.as_ref());

    let results = state.solved.as_ref().map(|solved| {
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
    });

    let game_panel = state.game.as_ref().map(|game| {
        let to_move = game.position.to_move;
        let human_turn = to_move == game.human && game.over.is_none();
        let status = match (&game.over, game.value) {
            (Some(over), _) => over.clone(),
            (None, Some(value)) => format!(
                "{} to move · {}",
                if to_move == Side::White { "White" } else { "Black" },
                match value { Value::WhiteWins { moves } => format!("White mates in {moves} with best play"), other => other.to_string() }
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
    });

    let on_growth_max = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            if let Some(select) = e.target_dyn_into::<web_sys::HtmlSelectElement>() {
                if let Ok(max) = select.value().parse() {
                    state.dispatch(KrkAction::SetGrowthMax(max));
                }
            }
        })
    };
    let run_growth = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(KrkAction::Growth))
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
    let run_strategy = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(KrkAction::Strategy))
    };
    let strategy_size = size.clamp(MIN_KRK_STRATEGY_SIZE, MAX_KRK_STRATEGY_SIZE);
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
    let growth = html! {
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
    };
    let intro = html! {
        <p>{ "King and rook against a lone king, solved backwards from every mate on boards from 3×3 to \
              20×20, here in your browser. No 50-move rule. Then play either side against perfect play." }</p>
    };
    let board =
        html! { <Board view={view} on_square={on_square} label="King and rook against king" /> };
    html! {
        <PageFrame title="King + Rook vs King" {intro} {board}>
            <div class="row">
                <label class="field" for="krk-size">
                    <span>{ "Board" }</span>
                    <select id="krk-size" onchange={on_size} disabled={busy}>
                        { for (3..=MAX_KRK_SIZE).map(|n| html! { <option value={n.to_string()} selected={n == size}>{ format!("{n}×{n}") }</option> }) }
                    </select>
                </label>
                <button data-testid="krk-solve" onclick={solve} disabled={busy}>{ "Solve" }</button>
                <button type="button" data-testid="krk-cancel" onclick={cancel} disabled={!busy}>{ "Stop" }</button>
            </div>
            if let Some((pass, done, total)) = state.job.progress.clone() {
                <ProgressBar pass={pass} done={done} total={total} />
            }
            if let Some(message) = &state.job.message {
                <p class="note" data-testid="krk-message">{ message }</p>
            }
            { for results }
            <div class="section">
                <h2>{ "Play against perfect play" }</h2>
                <div class="buttons">
                    <button type="button" data-testid="krk-play-white" onclick={new_game(Side::White)} disabled={busy}>{ "Play the king and rook" }</button>
                    <button type="button" data-testid="krk-play-black" onclick={new_game(Side::Black)} disabled={busy}>{ "Play the lone king" }</button>
                </div>
                if state.game.is_none() {
                    <p class="note" data-testid="krk-setup-note">{ format!("The board shows the {size}×{size} set-up. \
                        A game starts from a random position that the king and rook win, the rook side to move.") }</p>
                }
            </div>
            { for game_panel }
            { growth }
        </PageFrame>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_board_shows_a_set_up_before_a_game() {
        assert_eq!(setup_position(8).unwrap().to_string(), "Ka1 Rb1 kh8 w");
        for n in fogbound_solvers::krk::MIN_SIZE as u32..=MAX_KRK_SIZE {
            let p = setup_position(n).unwrap();
            let on = |sq: Square| sq.is_on(n as usize);
            assert!(
                on(p.white_king) && on(p.white_rook) && on(p.black_king),
                "{n}"
            );
            // The kings stand apart and the rook does not attack the lone king.
            assert!(p.black_king.file() > 1 && p.black_king.rank() > 1, "{n}");
        }
    }
}
