//! Python bindings of the game-analysis crates: the extension module `game_analysis._native`,
//! which the Python package `game_analysis` (in `python/`) wraps with Python's own types.
//!
//! One submodule per paper, each a thin layer over its crate:
//! - `matches` ([`nim_games::matches`]): the matches report's tree sizes and losing positions;
//! - `grundy` ([`nim_games::grundys_game`], [`nim_games::octal`], [`nim_games::stream`]):
//!   Grundy's game and the octal games, G(0..=n) in memory or streamed with checkpoints;
//! - `johnson` ([`lookahead_eval`]): W for Johnson's strategies as a rigorous interval, and
//!   exactly in the dependent form;
//! - `levene_fenner` ([`minimax_random`]): prob(n) of random minimaxing, Nau's w_b;
//! - `backgammon` ([`backgammon_cube`]): F(k, s), the cube equities, the one- and two-sided
//!   bear-off databases.
//!
//! Exact values cross as `(numerator, denominator)` pairs of Python ints, which the package
//! turns into `fractions.Fraction`; every error is a `ValueError` subclass carrying the Rust
//! error's message; the long computations release the GIL and stop at Ctrl-C
//! (`interruptible`). The crates themselves know
//! nothing of Python.

use std::fmt::Display;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::Duration;

use game_core::memory::MemoryError;
use game_core::stop::{StopSignal, run_until_stopped};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Zero;
use pyo3::exceptions::{PyMemoryError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::type_object::PyTypeInfo;
use pyo3::types::{PyBool, PyDict, PyTuple, PyType};

mod backgammon;
mod grundy;
mod johnson;
mod levene_fenner;
mod matches;

pyo3::create_exception!(
    game_analysis,
    GameAnalysisError,
    PyValueError,
    "Bad input to a game_analysis function; the message is the Rust library's."
);
pyo3::create_exception!(
    game_analysis,
    MatchesError,
    GameAnalysisError,
    "Bad input to game_analysis.matches."
);
pyo3::create_exception!(
    game_analysis,
    GrundyError,
    GameAnalysisError,
    "Bad input to game_analysis.grundy."
);
pyo3::create_exception!(
    game_analysis,
    OctalError,
    GameAnalysisError,
    "Bad input to game_analysis.octal."
);
pyo3::create_exception!(
    game_analysis,
    JohnsonError,
    GameAnalysisError,
    "Bad input to game_analysis.johnson."
);
pyo3::create_exception!(
    game_analysis,
    LeveneFennerError,
    GameAnalysisError,
    "Bad input to game_analysis.levene_fenner."
);
pyo3::create_exception!(
    game_analysis,
    TournamentError,
    GameAnalysisError,
    "Bad input to game_analysis.tournament."
);
pyo3::create_exception!(
    game_analysis,
    BackgammonError,
    GameAnalysisError,
    "Bad input to game_analysis.backgammon."
);

/// The error `E` (one of the exceptions above) with `message`.
fn raise<E: PyTypeInfo>(message: impl Display) -> PyErr {
    PyErr::new::<E, _>(message.to_string())
}

/// `game_analysis.OutOfMemoryError`, made once: a subclass of both [`GameAnalysisError`] and
/// Python's `MemoryError`, so that `except MemoryError` catches it as well.
static OUT_OF_MEMORY: PyOnceLock<Py<PyType>> = PyOnceLock::new();

fn out_of_memory_type(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    OUT_OF_MEMORY
        .get_or_try_init(py, || {
            let bases = PyTuple::new(
                py,
                [
                    py.get_type::<GameAnalysisError>(),
                    py.get_type::<PyMemoryError>(),
                ],
            )?;
            let namespace = PyDict::new(py);
            namespace.set_item("__module__", "game_analysis")?;
            namespace.set_item(
                "__doc__",
                "A computation needs more memory than the process may use; the message names \
                 both figures. Asked before the work starts.",
            )?;
            let made = py
                .get_type::<PyType>()
                .call1(("OutOfMemoryError", bases, namespace))?;
            Ok(made.cast_into::<PyType>()?.unbind())
        })
        .map(|made| made.bind(py))
}

/// A library error that may be memory the process may not use.
trait MemoryCause: Display {
    /// The memory error, when it is one.
    fn memory(&self) -> Option<&MemoryError>;
}

impl MemoryCause for minimax_random::ProbabilityError {
    fn memory(&self) -> Option<&MemoryError> {
        match self {
            minimax_random::ProbabilityError::Memory(error) => Some(error),
            _ => None,
        }
    }
}

impl MemoryCause for nim_games::grundys_game::NimValueError {
    fn memory(&self) -> Option<&MemoryError> {
        match self {
            nim_games::grundys_game::NimValueError::Memory(error) => Some(error),
            _ => None,
        }
    }
}

impl MemoryCause for nim_games::stream::StreamError {
    fn memory(&self) -> Option<&MemoryError> {
        match self {
            nim_games::stream::StreamError::Values(error) => error.memory(),
            _ => None,
        }
    }
}

impl MemoryCause for backgammon_cube::two_sided::TwoSidedError {
    fn memory(&self) -> Option<&MemoryError> {
        match self {
            backgammon_cube::two_sided::TwoSidedError::Memory(error) => Some(error),
            _ => None,
        }
    }
}

impl MemoryCause for backgammon_cube::hypergammon::HypergammonError {
    fn memory(&self) -> Option<&MemoryError> {
        match self {
            backgammon_cube::hypergammon::HypergammonError::Memory(error) => Some(error),
            _ => None,
        }
    }
}

impl MemoryCause for nim_games::misere_quotient::QuotientError {
    fn memory(&self) -> Option<&MemoryError> {
        match self {
            nim_games::misere_quotient::QuotientError::Memory(error) => Some(error),
            _ => None,
        }
    }
}

impl MemoryCause for backgammon_cube::gnubg::OneSidedError {
    fn memory(&self) -> Option<&MemoryError> {
        match self {
            backgammon_cube::gnubg::OneSidedError::Memory(error) => Some(error),
            _ => None,
        }
    }
}

impl MemoryCause for backgammon_cube::gnubg::OutOfCoreError {
    fn memory(&self) -> Option<&MemoryError> {
        match self {
            backgammon_cube::gnubg::OutOfCoreError::Memory(error) => Some(error),
            backgammon_cube::gnubg::OutOfCoreError::TwoSided(error) => error.memory(),
            _ => None,
        }
    }
}

/// The library's `error` as `OutOfMemoryError` when memory is its cause, else as `E`.
fn library<E: PyTypeInfo>(error: impl MemoryCause) -> PyErr {
    match error.memory() {
        Some(memory) => Python::attach(|py| match out_of_memory_type(py) {
            Ok(made) => PyErr::from_type(made.clone(), memory.to_string()),
            Err(failed) => failed,
        }),
        None => raise::<E>(error),
    }
}

/// A Python int, as every argument that counts or numbers something takes it. A `bool` is an
/// int to Python, but `True` for 1 is a caller's mistake in every such argument here, so it
/// is refused with `TypeError` (PyO3 names the argument).
pub struct Whole(pub BigInt);

impl<'a, 'py> FromPyObject<'a, 'py> for Whole {
    type Error = PyErr;

    fn extract(object: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if object.is_instance_of::<PyBool>() {
            return Err(PyTypeError::new_err("a whole number, not a bool"));
        }
        object.extract::<BigInt>().map(Whole)
    }
}

impl std::ops::Deref for Whole {
    type Target = BigInt;

    fn deref(&self) -> &BigInt {
        &self.0
    }
}

/// A Python float (or int), as a tolerance is taken: a `bool` is refused with `TypeError`,
/// as in [`Whole`].
pub struct Float(pub f64);

impl<'a, 'py> FromPyObject<'a, 'py> for Float {
    type Error = PyErr;

    fn extract(object: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if object.is_instance_of::<PyBool>() {
            return Err(PyTypeError::new_err("a number, not a bool"));
        }
        object.extract::<f64>().map(Float)
    }
}

/// A Python int as a `u32`, or the error `E` naming the argument.
fn small<E: PyTypeInfo>(name: &str, value: &BigInt) -> PyResult<u32> {
    u32::try_from(value).map_err(|_| {
        raise::<E>(format!(
            "{name} = {value} is not a whole number in 0..=2^32 - 1"
        ))
    })
}

/// A Python int as a `u32` or `u64` in `range`, or the error `E` naming the argument and
/// the range (a size of 0 where nothing can be computed, or a bound where a call would
/// otherwise run for hours or exhaust memory).
fn small_in<E: PyTypeInfo, T>(
    name: &str,
    value: &BigInt,
    range: std::ops::RangeInclusive<T>,
) -> PyResult<T>
where
    T: for<'a> TryFrom<&'a BigInt> + PartialOrd + Display,
{
    T::try_from(value)
        .ok()
        .filter(|small| range.contains(small))
        .ok_or_else(|| {
            raise::<E>(format!(
                "{name} = {value} is outside {}..={}, the range this call takes",
                range.start(),
                range.end()
            ))
        })
}

/// How often a long call looks for a pending signal while it waits for its result.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// The stack of a computation's thread: the searches recurse as deep as their input.
const WORK_STACK_BYTES: usize = 256 << 20;

/// Runs `work` on a thread of its own, without the GIL, while the calling thread looks for
/// signals every [`SIGNAL_POLL`]: Ctrl-C raises `KeyboardInterrupt` within a fraction of a
/// second, as it would in a Python loop, and raises the work's [`StopSignal`], so that the
/// crates' long loops stop at their next checkpoint and free what they hold. A panic in
/// `work` (a bug) becomes a [`GameAnalysisError`], never an abort.
fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<T> {
    let signal = StopSignal::new();
    let receiver = spawn_work(signal.clone(), work)?;
    wait_for(py, receiver, |interrupt| {
        signal.raise();
        Err(interrupt)
    })
}

/// Runs `work` as [`interruptible`] does, but at Ctrl-C raises `save_and_stop` and waits
/// for the work to return, which it does once it has saved what it needs to go on (a
/// streamed run's checkpoint); returns the work's value and, when it was cut short,
/// the `KeyboardInterrupt` to raise.
fn saving_first<T: Send + 'static>(
    py: Python<'_>,
    save_and_stop: &StopSignal,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<(T, Option<PyErr>)> {
    let receiver = spawn_work(StopSignal::new(), work)?;
    let mut interrupted = None;
    let value = wait_for(py, receiver, |interrupt| {
        save_and_stop.raise();
        interrupted.get_or_insert(interrupt);
        Ok(())
    })?;
    Ok((value, interrupted))
}

/// Starts `work` on a thread of its own, stopped by `signal`; its value comes on the channel.
fn spawn_work<T: Send + 'static>(
    signal: StopSignal,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<mpsc::Receiver<T>> {
    let (sender, receiver) = mpsc::channel();
    thread::Builder::new()
        .name("game_analysis".to_owned())
        .stack_size(WORK_STACK_BYTES)
        .spawn(move || {
            // Stopped, or the receiver gone: the call was interrupted and nobody wants it.
            if let Ok(value) = run_until_stopped(&signal, work) {
                let _ = sender.send(value);
            }
        })
        .map_err(|e| raise::<GameAnalysisError>(format!("cannot start the computation: {e}")))?;
    Ok(receiver)
}

/// The work's value, looking for signals while it waits: a pending signal's error goes to
/// `on_signal`, which ends the wait with an error or lets it go on.
fn wait_for<T: Send + 'static>(
    py: Python<'_>,
    mut receiver: mpsc::Receiver<T>,
    mut on_signal: impl FnMut(PyErr) -> PyResult<()>,
) -> PyResult<T> {
    loop {
        // The receiver goes into the GIL-free wait and comes back: it is Send, not Sync.
        let (received, returned) = py.detach(move || {
            let received = receiver.recv_timeout(SIGNAL_POLL);
            (received, receiver)
        });
        receiver = returned;
        match received {
            Ok(value) => return Ok(value),
            Err(RecvTimeoutError::Timeout) => {
                if let Err(interrupt) = py.check_signals() {
                    on_signal(interrupt)?;
                }
            }
            Err(RecvTimeoutError::Disconnected) => {
                return Err(raise::<GameAnalysisError>(
                    "the computation failed without a result (a panic in the library)",
                ));
            }
        }
    }
}

