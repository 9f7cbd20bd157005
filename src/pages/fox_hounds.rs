//! Fox & Hounds: solve any board from 2×2 to 10×10 in the worker, compare
//! with the published table, explore the AI's fuzz factor, and play either
//! side against the AI from the seed's example positions.

use std::rc::Rc;

use fogbound_solvers::fox_hounds::{
    Evaluation, FoxBoxInfo, FuzzOdds, Move, MoveOutcome, NamedPosition, Position, Side, Square,
    Summary,
};
use yew::prelude::*;

use crate::components::{
    group_digits, Board, BoardSquare, BoardView, Histogram, PageFrame, ProgressBar, Series,
};
use crate::decimal::{Fixed, Trimmed};
use crate::play::input::pick_move;
use crate::worker::jobs::MAX_FOX_AI_SIZE;
use crate::worker::slot::{use_job_runner, Finished, JobSlot};
use crate::worker::{ClientEvent, Job, JobResult};

/// The published table (seed 002): size, reachable positions, possible
/// games, initial evaluation, time, memory of the published solver.
const PUBLISHED: [(u8, u64, &str, &str, &str, &str); 5] = [
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

/// The fuzz factor the seed found fairest on 8×8.
const SEED_FAIREST: f64 = 0.006935;

#[derive(Clone, Debug, PartialEq)]
pub struct FoxState {
    size: u8,
    job: JobSlot,
    solved: Option<Solved>,
    p: f64,
    odds: Option<FuzzOdds>,
    fairest: Option<Vec<(f64, f64)>>,
    game: Option<Game>,
    pending: Option<Side>,
    rng: u64,
}

#[derive(Clone, Debug, PartialEq)]
struct Solved {
    summary: Summary,
    counts: Vec<(Evaluation, u64)>,
    millis: f64,
    memory_bytes: u64,
}

#[derive(Clone, Debug, PartialEq)]
struct Game {
    human: Side,
    position: Position,
    evaluation: Option<Evaluation>,
    over: bool,
    moves: Vec<MoveOutcome>,
    weights: Vec<f64>,
    fox_box: Option<FoxBoxInfo>,
    history: Vec<String>,
    selected: Option<Square>,
}

pub enum FoxAction {
    SetSize(u8),
    Solve,
    SetP(f64),
    Fuzz,
    Fairest,
    Start(NamedPosition, Side),
    Play(Move),
    Click(BoardSquare),
    Worker(ClientEvent),
}

fn name(square: Square) -> String {
    format!(
        "{}{}",
        char::from(b'a' + square.file),
        u16::from(square.rank) + 1
    )
}

fn move_text(m: &Move) -> String {
    format!("{}-{}", name(m.from), name(m.to))
}

/// An evaluation as a sentence says it: `the fox wins in 29 plies`. (The
/// solver's own wording, `Fox win in 29`, is the published table's and
/// stays in the tables that reproduce it.)
fn evaluation_words(e: Evaluation) -> String {
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

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Fox => "the fox",
        Side::Hounds => "the hounds",
    }
}

impl FoxState {
    fn new(seed: u64) -> FoxState {
        FoxState {
            size: 8,
            job: JobSlot::default(),
            solved: None,
            p: SEED_FAIREST,
            odds: None,
            fairest: None,
            game: None,
            pending: None,
            rng: seed | 1,
        }
    }

    fn start(&mut self, job: Job) {
        self.job.start(job);
    }

    /// A number in [0, 1) from the page's own generator (xorshift).
    fn random(&mut self) -> f64 {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        (self.rng >> 11) as f64 / (1u64 << 53) as f64
    }

    fn play(&mut self, chosen: Move) {
        let (size, p) = (self.size, self.p);
        let Some(game) = self.game.as_mut() else {
            return;
        };
        let Some(outcome) = game.moves.iter().find(|o| o.mv == chosen).cloned() else {
            return;
        };
        game.history.push(move_text(&chosen));
        game.position = outcome.position.clone();
        game.moves.clear();
        game.weights.clear();
        game.selected = None;
        game.evaluation = None;
        self.start(Job::FoxExplore {
            size,
            position: outcome.position,
            p,
        });
    }

