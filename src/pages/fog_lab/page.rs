//! The lab's component: the board, the questions and the figures, wired
//! to the reducer (`state`) and drawn with `view`'s parts.

#![cfg(target_arch = "wasm32")]

use yew::prelude::*;

use super::state::{men_letters, square, square_name, LabAction, LabState, Walk, MATERIALS};
use super::view::{
    board_view, boards_table, bytes_text, pretty, readings, square_map, squares_text, start_map,
    summary_table,
};
use crate::components::{Board, BoardSquare, Histogram, PageFrame, ProgressBar, Series};
use crate::decimal::Fixed;
use crate::worker::slot::use_job_runner;

fn man_name(letter: char) -> &'static str {
    match letter {
        'Q' => "queen",
        'R' => "rook",
        'B' => "bishop",
        'N' => "knight",
        _ => "king",
    }
}

#[function_component(FogEndgames)]
pub fn fog_endgames() -> Html {
    let state = use_reducer(LabState::new);
    let client = {
        let dispatcher = state.dispatcher();
        use_job_runner(
            &state.job,
            Callback::from(move |e| dispatcher.dispatch(LabAction::Worker(e))),
        )
    };
    {
        let state = state.clone();
        use_effect_with((), move |_| state.dispatch(LabAction::Start));
    }
    let on_square = {
        let state = state.clone();
        Callback::from(move |sq: BoardSquare| {
            state.dispatch(LabAction::Place(square(sq.file, sq.rank)))
        })
    };
    let on_material = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            if let Some(select) = e.target_dyn_into::<web_sys::HtmlSelectElement>() {
                let value = select.value();
                if let Some((m, _)) = MATERIALS.iter().find(|(m, _)| m.name() == value) {
                    state.dispatch(LabAction::Material(*m));
                }
            }
        })
    };
    let stop = {
        let client = client.clone();
        Callback::from(move |_: MouseEvent| client.cancel())
    };
    let act = |action: fn() -> LabAction| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(action()))
    };

    let s = &*state;
    let letters: Vec<char> = std::iter::once('K')
        .chain(men_letters(s.material).chars())
        .collect();
    let (men, belief, seen) = s.shown();
    let king_known = s.walk.is_none()
        || matches!(&s.walk, Some(Walk::Line { at: 0, .. }))
        || matches!(&s.walk, Some(Walk::Escape { path, .. }) if path.len() == 1);
    let view = board_view(
        s.material,
        &men,
        king_known.then_some(s.king),
        if king_known { 0 } else { belief },
        seen,
    );

    // The pieces a square click places.
    let tools = letters.iter().enumerate().map(|(i, &letter)| (i, format!("White {}", man_name(letter))))
        .chain(std::iter::once((letters.len(), "Black king".to_string())))
        .map(|(i, label)| {
            let state = state.clone();
            let pressed = s.tool == i;
            let at = if i == letters.len() { s.king } else { s.men[i] };
            html! {
                <button type="button" aria-pressed={pressed.to_string()} class={classes!(pressed.then_some("on"))}
                    data-testid="lab-tool" disabled={s.walk.is_some()}
                    onclick={Callback::from(move |_| state.dispatch(LabAction::Tool(i)))}>
                    { format!("{label} {}", square_name(at)) }
                </button>
            }
        });

    let verdict = match &s.verdict {
        None => {
            html! { <p class="status-line" data-testid="lab-verdict">{ "Asking the tables…" }</p> }
        }
        Some(Err(message)) => {
            html! { <p class="status-line" data-testid="lab-verdict">{ message.clone() }</p> }
        }
        Some(Ok(v)) => {
            let text = if v.moves > 0 {
                format!("White wins: the capture in at most {} White moves (the capture counted), whatever Black does.", v.moves)
            } else {
                "White cannot force the capture: Black, knowing everything, always escapes."
                    .to_string()
            };
            let button = if v.moves > 0 {
                "Step through White's optimal line"
            } else {
                "Watch Black's escape"
            };
            html! {
                <>
                    <p class="status-line" data-testid="lab-verdict" data-moves={v.moves.to_string()}
                        data-millis={s.verdict_millis.map(|ms| Fixed(ms, 0).to_string())}>{ text }</p>
                    if s.walk.is_none() {
                        <button type="button" data-testid="lab-explain" onclick={act(|| LabAction::Explain)}
                            disabled={s.job.busy()}>{ button }</button>
                    }
                    if let Some(ms) = s.verdict_millis {
                        <p class="note">{ if ms < 1.0 { "Answered in under 1 ms in the worker.".to_string() }
                            else { format!("Answered in {} ms in the worker (files fetched and read included).", Fixed(ms, 0)) } }</p>
                    }
                </>
            }
        }
    };

    let walk = s.walk.as_ref().map(|walk| match walk {
        Walk::Line { steps, at } => {
            let at = *at;
            let items = steps.iter().enumerate().map(|(i, step)| {
                let state = state.clone();
                let sighting = step.seen.map(|sq| format!(" White sees the king on {}.", square_name(sq))).unwrap_or_default();
                let after = match (step.moves_left, step.belief) {
                    (0, _) => "The king is taken.".to_string(),
                    (_, 0) => format!("{sighting} Every square the king can step to is seen: the capture follows."),
                    (1, b) => format!("{sighting} The king may be on {}; 1 move left.", squares_text(b)),
                    (n, b) => format!("{sighting} The king may be on {}; {n} moves left.", squares_text(b)),
                };
                html! {
                    <li class={classes!((i + 1 == at).then_some("current"))}>
                        <button type="button" class="link" onclick={Callback::from(move |_| state.dispatch(LabAction::Step(i + 1)))}>
                            { step.text.clone() }</button>
                        { after }
                    </li>
                }
            });
            let prev = { let state = state.clone(); Callback::from(move |_| state.dispatch(LabAction::Step(at.saturating_sub(1)))) };
            let next = { let state = state.clone(); Callback::from(move |_| state.dispatch(LabAction::Step(at + 1))) };
            html! {
                <div class="section" data-testid="lab-line" data-millis={s.walk_millis.map(|ms| Fixed(ms, 0).to_string())}>
                    <h2>{ format!("White's optimal line: {} moves against the worst-case king", steps.len()) }</h2>
                    <p class="note">{ "Black knows everything and picks, after each White move, what White is left to face: \
                        the tinted squares are where the king may be when White moves next." }</p>
                    <div class="buttons">
                        <button type="button" data-testid="lab-prev" onclick={prev} disabled={at == 0}>{ "◀ Back" }</button>
                        <span data-testid="lab-step">{ format!("Move {at} of {}", steps.len()) }</span>
                        <button type="button" data-testid="lab-next" onclick={next} disabled={at >= steps.len()}>{ "Next ▶" }</button>
                        <button type="button" onclick={act(|| LabAction::Back)}>{ "Edit the start" }</button>
                    </div>
                    <ol class="lab-steps">{ for items }</ol>
                </div>
            }
        }
        Walk::Escape { path, answers } => {
            let rows = answers.iter().enumerate().map(|(i, a)| {
                let state = state.clone();
                let answer = match a.captures {
                    Some(sq) => format!("the king takes on {}", square_name(sq)),
                    None => format!("the king may be on {}; still not won", squares_text(a.keeps)),
                };
                html! {
                    <li>
                        <button type="button" data-testid="lab-answer" disabled={a.captures.is_some()}
                            onclick={Callback::from(move |_| state.dispatch(LabAction::Answer(i)))}>{ a.text.clone() }</button>
                        { format!(" → {answer}") }
                    </li>
                }
            });
            let so_far: Vec<String> = path.iter().skip(1).map(|(_, _, m)| m.clone()).collect();
            html! {
                <div class="section" data-testid="lab-escape" data-millis={s.walk_millis.map(|ms| Fixed(ms, 0).to_string())}>
                    <h2>{ "Black's escape" }</h2>
                    <p class="note">{ "Pick any White move: Black answers with a square for the king that leaves White \
                        still unable to force the capture, or takes a man White left undefended." }</p>
                    if !so_far.is_empty() {
                        <p data-testid="lab-escape-path">{ format!("White has played {}. The king may be on {}.",
                            so_far.join(", "), squares_text(belief)) }</p>
                    }
                    <div class="buttons">
                        <button type="button" onclick={act(|| LabAction::Back)}>{ if path.len() > 1 { "◀ Take back" } else { "Edit the start" } }</button>
                    </div>
                    <ul class="moves">{ for rows }</ul>
                </div>
            }
        }
    });

    let figures_failed = s.figures_error.as_ref().map(|message| {
        html! { <p class="note" role="alert" data-testid="lab-figures-message">{ message.clone() }</p> }
    });
    let figures = s.sighted.as_ref().map(|rows| {
        let current = rows.iter().find(|r| r.material == s.material);
        let bytes: u64 = rows.iter().map(|r| r.file_bytes).sum();
        html! {
            <section class="panel below">
                <h2>{ "Every start, every material (8×8, the true game)" }</h2>
                { summary_table(rows, s.blind.as_deref()) }
                <p class="note">{ format!("Moves count White's moves, the capture included; the readings are below. \
                    From the starts files ({} for all seven materials) the solver writes at build time; \
                    `fogbound fog-endgame --material M --json` prints the same figures.", bytes_text(bytes)) }</p>
                if let Some(row) = current {
                    <h2>{ format!("{}: where the king starts", pretty(row.material.name())) }</h2>
                    <div class="lab-charts">
                        { square_map(row) }
                        <Histogram x_label="White moves to capture" y_label="won starts"
                            series={vec![Series { label: format!("{} won starts", pretty(row.material.name())).into(),
                                class: "series-a".into(), counts: row.histogram.clone() }]} />
                    </div>
                }
                <h2>{ "Smaller boards (the true game)" }</h2>
                { boards_table(&s.boards) }
                <h2>{ "Readings" }</h2>
                { readings() }
            </section>
        }
    });

    let intro = html! {
        <p>{ "In Fog of War White sees only the squares its men can move to. White knows where the lone black king \
              starts; Black sees everything. Which starts can White win, and how fast? Computed exactly for every start." }</p>
    };
    let label = format!("{} against a lone king", pretty(s.material.name()));
    let board = html! { <Board view={view} on_square={on_square} label={label} /> };
    html! {
        <PageFrame title="Fog of War endgames" {intro} {board} below={html! { <>{ for figures }{ for figures_failed }</> }}>
            <div class="row" data-testid="lab-jobs" data-pending={s.pending().to_string()}>
                <label class="field" for="lab-material"><span>{ "White has" }</span>
                    <select id="lab-material" data-testid="lab-material" onchange={on_material} disabled={s.walk.is_some()}>
                        { for MATERIALS.iter().map(|(m, _)| html! {
                            <option value={m.name()} selected={*m == s.material}>{ pretty(m.name()) }</option> }) }
                    </select>
                </label>
            </div>
            if s.walk.is_none() {
                <p class="note">{ "Choose a man, then click a square to put it there." }</p>
                <div class="buttons">{ for tools }</div>
            }
            { verdict }
            if let (true, Some((pass, done, total))) = (s.waiting(), s.job.progress.clone()) {
                <div class="buttons" data-testid="lab-progress">
                    <ProgressBar pass={pass} done={done} total={total} />
                    <button type="button" onclick={stop}>{ "Stop" }</button>
                </div>
            }
            if let (Some(message), Some(Ok(_))) = (&s.explain_error, &s.verdict) {
                <p class="note" role="alert" data-testid="lab-message">{ message.clone() }</p>
            }
            { for walk }
            if let (Some(Ok(v)), None) = (&s.verdict, &s.walk) {
                { start_map(&v.map) }
            }
        </PageFrame>
    }
}
