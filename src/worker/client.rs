//! The page side of the worker.
//!
//! gloo-worker gives a bridge for messages but no way to stop a worker that
//! is busy in a long synchronous computation: its own "destroy" message
//! waits in the queue behind the job. Real cancellation needs
//! `Worker.terminate()`, so the client keeps the native `Worker` handle. It
//! obtains it by wrapping the global `Worker` constructor for the duration of
//! gloo-worker's spawn call (see [`spawn_capturing`]); a cancelled worker is
//! terminated at once and a fresh one started in its place, ready for the
//! next job.
//!
//! [`ComputeClient`] is typed by the domain of its jobs: it encodes the
//! domain's job and decodes the domain's answer, around an untyped core
//! that deals in bytes (one copy of it in the page, whatever the domains).

#![cfg(target_arch = "wasm32")]

use std::cell::RefCell;
use std::marker::PhantomData;
use std::rc::Rc;

use gloo_worker::{Spawnable, WorkerBridge};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use yew::Callback;

use crate::js_error::describe;
use fogbound_worker::ComputeWorker;

use super::protocol::{decode, encode, Domain, DomainId, Request, Response};
use super::ClientEvent;

/// Where Trunk puts the worker's script, relative to the page.
pub const WORKER_SCRIPT: &str = "worker.js";

/// A handle to one worker that runs the jobs of domain `D`, owned by a
/// component. Dropping it terminates the worker.
pub struct ComputeClient<D: Domain> {
    raw: RawClient,
    domain: PhantomData<D>,
}

impl<D: Domain> Clone for ComputeClient<D> {
    fn clone(&self) -> Self {
        ComputeClient {
            raw: self.raw.clone(),
            domain: PhantomData,
        }
    }
}

impl<D: Domain> PartialEq for ComputeClient<D> {
    fn eq(&self, other: &Self) -> bool {
        self.raw == other.raw
    }
}

impl<D: Domain> ComputeClient<D> {
    /// A client whose events, answers decoded, go to `on_event`.
    pub fn new(on_event: Callback<ClientEvent<D::Answer>>) -> ComputeClient<D> {
        let on_bytes = Callback::from(move |event: ClientEvent<Vec<u8>>| {
            on_event.emit(match event {
                ClientEvent::Progress { pass, done, total } => {
                    ClientEvent::Progress { pass, done, total }
                }
                ClientEvent::Done {
                    answer,
                    millis,
                    memory_bytes,
                } => match decode::<D::Answer>(&answer) {
                    Ok(answer) => ClientEvent::Done {
                        answer,
                        millis,
                        memory_bytes,
                    },
                    Err(e) => ClientEvent::Failed(format!("The worker's answer: {e}")),
                },
                ClientEvent::Interim(answer) => match decode::<D::Answer>(&answer) {
                    Ok(answer) => ClientEvent::Interim(answer),
                    Err(e) => ClientEvent::Failed(format!("The worker's answer: {e}")),
                },
                ClientEvent::Failed(message) => ClientEvent::Failed(message),
                ClientEvent::Cancelled => ClientEvent::Cancelled,
            })
        });
        ComputeClient {
            raw: RawClient::new(on_bytes),
            domain: PhantomData,
        }
    }

    /// Whether a job is under way.
    pub fn busy(&self) -> bool {
        self.raw.busy()
    }

    /// Starts `job`, abandoning (and cancelling) any job under way.
    pub fn run(&self, job: D::Job) -> Result<(), String> {
        self.raw.run(D::ID, encode(&job)?)
    }

    /// Stops the job under way at once by terminating its worker, and
    /// starts a fresh one, so that the next job does not wait for one.
    pub fn cancel(&self) {
        self.raw.cancel()
    }
}

struct Live {
    bridge: WorkerBridge<ComputeWorker>,
    native: web_sys::Worker,
    _on_error: Closure<dyn FnMut(web_sys::ErrorEvent)>,
}

impl Drop for Live {
    fn drop(&mut self) {
        // Events the worker sent before it was stopped may still wait in
        // the page's queue; with the handlers gone they fall on nothing
        // rather than on closures freed with this worker (a page error,
        // "closure invoked … after being dropped").
        self.native.set_onmessage(None);
        self.native.set_onerror(None);
        self.native.terminate();
    }
}

#[derive(Default)]
struct State {
    live: Option<Live>,
    next_id: u64,
    current: Option<u64>,
}

/// The client's core: jobs and answers as bytes.
#[derive(Clone)]
struct RawClient {
    state: Rc<RefCell<State>>,
    on_event: Callback<ClientEvent<Vec<u8>>>,
}

impl PartialEq for RawClient {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.state, &other.state)
    }
}

impl RawClient {
    fn new(on_event: Callback<ClientEvent<Vec<u8>>>) -> RawClient {
        RawClient {
            state: Rc::default(),
            on_event,
        }
    }

