//! The solve page (`#/puzzle?id=…|p=…|json=…`): the person plays White's
//! attempts; the umpire, which keeps every placement of the hidden men
//! consistent with its answers, answers each with the worst it can find.
//! A panel says how many placements are still possible and, on request,
//! where; a failure is shown concretely; the solver runs on request.

#![cfg(target_arch = "wasm32")]

use std::rc::Rc;

use fogbound_engine::catalogue::model_label;
use fogbound_engine::{Role, Square};
use fogbound_puzzles::puzzle::{Goal, Puzzle};
use fogbound_puzzles::solver::{model_of, Verdict};
use fogbound_puzzles::umpire::Status;
use yew::prelude::*;
use yew_router::prelude::*;

use super::composer::ComposerSection;
use super::cooks::CookLine;
use super::link;
use super::proof::ProofDownload;
use super::solve_state::{SolveAction, SolveState, Waiting};
use super::tree::SolutionTree;
use crate::app::Route;
use crate::components::{Board, BoardSquare, BoardView, PageFrame, ProgressBar};
use crate::decimal::Fixed;
use crate::play::picture::board_view;
use crate::worker::slot::use_job_runner;

/// "White mates in 8", "White takes the king in 2".
pub fn stipulation(p: &Puzzle) -> String {
    let goal = match p.goal {
        Goal::Mate => "mates",
        Goal::CaptureKing => "takes the black king",
    };
    let moves = if p.moves == 1 {
        "1 move".to_string()
    } else {
        format!("{} moves", p.moves)
    };
    format!("White {goal} in {moves}")
}

/// The rules a puzzle is played under, as people read them.
pub fn rules_label(p: &Puzzle) -> String {
    model_of(p).map_or_else(|_| p.rules.clone(), |spec| model_label(&spec))
}

fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, x) if x != 11 => "st",
        (2, x) if x != 12 => "nd",
        (3, x) if x != 13 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

fn verdict_words(v: Verdict) -> &'static str {
    match v {
        Verdict::Solved => "Sound: White forces it",
        Verdict::Refuted => "Unsound: no first move forces it",
        Verdict::Unknown => "Undecided: the search ran out of its budget",
    }
}

