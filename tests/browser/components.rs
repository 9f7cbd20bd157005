//! Component tests in headless Chromium (wasm-bindgen-test): render into the
//! real DOM, click, and check what the DOM holds.

use std::cell::RefCell;
use std::rc::Rc;

use fogbound::components::board::{Board, BoardSquare, BoardView};
use fogbound::components::error_banner::{show_error, ErrorBanner, ErrorContext, Errors};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlElement;
use yew::prelude::*;

use crate::dom::{click, mount_point};

#[derive(Properties, PartialEq)]
struct BoardHarnessProps {
    view: Rc<BoardView>,
    clicks: Rc<RefCell<Vec<String>>>,
}

#[function_component(BoardHarness)]
fn board_harness(props: &BoardHarnessProps) -> Html {
    let clicks = props.clicks.clone();
    let on_square =
        Callback::from(move |square: BoardSquare| clicks.borrow_mut().push(square.name()));
    html! { <Board view={props.view.clone()} on_square={on_square} /> }
}

#[wasm_bindgen_test]
async fn board_draws_pieces_fog_and_destinations_and_reports_clicks() {
    let mut view = BoardView::from_placement(8, 8, "????????/????????/8/8/8/8/8/4K3").unwrap();
    let e2 = view.index(4, 1);
    view.squares[e2].dest = true;
    let clicks = Rc::new(RefCell::new(Vec::new()));
    let root = mount_point();
    yew::Renderer::<BoardHarness>::with_root_and_props(
        root.clone(),
        BoardHarnessProps {
            view: Rc::new(view),
            clicks: clicks.clone(),
        },
    )
    .render();
    yew::scheduler::flush().await;

    assert_eq!(
        root.query_selector_all("[data-square]").unwrap().length(),
        64
    );
    let king = root
        .query_selector("[data-square='e1'] [data-piece]")
        .unwrap()
        .expect("a piece on e1");
    assert_eq!(king.get_attribute("data-piece").as_deref(), Some("wK"));
    assert_eq!(root.query_selector_all("[data-piece]").unwrap().length(), 1);
    assert_eq!(root.query_selector_all("[data-fog]").unwrap().length(), 16);
    assert!(root
        .query_selector("[data-square='a8'][data-fog]")
        .unwrap()
        .is_some());
    assert!(root
        .query_selector("[data-square='a6'][data-fog]")
        .unwrap()
        .is_none());
    assert!(root
        .query_selector("[data-square='e2'] [data-dest]")
        .unwrap()
        .is_some());
    let label = root
        .query_selector("[data-square='h8']")
        .unwrap()
        .unwrap()
        .get_attribute("aria-label");
    assert_eq!(label.as_deref(), Some("h8, hidden"));

    click(&root, "[data-square='e2']");
    click(&root, "[data-square='h8']");
    assert_eq!(*clicks.borrow(), vec!["e2".to_string(), "h8".to_string()]);
}

#[wasm_bindgen_test]
async fn a_ten_by_eight_board_flips() {
    let view = BoardView::from_placement(
        10,
        8,
        "rnnhkqhnnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RANBFNBNAR",
    )
    .unwrap();
    let root = mount_point();
    #[derive(Properties, PartialEq)]
    struct P {
        view: Rc<BoardView>,
    }
    #[function_component(Flipped)]
    fn flipped(p: &P) -> Html {
        html! { <Board view={p.view.clone()} flipped=true /> }
    }
    yew::Renderer::<Flipped>::with_root_and_props(
        root.clone(),
        P {
            view: Rc::new(view),
        },
    )
    .render();
    yew::scheduler::flush().await;
    assert_eq!(
        root.query_selector_all("[data-square]").unwrap().length(),
        80
    );
    assert!(root
        .query_selector("[data-square='j8'] [data-piece='bR']")
        .unwrap()
        .is_some());
    assert!(root
        .query_selector("[data-square='e1'] [data-piece='wF']")
        .unwrap()
        .is_some());
    // Flipped: a1 is drawn at the top right.
    let a1 = root
        .query_selector("[data-square='a1'] rect")
        .unwrap()
        .unwrap();
    assert_eq!(a1.get_attribute("x").as_deref(), Some("900"));
    assert_eq!(a1.get_attribute("y").as_deref(), Some("0"));
}

