//! The progress of a long computation, on standard error: a bar redrawn in place when
//! standard error is a terminal, at most a plain line a minute when it is a log, nothing
//! with `--quiet`. The results on standard output are the same in every case.

use std::io::IsTerminal;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

/// The least time between two progress lines in a log.
pub const LOG_INTERVAL: Duration = Duration::from_secs(60);

/// How a computation's progress is shown.
pub struct Progress {
    shown: Shown,
    started: Instant,
}

enum Shown {
    Nothing,
    Bar(ProgressBar),
    Log(Mutex<LogLines>),
}

/// A log's progress lines: what is counted, and when the last line went out.
struct LogLines {
    total: u64,
    unit: String,
    last: Instant,
    interval: Duration,
}

impl Progress {
    /// Progress toward `total` units (`unit` names them, `"heaps"`): a bar when standard
    /// error is a terminal, log lines when it is not, nothing when `quiet`.
    pub fn new(total: u64, unit: &str, quiet: bool) -> Progress {
        if quiet {
            Progress::hidden()
        } else if std::io::stderr().is_terminal() {
            Progress::bar(total, unit)
        } else {
            Progress::log(total, unit, LOG_INTERVAL)
        }
    }

    /// No progress shown.
    pub fn hidden() -> Progress {
        Progress {
            shown: Shown::Nothing,
            started: Instant::now(),
        }
    }

    fn bar(total: u64, unit: &str) -> Progress {
        let bar = ProgressBar::new(total);
        let template = "{bar:30} {human_pos}/{human_len} {msg}, {elapsed}, about {eta} to go";
        if let Ok(style) = ProgressStyle::with_template(template) {
            bar.set_style(style);
        }
        bar.set_message(unit.to_owned());
        Progress {
            shown: Shown::Bar(bar),
            started: Instant::now(),
        }
    }

    /// Log lines at most one every `interval`.
    pub fn log(total: u64, unit: &str, interval: Duration) -> Progress {
        let started = Instant::now();
        Progress {
            shown: Shown::Log(Mutex::new(LogLines {
                total,
                unit: unit.to_owned(),
                last: started,
                interval,
            })),
            started,
        }
    }

    /// `done` units are done.
    pub fn set(&self, done: u64) {
        match &self.shown {
            Shown::Nothing => {}
            Shown::Bar(bar) => bar.set_position(done),
            Shown::Log(lines) => {
                let Ok(mut lines) = lines.lock() else { return };
                if lines.last.elapsed() < lines.interval {
                    return;
                }
                lines.last = Instant::now();
                eprintln!("{}", self.line(done, lines.total, &lines.unit));
            }
        }
    }

    /// The units to do are `total`, known only once the work has started.
    pub fn set_total(&self, total: u64) {
        match &self.shown {
            Shown::Nothing => {}
            Shown::Bar(bar) => {
                if bar.length() != Some(total) {
                    bar.set_length(total);
                }
            }
            Shown::Log(lines) => {
                if let Ok(mut lines) = lines.lock() {
                    lines.total = total;
                }
            }
        }
    }

    /// A new phase of the computation: `total` units named `unit`, counted from 0.
    pub fn restart(&self, total: u64, unit: &str) {
        match &self.shown {
            Shown::Nothing => {}
            Shown::Bar(bar) => {
                bar.reset();
                bar.set_length(total);
                bar.set_message(unit.to_owned());
            }
            Shown::Log(lines) => {
                if let Ok(mut lines) = lines.lock() {
                    lines.total = total;
                    lines.unit = unit.to_owned();
                }
            }
        }
    }

    /// The computation is over: the bar is cleared.
    pub fn finish(&self) {
        if let Shown::Bar(bar) = &self.shown {
            bar.finish_and_clear();
        }
    }

    /// A log line: units done of the total, time so far and the estimate of the rest.
    fn line(&self, done: u64, total: u64, unit: &str) -> String {
        let elapsed = self.started.elapsed().as_secs_f64();
        format!(
            "{done} of {total} {unit}, {elapsed:.0} s, about {:.0} s to go",
            seconds_to_go(elapsed, done as f64, total as f64)
        )
    }
}

/// Seconds left when `done` of `total` units took `elapsed` seconds, at the same rate; 0
/// while nothing is done (no rate yet).
pub fn seconds_to_go(elapsed: f64, done: f64, total: f64) -> f64 {
    if done > 0.0 {
        elapsed * (total / done - 1.0)
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rest_takes_as_long_as_the_rate_says() {
        assert_eq!(seconds_to_go(10.0, 1.0, 4.0), 30.0);
        assert_eq!(seconds_to_go(10.0, 4.0, 4.0), 0.0);
        assert_eq!(seconds_to_go(10.0, 0.0, 4.0), 0.0);
    }

    /// In a log, a line goes out only when the interval has passed since the last.
    #[test]
    fn a_log_gets_a_line_an_interval_at_most() {
        let progress = Progress::log(100, "heaps", Duration::from_secs(3600));
        progress.set(50);
        let Shown::Log(lines) = &progress.shown else {
            panic!("not a log")
        };
        let last = lines.lock().unwrap().last;
        assert_eq!(last, progress.started, "no line before the interval");
        let line = progress.line(25, 100, "heaps");
        assert!(line.starts_with("25 of 100 heaps, "), "{line}");
        progress.restart(10, "pairs");
        assert_eq!(lines.lock().unwrap().unit, "pairs");
    }
}
