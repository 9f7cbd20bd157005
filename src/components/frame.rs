//! The frame every page shares: a title, a short explanation, the board area
//! and the side panel. On a wide screen the panel sits beside the board; on a
//! phone it goes below.

#![cfg(target_arch = "wasm32")]

use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PageFrameProps {
    pub title: AttrValue,
    /// One or two sentences saying what the page is for.
    pub intro: Html,
    /// The board area (a board, a plot, a diagram).
    pub board: Html,
    /// The side panel: controls, results, explanations.
    pub children: Html,
    /// Wide content under the board and the panel (tables too wide for
    /// the panel), if any.
    #[prop_or_default]
    pub below: Html,
}

#[function_component(PageFrame)]
pub fn page_frame(props: &PageFrameProps) -> Html {
    html! {
        <section class="page">
            <header class="page-head">
                <h1>{ props.title.clone() }</h1>
                <div class="intro">{ props.intro.clone() }</div>
            </header>
            <div class="workspace">
                <div class="board-area">{ props.board.clone() }</div>
                <aside class="panel">{ props.children.clone() }</aside>
            </div>
            { props.below.clone() }
        </section>
    }
}
