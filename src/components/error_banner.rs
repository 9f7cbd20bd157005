//! Recoverable errors (bad input, a failed worker job) shown in a banner at
//! the top of the page. Fatal errors (panics) use the separate `#fatal-error`
//! element of `index.html`, because the app itself may be gone by then.

#![cfg(target_arch = "wasm32")]

use std::rc::Rc;

use yew::prelude::*;

/// The list of messages currently shown.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Errors {
    messages: Vec<(u32, String)>,
    next_id: u32,
}

pub enum ErrorAction {
    Show(String),
    Dismiss(u32),
}

impl Reducible for Errors {
    type Action = ErrorAction;

    fn reduce(self: Rc<Self>, action: ErrorAction) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            ErrorAction::Show(message) => {
                // The same message twice in a row is shown once.
                if next.messages.last().map(|(_, m)| m) != Some(&message) {
                    next.messages.push((next.next_id, message));
                    next.next_id += 1;
                }
            }
            ErrorAction::Dismiss(id) => next.messages.retain(|(i, _)| *i != id),
        }
        Rc::new(next)
    }
}

impl Errors {
    pub fn messages(&self) -> impl Iterator<Item = &(u32, String)> {
        self.messages.iter()
    }
}

/// Shared through a Yew context: any component may show an error.
pub type ErrorContext = UseReducerHandle<Errors>;

/// Shows `message` in the banner through the context, if there is one.
pub fn show_error(context: &Option<ErrorContext>, message: impl Into<String>) {
    if let Some(errors) = context {
        errors.dispatch(ErrorAction::Show(message.into()));
    }
}

#[function_component(ErrorBanner)]
pub fn error_banner() -> Html {
    let Some(errors) = use_context::<ErrorContext>() else {
        return html! {};
    };
    if errors.messages.is_empty() {
        return html! {};
    }
    let items = errors.messages().map(|(id, message)| {
        let id = *id;
        let dismiss = {
            let errors = errors.clone();
            Callback::from(move |_| errors.dispatch(ErrorAction::Dismiss(id)))
        };
        html! {
            <li key={id}>
                <span class="error-text">{ message }</span>
                <button class="dismiss" onclick={dismiss} aria-label="Dismiss this message">{ "×" }</button>
            </li>
        }
    });
    html! {
        <div class="error-banner" role="alert" data-testid="error-banner">
            <ul>{ for items }</ul>
        </div>
    }
}
