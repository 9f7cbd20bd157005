//! A panic must never leave a silently dead page. The hook logs the panic to
//! the console (with `console_error_panic_hook`) and, on the page, writes a
//! readable message into the `#fatal-error` banner that `index.html` holds
//! outside the Yew root, so it can be shown even when the app is gone.
//!
//! The page and the study module install it. The worker (its own package,
//! `worker/`) has no document: it installs the console hook alone, and the
//! page learns of its failure through the worker's `error` event (see
//! `worker::client`).

#![cfg(target_arch = "wasm32")]

use std::panic::PanicHookInfo;

/// Installs the hook. `who` names the part of the app in the message.
pub fn install(who: &'static str) {
    std::panic::set_hook(Box::new(move |info| {
        console_error_panic_hook::hook(info);
        show_fatal(who, info);
    }));
}

fn show_fatal(who: &str, info: &PanicHookInfo<'_>) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Some(banner) = document.get_element_by_id("fatal-error") else {
        return;
    };
    let detail = panic_message(info);
    let text = format!(
        "{who} hit an internal error and stopped: {detail}. Your games are saved; \
         reload the page to continue."
    );
    if let Some(slot) = document.get_element_by_id("fatal-error-text") {
        slot.set_text_content(Some(&text));
    } else {
        banner.set_text_content(Some(&text));
    }
    let _ = banner.remove_attribute("hidden");
}

/// The panic's own message, without the source location noise.
pub fn panic_message(info: &PanicHookInfo<'_>) -> String {
    if let Some(text) = info.payload().downcast_ref::<&str>() {
        (*text).to_string()
    } else if let Some(text) = info.payload().downcast_ref::<String>() {
        text.clone()
    } else {
        "unknown error".to_string()
    }
}