    fn busy(&self) -> bool {
        self.state.borrow().current.is_some()
    }

    fn run(&self, domain: DomainId, job: Vec<u8>) -> Result<(), String> {
        if self.busy() {
            self.cancel();
        }
        self.start_live()?;
        let mut state = self.state.borrow_mut();
        state.next_id += 1;
        let id = state.next_id;
        state.current = Some(id);
        if let Some(live) = &state.live {
            live.bridge.send(Request { id, domain, job });
        }
        Ok(())
    }

    fn cancel(&self) {
        // An idle worker is kept: it is ready for the next job.
        if self.state.borrow().current.is_none() {
            return;
        }
        {
            let mut state = self.state.borrow_mut();
            state.live = None; // terminates the worker
            state.current = None;
        }
        // A fresh worker now, while the person reads what was stopped: the
        // next job finds its WebAssembly compiled and instantiated (a cold
        // start from the click took 80–90 ms after Stop; SOLVER-NOTES.md).
        // One that cannot start is left for the next job to report.
        let _ = self.start_live();
        self.on_event.emit(ClientEvent::Cancelled);
    }

    /// Spawns a worker if none is live.
    fn start_live(&self) -> Result<(), String> {
        if self.state.borrow().live.is_none() {
            let live = self.spawn()?;
            self.state.borrow_mut().live = Some(live);
        }
        Ok(())
    }

    fn spawn(&self) -> Result<Live, String> {
        let weak = Rc::downgrade(&self.state);
        let on_event = self.on_event.clone();
        let mut spawner = ComputeWorker::spawner();
        spawner.callback(move |response: Response| {
            let Some(state) = weak.upgrade() else { return };
            if state.borrow().current != Some(response.id()) {
                return; // a message from an abandoned job
            }
            let event = match response {
                Response::Progress {
                    pass, done, total, ..
                } => ClientEvent::Progress { pass, done, total },
                Response::Interim { answer, .. } => ClientEvent::Interim(answer),
                Response::Done {
                    answer,
                    millis,
                    memory_bytes,
                    ..
                } => {
                    state.borrow_mut().current = None;
                    ClientEvent::Done {
                        answer,
                        millis,
                        memory_bytes,
                    }
                }
                Response::Failed { message, .. } => {
                    state.borrow_mut().current = None;
                    ClientEvent::Failed(message)
                }
            };
            on_event.emit(event);
        });
        let mut bridge = None;
        let native = spawn_capturing(&mut || bridge = Some(spawner.spawn(WORKER_SCRIPT)))
            .map_err(|e| format!("could not start the background worker: {e}"))?;
        let bridge = bridge.ok_or("could not start the background worker")?;

        // A worker that dies (a panic in the computation, a failed load)
        // reports through its `error` event; the job is then failed and the
        // dead worker dropped, so the next job gets a fresh one.
        let weak = Rc::downgrade(&self.state);
        let on_event = self.on_event.clone();
        let on_error =
            Closure::<dyn FnMut(web_sys::ErrorEvent)>::new(move |event: web_sys::ErrorEvent| {
                event.prevent_default();
                let Some(state) = weak.upgrade() else { return };
                let message = event.message();
                let had_job = {
                    let mut state = state.borrow_mut();
                    let dead = state.live.take();
                    let had_job = state.current.take().is_some();
                    drop(state);
                    drop(dead);
                    had_job
                };
                if had_job {
                    let detail = if message.is_empty() {
                        "the worker stopped".to_string()
                    } else {
                        message
                    };
                    on_event.emit(ClientEvent::Failed(format!(
                        "The computation failed: {detail}"
                    )));
                }
            });
        native.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Ok(Live {
            bridge,
            native,
            _on_error: on_error,
        })
    }
}

/// Runs `spawn` while the global `Worker` constructor is wrapped, so that the
/// worker it creates is captured, then restores the constructor and returns
/// the captured worker.
fn spawn_capturing(spawn: &mut dyn FnMut()) -> Result<web_sys::Worker, String> {
    let install = js_sys::Function::new_no_args(
        "const Original = globalThis.Worker; \
         globalThis.__fogboundWorker = { Original, made: null }; \
         globalThis.Worker = function (url, options) { \
             const made = new Original(url, options); \
             globalThis.__fogboundWorker.made = made; \
             return made; \
         };",
    );
    let restore = js_sys::Function::new_no_args(
        "const slot = globalThis.__fogboundWorker; \
         if (!slot) { return null; } \
         globalThis.Worker = slot.Original; \
         delete globalThis.__fogboundWorker; \
         return slot.made;",
    );
    install.call0(&JsValue::NULL).map_err(describe)?;
    spawn();
    let made = restore.call0(&JsValue::NULL).map_err(describe)?;
    made.dyn_into::<web_sys::Worker>()
        .map_err(|_| "the browser did not create a worker".to_string())
}