    /// The AI's move: drawn by its weights (perfect policy plus fuzz).
    fn ai_move(&mut self) -> Option<Move> {
        let game = self.game.as_ref()?;
        let (moves, weights) = (game.moves.clone(), game.weights.clone());
        if moves.is_empty() {
            return None;
        }
        if weights.len() != moves.len() {
            return moves.first().map(|o| o.mv); // no AI tables: perfect play
        }
        let total: f64 = weights.iter().sum();
        let mut x = self.random() * total;
        for (o, w) in moves.iter().zip(&weights) {
            if x < *w {
                return Some(o.mv);
            }
            x -= w;
        }
        moves.last().map(|o| o.mv)
    }
}

impl Reducible for FoxState {
    type Action = FoxAction;

    fn reduce(self: Rc<Self>, action: FoxAction) -> Rc<Self> {
        let mut s = (*self).clone();
        s.job.sent();
        match action {
            FoxAction::SetSize(size) => {
                if size != s.size {
                    s.size = size;
                    s.solved = None;
                    s.odds = None;
                    s.fairest = None;
                    s.game = None;
                }
            }
            FoxAction::Solve => s.start(Job::FoxSolve { size: s.size }),
            FoxAction::SetP(p) => {
                s.p = p.clamp(0.0, 1.0);
                s.odds = None;
            }
            FoxAction::Fuzz => s.start(Job::FoxFuzz {
                size: s.size,
                p: s.p,
            }),
            FoxAction::Fairest => s.start(Job::FoxFairest {
                size: s.size,
                steps: 17,
            }),
            FoxAction::Start(named, human) => {
                s.game = None;
                s.pending = Some(human);
                s.start(Job::FoxNamed {
                    size: s.size,
                    name: named,
                });
            }
            FoxAction::Play(m) => s.play(m),
            FoxAction::Click(square) => {
                let Some(game) = s.game.as_mut() else {
                    return Rc::new(s);
                };
                if game.over || game.position.to_move() != game.human || game.evaluation.is_none() {
                    return Rc::new(s);
                }
                let clicked = Square {
                    file: square.file,
                    rank: square.rank,
                };
                let moves = &game.moves;
                let picked = pick_move(
                    &mut game.selected,
                    clicked,
                    |at| moves.iter().any(|o| o.mv.from == at),
                    |from, to| moves.iter().any(|o| o.mv.from == from && o.mv.to == to),
                );
                if let Some((from, to)) = picked {
                    s.play(Move { from, to });
                }
            }
            FoxAction::Worker(event) => match s.job.receive(event) {
                None => {}
                Some(Finished {
                    result,
                    millis,
                    memory_bytes,
                }) => match result {
                    JobResult::FoxSolved { summary, counts } => {
                        s.solved = Some(Solved {
                            summary,
                            counts,
                            millis,
                            memory_bytes,
                        })
                    }
                    JobResult::FoxFuzz(odds) => s.odds = Some(odds),
                    JobResult::FoxFairest(steps) => {
                        if let Some(&(p, _)) = steps.last() {
                            s.p = p;
                            s.odds = None;
                        }
                        s.fairest = Some(steps);
                    }
                    JobResult::FoxNamed(position) => {
                        let human = s.pending.take().unwrap_or(Side::Fox);
                        s.game = Some(Game {
                            human,
                            position: position.clone(),
                            evaluation: None,
                            over: false,
                            moves: Vec::new(),
                            weights: Vec::new(),
                            fox_box: None,
                            history: Vec::new(),
                            selected: None,
                        });
                        s.start(Job::FoxExplore {
                            size: s.size,
                            position,
                            p: s.p,
                        });
                    }
                    JobResult::FoxExplored {
                        position,
                        evaluation,
                        over,
                        moves,
                        weights,
                        fox_box,
                    } => {
                        let mut ai_turn = false;
                        if let Some(game) = s.game.as_mut() {
                            ai_turn = !over && position.to_move() != game.human;
                            game.position = position;
                            game.evaluation = Some(evaluation);
                            game.over = over;
                            game.moves = moves;
                            game.weights = weights;
                            game.fox_box = fox_box;
                        }
                        if ai_turn {
                            if let Some(m) = s.ai_move() {
                                s.play(m);
                            }
                        }
                    }
                    _ => {}
                },
            },
        }
        Rc::new(s)
    }
}