#[function_component(ErrorHarness)]
fn error_harness() -> Html {
    let errors = use_reducer(Errors::default);
    html! {
        <ContextProvider<ErrorContext> context={errors}>
            <ErrorBanner />
            <Trigger />
        </ContextProvider<ErrorContext>>
    }
}

#[function_component(Trigger)]
fn trigger() -> Html {
    let errors = use_context::<ErrorContext>();
    let onclick =
        Callback::from(move |_| show_error(&errors, "That FEN has 9 ranks; a board has 8."));
    html! { <button id="trigger" {onclick}>{ "fail" }</button> }
}

#[wasm_bindgen_test]
async fn errors_show_in_the_banner_and_can_be_dismissed() {
    let root = mount_point();
    yew::Renderer::<ErrorHarness>::with_root(root.clone()).render();
    yew::scheduler::flush().await;
    assert!(root
        .query_selector("[data-testid='error-banner']")
        .unwrap()
        .is_none());

    root.query_selector("#trigger")
        .unwrap()
        .unwrap()
        .dyn_into::<HtmlElement>()
        .unwrap()
        .click();
    yew::scheduler::flush().await;
    let banner = root
        .query_selector("[data-testid='error-banner']")
        .unwrap()
        .expect("banner shown");
    assert!(banner.text_content().unwrap().contains("9 ranks"));

    root.query_selector(".dismiss")
        .unwrap()
        .unwrap()
        .dyn_into::<HtmlElement>()
        .unwrap()
        .click();
    yew::scheduler::flush().await;
    assert!(root
        .query_selector("[data-testid='error-banner']")
        .unwrap()
        .is_none());
}

#[wasm_bindgen_test]
async fn the_app_navigates_between_pages() {
    let root = mount_point();
    yew::Renderer::<fogbound::App>::with_root(root.clone()).render();
    yew::scheduler::flush().await;
    let nav_links = root.query_selector_all(".nav-links a").unwrap().length();
    assert_eq!(nav_links, 6);
    let rules = root
        .query_selector_all(".nav-links a")
        .unwrap()
        .item(4)
        .unwrap()
        .dyn_into::<HtmlElement>()
        .unwrap();
    assert_eq!(rules.text_content().as_deref(), Some("Rules"));
    assert_eq!(rules.get_attribute("href").as_deref(), Some("#/rules"));
    // A fragment navigation: the router hears it with the browser's
    // `popstate`, as a second app on the page would.
    rules.click();
    crate::dom::settle().await;
    let h1 = root.query_selector("h1").unwrap().unwrap();
    assert_eq!(h1.text_content().as_deref(), Some("Rules"));
    assert!(
        root.query_selector(".nav-links a.current")
            .unwrap()
            .unwrap()
            .text_content()
            .unwrap()
            == "Rules"
    );
}

// --- Drag, marks, keyboard, labels and the slide ---------------------------

use crate::dom::{key, square_centre, Pointer};
use web_sys::Element;

fn count(root: &Element, selector: &str) -> u32 {
    root.query_selector_all(selector).unwrap().length()
}

fn attr(root: &Element, selector: &str, name: &str) -> Option<String> {
    root.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("nothing matches {selector}"))
        .get_attribute(name)
}

/// White to move: king e1 and pawn e2 may move; the black king may not.
fn white_to_move() -> BoardView {
    let mut view = BoardView::from_placement(8, 8, "4k3/8/8/8/8/8/4P3/4K3").unwrap();
    for (file, rank) in [(4, 1), (4, 0)] {
        let i = view.index(file, rank);
        view.squares[i].movable = true;
    }
    view
}

