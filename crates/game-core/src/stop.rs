//! Stopping a long computation from outside it, as the Python bindings do on Ctrl-C.
//!
//! A caller that may want to stop some work runs it with [`run_until_stopped`] and a
//! [`StopSignal`] it keeps a clone of. The workspace's long loops (a Grundy table's blocks,
//! a series' moves, a database's positions) call [`checkpoint`] once per step: when the
//! signal has been raised, the check unwinds the work's stack back to
//! [`run_until_stopped`], which returns [`Stopped`]; everything the work allocated is
//! dropped on the way, and threads it started see their channels close and end.
//!
//! Outside [`run_until_stopped`] a check does nothing, so no library function changes its
//! signature or its result for a caller who never stops anything. Unwinding is how salsa
//! (rust-analyzer's engine) cancels queries, for the same reason: a flag passed down by
//! hand would reach every long loop's signature. It needs the default `panic = "unwind"`;
//! under `panic = "abort"` do not raise a signal.
//!
//! # Examples
//!
//! ```
//! use game_core::stop::{StopSignal, Stopped, checkpoint, run_until_stopped};
//!
//! let signal = StopSignal::new();
//! let raiser = signal.clone();
//! let result = run_until_stopped(&signal, move || {
//!     for step in 0.. {
//!         checkpoint();
//!         if step == 1_000 {
//!             raiser.raise(); // in real use: another thread, on Ctrl-C
//!         }
//!     }
//! });
//! assert_eq!(result, Err(Stopped));
//! ```

use std::cell::RefCell;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A flag that asks the work run under it to stop at its next [`checkpoint`]; clones share
/// the flag.
#[derive(Debug, Clone, Default)]
pub struct StopSignal(Arc<AtomicBool>);

impl StopSignal {
    /// A signal not yet raised.
    pub fn new() -> Self {
        StopSignal::default()
    }

    /// Asks the work to stop; it does at its next [`checkpoint`].
    pub fn raise(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`StopSignal::raise`] has been called on this signal or a clone.
    pub fn is_raised(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// The work was stopped by its [`StopSignal`] before it finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the computation was stopped before it finished")]
pub struct Stopped;

thread_local! {
    /// The signal of the [`run_until_stopped`] this thread is inside, if any.
    static CURRENT: RefCell<Option<StopSignal>> = const { RefCell::new(None) };
}

/// Runs `work` on this thread, stopping it at its first [`checkpoint`] after `signal` is
/// raised. A panic in `work` is not a stop: it goes on unwinding past this call.
///
/// # Errors
///
/// [`Stopped`] if the signal stopped the work.
pub fn run_until_stopped<T>(signal: &StopSignal, work: impl FnOnce() -> T) -> Result<T, Stopped> {
    let outer = CURRENT.with(|current| current.replace(Some(signal.clone())));
    let result = panic::catch_unwind(AssertUnwindSafe(work));
    CURRENT.with(|current| current.replace(outer));
    match result {
        Ok(value) => Ok(value),
        Err(payload) if payload.is::<Stopped>() => Err(Stopped),
        Err(payload) => panic::resume_unwind(payload),
    }
}

/// Stops the work here if this thread runs under a raised [`StopSignal`]; otherwise (and
/// always outside [`run_until_stopped`]) returns at once. Cheap: a thread-local read and
/// an atomic load, for loops whose steps take microseconds or more.
pub fn checkpoint() {
    if CURRENT.with(|current| current.borrow().as_ref().is_some_and(StopSignal::is_raised)) {
        stop_here();
    }
}

/// This thread's signal carried to the threads its work starts (rayon's workers, which
/// do not run under [`run_until_stopped`]): a stop there unwinds into rayon, which carries
/// it back to the thread that started the work.
///
/// ```
/// use game_core::stop::{Carried, StopSignal, run_until_stopped};
///
/// let signal = StopSignal::new();
/// signal.raise();
/// let result = run_until_stopped(&signal, || {
///     let carried = Carried::from_this_thread();
///     std::thread::scope(|scope| scope.spawn(|| carried.checkpoint()).join().is_ok())
/// });
/// assert_eq!(result, Ok(false)); // the spawned thread stopped
/// ```
#[derive(Debug, Clone)]
pub struct Carried(Option<StopSignal>);

impl Carried {
    /// The signal this thread runs under, if any.
    pub fn from_this_thread() -> Self {
        Carried(CURRENT.with(|current| current.borrow().clone()))
    }

    /// [`checkpoint`], on any thread, for the signal carried.
    pub fn checkpoint(&self) {
        if self.0.as_ref().is_some_and(StopSignal::is_raised) {
            stop_here();
        }
    }
}

fn stop_here() -> ! {
    // resume_unwind, not panic!: no panic message, and run_until_stopped recognises it.
    panic::resume_unwind(Box::new(Stopped))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::thread;
    use std::time::Duration;

    #[test]
    fn outside_a_run_a_checkpoint_does_nothing() {
        let signal = StopSignal::new();
        signal.raise();
        checkpoint();
    }

    #[test]
    fn work_that_finishes_returns_its_value() {
        assert_eq!(run_until_stopped(&StopSignal::new(), || 42), Ok(42));
    }

    #[test]
    fn another_thread_stops_the_work_and_its_allocations_are_dropped() {
        let signal = StopSignal::new();
        let raiser = signal.clone();
        let kept = Arc::new(());
        let held = Arc::clone(&kept);
        thread::spawn(move || {
            thread::sleep(Duration::from_millis(20));
            raiser.raise();
        });
        let result = run_until_stopped(&signal, move || {
            let _held = held;
            loop {
                checkpoint();
                thread::yield_now();
            }
        });
        assert_eq!(result, Err(Stopped));
        assert_eq!(Arc::strong_count(&kept), 1);
    }

    #[test]
    fn a_panic_is_not_taken_for_a_stop() {
        let caught = panic::catch_unwind(|| {
            let _ = run_until_stopped(&StopSignal::new(), || panic!("a bug"));
        });
        assert!(caught.is_err());
    }

    #[test]
    fn after_a_run_the_thread_is_outside_again() {
        let signal = StopSignal::new();
        signal.raise();
        assert_eq!(run_until_stopped(&signal, checkpoint), Err(Stopped));
        checkpoint();
    }

    #[test]
    fn a_nested_run_restores_the_outer_signal() {
        let outer = StopSignal::new();
        let inner = StopSignal::new();
        let result = run_until_stopped(&outer, || {
            assert_eq!(run_until_stopped(&inner, || 1), Ok(1));
            outer.raise();
            checkpoint();
        });
        assert_eq!(result, Err(Stopped));
    }
}
