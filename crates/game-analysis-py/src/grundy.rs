//! `game_analysis._native.grundy`: Grundy's game and the octal games, from `nim_games`
//! (the package's `grundy` and `octal` modules).

use std::path::PathBuf;
use std::time::Duration;

use game_core::stop::StopSignal;
use nim_games::GrundysGame;
use nim_games::grundys_game::{MisereSolver, NimValueTable, nim_values};
use nim_games::heap_games::OctalGame;
use nim_games::milestones::Milestone;
use nim_games::misere_quotient::QuotientOptions;
use nim_games::octal::{OctalOptions, Schedule};
use nim_games::stream::{
    Checkpoint, NoValues, StreamOptions, StreamedGame, StreamedRun, stream_values,
};
use num_bigint::BigInt;
use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use pyo3::type_object::PyTypeInfo;
use pyo3::types::PyBytes;

use crate::{
    Float, GrundyError, OctalError, Whole, interruptible, library, raise, saving_first, small,
    small_in,
};

/// The largest heap of a table: 2 GB of values (and hours of work) at 10^9.
const MAX_HEAP: u32 = 1_000_000_000;

/// The table of G(0), …, G(n), n at most [`MAX_HEAP`], computed without the GIL.
fn table(py: Python<'_>, n: &BigInt) -> PyResult<NimValueTable> {
    let n = small_in::<GrundyError, _>("n", n, 0..=MAX_HEAP)?;
    interruptible(py, move || nim_values(n))?.map_err(library::<GrundyError>)
}

/// G(0), …, G(n) by the sparse-space method on two threads, as little-endian `u16` bytes
/// (the package makes them a NumPy array); n up to 10^9.
#[pyfunction]
fn values(py: Python<'_>, n: Whole) -> PyResult<Bound<'_, PyBytes>> {
    let bytes: Vec<u8> = table(py, &n)?
        .values()
        .iter()
        .flat_map(|value| value.to_le_bytes())
        .collect();
    Ok(PyBytes::new(py, &bytes))
}

/// The heaps up to n whose value is rare (the bits above the lowest have even parity).
#[pyfunction]
fn rare_heaps(py: Python<'_>, n: Whole) -> PyResult<Vec<u32>> {
    Ok(table(py, &n)?.rare_heaps().to_vec())
}

/// The most live matches (the sum of the heaps of 3 or more) of a misère position: the
/// search's table grows exponentially with them; at 90 (heaps 30, 30, 30) it took 56 s and
/// 450 MB here, and a single heap of 90 over a minute.
const MAX_MISERE_LIVE_MATCHES: u64 = 90;

/// Whether the first player wins the misère game with these heaps.
#[pyfunction]
fn misere_first_player_wins(py: Python<'_>, heaps: Vec<Whole>) -> PyResult<bool> {
    let heaps = heaps
        .iter()
        .map(|heap| small::<GrundyError>("a heap", heap))
        .collect::<PyResult<Vec<u32>>>()?;
    let live: u64 = heaps
        .iter()
        .filter(|&&heap| heap >= 3)
        .map(|&heap| u64::from(heap))
        .sum();
    if live > MAX_MISERE_LIVE_MATCHES {
        return Err(raise::<GrundyError>(format!(
            "the heaps hold {live} live matches (heaps of 3 or more), above {MAX_MISERE_LIVE_MATCHES}, the most the misère search takes"
        )));
    }
    interruptible(py, move || MisereSolver::new().first_player_wins(&heaps))?
        .map_err(raise::<GrundyError>)
}

/// What `octal_values` returns: the values as little-endian `u16` bytes, the rare/common
/// mask, the rare heaps, (pre-period, period) if proven, and the checksum.
type OctalTable<'py> = (
    Bound<'py, PyBytes>,
    Option<u16>,
    Option<u8>,
    Vec<u32>,
    Option<(usize, usize)>,
    u64,
);

/// The nim-values of the octal game `code` for heaps 0..=n (n up to 10^9) by the
/// rare/common method on `threads` threads (1 or 2: the same values either way), stopping
/// at a proven period with `until_proven`.
#[pyfunction]
#[pyo3(signature = (code, n, until_proven = false, threads = Whole(BigInt::from(2))))]
fn octal_values<'py>(
    py: Python<'py>,
    code: &str,
    n: Whole,
    until_proven: bool,
    threads: Whole,
) -> PyResult<OctalTable<'py>> {
    let game = OctalGame::parse(code).map_err(raise::<OctalError>)?;
    let n = small_in::<OctalError, _>("n", &n, 0..=MAX_HEAP)?;
    let schedule = schedule_on::<OctalError>(&threads)?;
    let table = interruptible(py, move || {
        let options = OctalOptions::new().schedule(schedule);
        if until_proven {
            options.until_proven().compute(&game, n)
        } else {
            options.compute(&game, n)
        }
    })?
    .map_err(library::<OctalError>)?;
    let bytes: Vec<u8> = table
        .values()
        .iter()
        .flat_map(|value| value.to_le_bytes())
        .collect();
    Ok((
        PyBytes::new(py, &bytes),
        table.split().map(|split| split.mask),
        table.split().and_then(|split| split.heap_parity),
        table.rare_heaps().to_vec(),
        table.periodicity().map(|p| (p.preperiod, p.period)),
        table.checksum(),
    ))
}

