//! DOM helpers shared by the browser tests (wasm-bindgen-test).

use web_sys::Element;

/// A fresh `<div>` appended to the test page's body, to render into.
pub fn mount_point() -> Element {
    let document = web_sys::window().unwrap().document().unwrap();
    let div = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&div).unwrap();
    div
}

/// Clicks the first element under `root` matching `selector`. SVG elements
/// are not HtmlElements, so a real bubbling click event is dispatched.
pub fn click(root: &Element, selector: &str) {
    let element = root
        .query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("nothing matches {selector}"));
    let init = web_sys::MouseEventInit::new();
    init.set_bubbles(true);
    let event = web_sys::MouseEvent::new_with_mouse_event_init_dict("click", &init).unwrap();
    element.dispatch_event(&event).unwrap();
}

/// Sets the value of the input or select matching `selector` and fires a
/// bubbling `event` (`input` or `change`), as typing or choosing does.
#[allow(dead_code)] // not every test file types
pub fn set_value(root: &Element, selector: &str, value: &str, event: &str) {
    use wasm_bindgen::JsCast;
    let element = root
        .query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("nothing matches {selector}"));
    if let Some(input) = element.dyn_ref::<web_sys::HtmlInputElement>() {
        input.set_value(value);
    } else if let Some(select) = element.dyn_ref::<web_sys::HtmlSelectElement>() {
        select.set_value(value);
    } else {
        panic!("{selector} is not an input or a select");
    }
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    let e = web_sys::Event::new_with_event_init_dict(event, &init).unwrap();
    element.dispatch_event(&e).unwrap();
}