async fn mount_board(view: BoardView) -> (Element, Rc<RefCell<Vec<String>>>) {
    let clicks = Rc::new(RefCell::new(Vec::new()));
    let root = mount_point();
    yew::Renderer::<BoardHarness>::with_root_and_props(
        root.clone(),
        BoardHarnessProps {
            view: Rc::new(view),
            clicks: clicks.clone(),
        },
    )
    .render();
    yew::scheduler::flush().await;
    (root, clicks)
}

fn taken(clicks: &Rc<RefCell<Vec<String>>>) -> Vec<String> {
    std::mem::take(&mut *clicks.borrow_mut())
}

#[wasm_bindgen_test]
async fn a_drag_with_mouse_or_finger_reports_the_origin_then_the_drop() {
    let (root, clicks) = mount_board(white_to_move()).await;
    let board = "svg.board";
    let m = Pointer::MOUSE;
    m.send(
        &root,
        "[data-square='e2'] rect",
        "pointerdown",
        square_centre(&root, "e2"),
    );
    yew::scheduler::flush().await;
    assert_eq!(count(&root, ".drag-float"), 0, "a press alone is no drag");
    m.send(&root, board, "pointermove", square_centre(&root, "e3"));
    yew::scheduler::flush().await;
    // The drag started: the origin is reported (it was not selected), the
    // man follows the pointer, and the origin shows it lifted.
    assert_eq!(taken(&clicks), vec!["e2"]);
    assert_eq!(count(&root, ".drag-float"), 1);
    assert_eq!(count(&root, ".drag-float [data-piece]"), 0);
    assert_eq!(count(&root, "[data-piece]"), 3);
    assert_eq!(count(&root, "[data-square='e2'] .lifted"), 1);
    assert_eq!(count(&root, ".drag-over"), 1);
    m.send(&root, board, "pointermove", square_centre(&root, "e4"));
    yew::scheduler::flush().await;
    // The floating man is on e4's centre (450, 450 in board units).
    let float = attr(&root, ".drag-float", "transform").unwrap();
    let numbers: Vec<f64> = float
        .trim_start_matches("translate(")
        .trim_end_matches(')')
        .split(' ')
        .map(|n| n.parse().unwrap())
        .collect();
    assert!(
        (numbers[0] - 450.0).abs() < 5.0 && (numbers[1] - 450.0).abs() < 5.0,
        "{float}"
    );
    m.send(&root, board, "pointerup", square_centre(&root, "e4"));
    yew::scheduler::flush().await;
    assert_eq!(taken(&clicks), vec!["e4"]);
    assert_eq!(count(&root, ".drag-float"), 0);
    assert_eq!(count(&root, ".lifted"), 0);
    // The click the browser sends after the release is not a second click.
    click(&root, "[data-square='e4']");
    assert!(taken(&clicks).is_empty());

    // A finger: the same through touch pointers.
    Pointer::TOUCH.drag(&root, &["e1", "d1", "d2"]);
    yew::scheduler::flush().await;
    assert_eq!(taken(&clicks), vec!["e1", "d2"]);

    // A press that does not move stays a click, reported once by the click.
    m.send(
        &root,
        "[data-square='e2'] rect",
        "pointerdown",
        square_centre(&root, "e2"),
    );
    m.send(&root, board, "pointerup", square_centre(&root, "e2"));
    click(&root, "[data-square='e2']");
    assert_eq!(taken(&clicks), vec!["e2"]);
}

