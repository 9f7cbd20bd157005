//! The puzzle editor (`#/puzzles/editor`, `?p=CODE` to edit a copy):
//! place the known men, mark hidden men and their squares, set the
//! stipulation and the rules, check it with the solver (sound? a unique
//! key? cooks?) and publish it as a link that opens in solve mode.

#![cfg(target_arch = "wasm32")]

use std::rc::Rc;

use fogbound_engine::catalogue::presets;
use fogbound_engine::{Color, Geometry, Piece, Role, Square};
use fogbound_puzzles::puzzle::{Goal, MAX_MOVES};
use fogbound_puzzles::solver::Verdict;
use yew::prelude::*;
use yew_router::prelude::*;

use super::editor_state::{EditorAction, EditorState, Tool};
use super::link::code_address;
use crate::components::{Board, BoardSquare, BoardView, PageFrame, ProgressBar};
use crate::decimal::Fixed;
use crate::play::picture::piece_code;
use crate::query::Query;
use crate::worker::slot::use_job_runner;

const ROLES: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

fn role_name(r: Role) -> &'static str {
    match r {
        Role::King => "king",
        Role::Queen => "queen",
        Role::Rook => "rook",
        Role::Bishop => "bishop",
        Role::Knight => "knight",
        _ => "pawn",
    }
}

fn board(s: &EditorState) -> Rc<BoardView> {
    let mut view = BoardView::empty(8, 8);
    for (square, piece) in view.squares.iter_mut().zip(&s.board) {
        square.piece = piece.map(piece_code);
    }
    // The squares of the hidden man being edited, as fog.
    let marked = match s.tool {
        Tool::HiddenSquare(i) => s.hidden.get(i),
        _ => s.hidden.first(),
    };
    if let Some(h) = marked {
        for (i, square) in view.squares.iter_mut().enumerate() {
            let (file, rank) = (i % 8, i / 8);
            let dark = (file + rank) % 2 == 0;
            let on = match h.kind {
                "dark" => dark,
                "light" => !dark,
                "any" => true,
                _ => h.list.contains(&Square(i as u8)),
            };
            if on && square.piece.is_none() {
                square.fog = true;
            }
        }
    }
    Rc::new(view)
}

fn input_value(e: &Event) -> Option<String> {
    if let Some(i) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
        return Some(i.value());
    }
    if let Some(t) = e.target_dyn_into::<web_sys::HtmlTextAreaElement>() {
        return Some(t.value());
    }
    e.target_dyn_into::<web_sys::HtmlSelectElement>()
        .map(|s| s.value())
}