/// The solve page. See the module docs.
#[function_component(PuzzleSolve)]
pub fn puzzle_solve() -> Html {
    let location = use_location();
    let query = location
        .as_ref()
        .map(|l| l.query_str().to_string())
        .unwrap_or_default();
    let state = use_reducer(SolveState::default);
    let typed = use_node_ref();
    let client = {
        let dispatcher = state.dispatcher();
        use_job_runner(
            &state.job,
            Callback::from(move |e| dispatcher.dispatch(SolveAction::Worker(e))),
        )
    };
    // The umpire's second look at its answer runs in a worker of its own,
    // stopped whenever the person moves on.
    let judge = {
        let dispatcher = state.dispatcher();
        use_job_runner(
            &state.judge,
            Callback::from(move |e| dispatcher.dispatch(SolveAction::Judged(e))),
        )
    };
    {
        let judge = judge.clone();
        use_effect_with(state.judge_stops, move |_| {
            if judge.busy() {
                judge.cancel();
            }
        });
    }
    {
        let state = state.clone();
        use_effect_with(query, move |q| state.dispatch(SolveAction::Open(q.clone())));
    }
    let s = &*state;
    let opened = match &s.opened {
        None => {
            return html! { <PageFrame title="Puzzle" intro={html! {}} board={html! {}}>{ "Opening…" }</PageFrame> }
        }
        Some(Err(message)) => {
            return html! {
                <PageFrame title="Puzzle" intro={html! {}} board={html! {}}>
                    <p class="field-error" data-testid="puzzle-error">{ message.clone() }</p>
                    <a href={Route::Puzzles.href()} class="button-link">{ "The puzzle collection" }</a>
                </PageFrame>
            }
        }
        Some(Ok(o)) => o.clone(),
    };
    let puzzle = &opened.puzzle;
    let act = |make: fn() -> SolveAction| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(make()))
    };
    let on_square = {
        let state = state.clone();
        Callback::from(move |sq: BoardSquare| {
            state.dispatch(SolveAction::Square(Square(sq.rank * 8 + sq.file)))
        })
    };
    let stop = {
        let state = state.clone();
        let client = client.clone();
        Callback::from(move |_: MouseEvent| {
            client.cancel();
            state.dispatch(SolveAction::Stopped);
        })
    };

    let title = puzzle
        .title
        .clone()
        .unwrap_or_else(|| "A fog puzzle".into());
    let facts = html! {
        <dl class="facts" data-testid="puzzle-facts">
            <dt>{ "Stipulation" }</dt><dd data-testid="puzzle-stipulation">{ stipulation(puzzle) }</dd>
            <dt>{ "Rules" }</dt><dd>{ rules_label(puzzle) }
                if puzzle.goal == Goal::Mate { { "; a stalemate fails" } }</dd>
            if let Some(a) = &puzzle.author { <dt>{ "Composer" }</dt><dd>{ a.clone() }</dd> }
            if let Some(src) = &puzzle.source { <dt>{ "Source" }</dt><dd>{ src.clone() }</dd> }
        </dl>
    };

    // The board: White's picture, with where the hidden men may be when
    // asked; at the end, the game the umpire kept, fog lifted.
    let story = s.turn.as_ref().and_then(|t| t.story.clone());
    let view: Rc<BoardView> = match (&s.turn, &story) {
        (_, Some(story)) => {
            let placement = story.fen.split(' ').next().unwrap_or("");
            crate::pages::board_from(8, 8, placement)
        }
        (Some(turn), None) => {
            let mut view = board_view(&turn.observation, s.selected, &[]);
            // Black's known men where the puzzle set them, as faded
            // memories on squares White does not see.
            if let Ok(setup) = fogbound_engine::Setup::from_fen(&puzzle.fen) {
                for (square, man) in view.squares.iter_mut().zip(&setup.board) {
                    if let (true, Some(p)) = (square.fog, man) {
                        if p.color == fogbound_engine::Color::Black {
                            square.ghost = Some(crate::play::picture::piece_code(*p));
                        }
                    }
                }
            }
            if s.show_where {
                for (square, &share) in view.squares.iter_mut().zip(&turn.heat) {
                    if square.fog && share > 0 {
                        square.belief = Some(share);
                    }
                }
            }
            Rc::new(view)
        }
        (None, None) => Rc::new(BoardView::empty(8, 8)),
    };
    let label = if story.is_some() {
        "The game the umpire kept, every man shown"
    } else {
        "Your board: your men, fog where Black's may be"
    };
    let board = html! { <Board view={view} on_square={on_square} label={label} /> };

    let status = match (&s.turn, &s.unplayable) {
        (_, Some(why)) => {
            html! { <p class="field-error" data-testid="puzzle-status">{ format!("This puzzle cannot be played: {why}.") }</p> }
        }
        (None, None) => {
            html! { <p class="status-line" data-testid="puzzle-status">{ "Setting up the umpire…" }</p> }
        }
        (Some(turn), None) => {
            let text = match &turn.status {
                Status::Playing if s.waiting == Waiting::Answer => format!(
                    "The umpire is answering {}…",
                    s.pending.clone().unwrap_or_default()
                ),
                Status::Playing => format!(
                    "White to play: {} left.",
                    if turn.moves_left == 1 {
                        "1 move".into()
                    } else {
                        format!("{} moves", turn.moves_left)
                    }
                ),
                Status::Solved { moves } => format!(
                    "Solved! The goal is reached with your {} move, whatever the umpire said.",
                    ordinal(*moves)
                ),
                Status::Ended { reason } => format!("Failed: {reason}."),
                Status::OutOfMoves => "Failed: your moves ran out before the goal.".into(),
                Status::Lost { moves_left } => format!(
                    "Failed: after the umpire's answer no line reaches the goal in the {} left, \
                     whatever you try: some game still possible beats every line.",
                    if *moves_left == 1 {
                        "1 move".to_string()
                    } else {
                        format!("{moves_left} moves")
                    }
                ),
            };
            let class = match turn.status {
                Status::Solved { .. } => "status-line solved",
                Status::Playing => "status-line",
                _ => "status-line failed",
            };
            // The umpire's second look at its answer: the page says it is
            // under way (and publishes it for journeys) but not what it finds
            // until it proves the game lost.
            let judging = turn.status == Status::Playing && s.judge.busy();
            html! { <>
                <p class={class} data-testid="puzzle-status" data-judging={judging.to_string()}>{ text }</p>
                if judging {
                    <p class="note" data-testid="puzzle-judging">{ "The umpire is still weighing its answer; play on when you are ready." }</p>
                }
            </> }
        }
    };

    let playing = s.playing();
    let actions = s.turn.as_ref().filter(|t| t.status == Status::Playing).map(|turn| {
        let any = turn.observation.actions.ask_any;
        let promotion = s.promotion.map(|_| {
            let buttons = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight].map(|role| {
                let state = state.clone();
                let name = match role { Role::Queen => "Queen", Role::Rook => "Rook", Role::Bishop => "Bishop", _ => "Knight" };
                html! { <button type="button" data-testid="puzzle-promote"
                    onclick={Callback::from(move |_| state.dispatch(SolveAction::Promote(role)))}>{ name }</button> }
            });
            html! { <div class="buttons" role="group" aria-label="The pawn becomes">{ "Promote to: " }{ for buttons }</div> }
        });
        let on_submit = {
            let state = state.clone();
            let typed = typed.clone();
            Callback::from(move |e: SubmitEvent| {
                e.prevent_default();
                if let Some(input) = typed.cast::<web_sys::HtmlInputElement>() {
                    state.dispatch(SolveAction::Try(input.value()));
                }
            })
        };
        html! {
            <>
                { for promotion }
                // Keyed by the steps taken: an attempt the umpire answered
                // empties the box, one not taken keeps its text to correct.
                <form class="typed-move" onsubmit={on_submit} key={format!("typed-{}", turn.steps.len())}>
                    <label for="puzzle-typed">{ "Type an attempt" }</label>
                    <div class="typed-row">
                        <input id="puzzle-typed" ref={typed.clone()} name="attempt" data-testid="puzzle-typed" type="text"
                            autocomplete="off" autocapitalize="off" spellcheck="false" disabled={!playing}
                            aria-describedby="puzzle-typed-help" />
                        <button type="submit" data-testid="puzzle-try" disabled={!playing}>{ "Try" }</button>
                        if any {
                            <button type="button" data-testid="puzzle-any" disabled={!playing}
                                onclick={{ let state = state.clone(); Callback::from(move |_| state.dispatch(SolveAction::Try("any?".into()))) }}>
                                { "Any?" }</button>
                        }
                    </div>
                    // A neutral sentence: an example move would name a man
                    // of this puzzle, or its key.
                    <p class="hint-text" id="puzzle-typed-help">{ "In algebraic notation (a man's letter and the square it goes to) \
                        or as the square it leaves and the square it goes to, read on your own board." }</p>
                </form>
            </>
        }
    });

    let told = s.turn.as_ref().map(|turn| {
        let mut moves_played = 0;
        let rows = turn.told.iter().map(|t| {
            let number = moves_played + 1;
            if t.played { moves_played += 1; }
            let mut words = t.words.clone();
            if !t.seen.is_empty() { words.push(format!("you see {}", t.seen.join(", "))); }
            if words.is_empty() { words.push(if t.played { "Black has moved".into() } else { "refused".into() }); }
            html! { <li><span class="move">{ format!("{number}. {}", t.attempt) }</span>
                <span class="value">{ words.join("; ") }</span></li> }
        });
        html! {
            <div class="section">
                <h2>{ "What the umpire said" }</h2>
                if turn.told.is_empty() { <p class="note">{ "Nothing yet: make your first attempt on the board." }</p> }
                else { <ol class="moves" data-testid="puzzle-log">{ for rows }</ol> }
            </div>
        }
    });

    let placements = s.turn.as_ref().filter(|_| story.is_none()).map(|turn| {
        let n = turn.placements;
        let text = if n == 1 {
            "1 placement of the hidden men is still possible".to_string()
        } else {
            format!("{n} placements of the hidden men are still possible")
        };
        let positions = if turn.positions > n { format!(" ({} positions, counting Black's unseen moves)", turn.positions) } else { String::new() };
        html! {
            <div class="section">
                <p data-testid="puzzle-placements" data-count={n.to_string()}>{ format!("{text}{positions}.") }</p>
                <button type="button" data-testid="puzzle-where" onclick={act(|| SolveAction::ToggleWhere)}>
                    { if s.show_where { "Hide where" } else { "Show where" } }</button>
                if s.show_where {
                    <p class="note" data-testid="puzzle-starts">{ format!("They started on: {}{}.", turn.starts.join(", "),
                        if (turn.placements as usize) > turn.starts.len() { ", …" } else { "" }) }</p>
                    <p class="note">{ "The tint on the board: how often a black man stands on that square now, over every position still possible." }</p>
                }
            </div>
        }
    });

    let over = story.as_ref().map(|story| {
        let solved = matches!(s.turn.as_ref().map(|t| &t.status), Some(Status::Solved { .. }));
        let hidden = story.hidden.join(", ");
        let line = story.moves.join(" ");
        html! {
            <div class="section" data-testid="puzzle-refutation">
                if solved {
                    <p data-testid="puzzle-story">{ if story.hidden.is_empty() { format!("The game the umpire kept: {line}.") }
                        else { format!("In the game the umpire kept, the hidden men started on: {hidden}. The moves: {line}.") } }</p>
                } else {
                    <h2>{ "The umpire's refutation" }</h2>
                    <p data-testid="puzzle-story">{ match story.hidden.as_slice() {
                        [] => format!("The moves: {line}."),
                        [one] => format!("The {} from the start. The moves: {line}.", one.replacen(" on ", " stood on ", 1)),
                        _ => format!("The hidden men started here: {hidden}. The moves: {line}."),
                    } }</p>
                    if let Some(Status::Lost { moves_left }) = s.turn.as_ref().map(|t| &t.status) {
                        <p class="note" data-testid="puzzle-lost">{ format!(
                            "This is one game still possible. The umpire has not chosen: {}; whatever you play in the {} left, it can keep one that beats your line.",
                            match s.turn.as_ref().map_or(1, |t| t.placements) { 1 => "1 placement of the hidden men fits what it said".to_string(), n => format!("{n} placements of the hidden men fit what it said") },
                            if *moves_left == 1 { "1 move".to_string() } else { format!("{moves_left} moves") }) }</p>
                    } else {
                        <p class="note">{ "Every answer was consistent with this placement; the umpire picked it because it beats your line." }</p>
                    }
                }
                <div class="buttons">
                    <button type="button" data-testid="puzzle-retry" onclick={act(|| SolveAction::Retry)}>{ "Retry" }</button>
                    if puzzle.solution.is_some() {
                        <button type="button" data-testid="puzzle-show-solution" onclick={act(|| SolveAction::ShowPublished)}>{ "See the solution" }</button>
                    }
                </div>
            </div>
        }
    });

    let published = (s.show_published).then(|| puzzle.solution.clone()).flatten().map(|text| html! {
        <div class="section"><h2>{ "The published solution" }</h2><p data-testid="puzzle-published">{ text }</p></div>
    });

    let solver = {
        let result = s.solution.as_ref().map(|sol| {
            let key = sol.first_move.clone().unwrap_or_else(|| "—".into());
            let seconds = s.solve_millis.map(|ms| Fixed(ms / 1000.0, 2).to_string()).unwrap_or_default();
            html! {
                <>
                    <p class="status-line" data-testid="puzzle-verdict" data-verdict={sol.verdict.id()}
                        data-millis={s.solve_millis.map(|ms| Fixed(ms, 1).to_string())}>{ verdict_words(sol.verdict) }</p>
                    <dl class="facts">
                        <dt>{ "Key" }</dt><dd data-testid="puzzle-key">{ key }</dd>
                        if sol.verdict == Verdict::Solved {
                            <dt>{ "Other keys (cooks)" }</dt>
                            <CookLine running={matches!(s.waiting, Waiting::Cooks | Waiting::Composer)} progress={s.cook_progress.clone()}
                                stopped={s.cooks_stopped} keys={s.cooks.clone()} on_stop={stop.clone()} />
                        }
                        <dt>{ "Search" }</dt><dd>{ format!("{} nodes, {} belief states, {}, {seconds} s in the worker",
                            crate::components::group_digits(sol.stats.nodes), crate::components::group_digits(sol.stats.belief_states),
                            if sol.placements == 1 { "1 placement".to_string() } else { format!("{} placements", sol.placements) }) }</dd>
                    </dl>
                    if let Some(tree) = &sol.tree {
                        <h3>{ "The proof, by what the umpire says" }</h3>
                        <SolutionTree plan={tree.clone()} />
                        if sol.tree_cut { <p class="note">{ "The tree is cut: it is too large to show whole." }</p> }
                        if let Some(proof) = &s.proof {
                            <ProofDownload proof={proof.clone()} id={opened.entry.as_ref().map(|e| e.id.clone())}
                                first={tree.attempt.clone()} />
                        }
                    }
                    if sol.verdict == Verdict::Solved {
                        <ComposerSection view={s.composer.clone()} stopped={s.composer_stopped}
                            running={(s.waiting == Waiting::Composer).then(|| s.job.progress.clone().unwrap_or_else(|| ("looking for the key".into(), 0, 1)))}
                            can_run={!s.job.busy() || s.waiting == Waiting::Cooks}
                            on_run={act(|| SolveAction::Compose)} on_stop={stop.clone()} />
                    }
                </>
            }
        });
        html! {
            <div class="section">
                <h2>{ "The solver" }</h2>
                <p class="note">{ "An exact search over everything White may know: it proves the stipulation against every placement and every answer, or finds the defence." }</p>
                <div class="buttons">
                    <button type="button" data-testid="puzzle-solve" disabled={s.job.busy()} onclick={act(|| SolveAction::Solve)}>{ "Solve it" }</button>
                </div>
                { for result }
            </div>
        }
    };

    // The cooks pass shows its progress and Stop on its own line.
    let progress = s.job.progress.clone().filter(|_| !matches!(s.waiting, Waiting::Cooks | Waiting::Composer)).map(|(pass, done, total)| html! {
        <>
            <ProgressBar pass={pass} done={done} total={total} />
            <button type="button" data-testid="puzzle-stop" onclick={stop.clone()}>{ "Stop" }</button>
        </>
    });

    let address = link::address(&opened);
    let intro = if puzzle.hidden.is_empty() {
        html! {
            <p>{ "You see only your own men; the umpire answers your attempts. You know where Black's men start, \
                  not how they move: the umpire keeps every reply that fits its answers and picks, each time, \
                  the one that beats your line. Only a solution that works against every reply succeeds." }</p>
        }
    } else {
        html! {
            <p>{ "You see only your own men; the umpire answers your attempts. It has not chosen where the hidden men stand: \
                  it keeps every placement that fits its answers and picks, each time, the one that beats your line. \
                  Only a solution that works against every placement succeeds." }</p>
        }
    };
    html! {
        <PageFrame title={title} {intro} {board}>
            { facts }
            { status }
            if let Some(m) = &s.message { <p class="note" data-testid="puzzle-message">{ m.clone() }</p> }
            { for progress }
            { for actions }
            { for over }
            { for published }
            { for placements }
            { for told }
            { solver }
            <div class="section">
                <p class="note share-link">{ "Link to this puzzle: " }<a href={address.clone()} data-testid="puzzle-link">{ address }</a></p>
                <div class="buttons">
                    <a href={Route::Puzzles.href()} class="button-link">{ "All puzzles" }</a>
                    <a class="button-link" href={format!("#/puzzles/editor?p={}", opened.code())}>{ "Edit a copy" }</a>
                </div>
            </div>
        </PageFrame>
    }
}