#[wasm_bindgen_test]
async fn a_drop_on_the_origin_or_off_the_board_cancels() {
    let mut view = white_to_move();
    let e2 = view.index(4, 1);
    view.squares[e2].selected = true;
    view.squares[e2].highlight = true;
    let (root, clicks) = mount_board(view).await;
    let board = "svg.board";
    let m = Pointer::MOUSE;
    // Already selected: picking it up says nothing; back on e2 cancels.
    m.drag(&root, &["e2", "e4", "e2"]);
    yew::scheduler::flush().await;
    assert!(taken(&clicks).is_empty());
    // Off the board.
    let svg = root.query_selector(board).unwrap().unwrap();
    let rect = svg.get_bounding_client_rect();
    let outside = ((rect.right() + 40.0) as i32, (rect.top() + 10.0) as i32);
    m.send(
        &root,
        "[data-square='e2'] rect",
        "pointerdown",
        square_centre(&root, "e2"),
    );
    m.send(&root, board, "pointermove", square_centre(&root, "e4"));
    m.send(&root, board, "pointermove", outside);
    m.send(&root, board, "pointerup", outside);
    yew::scheduler::flush().await;
    assert!(taken(&clicks).is_empty());
    assert_eq!(count(&root, ".drag-float"), 0);
    // A cancelled pointer (the browser took the gesture) drops nothing.
    let t = Pointer::TOUCH;
    t.send(
        &root,
        "[data-square='e2'] rect",
        "pointerdown",
        square_centre(&root, "e2"),
    );
    t.send(&root, board, "pointermove", square_centre(&root, "e4"));
    yew::scheduler::flush().await;
    assert_eq!(count(&root, ".drag-float"), 1);
    t.send(&root, board, "pointercancel", square_centre(&root, "e4"));
    t.send(&root, board, "pointerup", square_centre(&root, "e4"));
    yew::scheduler::flush().await;
    assert!(taken(&clicks).is_empty());
    assert_eq!(count(&root, ".drag-float"), 0);
    // The opponent's king cannot be picked up.
    m.drag(&root, &["e8", "e7"]);
    yew::scheduler::flush().await;
    assert!(taken(&clicks).is_empty());
    assert_eq!(count(&root, ".drag-float"), 0);
}

#[wasm_bindgen_test]
async fn right_click_circles_and_right_drag_arrows() {
    let (root, clicks) = mount_board(white_to_move()).await;
    let r = Pointer::RIGHT;
    // The context menu never opens on the board.
    let init = web_sys::MouseEventInit::new();
    init.set_bubbles(true);
    init.set_cancelable(true);
    let menu = web_sys::MouseEvent::new_with_mouse_event_init_dict("contextmenu", &init).unwrap();
    let e4 = root.query_selector("[data-square='e4']").unwrap().unwrap();
    assert!(
        !e4.dispatch_event(&menu).unwrap(),
        "the context menu was not suppressed"
    );

    r.drag(&root, &["e4"]);
    yew::scheduler::flush().await;
    assert_eq!(count(&root, "[data-mark='circle'][data-from='e4']"), 1);
    r.drag(&root, &["e4"]);
    yew::scheduler::flush().await;
    assert_eq!(
        count(&root, "[data-mark]"),
        0,
        "the same circle again removes it"
    );

    r.drag(&root, &["e2", "e3", "e4"]);
    yew::scheduler::flush().await;
    assert_eq!(
        count(&root, "[data-mark='arrow'][data-from='e2'][data-to='e4']"),
        1
    );
    assert_eq!(count(&root, "[data-mark].brush-green"), 1);
    let shifted = Pointer { shift: true, ..r };
    shifted.drag(&root, &["e2", "e4"]);
    r.drag(&root, &["g1", "f3"]);
    yew::scheduler::flush().await;
    assert_eq!(count(&root, "[data-mark='arrow']"), 2);
    assert_eq!(
        count(&root, "[data-mark='arrow'][data-from='e2'].brush-red"),
        1
    );
    // Drawing never clicks and adds no man.
    assert!(taken(&clicks).is_empty());
    assert_eq!(count(&root, "[data-piece]"), 3);
    // A left click clears the drawing.
    Pointer::MOUSE.send(
        &root,
        "[data-square='a5'] rect",
        "pointerdown",
        square_centre(&root, "a5"),
    );
    yew::scheduler::flush().await;
    assert_eq!(count(&root, "[data-mark]"), 0);
}

