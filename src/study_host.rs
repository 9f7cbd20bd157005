//! Where the page draws a study route: it imports the study module
//! (`study.js` and `study_bg.wasm` beside the page, built from
//! `src/bin/study.rs`) the first time one is visited, mounts it into an
//! element of its own and takes it down when the person leaves the study
//! routes. While the module loads it says so; if it cannot load (offline
//! on a first visit, a file missing) it says why and offers a reload.

#![cfg(target_arch = "wasm32")]

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use js_sys::{Function, Object, Promise, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

use crate::js_error::describe;

/// The study module's files, beside the page.
const STUDY_SCRIPT: &str = "study.js";
const STUDY_WASM: &str = "study_bg.wasm";

thread_local! {
    /// The study module once loaded: later visits mount it at once.
    static MODULE: RefCell<Option<JsValue>> = const { RefCell::new(None) };
}

#[derive(Clone, Debug, PartialEq)]
enum Study {
    Loading,
    Mounted,
    Failed(String),
}

/// The host of every study route.
#[function_component(StudyHost)]
pub fn study_host() -> Html {
    let mount_point = use_node_ref();
    let status = use_state(|| Study::Loading);
    {
        let (mount_point, status) = (mount_point.clone(), status.clone());
        use_effect_with((), move |_| {
            // Whether the host is still there when the module arrives.
            let here = Rc::new(Cell::new(true));
            let mounted: Rc<RefCell<Option<JsValue>>> = Rc::default();
            {
                let (here, mounted) = (here.clone(), mounted.clone());
                wasm_bindgen_futures::spawn_local(async move {
                    let result = match load().await {
                        Ok(module) if here.get() => {
                            mount(&module, &mount_point).map(|()| Some(module))
                        }
                        Ok(_) => Ok(None),
                        Err(why) => Err(why),
                    };
                    match result {
                        Ok(Some(module)) => {
                            *mounted.borrow_mut() = Some(module);
                            status.set(Study::Mounted);
                        }
                        Ok(None) => {}
                        Err(why) if here.get() => status.set(Study::Failed(why)),
                        Err(_) => {}
                    }
                });
            }
            move || {
                here.set(false);
                if let Some(module) = mounted.borrow_mut().take() {
                    if let Err(why) = call(&module, "unmount", None) {
                        web_sys::console::warn_1(&why.into());
                    }
                }
            }
        });
    }
    let reload = Callback::from(|_: MouseEvent| {
        if let Some(window) = web_sys::window() {
            let _ = window.location().reload();
        }
    });
    html! {
        <div class="study-host" data-study={match &*status {
            Study::Loading => "loading",
            Study::Mounted => "mounted",
            Study::Failed(_) => "failed",
        }}>
            if *status == Study::Loading {
                <section class="page narrow">
                    <p class="note" role="status" data-testid="study-loading">{ "Loading the puzzles, solvers and lab…" }</p>
                </section>
            }
            if let Study::Failed(why) = &*status {
                <section class="page narrow" role="alert" data-testid="study-failed">
                    <h1>{ "This page did not load" }</h1>
                    <p>{ format!("The puzzles, solvers and lab are a second download, fetched the first time \
                                  one is opened, and it did not arrive ({why}). Check your connection and reload; \
                                  once loaded they work offline too.") }</p>
                    <button type="button" onclick={reload}>{ "Reload" }</button>
                </section>
            }
            <div ref={mount_point}></div>
        </div>
    }
}

/// The study module, imported and initialised once.
async fn load() -> Result<JsValue, String> {
    if let Some(module) = MODULE.with(|m| m.borrow().clone()) {
        return Ok(module);
    }
    let script = beside_page(STUDY_SCRIPT)?;
    let wasm = beside_page(STUDY_WASM)?;
    let import = Function::new_with_args("url", "return import(url)");
    // The browser's own words go to the console; the page names the file.
    let module = awaited(import.call1(&JsValue::NULL, &script.into()))
        .await
        .map_err(|why| {
            web_sys::console::warn_1(&why.into());
            format!("{STUDY_SCRIPT} could not be fetched")
        })?;
    let options = Object::new();
    Reflect::set(&options, &"module_or_path".into(), &wasm.into()).map_err(describe)?;
    let init = Reflect::get(&module, &"default".into())
        .ok()
        .and_then(|f| f.dyn_into::<Function>().ok())
        .ok_or_else(|| format!("{STUDY_SCRIPT} is not the study module"))?;
    awaited(init.call1(&JsValue::NULL, &options))
        .await
        .map_err(|why| {
            web_sys::console::warn_1(&why.into());
            format!("{STUDY_WASM} could not be loaded")
        })?;
    MODULE.with(|m| *m.borrow_mut() = Some(module.clone()));
    Ok(module)
}

fn mount(module: &JsValue, mount_point: &NodeRef) -> Result<(), String> {
    let element = mount_point
        .cast::<web_sys::Element>()
        .ok_or("the page has no place for the study pages")?;
    call(module, "mount", Some(&element.into()))
}

/// Calls the study module's export `name`.
fn call(module: &JsValue, name: &str, argument: Option<&JsValue>) -> Result<(), String> {
    let function = Reflect::get(module, &name.into())
        .ok()
        .and_then(|f| f.dyn_into::<Function>().ok())
        .ok_or_else(|| format!("the study module has no {name}"))?;
    match argument {
        Some(argument) => function.call1(&JsValue::NULL, argument),
        None => function.call0(&JsValue::NULL),
    }
    .map(|_| ())
    .map_err(describe)
}

/// `name`'s address beside the page (the page may be served from any
/// folder).
fn beside_page(name: &str) -> Result<String, String> {
    let base = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.base_uri().ok().flatten())
        .ok_or("the page has no address")?;
    web_sys::Url::new_with_base(name, &base)
        .map(|u| u.href())
        .map_err(describe)
}

/// The value a promise-returning call settles to.
async fn awaited(called: Result<JsValue, JsValue>) -> Result<JsValue, String> {
    let promise = called
        .map_err(describe)?
        .dyn_into::<Promise>()
        .map_err(describe)?;
    JsFuture::from(promise).await.map_err(describe)
}