/// The rare/common engine's schedule on `threads` threads (1 or 2), its errors raised as `E`.
fn schedule_on<E: PyTypeInfo>(threads: &BigInt) -> PyResult<Schedule> {
    u32::try_from(threads)
        .ok()
        .and_then(Schedule::on_threads)
        .ok_or_else(|| {
            raise::<E>(format!(
                "threads = {threads} is outside 1..=2, the range this call takes"
            ))
        })
}

/// A milestone of a streamed run: n, the frequency of each value among G(1), …, G(n), the
/// largest value and its first heap, the rare heaps among 1..=n, the checksum of G(0..=n).
type MilestoneValues = (u64, Vec<u64>, u16, u64, Option<u64>, u64);

/// What `stream` returns: the heaps computed, whether the run reached n, its milestones,
/// the split's mask and heap parity, the rare heaps, and the checksum of the values.
type StreamedValues = (
    u64,
    bool,
    Vec<MilestoneValues>,
    Option<u16>,
    Option<u8>,
    Vec<u32>,
    u64,
);

/// The nim-values of the octal game `code` (or Grundy's game, `code` = "grundy") for heaps
/// 0..=n, streamed in bounded memory (`nim_games::stream`): the values are not kept, the
/// statistics are. With `checkpoint`, the run's state is saved there every
/// `checkpoint_minutes`, at `stop_at` and at Ctrl-C, and a call with a checkpoint that
/// exists takes the run up from it.
#[pyfunction]
#[expect(
    clippy::too_many_arguments,
    reason = "the Python call's keyword arguments, one each"
)]
fn stream(
    py: Python<'_>,
    code: &str,
    n: Whole,
    front: Option<Whole>,
    threads: Whole,
    checkpoint: Option<PathBuf>,
    checkpoint_minutes: Float,
    stop_at: Option<Whole>,
) -> PyResult<StreamedValues> {
    let call = StreamCall {
        n,
        front,
        threads,
        checkpoint,
        checkpoint_minutes,
        stop_at,
    };
    if code == "grundy" {
        call.run::<GrundyError>(py, StreamedGame::Grundy)
    } else {
        let game = OctalGame::parse(code).map_err(raise::<OctalError>)?;
        call.run::<OctalError>(py, StreamedGame::Octal(game))
    }
}

/// The arguments of `stream` but the game.
struct StreamCall {
    n: Whole,
    front: Option<Whole>,
    threads: Whole,
    checkpoint: Option<PathBuf>,
    checkpoint_minutes: Float,
    stop_at: Option<Whole>,
}

impl StreamCall {
    /// Runs `game`, its errors raised as `E`.
    fn run<E: PyTypeInfo>(self, py: Python<'_>, game: StreamedGame) -> PyResult<StreamedValues> {
        let n = small_in::<E, u64>("n", &self.n, 0..=u64::MAX - 1)?;
        let mut options = self.options::<E>()?;
        let resume = match &self.checkpoint {
            Some(path) if path.as_os_str().is_empty() => {
                return Err(raise::<E>("checkpoint: a file's path, not an empty one"));
            }
            Some(path) => Checkpoint::read(path).map_err(library::<E>)?,
            None => None,
        };
        let front = match &self.front {
            Some(front) => small_in::<E, u64>("front", front, 1..=u64::MAX)?,
            None => resume.as_ref().map_or(1 << 20, Checkpoint::front_heaps),
        };
        options = options.front_heaps(front);
        let Some(path) = self.checkpoint else {
            let run = interruptible(py, move || {
                stream_values(&game, n, &options, &mut NoValues, None, &mut |_| Ok(()))
            })?;
            return Ok(streamed_values(&run.map_err(library::<E>)?));
        };
        let signal = StopSignal::new();
        options = options.stop_on(signal.clone());
        let saved_to = path.clone();
        let (run, interrupted) = saving_first(py, &signal, move || {
            let mut save = |checkpoint: &Checkpoint| checkpoint.write(&saved_to);
            stream_values(&game, n, &options, &mut NoValues, resume, &mut save)
        })?;
        let run = run.map_err(library::<E>)?;
        match interrupted {
            Some(_) => Err(PyKeyboardInterrupt::new_err(format!(
                "stopped at heap {}, its checkpoint saved to {}: the same call takes the run up",
                run.heaps,
                path.display()
            ))),
            None => Ok(streamed_values(&run)),
        }
    }