#[wasm_bindgen_test]
async fn the_keyboard_moves_a_cursor_clicks_and_flips() {
    let (root, clicks) = mount_board(white_to_move()).await;
    let svg = root.query_selector("svg.board").unwrap().unwrap();
    assert_eq!(svg.get_attribute("tabindex").as_deref(), Some("0"));
    svg.clone()
        .dyn_into::<web_sys::SvgElement>()
        .unwrap()
        .focus()
        .unwrap();
    let board = "svg.board";
    let active = |root: &Element| {
        let id = attr(root, board, "aria-activedescendant").unwrap_or_default();
        root.query_selector(&format!("[id='{id}']"))
            .unwrap()
            .and_then(|e| e.get_attribute("data-square"))
    };
    // The first arrow shows the cursor at the viewer's bottom-left corner.
    key(&root, board, "ArrowUp");
    yew::scheduler::flush().await;
    assert_eq!(active(&root).as_deref(), Some("a1"));
    assert_eq!(count(&root, ".kbd-cursor"), 1);
    for k in [
        "ArrowRight",
        "ArrowRight",
        "ArrowRight",
        "ArrowRight",
        "ArrowUp",
    ] {
        key(&root, board, k);
    }
    yew::scheduler::flush().await;
    assert_eq!(active(&root).as_deref(), Some("e2"));
    key(&root, board, "Enter");
    assert_eq!(taken(&clicks), vec!["e2"]);
    // f flips the board; the cursor stays on its square, and "up" is now
    // towards rank 1.
    key(&root, board, "f");
    yew::scheduler::flush().await;
    assert_eq!(
        attr(&root, "[data-square='a1'] rect", "x").as_deref(),
        Some("700")
    );
    assert_eq!(
        attr(&root, "[data-square='a1'] rect", "y").as_deref(),
        Some("0")
    );
    assert_eq!(active(&root).as_deref(), Some("e2"));
    key(&root, board, "ArrowUp");
    yew::scheduler::flush().await;
    assert_eq!(active(&root).as_deref(), Some("e1"));
    key(&root, board, " ");
    assert_eq!(taken(&clicks), vec!["e1"]);
    key(&root, board, "f");
    yew::scheduler::flush().await;
    assert_eq!(
        attr(&root, "[data-square='a1'] rect", "x").as_deref(),
        Some("0")
    );
}

#[wasm_bindgen_test]
async fn labels_name_only_what_the_view_shows() {
    let mut view = BoardView::from_placement(8, 8, "????????/????????/8/8/4N3/8/8/4K3").unwrap();
    let (e4, e5) = (view.index(4, 3), view.index(4, 4));
    view.squares[e4].selected = true;
    view.squares[e5].dest = true;
    let (root, _) = mount_board(view.clone()).await;
    let cells = root.query_selector_all("[role='gridcell']").unwrap();
    assert_eq!(cells.length(), 64);
    for i in 0..cells.length() {
        let cell = cells.item(i).unwrap().dyn_into::<Element>().unwrap();
        let name = cell.get_attribute("data-square").unwrap();
        let label = cell.get_attribute("aria-label").unwrap();
        let piece = cell
            .query_selector("[data-piece]")
            .unwrap()
            .map(|p| p.get_attribute("data-piece").unwrap());
        let expected = match (piece.as_deref(), cell.has_attribute("data-fog")) {
            (Some("wN"), _) => format!("{name}, white knight"),
            (Some("wK"), _) => format!("{name}, white king"),
            (Some(other), _) => panic!("unexpected {other}"),
            (None, true) => format!("{name}, hidden"),
            (None, false) => format!("{name}, empty"),
        };
        assert!(label.starts_with(&expected), "{label} vs {expected}");
        assert!(!label.contains("black"), "{label}");
    }
    assert_eq!(
        attr(&root, "[data-square='e4']", "aria-label").as_deref(),
        Some("e4, white knight, selected")
    );
    assert_eq!(
        attr(&root, "[data-square='e4']", "aria-selected").as_deref(),
        Some("true")
    );
    assert_eq!(
        attr(&root, "[data-square='e5']", "aria-label").as_deref(),
        Some("e5, empty, possible move")
    );
    assert_eq!(
        attr(&root, "[data-square='c7']", "aria-label").as_deref(),
        Some("c7, hidden")
    );
    // The rows hold the cells, top row first.
    let first = root
        .query_selector("[role='row'] [role='gridcell']")
        .unwrap()
        .unwrap();
    assert_eq!(first.get_attribute("data-square").as_deref(), Some("a8"));
}