#[function_component(PuzzleEditor)]
pub fn puzzle_editor() -> Html {
    let location = use_location();
    let query = location
        .as_ref()
        .map(|l| l.query_str().to_string())
        .unwrap_or_default();
    let state = use_reducer(EditorState::default);
    let client = {
        let dispatcher = state.dispatcher();
        use_job_runner(
            &state.job,
            Callback::from(move |e| dispatcher.dispatch(EditorAction::Worker(e))),
        )
    };
    {
        let state = state.clone();
        use_effect_with(query, move |q| {
            let code = Query::parse(q)
                .params
                .into_iter()
                .find(|p| p.name == "p")
                .map(|p| p.value)
                .unwrap_or_default();
            state.dispatch(EditorAction::Load(code));
        });
    }
    let s = &*state;
    let send = |make: Rc<dyn Fn() -> EditorAction>| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(make()))
    };
    let on_square = {
        let state = state.clone();
        Callback::from(move |sq: BoardSquare| {
            state.dispatch(EditorAction::Click(Square(sq.rank * 8 + sq.file)))
        })
    };
    let text_field = |field: &'static str, label: &'static str, value: &str| {
        let state = state.clone();
        let on = Callback::from(move |e: Event| {
            if let Some(v) = input_value(&e) {
                state.dispatch(EditorAction::Text(field, v));
            }
        });
        html! {
            <label class="field"><span>{ label }</span>
                <input value={value.to_string()} onchange={on} data-testid={format!("editor-{field}")} /></label>
        }
    };

    // The palette: every man of both sides, and the eraser.
    let palette = [Color::White, Color::Black].into_iter().flat_map(|color| {
        ROLES.into_iter().map(move |role| Piece { color, role })
    }).map(|piece| {
        let on = s.tool == Tool::Man(piece);
        let label = format!("{} {}", if piece.color == Color::White { "White" } else { "Black" }, role_name(piece.role));
        html! {
            <button type="button" class={classes!("palette", on.then_some("on"))} aria-pressed={on.to_string()}
                title={label.clone()} aria-label={label} data-testid={format!("editor-man-{}", piece_code(piece))}
                onclick={send(Rc::new(move || EditorAction::Tool(Tool::Man(piece))))}>
                <img src={format!("pieces/{}.svg", piece_code(piece))} alt="" width="28" height="28" />
            </button>
        }
    });
    let erase_on = s.tool == Tool::Erase;

    let hidden = s.hidden.iter().enumerate().map(|(i, h)| {
        let editing = s.tool == Tool::HiddenSquare(i);
        let roles = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn].map(|role| {
            let state = state.clone();
            let checked = h.roles.contains(&role);
            html! {
                <label class="check"><input type="checkbox" checked={checked}
                    onchange={Callback::from(move |_| state.dispatch(EditorAction::HiddenRole(i, role, !checked)))} />
                    { role_name(role) }</label>
            }
        });
        let kind = {
            let state = state.clone();
            Callback::from(move |e: Event| {
                let kind = match input_value(&e).as_deref() {
                    Some("dark") => "dark", Some("light") => "light", Some("any") => "any", _ => "list",
                };
                state.dispatch(EditorAction::HiddenKind(i, kind));
            })
        };
        let squares: Vec<String> = h.list.iter().map(|&q| Geometry::CHESS.square_name(q)).collect();
        html! {
            <li class="hidden-man" data-testid="editor-hidden">
                <p>{ format!("Hidden black man {}: one of", i + 1) }</p>
                <div class="row">{ for roles }</div>
                <label class="field"><span>{ "On" }</span>
                    <select onchange={kind} data-testid="editor-hidden-kind">
                        { for [("dark", "any free dark square"), ("light", "any free light square"), ("any", "any free square"), ("list", "the squares marked on the board")]
                            .map(|(v, l)| html! { <option value={v} selected={h.kind == v}>{ l }</option> }) }
                    </select></label>
                if h.kind == "list" {
                    <p class="note">{ if squares.is_empty() { "No square marked yet.".to_string() } else { format!("Marked: {}", squares.join(", ")) } }</p>
                }
                <div class="buttons">
                    <button type="button" aria-pressed={editing.to_string()} class={classes!(editing.then_some("on"))}
                        data-testid="editor-mark" onclick={send(Rc::new(move || EditorAction::Tool(Tool::HiddenSquare(i))))}>
                        { "Mark its squares on the board" }</button>
                    <button type="button" class="secondary" onclick={send(Rc::new(move || EditorAction::RemoveHidden(i)))}>{ "Remove" }</button>
                </div>
            </li>
        }
    });

    let on_goal = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            let goal = if input_value(&e).as_deref() == Some("capture-king") {
                Goal::CaptureKing
            } else {
                Goal::Mate
            };
            state.dispatch(EditorAction::Goal(goal));
        })
    };
    let on_moves = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            if let Some(Ok(m)) = input_value(&e).map(|v| v.trim().parse::<u32>()) {
                state.dispatch(EditorAction::Moves(m));
            }
        })
    };
    let on_rules = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            if let Some(v) = input_value(&e) {
                state.dispatch(EditorAction::Rules(v));
            }
        })
    };

    let checked = s.puzzle();
    let status = match &checked {
        Ok((_, n)) => {
            html! { <p class="note" data-testid="editor-status">{ s.kind_words(*n) }</p> }
        }
        Err(e) => {
            html! { <p class="field-error" data-testid="editor-error">{ format!("Not a puzzle yet: {e}.") }</p> }
        }
    };
    let current_json = s.json();
    let check = s.check.as_ref().map(|(sol, json)| {
        let stale = *json != current_json;
        let words = match sol.verdict {
            Verdict::Solved if sol.cooks_complete && sol.keys.len() == 1 => format!("Sound, with a unique key: {}.", sol.first_move.clone().unwrap_or_default()),
            Verdict::Solved if sol.cooks_complete => format!("Sound, but cooked: {} all work.", sol.keys.join(", ")),
            Verdict::Solved => format!("Sound ({} works); not every other first move was decided.", sol.first_move.clone().unwrap_or_default()),
            Verdict::Refuted => "Unsound: no first move forces the goal.".into(),
            Verdict::Unknown => "Undecided: the search ran out of its budget.".into(),
        };
        html! {
            <div data-testid="editor-check">
                <p class="status-line" data-testid="puzzle-verdict" data-verdict={sol.verdict.id()}>{ words }</p>
                if let Some(key) = &sol.first_move {
                    <p>{ "Key: " }<strong data-testid="puzzle-key">{ key.clone() }</strong>
                        { format!(", forcing it in {} move{}", sol.moves.unwrap_or(0), if sol.moves == Some(1) { "" } else { "s" }) }</p>
                }
                <p class="note">{ format!("{} nodes, {} belief states, {} s.", crate::components::group_digits(sol.stats.nodes),
                    crate::components::group_digits(sol.stats.belief_states), Fixed(s.check_millis.unwrap_or(0.0) / 1000.0, 2)) }</p>
                if stale { <p class="note">{ "The puzzle changed since: check it again." }</p> }
            </div>
        }
    });
    let publish = checked.as_ref().ok().map(|(p, _)| {
        let address = code_address(p);
        html! {
            <div class="section">
                <h2>{ "Publish" }</h2>
                <p class="note">{ "This link opens the puzzle straight in solve mode:" }</p>
                <p class="share-link"><a href={address.clone()} data-testid="editor-link">{ address.clone() }</a></p>
            </div>
        }
    });
    let stop = {
        let client = client.clone();
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            client.cancel();
            state.dispatch(EditorAction::Worker(crate::worker::ClientEvent::Cancelled));
        })
    };

    let intro = html! { <p>{ "Compose a fog puzzle: White's men and Black's known men on the board, Black's hidden men with the squares they may stand on." }</p> };
    let board_html = html! { <Board view={board(s)} on_square={on_square} label="The puzzle being composed; fog on the marked hidden squares" /> };
    html! {
        <PageFrame title="Puzzle editor" {intro} board={board_html}>
            if let Some(e) = &s.load_error { <p class="field-error">{ e.clone() }</p> }
            <p class="note">{ "Choose a man, then click squares to place it (click again to take it off)." }</p>
            <div class="buttons wrap palette-row">
                { for palette }
                <button type="button" class={classes!("palette", erase_on.then_some("on"))} aria-pressed={erase_on.to_string()}
                    data-testid="editor-erase" onclick={send(Rc::new(|| EditorAction::Tool(Tool::Erase)))}>{ "Erase" }</button>
                <button type="button" class="secondary" data-testid="editor-clear-board"
                    onclick={send(Rc::new(|| EditorAction::Clear { hidden: false }))}>{ "Clear the board (keep the hidden men)" }</button>
                <button type="button" class="secondary" data-testid="editor-clear-all"
                    onclick={send(Rc::new(|| EditorAction::Clear { hidden: true }))}>{ "Clear everything" }</button>
            </div>
            <div class="section">
                <h2>{ "Hidden men" }</h2>
                <ul class="plain">{ for hidden }</ul>
                <button type="button" data-testid="editor-add-hidden" onclick={send(Rc::new(|| EditorAction::AddHidden))}>{ "Add a hidden man" }</button>
            </div>
            <div class="section">
                <h2>{ "Stipulation" }</h2>
                <div class="row">
                    <label class="field"><span>{ "White" }</span>
                        <select onchange={on_goal} data-testid="editor-goal">
                            <option value="mate" selected={s.goal == Goal::Mate}>{ "mates (Kriegspiel)" }</option>
                            <option value="capture-king" selected={s.goal == Goal::CaptureKing}>{ "takes the king (Fog of War)" }</option>
                        </select></label>
                    <label class="field"><span>{ format!("in moves (1–{MAX_MOVES})") }</span>
                        <input type="number" min="1" max={MAX_MOVES.to_string()} value={s.moves.to_string()} onchange={on_moves} data-testid="editor-moves" /></label>
                    if s.goal == Goal::Mate {
                        <label class="field"><span>{ "Umpire" }</span>
                            <select onchange={on_rules} data-testid="editor-rules">
                                { for presets().into_iter().map(|p| html! { <option value={p.id} selected={s.rules == p.id}>{ p.label }</option> }) }
                            </select></label>
                    }
                </div>
                <p class="note">{ "White moves first; in a mate problem a stalemate fails." }</p>
            </div>
            <div class="section">
                <h2>{ "Credits" }</h2>
                { text_field("title", "Title", &s.title) }
                { text_field("author", "Composer", &s.author) }
                { text_field("source", "Source (magazine, year)", &s.source) }
                { text_field("solution", "Solution (shown on request)", &s.solution_text) }
            </div>
            <div class="section">
                <h2>{ "Check" }</h2>
                { status }
                <div class="buttons">
                    <button type="button" data-testid="puzzle-solve" disabled={checked.is_err() || s.job.busy()}
                        onclick={send(Rc::new(|| EditorAction::Check))}>{ "Check it with the solver" }</button>
                </div>
                if let Some((pass, done, total)) = s.job.progress.clone() {
                    <ProgressBar pass={pass} done={done} total={total} />
                    <button type="button" onclick={stop}>{ "Stop" }</button>
                }
                if let Some(m) = &s.job.message { <p class="note">{ m.clone() }</p> }
                { for check }
            </div>
            { for publish }
        </PageFrame>
    }
}
