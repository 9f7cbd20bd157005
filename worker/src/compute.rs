//! The worker: runs one job at a time and streams progress back.

use gloo_worker::{HandlerId, Worker, WorkerScope};

use super::dispatch::{self, Host, Kept};
use super::protocol::{Request, Response};

/// Shortest interval between two progress messages, in milliseconds.
const PROGRESS_INTERVAL_MS: f64 = 80.0;

/// The worker, with what it keeps between jobs.
pub struct ComputeWorker {
    kept: Kept,
}

impl Worker for ComputeWorker {
    type Message = ();
    type Input = Request;
    type Output = Response;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        ComputeWorker {
            kept: Kept::default(),
        }
    }

    fn update(&mut self, _scope: &WorkerScope<Self>, _msg: ()) {}

    fn received(&mut self, scope: &WorkerScope<Self>, request: Request, who: HandlerId) {
        let id = request.id;
        let started = now_ms();
        let mut last_report = f64::NEG_INFINITY;
        let mut report = |pass: &str, done: u64, total: u64| {
            let now = now_ms();
            if now - last_report >= PROGRESS_INTERVAL_MS || done >= total {
                last_report = now;
                let pass = pass.to_string();
                scope.respond(
                    who,
                    Response::Progress {
                        id,
                        pass,
                        done,
                        total,
                    },
                );
            }
        };
        let mut interim = |answer: Vec<u8>| scope.respond(who, Response::Interim { id, answer });
        let host = Host {
            now: now_ms,
            interim: &mut interim,
        };
        let response = match dispatch::run(
            request.domain,
            &request.job,
            &mut self.kept,
            &mut report,
            Some(host),
        ) {
            Ok(answer) => Response::Done {
                id,
                answer,
                millis: now_ms() - started,
                memory_bytes: memory_bytes(),
            },
            Err(message) => Response::Failed { id, message },
        };
        scope.respond(who, response);
    }
}

/// A high-resolution clock in milliseconds (`performance.now()`), falling
/// back to the date where a global has no `performance`.
fn now_ms() -> f64 {
    use wasm_bindgen::JsCast;
    let global = js_sys::global();
    js_sys::Reflect::get(&global, &"performance".into())
        .ok()
        .and_then(|p| p.dyn_into::<web_sys::Performance>().ok())
        .map(|p| p.now())
        .unwrap_or_else(js_sys::Date::now)
}

/// The size of the worker's WebAssembly memory: what its tables cost.
fn memory_bytes() -> u64 {
    use wasm_bindgen::JsCast;
    wasm_bindgen::memory()
        .dyn_into::<js_sys::WebAssembly::Memory>()
        .ok()
        .and_then(|m| m.buffer().dyn_into::<js_sys::ArrayBuffer>().ok())
        .map(|b| b.byte_length() as u64)
        .unwrap_or(0)
}