#[wasm_bindgen_test]
async fn a_seen_move_slides_in_and_an_unseen_one_does_not() {
    let mut view = BoardView::from_placement(8, 8, "4k3/8/8/8/4P3/8/8/4K3").unwrap();
    view.slide = Some((view.index(4, 1), view.index(4, 3)));
    let (root, _) = mount_board(view).await;
    assert_eq!(count(&root, ".slide"), 1);
    let style = attr(&root, "[data-square='e4'] .slide", "style").unwrap();
    assert!(
        style.contains("--slide-x: 0px") && style.contains("--slide-y: 200px"),
        "{style}"
    );
    // Nothing shown on the landing square: nothing slides.
    let mut view = BoardView::from_placement(8, 8, "4k3/8/8/8/8/8/8/4K3").unwrap();
    view.slide = Some((view.index(4, 1), view.index(4, 3)));
    let (root, _) = mount_board(view).await;
    assert_eq!(count(&root, ".slide"), 0);
}

#[derive(Properties, PartialEq)]
struct ContextHarnessProps {
    view: Rc<BoardView>,
    heard: Rc<RefCell<Vec<String>>>,
    claims: bool,
}

/// A board whose clicks and context reports are written down
/// (`e4` for a square, `ctx:e4` for a right-click or long press).
#[function_component(ContextHarness)]
fn context_harness(props: &ContextHarnessProps) -> Html {
    let (a, b) = (props.heard.clone(), props.heard.clone());
    let on_square = Callback::from(move |s: BoardSquare| a.borrow_mut().push(s.name()));
    let on_context =
        Callback::from(move |s: BoardSquare| b.borrow_mut().push(format!("ctx:{}", s.name())));
    html! { <Board view={props.view.clone()} {on_square} {on_context} context_claims={props.claims} /> }
}

async fn mount_context(claims: bool) -> (Element, Rc<RefCell<Vec<String>>>) {
    let heard = Rc::new(RefCell::new(Vec::new()));
    let root = mount_point();
    yew::Renderer::<ContextHarness>::with_root_and_props(
        root.clone(),
        ContextHarnessProps {
            view: Rc::new(white_to_move()),
            heard: heard.clone(),
            claims,
        },
    )
    .render();
    yew::scheduler::flush().await;
    (root, heard)
}

/// Waits `ms` milliseconds (a long press needs real time to pass).
async fn sleep(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
}

#[wasm_bindgen_test]
async fn a_right_click_or_a_long_press_reports_its_square_and_a_held_finger_draws_arrows() {
    let (root, heard) = mount_context(false).await;
    let board = "svg.board";
    // A right-click in place: reported, and a circle drawn.
    crate::dom::Pointer::RIGHT.drag(&root, &["e5"]);
    yew::scheduler::flush().await;
    assert_eq!(taken(&heard), vec!["ctx:e5"]);
    assert_eq!(count(&root, "[data-mark='circle'][data-from='e5']"), 1);
    // A right-drag to another square is an arrow, not a report.
    crate::dom::Pointer::RIGHT.drag(&root, &["e5", "e6"]);
    yew::scheduler::flush().await;
    assert!(taken(&heard).is_empty());
    assert_eq!(count(&root, "[data-mark='arrow']"), 1);

    // A finger held still on d4 for long enough, then lifted: reported,
    // and a circle; no click.
    let t = crate::dom::Pointer::TOUCH;
    let d4 = square_centre(&root, "d4");
    t.send(&root, "[data-square='d4'] rect", "pointerdown", d4);
    sleep(650).await;
    yew::scheduler::flush().await;
    t.send(&root, board, "pointerup", d4);
    yew::scheduler::flush().await;
    assert_eq!(taken(&heard), vec!["ctx:d4"]);
    assert_eq!(count(&root, "[data-mark='circle'][data-from='d4']"), 1);

    // Held, then slid to b6: an arrow by touch.
    t.send(&root, "[data-square='d4'] rect", "pointerdown", d4);
    sleep(650).await;
    yew::scheduler::flush().await;
    t.send(&root, board, "pointermove", square_centre(&root, "c5"));
    t.send(&root, board, "pointermove", square_centre(&root, "b6"));
    t.send(&root, board, "pointerup", square_centre(&root, "b6"));
    yew::scheduler::flush().await;
    assert!(taken(&heard).is_empty());
    assert_eq!(
        count(&root, "[data-mark='arrow'][data-from='d4'][data-to='b6']"),
        1
    );

    // A finger that moves at once still drags a man: origin, then drop.
    t.drag(&root, &["e2", "e3", "e4"]);
    yew::scheduler::flush().await;
    sleep(650).await;
    yew::scheduler::flush().await;
    assert_eq!(taken(&heard), vec!["e2", "e4"]);
}

