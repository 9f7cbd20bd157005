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

/// The centre of a square on screen, in client pixels.
pub fn square_centre(root: &Element, square: &str) -> (i32, i32) {
    let rect = root
        .query_selector(&format!("[data-square='{square}'] rect"))
        .unwrap()
        .unwrap_or_else(|| panic!("no square {square}"))
        .get_bounding_client_rect();
    (
        (rect.left() + rect.width() / 2.0) as i32,
        (rect.top() + rect.height() / 2.0) as i32,
    )
}

/// A pointer as the browser reports it: which device, which pointer, which
/// button is pressed (0 left or touch, 2 right) and whether Shift is held.
#[derive(Clone, Copy)]
pub struct Pointer {
    pub kind: &'static str,
    pub id: i32,
    pub button: i16,
    pub shift: bool,
}

impl Pointer {
    pub const MOUSE: Pointer = Pointer {
        kind: "mouse",
        id: 1,
        button: 0,
        shift: false,
    };
    pub const TOUCH: Pointer = Pointer {
        kind: "touch",
        id: 7,
        button: 0,
        shift: false,
    };
    pub const RIGHT: Pointer = Pointer {
        kind: "mouse",
        id: 1,
        button: 2,
        shift: false,
    };

    /// Dispatches a bubbling pointer event of type `kind` (`pointerdown`,
    /// `pointermove`, `pointerup`, `pointercancel`) at client `(x, y)` on
    /// the element under `root` matching `selector`. Returns false when a
    /// handler prevented the default.
    pub fn send(self, root: &Element, selector: &str, kind: &str, (x, y): (i32, i32)) -> bool {
        let target = root
            .query_selector(selector)
            .unwrap()
            .unwrap_or_else(|| panic!("nothing matches {selector}"));
        let init = web_sys::PointerEventInit::new();
        init.set_bubbles(true);
        init.set_cancelable(true);
        init.set_pointer_id(self.id);
        init.set_pointer_type(self.kind);
        init.set_is_primary(true);
        init.set_client_x(x);
        init.set_client_y(y);
        init.set_shift_key(self.shift);
        // `button` names the button that changed; moves report -1.
        init.set_button(if kind == "pointermove" {
            -1
        } else {
            self.button
        });
        let held = if self.button == 2 { 2 } else { 1 };
        init.set_buttons(if kind == "pointerup" || kind == "pointercancel" {
            0
        } else {
            held
        });
        let event = web_sys::PointerEvent::new_with_event_init_dict(kind, &init).unwrap();
        target.dispatch_event(&event).unwrap()
    }

    /// Press on one square, move through `path`, release on the last one.
    pub fn drag(self, root: &Element, path: &[&str]) {
        let board = "svg.board";
        let points: Vec<(i32, i32)> = path.iter().map(|s| square_centre(root, s)).collect();
        self.send(
            root,
            &format!("[data-square='{}'] rect", path[0]),
            "pointerdown",
            points[0],
        );
        for &p in &points[1..] {
            self.send(root, board, "pointermove", p);
        }
        self.send(root, board, "pointerup", *points.last().unwrap());
    }
}

/// Dispatches a bubbling `keydown` of `key` on the element matching
/// `selector`.
pub fn key(root: &Element, selector: &str, key: &str) {
    let target = root
        .query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("nothing matches {selector}"));
    let init = web_sys::KeyboardEventInit::new();
    init.set_bubbles(true);
    init.set_cancelable(true);
    init.set_key(key);
    let event =
        web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    target.dispatch_event(&event).unwrap();
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

/// The mover hands the device over: presses "Pass to …" when it is shown
/// (after a move in hot-seat play with hidden men). Returns whether it was.
pub async fn pass(root: &Element) -> bool {
    let shown = root.query_selector("[data-testid=pass]").unwrap().is_some();
    if shown {
        click(root, "[data-testid=pass]");
        yew::scheduler::flush().await;
    }
    shown
}

/// Lets the browser run the tasks it has queued (a fragment navigation's
/// `popstate`, which the routers hear), then lets Yew render.
pub async fn settle() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let _ = web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
    yew::scheduler::flush().await;
}