    /// The threads, the time between checkpoints and the heap to stop at.
    fn options<E: PyTypeInfo>(&self) -> PyResult<StreamOptions> {
        let schedule = schedule_on::<E>(&self.threads)?;
        let minutes = self.checkpoint_minutes.0;
        let every = Duration::try_from_secs_f64(60.0 * minutes)
            .ok()
            .filter(|every| !every.is_zero())
            .ok_or_else(|| {
                raise::<E>(format!(
                    "checkpoint_minutes = {minutes}: a number of minutes above 0"
                ))
            })?;
        let options = StreamOptions::new()
            .schedule(schedule)
            .checkpoint_every(every);
        match &self.stop_at {
            None => Ok(options),
            Some(_) if self.checkpoint.is_none() => Err(raise::<E>(
                "stop_at: a run stops there to be taken up again, which needs a checkpoint",
            )),
            Some(heap) => Ok(options.stop_at(small_in::<E, u64>("stop_at", heap, 0..=u64::MAX)?)),
        }
    }
}

/// A streamed run as `stream` returns it.
fn streamed_values(run: &StreamedRun) -> StreamedValues {
    (
        run.heaps,
        run.finished,
        run.milestones.iter().map(milestone_values).collect(),
        run.split.map(|split| split.mask),
        run.split.and_then(|split| split.heap_parity),
        run.rare_heaps.clone(),
        run.checksum,
    )
}

fn milestone_values(milestone: &Milestone) -> MilestoneValues {
    (
        milestone.heaps,
        milestone.frequencies.clone(),
        milestone.largest,
        milestone.largest_at,
        milestone.rare_heaps,
        milestone.checksum,
    )
}

/// The most positions a quotient's outcome search keeps from Python: a few seconds' work.
const MAX_QUOTIENT_SEARCH: usize = 1_000_000;

/// What `misere_quotient` returns: the order by heap 0..=n, the product table (row x, column
/// y), the P-portion, the pretending function Φ(H_0..H_n), each element's normal word, the
/// presentation, and (pre-period, period) of Φ if proven (octal codes only).
type Quotient = (
    Vec<usize>,
    Vec<Vec<usize>>,
    Vec<usize>,
    Vec<usize>,
    Vec<String>,
    String,
    Option<(u32, u32)>,
);

/// The misère quotient of the octal game `code` (or Grundy's game, `code` = "grundy") for
/// heaps up to `max_heap` (at most 255), its outcome search bounded.
#[pyfunction]
fn misere_quotient(py: Python<'_>, code: &str, max_heap: Whole) -> PyResult<Quotient> {
    let max_heap = small_in::<OctalError, _>("max_heap", &max_heap, 0..=255)?;
    let octal = if code == "grundy" {
        None
    } else {
        Some(OctalGame::parse(code).map_err(raise::<OctalError>)?)
    };
    let game = octal.clone();
    let quotient = interruptible(py, move || {
        let options = QuotientOptions::new().max_searched(MAX_QUOTIENT_SEARCH);
        match &game {
            Some(game) => options.compute(game, max_heap),
            None => options.compute(&GrundysGame, max_heap),
        }
    })?
    .map_err(library::<OctalError>)?;
    let order = quotient.order();
    let products = (0..order)
        .map(|x| (0..order).filter_map(|y| quotient.product(x, y)).collect())
        .collect();
    let pretending = (0..=max_heap)
        .filter_map(|h| quotient.pretending(h))
        .collect();
    let presentation = quotient.presentation();
    let words = presentation
        .normal_words()
        .iter()
        .map(ToString::to_string)
        .collect();
    let period = octal
        .and_then(|game| quotient.proven_period(game.max_removal()))
        .map(|found| (found.pre_period, found.period));
    Ok((
        quotient.orders().to_vec(),
        products,
        quotient.p_portion(),
        pretending,
        words,
        presentation.to_string(),
        period,
    ))
}

pub fn module(py: Python<'_>) -> PyResult<Bound<'_, PyModule>> {
    let module = PyModule::new(py, "grundy")?;
    module.add_function(wrap_pyfunction!(octal_values, &module)?)?;
    module.add_function(wrap_pyfunction!(stream, &module)?)?;
    module.add_function(wrap_pyfunction!(misere_quotient, &module)?)?;
    module.add_function(wrap_pyfunction!(values, &module)?)?;
    module.add_function(wrap_pyfunction!(rare_heaps, &module)?)?;
    module.add_function(wrap_pyfunction!(misere_first_player_wins, &module)?)?;
    Ok(module)
}
