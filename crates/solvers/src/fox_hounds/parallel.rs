//! Running independent blocks of work on a few threads.
//!
//! Natively the blocks are shared out among `threads` scoped threads through
//! a queue, so uneven blocks still balance. On `wasm32` there are no threads
//! and the blocks run one after another.

/// Layers with fewer hound sets than this run on one thread: starting threads
/// costs more than it saves (every 8×8 layer is below it).
pub(crate) const PARALLEL_MIN_SLOTS: usize = 8192;

/// The threads worth using for a layer of `slots` hound sets.
pub(crate) fn threads_for(threads: usize, slots: usize) -> usize {
    if slots < PARALLEL_MIN_SLOTS {
        1
    } else {
        threads
    }
}

/// Runs `work` on every block, on up to `threads` threads.
pub(crate) fn run_blocks<B: Send, F: Fn(B) + Sync>(threads: usize, blocks: Vec<B>, work: F) {
    #[cfg(not(target_arch = "wasm32"))]
    if threads > 1 && blocks.len() > 1 {
        let queue = std::sync::Mutex::new(blocks.into_iter());
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| loop {
                    let next = queue.lock().unwrap_or_else(|e| e.into_inner()).next();
                    match next {
                        Some(block) => work(block),
                        None => break,
                    }
                });
            }
        });
        return;
    }
    let _ = threads;
    for block in blocks {
        work(block);
    }
}

/// The number of threads to use when the caller does not say: every core
/// natively, one on `wasm32`.
pub(crate) fn default_threads() -> usize {
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    }
    #[cfg(target_arch = "wasm32")]
    {
        1
    }
}