#[wasm_bindgen_test]
async fn a_claimed_right_click_draws_nothing() {
    let (root, heard) = mount_context(true).await;
    crate::dom::Pointer::RIGHT.drag(&root, &["e2"]);
    yew::scheduler::flush().await;
    assert_eq!(taken(&heard), vec!["ctx:e2"]);
    assert_eq!(count(&root, "[data-mark]"), 0);
}

// --- The puzzle solver's proof ----------------------------------------------

#[derive(Properties, PartialEq)]
struct TreeHarnessProps {
    plan: fogbound_puzzles::solver::Plan,
}

#[function_component(TreeHarness)]
fn tree_harness(props: &TreeHarnessProps) -> Html {
    html! { <fogbound::pages::SolutionTree plan={props.plan.clone()} /> }
}

#[wasm_bindgen_test]
async fn the_proof_tree_numbers_moves_folds_branches_and_shows_any() {
    // Pien ten Cate's #2 (The Problemist 1973), solved here in wasm: its
    // proof asks "Any?" at White's second move.
    let puzzle = fogbound_puzzles::puzzle::Puzzle::from_json(
        r#"{"fen": "8/8/8/2KBkpQn/8/4pr2/4P3/8 w - - 0 1", "goal": "mate", "moves": 2, "rules": "english"}"#,
    )
    .unwrap();
    let solution = fogbound_puzzles::solver::solve(&puzzle, 1_000_000).unwrap();
    let plan = solution.tree.expect("solved with a proof");
    let root = mount_point();
    yew::Renderer::<TreeHarness>::with_root_and_props(root.clone(), TreeHarnessProps { plan })
        .render();
    yew::scheduler::flush().await;
    let tree = root
        .query_selector("[data-testid='puzzle-tree']")
        .unwrap()
        .expect("the tree");
    let moves: Vec<String> = (0..tree.query_selector_all(".plan-move").unwrap().length())
        .map(|i| {
            tree.query_selector_all(".plan-move")
                .unwrap()
                .item(i)
                .unwrap()
                .text_content()
                .unwrap()
        })
        .collect();
    assert!(moves[0].starts_with("1. Qh4"), "{moves:?}");
    assert!(moves[1].starts_with("2. Any?"), "{moves:?}");
    assert!(
        moves.iter().any(|m| m.starts_with("2. exd3")),
        "the empty try: {moves:?}"
    );
    // The first level is open, deeper ones folded until clicked.
    let details = tree.query_selector_all("details").unwrap();
    let open = |i: u32| {
        details
            .item(i)
            .unwrap()
            .dyn_into::<web_sys::HtmlDetailsElement>()
            .unwrap()
            .open()
    };
    assert!(open(0), "the answers to the key are open");
    assert!(!open(1), "the answers after \"Any?\" are folded");
    let text = tree.text_content().unwrap();
    assert!(text.contains("“Yes"), "{text}");
    assert!(text.contains("“No"), "{text}");
    assert!(text.contains("— done"), "{text}");
}
