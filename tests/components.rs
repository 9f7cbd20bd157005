//! Component tests in headless Chromium (wasm-bindgen-test): render into the
//! real DOM, click, and check what the DOM holds.
#![cfg(target_arch = "wasm32")]

use std::cell::RefCell;
use std::rc::Rc;

use fogbound::components::board::{Board, BoardView};
use fogbound::components::error_banner::{show_error, ErrorBanner, ErrorContext, Errors};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlElement;
use yew::prelude::*;

mod dom;

use dom::{click, mount_point};

wasm_bindgen_test_configure!(run_in_browser);

#[derive(Properties, PartialEq)]
struct BoardHarnessProps {
    view: Rc<BoardView>,
    clicks: Rc<RefCell<Vec<String>>>,
}

#[function_component(BoardHarness)]
fn board_harness(props: &BoardHarnessProps) -> Html {
    let clicks = props.clicks.clone();
    let on_square = Callback::from(move |square: String| clicks.borrow_mut().push(square));
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
    assert_eq!(nav_links, 5);
    let rules = root
        .query_selector_all(".nav-links a")
        .unwrap()
        .item(3)
        .unwrap()
        .dyn_into::<HtmlElement>()
        .unwrap();
    assert_eq!(rules.text_content().as_deref(), Some("Rules"));
    rules.click();
    yew::scheduler::flush().await;
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
