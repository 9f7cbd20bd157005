//! A JavaScript error as the page tells it: its message, else the value
//! itself when it is a string.

#![cfg(target_arch = "wasm32")]

use wasm_bindgen::{JsCast, JsValue};

pub fn describe(error: JsValue) -> String {
    error
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| error.as_string())
        .unwrap_or_else(|| "unknown error".to_string())
}
