//! The page around a game: its clock, visibility and the sound switch.

#![cfg(target_arch = "wasm32")]

use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Milliseconds since the epoch (the page's clock); 0 natively.
pub fn js_now() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        js_sys::Date::now()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        0.0
    }
}

/// The sound switch (kept in this browser's storage).
pub fn mute_button(muted: bool, on_toggle: Callback<()>) -> Html {
    html! {
        <button type="button" class="secondary" data-testid="mute" aria-pressed={muted.to_string()}
                onclick={Callback::from(move |_| on_toggle.emit(()))}>
            { if muted { "Sound: off" } else { "Sound: on" } }
        </button>
    }
}

/// Whether the page is hidden (`document.visibilityState`).
pub fn page_hidden() -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| js_sys::Reflect::get(d.unchecked_ref(), &"visibilityState".into()).ok())
        .and_then(|v| v.as_string())
        .is_some_and(|v| v == "hidden")
}