/// A fraction from the package's `(numerator, denominator)` pair.
fn fraction<E: PyTypeInfo>(
    name: &str,
    (numerator, denominator): (BigInt, BigInt),
) -> PyResult<BigRational> {
    if denominator.is_zero() {
        return Err(raise::<E>(format!("{name} has a zero denominator")));
    }
    Ok(BigRational::new(numerator, denominator))
}

/// A fraction as the package's `(numerator, denominator)` pair, in lowest terms.
fn pair(value: &BigRational) -> (BigInt, BigInt) {
    (value.numer().clone(), value.denom().clone())
}

/// The extension module `game_analysis._native`.
#[pymodule]
#[pyo3(name = "_native")]
fn native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    module.add("GameAnalysisError", GameAnalysisError::type_object(py))?;
    module.add("MatchesError", MatchesError::type_object(py))?;
    module.add("GrundyError", GrundyError::type_object(py))?;
    module.add("OctalError", OctalError::type_object(py))?;
    module.add("JohnsonError", JohnsonError::type_object(py))?;
    module.add("LeveneFennerError", LeveneFennerError::type_object(py))?;
    module.add("TournamentError", TournamentError::type_object(py))?;
    module.add("BackgammonError", BackgammonError::type_object(py))?;
    module.add("OutOfMemoryError", out_of_memory_type(py)?)?;
    module.add_submodule(&matches::module(py)?)?;
    module.add_submodule(&grundy::module(py)?)?;
    module.add_submodule(&johnson::module(py)?)?;
    module.add_submodule(&levene_fenner::module(py)?)?;
    module.add_submodule(&backgammon::module(py)?)?;
    Ok(())
}