fn board_view(size: u8, game: Option<&Game>) -> Rc<BoardView> {
    let mut view = BoardView::empty(size, size);
    let position = game.map(|g| g.position.clone()).unwrap_or_else(|| {
        fogbound_solvers::fox_hounds::BoardSize::new(size)
            .map(Position::initial)
            .unwrap_or_else(|_| {
                Position::initial(
                    fogbound_solvers::fox_hounds::BoardSize::new(8).expect("8 is a size"),
                )
            })
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

#[function_component(FoxHounds)]
pub fn fox_hounds() -> Html {
    let state = use_reducer(|| FoxState::new(js_sys::Date::now().to_bits()));
    let client = {
        let dispatcher = state.dispatcher();
        use_job_runner(
            &state.job,
            Callback::from(move |e| dispatcher.dispatch(FoxAction::Worker(e))),
        )
    };
    let dispatch = |make: fn() -> FoxAction| {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(make()))
    };
    let on_size = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            if let Some(select) = e.target_dyn_into::<web_sys::HtmlSelectElement>() {
                if let Ok(size) = select.value().parse() {
                    state.dispatch(FoxAction::SetSize(size));
                }
            }
        })
    };
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
    let cancel = {
        let client = client.clone();
        Callback::from(move |_| client.cancel())
    };
    let on_square = {
        let state = state.clone();
        Callback::from(move |sq: BoardSquare| state.dispatch(FoxAction::Click(sq)))
    };
    let busy = state.job.busy();
    let size = state.size;
    let ai_ok = size <= MAX_FOX_AI_SIZE;

    let results = state.solved.as_ref().map(|solved| {
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
    });

    let fuzz_panel = html! {
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
    };

    let start = |named: NamedPosition, human: Side| {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(FoxAction::Start(named, human)))
    };
    let examples = NamedPosition::ALL.iter().filter(|n| size == 8 || **n == NamedPosition::Initial || **n == NamedPosition::Opposite).map(|named| {
        html! {
            <li>
                <span>{ named.label() }</span>
                <button type="button" onclick={start(*named, Side::Fox)} disabled={busy}>{ "as fox" }</button>
                <button type="button" onclick={start(*named, Side::Hounds)} disabled={busy}>{ "as hounds" }</button>
            </li>
        }
    });
    let game_panel = state.game.as_ref().map(|game| {
        let to_move = game.position.to_move();
        let human_turn = !game.over && to_move == game.human && game.evaluation.is_some();
        let status = match (game.evaluation, game.over) {
            (Some(e), true) => format!("Game over: {} won.", if e.winner() == Side::Fox { "the fox" } else { "the hounds" }),
            (Some(e), false) => format!("{} to move · with perfect play {}", if to_move == Side::Fox { "Fox" } else { "Hounds" }, evaluation_words(e)),
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
    });

    let intro = html! {
        <p>{ "The fox moves one square diagonally either way; a hound moves one square diagonally up. The \
              hounds win by trapping the fox; the fox wins when the hounds run out of moves or it gets past \
              them. Solved here by dynamic programming over every reachable position." }</p>
    };
    let view = board_view(size, state.game.as_ref());
    let board = html! { <Board view={view} on_square={on_square} label="Fox and Hounds" /> };
    html! {
        <PageFrame title="Fox & Hounds" {intro} {board}>
            <div class="row">
                <label class="field" for="fox-size"><span>{ "Board" }</span>
                    <select id="fox-size" onchange={on_size} disabled={busy}>
                        { for (2..=10u8).map(|n| html! { <option value={n.to_string()} selected={n == size}>{ format!("{n}×{n}") }</option> }) }
                    </select>
                </label>
                <button data-testid="fox-solve" onclick={dispatch(|| FoxAction::Solve)} disabled={busy}>{ "Solve" }</button>
                <button type="button" data-testid="fox-cancel" onclick={cancel} disabled={!busy}>{ "Stop" }</button>
            </div>
            if let Some((pass, done, total)) = state.job.progress.clone() {
                <ProgressBar pass={pass} done={done} total={total} />
            }
            if let Some(message) = &state.job.message {
                <p class="note" data-testid="fox-message">{ message }</p>
            }
            { for results }
            <div class="section">
                <h2>{ "Play against the AI" }</h2>
                <ul class="examples">{ for examples }</ul>
            </div>
            { for game_panel }
            { fuzz_panel }
        </PageFrame>
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
