use yew::prelude::*;

use super::board_from;
use crate::components::{Board, PageFrame};

#[function_component(FogEndgames)]
pub fn fog_endgames() -> Html {
    // K+Q vs K: the defender's king in the fog.
    let view = board_from(
        8,
        8,
        "????????/????????/????????/????????/???Q????/????????/????????/4K3",
    );
    let intro = html! {
        <p>{ "In Fog of War you see only the squares your men can move to, and the king is captured, \
              not mated. Against a lone king you cannot see, which material forces the capture?" }</p>
    };
    let board = html! { <Board view={view} label="Queen and king hunting a hidden king" /> };
    html! {
        <PageFrame title="Fog of War endgames" {intro} {board}>
            <h2>{ "What is known" }</h2>
            <dl class="facts">
                <dt>{ "King + Queen vs King" }</dt><dd>{ "always won: the queen reaches a corner configuration, then pushes the hidden king back line by line" }</dd>
                <dt>{ "King + Rook vs King" }</dt><dd>{ "not always won: from some starts the lone king keeps to a safe region in the centre (files C–F, ranks 3–6) that the rook cannot sweep without giving it a way out" }</dd>
                <dt>{ "King + two Rooks vs King" }</dt><dd>{ "always won: the rooks sweep the board in tandem" }</dd>
            </dl>
            <p class="note">{ "Source: Gehnen and Stannat, Fog of War Chess (the endgames paper)." }</p>
        </PageFrame>
    }
}
