#![cfg(target_arch = "wasm32")]

use yew::prelude::*;

use crate::app::Route;

#[function_component(NotFound)]
pub fn not_found() -> Html {
    html! {
        <section class="page narrow">
            <h1>{ "No such page" }</h1>
            <p>{ "This link does not lead anywhere in fogbound. It may be mistyped or from a newer version." }</p>
            <p><a href={Route::Home.href()}>{ "Go to the start page" }</a></p>
        </section>
    }
}
