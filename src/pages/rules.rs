#![cfg(target_arch = "wasm32")]

use fogbound_engine::catalogue;
use yew::prelude::*;

use crate::play::words::WHAT_THE_PAGE_HOLDS;

#[function_component(Rules)]
pub fn rules() -> Html {
    let choices = fogbound_engine::RULES_NOTES.iter().map(|(topic, choice)| {
        html! {
            <><dt>{ *topic }</dt><dd>{ *choice }</dd></>
        }
    });
    let presets = catalogue::presets();
    let sources = presets.iter().map(|p| {
        html! {
            <>
                <dt data-source={p.id}><code>{ p.id }</code>{ " — " }{ p.source }</dt>
                <dd><ul>{ for p.readings.iter().map(|r| html! { <li>{ *r }</li> }) }</ul></dd>
            </>
        }
    });
    let rows = presets.iter().map(|p| html! {
        <tr data-preset={p.id}>
            <td data-label="id"><code>{ p.id }</code></td><td data-label="Convention">{ p.label }</td>
            <td data-label="Illegal try">{ p.illegal_text() }</td><td data-label="Capture">{ p.capture_text() }</td>
            <td data-label="Check">{ p.check_text() }</td><td data-label="Pawn tries">{ p.pawn_tries_text() }</td>
            <td data-label="Also">{ p.other_text() }</td>
        </tr>
    });
    let section = |id: &str| {
        let (entry, bullets) =
            match catalogue::model_entry(id).or_else(|| catalogue::variant_entry(id)) {
                Some(e) => (e.label, e.rules),
                None => return html! {},
            };
        html! {
            <>
                <h2 id={id.to_string()}>{ entry }</h2>
                <ul data-testid={format!("rules-{id}")}>{ for bullets.iter().map(|b| html! { <li>{ *b }</li> }) }</ul>
            </>
        }
    };
    html! {
        <section class="page prose">
            <h1>{ "Rules" }</h1>
            <p class="intro">{ "Every game here is a variant (the board and the men) combined with an information \
                                model (who sees what). Any variant goes with any model." }</p>

            { for catalogue::models().iter().map(|m| section(m.id)) }
            <p>{ "The umpire presets:" }</p>
            <div class="table-scroll">
                <table class="figures presets">
                    <thead><tr><th>{ "id" }</th><th>{ "Convention" }</th><th>{ "Illegal try" }</th><th>{ "Capture" }</th><th>{ "Check" }</th><th>{ "Pawn tries" }</th><th>{ "Also" }</th></tr></thead>
                    <tbody>{ for rows }</tbody>
                </table>
            </div>
            <p>{ "Where each preset comes from, and our reading where its source is silent or can be read two ways:" }</p>
            <dl class="facts preset-sources" data-testid="rules-preset-sources">{ for sources }</dl>
            { for catalogue::variants().iter().filter(|v| v.rules.len() > 1).map(|v| section(v.id)) }

            <h2 id="hotseat">{ "Playing on one device" }</h2>
            <ul data-testid="rules-hotseat">
                <li>{ "When the model hides men, after your move you still see your board — what the moved man now sees, what it took — until you press “Pass to …”. Then a curtain covers the board and names the next player; only they should lift it. On the open board nothing is hidden, so there is no curtain." }</li>
                <li data-testid="what-is-shown">{ WHAT_THE_PAGE_HOLDS }</li>
                <li>{ "Clocks are Fischer clocks: minutes each and seconds added per move (presets or your own). The new-game form decides who pays for passing the device. Paused (the default): the clock stops when a move is made and starts for the next player only when they lift the curtain, so nobody loses time while the device changes hands. Running: the next player's time starts with the move, as over the board; the hand-off is part of their thinking time. Game links carry the choice as handoff=paused or handoff=running." }</li>
                <li>{ "If the page is hidden during a timed game (another tab, a locked phone), the clock stops and, where there is a curtain, it comes down: nobody is charged for the interruption, and nobody finds a view left open." }</li>
                <li>{ "Memory aids, each switchable and seen only by their owner: last-seen ghosts (enemy men drawn faded where you last saw them, from nothing but what you were shown) and phantoms (enemy men you place on hidden squares as reminders; kept with the game)." }</li>
                <li>{ "Sounds tell only what the listener knows: the mover hears their own move; the next player hears the opponent's move, a capture of their man or a check only when they lift the curtain, as their view tells it." }</li>
            </ul>

            <h2 id="computer">{ "Playing the computer" }</h2>
            <ul data-testid="rules-computer">
                <li>{ "The computer plays by the same rules and is told only what its side may know: its own observations and the answers to its own tries, never the true position. It thinks in the background, so the page stays responsive." }</li>
                { for fogbound_players::Opponent::all().into_iter().map(|k| html! {
                    <li><strong>{ k.label() }</strong>{ ": " }{ k.about() }</li>
                }) }
                <li>{ "There is no curtain: the screen shows your side's view for the whole game. Links carry the choice, for instance " }
                    <code class="wrap">{ "mode=computer&computer=random&side=black" }</code>{ "." }</li>
            </ul>

            <h2 id="choices">{ "Our choices where the sources are silent" }</h2>
            <p>{ "These are the readings the engine implements, word for word from its rules notes." }</p>
            <dl class="facts choices" data-testid="rules-choices">{ for choices }</dl>
        </section>
    }
}
