//! A `<select>` of values (a board size, the largest board to solve): its
//! change as the value chosen.

#![cfg(target_arch = "wasm32")]

use std::str::FromStr;

use yew::prelude::*;

/// The `onchange` of a `<select>` whose options are values of `T`: the one
/// chosen, parsed, goes to `chosen` (the options are the page's own, so one
/// that does not parse is ignored).
pub fn on_select<T: FromStr + 'static>(chosen: impl Fn(T) + 'static) -> Callback<Event> {
    Callback::from(move |e: Event| {
        if let Some(select) = e.target_dyn_into::<web_sys::HtmlSelectElement>() {
            if let Ok(value) = select.value().parse() {
                chosen(value);
            }
        }
    })
}
