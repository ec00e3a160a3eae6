//! The two-sided file built out of core ([`build_two_sided_file`]) against the in-memory one
//! ([`two_sided_file`], itself gnubg's bytes: tests/gnubg.rs), a build stopped and resumed,
//! and the file read back entry by entry ([`TwoSidedReader`]).

use std::fs;
use std::path::{Path, PathBuf};

use backgammon_cube::bearoff::BearoffPosition;
use backgammon_cube::gnubg::{
    BuildPhase, OutOfCoreError, ReadError, TwoSidedReader, build_two_sided_file, two_sided_file,
};
use backgammon_cube::two_sided::{TwoSidedDatabase, TwoSidedError};
use game_core::stop::{StopSignal, run_until_stopped};

/// A fresh directory for one test.
fn scratch(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("out-of-core-{name}-"))
        .tempdir()
        .unwrap()
}

#[test]
fn out_of_core_files_are_the_in_memory_files() {
    let scratch_dir = scratch("sizes");
    let dir = scratch_dir.path();
    for checkers in 1..=6 {
        let out = dir.join(format!("ts-6x{checkers}.bd"));
        build_two_sided_file(checkers, &dir.join(format!("work{checkers}")), &out, |_| {}).unwrap();
        assert!(
            fs::read(&out).unwrap() == two_sided_file(checkers).unwrap(),
            "6x{checkers}"
        );
    }
}

/// Runs the build of 6x`checkers` and stops it at its `stop_at`-th report of progress;
/// whether it finished.
fn build_stopping_at(checkers: u32, work: &Path, out: &Path, stop_at: usize) -> bool {
    let signal = StopSignal::new();
    let raiser = signal.clone();
    let mut reports = 0;
    run_until_stopped(&signal, || {
        build_two_sided_file(checkers, work, out, |_| {
            reports += 1;
            if reports == stop_at {
                raiser.raise();
            }
        })
        .unwrap()
    })
    .is_ok()
}

/// A build stopped again and again — in the levels, in the assembly — and started again each
/// time ends with the bytes of one uninterrupted build; until then there is no file at `out`.
#[test]
fn a_stopped_build_resumes_to_the_same_bytes() {
    let scratch_dir = scratch("resume");
    let dir = scratch_dir.path();
    let (work, out) = (dir.join("work"), dir.join("ts.bd"));
    let mut runs = 0;
    while !build_stopping_at(5, &work, &out, 7) {
        runs += 1;
        assert!(
            !out.exists(),
            "a file at {} after {runs} stops",
            out.display()
        );
        assert!(runs < 100, "the build does not get on");
    }
    // 61 levels and 31 pip counts assembled, reported once each, stopped every 7th: the
    // build was stopped in both phases.
    assert!(runs >= 10, "stopped only {runs} times");
    assert!(fs::read(&out).unwrap() == two_sided_file(5).unwrap());
}

/// What a killed build can leave — a block written half, under its temporary name — is
/// ignored; a block changed by something else is reported, as is a work directory of
/// another size.
#[test]
fn a_killed_build_resumes_and_a_damaged_one_is_reported() {
    let scratch_dir = scratch("damaged");
    let dir = scratch_dir.path();
    let (work, out) = (dir.join("work"), dir.join("ts.bd"));
    let mut phases = Vec::new();
    let signal = StopSignal::new();
    let raiser = signal.clone();
    let stopped = run_until_stopped(&signal, || {
        build_two_sided_file(4, &work, &out, |progress| {
            phases.push(progress.phase);
            if progress.done * 2 > progress.total {
                raiser.raise();
            }
        })
        .unwrap()
    });
    assert!(stopped.is_err() && phases.iter().all(|&p| p == BuildPhase::Levels));
    let blocks = work.join("blocks");
    fs::write(blocks.join("040-001.bin.tmp"), [1, 2, 3]).unwrap();
    assert!(matches!(
        build_two_sided_file(3, &work, &out, |_| {}),
        Err(OutOfCoreError::OtherBuild {
            max_checkers: 3,
            ..
        })
    ));
    let mut written: Vec<PathBuf> = fs::read_dir(&blocks)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "bin"))
        .collect();
    written.sort();
    let damaged = written.first().unwrap();
    let mut bytes = fs::read(damaged).unwrap();
    bytes.pop();
    fs::write(damaged, &bytes).unwrap();
    // The shortened block's level is computed again, and every level after it.
    build_two_sided_file(4, &work, &out, |_| {}).unwrap();
    assert!(fs::read(&out).unwrap() == two_sided_file(4).unwrap());

    // Stopped in the assembly, whose blocks are then needed as they are: one missing, or the
    // assembly's marker changed, is reported, not worked around.
    let (work, out) = (dir.join("work-2"), dir.join("ts-2.bd"));
    let signal = StopSignal::new();
    let raiser = signal.clone();
    let stopped = run_until_stopped(&signal, || {
        build_two_sided_file(4, &work, &out, |progress| {
            if progress.phase == BuildPhase::Assembly && progress.done == 3 {
                raiser.raise();
            }
        })
        .unwrap()
    });
    assert!(stopped.is_err());
    let assembled = work.join("assembled");
    assert_eq!(fs::read_to_string(&assembled).unwrap().trim(), "3");
    fs::write(&assembled, "three\n").unwrap();
    assert!(matches!(
        build_two_sided_file(4, &work, &out, |_| {}),
        Err(OutOfCoreError::Damaged { .. })
    ));
    fs::write(&assembled, "3\n").unwrap();
    fs::remove_file(work.join("blocks").join("010-001.bin")).unwrap();
    assert!(matches!(
        build_two_sided_file(4, &work, &out, |_| {}),
        Err(OutOfCoreError::Damaged { .. })
    ));
}

#[test]
fn the_reader_gives_the_files_entries_as_gnubg_reads_them() {
    let scratch_dir = scratch("reader");
    let dir = scratch_dir.path();
    let path = dir.join("ts-6x3.bd");
    fs::write(&path, two_sided_file(3).unwrap()).unwrap();
    let mut file = TwoSidedReader::open(&path).unwrap();
    assert_eq!((file.max_checkers(), file.positions()), (3, 84));
    let exact = TwoSidedDatabase::<f64>::new(3).unwrap();
    // gnubg's fixed-point recursion drifts from the exact values by at most 2.5 units of
    // 1/32,767 at 6x3 (tests/gnubg.rs); reading adds at most half a unit.
    let unit = 1.0 / 32767.0;
    let mut worst: f64 = 0.0;
    for a in 1..exact.positions() {
        for b in 1..exact.positions() {
            let (x, y) = (exact.position_at(a).unwrap(), exact.position_at(b).unwrap());
            let read = file.equities(&x, &y).unwrap();
            let truth = exact.equities(&x, &y).unwrap();
            for (read, truth) in [
                (2.0 * read.win - 1.0, 2.0 * truth.win - 1.0),
                (read.centred, truth.centred),
                (read.owned, truth.owned),
                (read.opponent_owns, truth.opponent_owns),
            ] {
                worst = worst.max((read - truth).abs());
            }
        }
    }
    assert!(worst <= 3.0 * unit, "worst difference {}", worst / unit);

    let empty = BearoffPosition::from_points(&[]).unwrap();
    let four = BearoffPosition::from_points(&[1, 1, 1, 1]).unwrap();
    let one = BearoffPosition::from_points(&[1]).unwrap();
    assert!(matches!(
        file.equities(&empty, &one),
        Err(ReadError::Position(TwoSidedError::RaceOver))
    ));
    assert!(matches!(
        file.equities(&one, &four),
        Err(ReadError::Position(TwoSidedError::BeyondDatabase {
            checkers: 4,
            max: 3
        }))
    ));

    let mut bytes = fs::read(&path).unwrap();
    bytes.pop();
    fs::write(&path, &bytes).unwrap();
    assert!(matches!(
        TwoSidedReader::open(&path),
        Err(ReadError::Truncated {
            max_checkers: 3,
            ..
        })
    ));
    bytes[12] = b'9';
    fs::write(&path, &bytes).unwrap();
    assert!(matches!(
        TwoSidedReader::open(&path),
        Err(ReadError::NotTwoSided { .. })
    ));
    fs::write(&path, b"gnubg").unwrap();
    assert!(matches!(
        TwoSidedReader::open(&path),
        Err(ReadError::NotTwoSided { .. })
    ));
    assert!(matches!(
        TwoSidedReader::open(dir.join("missing.bd")),
        Err(ReadError::Io { .. })
    ));
}

/// Every entry of 6x4 is what its successors make it, and the pairs of 6x3 are the same in
/// 6x5; a changed byte is found by both checks.
#[test]
fn files_check_against_themselves_and_against_smaller_files() {
    let scratch_dir = scratch("checks");
    let dir = scratch_dir.path();
    let (small, large) = (dir.join("ts-6x3.bd"), dir.join("ts-6x5.bd"));
    fs::write(&small, two_sided_file(3).unwrap()).unwrap();
    let mut bytes = two_sided_file(5).unwrap();
    fs::write(&large, &bytes).unwrap();
    let mut file = TwoSidedReader::open(&large).unwrap();
    for a in (1..file.positions()).step_by(7) {
        for b in (1..file.positions()).step_by(5) {
            let (x, y) = (file.position_at(a).unwrap(), file.position_at(b).unwrap());
            assert_eq!(
                file.recomputed(&x, &y).unwrap(),
                file.stored(&x, &y).unwrap()
            );
        }
    }
    let agreement = TwoSidedReader::open(&small)
        .unwrap()
        .agreement_with(&mut file)
        .unwrap();
    assert_eq!((agreement.pairs, agreement.differing), (84 * 84, 0));
    assert!(matches!(
        file.agreement_with(&mut TwoSidedReader::open(&small).unwrap()),
        Err(ReadError::Position(TwoSidedError::BeyondDatabase { .. }))
    ));

    // gnubg numbers a position of three checkers alike in both sizes' own numbering: the
    // pair (1, 2) of 6x3 lies at row 1, column 2 of 6x5 too.
    let (x, y) = (file.position_at(1).unwrap(), file.position_at(2).unwrap());
    let at = 40 + 8 * (file.positions() + 2);
    bytes[at] ^= 1;
    fs::write(&large, &bytes).unwrap();
    let mut file = TwoSidedReader::open(&large).unwrap();
    assert_ne!(
        file.recomputed(&x, &y).unwrap(),
        file.stored(&x, &y).unwrap()
    );
    let agreement = TwoSidedReader::open(&small)
        .unwrap()
        .agreement_with(&mut file)
        .unwrap();
    assert_eq!(
        (agreement.differing, agreement.first_difference),
        (1, Some((1, 2)))
    );
    assert!(file.position_at(file.positions()).is_err());
}

/// A sampled check of every pair of 6x2 finds nothing in a whole file, and in a damaged
/// one the pair whose byte was changed (and those one roll before it, which read it).
#[test]
fn a_sampled_check_finds_the_damaged_pair() {
    let scratch_dir = scratch("sample");
    let path = scratch_dir.path().join("ts-6x2.bd");
    let mut bytes = two_sided_file(2).unwrap();
    fs::write(&path, &bytes).unwrap();
    let mut file = TwoSidedReader::open(&path).unwrap();
    let n = file.positions() as u64;
    let mut told = 0;
    let whole = file.check_sample(n * n, |_| told += 1).unwrap();
    assert_eq!(told, (n - 1) * (n - 1), "one step a pair recomputed");
    assert_eq!(
        (whole.recomputed, whole.pairs),
        ((n - 1) * (n - 1), (n - 1) * (n - 1)),
        "pairs with an empty side passed over, none twice"
    );
    let one = file.check_sample(1, |_| {}).unwrap();
    assert_eq!(one.recomputed, 1, "a sample of one recomputes one pair");
    assert!(whole.differing.is_empty());
    bytes[40 + 8 * (file.positions() + 2)] ^= 1;
    fs::write(&path, &bytes).unwrap();
    let mut damaged = TwoSidedReader::open(&path).unwrap();
    let found = damaged.check_sample(n * n, |_| {}).unwrap();
    assert!(found.differing.contains(&(1, 2)), "{:?}", found.differing);
    for &(a, b) in &found.differing {
        let (x, y) = (
            damaged.position_at(a).unwrap(),
            damaged.position_at(b).unwrap(),
        );
        assert_ne!(
            damaged.recomputed(&x, &y).unwrap(),
            damaged.stored(&x, &y).unwrap()
        );
    }
}

/// A finished build clears its work directory; called again, it builds the file again, and
/// a build stopped between the file's rename and the clearing finishes the clearing.
#[test]
fn a_finished_build_clears_its_work_and_builds_again() {
    let scratch_dir = scratch("again");
    let dir = scratch_dir.path();
    let (work, out) = (dir.join("work"), dir.join("ts.bd"));
    build_two_sided_file(3, &work, &out, |_| {}).unwrap();
    assert!(!work.exists());
    fs::write(&out, b"something else").unwrap();
    build_two_sided_file(3, &work, &out, |_| {}).unwrap();
    assert!(fs::read(&out).unwrap() == two_sided_file(3).unwrap());

    fs::create_dir_all(work.join("blocks")).unwrap();
    fs::write(
        work.join("manifest"),
        "gnubg two-sided bear-off, 6 points, 3 checkers\n",
    )
    .unwrap();
    fs::write(work.join("levels-done"), "0\n").unwrap();
    fs::write(work.join("assembled"), "19\n").unwrap();
    fs::write(work.join("keep.txt"), "not the build's").unwrap();
    build_two_sided_file(3, &work, &out, |_| {}).unwrap();
    assert!(fs::read(&out).unwrap() == two_sided_file(3).unwrap());
    let left: Vec<_> = fs::read_dir(&work)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left, ["keep.txt"]);
}

/// The sizes at the ends: no checkers (one entry, the race over) and more than fifteen.
#[test]
fn sizes_at_the_ends() {
    let scratch_dir = scratch("ends");
    let dir = scratch_dir.path();
    let out = dir.join("ts-6x0.bd");
    build_two_sided_file(0, &dir.join("work"), &out, |_| {}).unwrap();
    assert!(fs::read(&out).unwrap() == two_sided_file(0).unwrap());
    let mut file = TwoSidedReader::open(&out).unwrap();
    assert_eq!(file.positions(), 1);
    let one = BearoffPosition::from_points(&[1]).unwrap();
    assert!(matches!(
        file.equities(&one, &one),
        Err(ReadError::Position(TwoSidedError::BeyondDatabase {
            max: 0,
            ..
        }))
    ));
    assert!(matches!(
        build_two_sided_file(16, &dir.join("work"), &dir.join("ts-6x16.bd"), |_| {}),
        Err(OutOfCoreError::TwoSided(TwoSidedError::Bearoff(_)))
    ));
    // An empty path would put the build's files in the current directory.
    assert!(matches!(
        build_two_sided_file(1, Path::new(""), &dir.join("ts-6x1.bd"), |_| {}),
        Err(OutOfCoreError::EmptyWorkDir)
    ));
    // An output path naming no file is refused before the work, which would otherwise end
    // in a complete `.partial` file it could not rename.
    for out in ["", "..", "/"] {
        assert!(matches!(
            build_two_sided_file(1, &dir.join("work"), Path::new(out), |_| {}),
            Err(OutOfCoreError::NoFileName(_))
        ));
    }
    assert!(!dir.join("work").exists(), "nothing built");
}

/// The environment variable that makes [`killed_build_child`] build: the directory to build in.
const CHILD: &str = "OUT_OF_CORE_KILLED_BUILD";

/// Not a test of its own: run again in a child process by
/// [`a_build_killed_in_each_phase_resumes_to_the_same_bytes`], builds 6x7 in the directory
/// [`CHILD`] names (and does nothing without it).
#[test]
fn killed_build_child() {
    if let Ok(dir) = std::env::var(CHILD) {
        let dir = PathBuf::from(dir);
        build_two_sided_file(7, &dir.join("work"), &dir.join("ts.bd"), |_| {}).unwrap();
    }
}

/// Starts the build of 6x7 in `dir` in a child process and kills it (SIGKILL on Unix) as soon
/// as `moment` holds; whether it was killed before it finished.
fn kill_build_when(dir: &Path, moment: impl Fn() -> bool) -> bool {
    use std::process::{Command, Stdio};
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args(["killed_build_child", "--exact", "--test-threads=1"])
        .env(CHILD, dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    loop {
        if child.try_wait().unwrap().is_some() {
            return false;
        }
        if moment() {
            child.kill().unwrap();
            return !child.wait().unwrap().success();
        }
        std::thread::sleep(std::time::Duration::from_micros(200));
    }
}

/// A build process killed while computing its levels, and again while assembling, resumes
/// to the bytes of an uninterrupted build.
#[test]
fn a_build_killed_in_each_phase_resumes_to_the_same_bytes() {
    let scratch_dir = scratch("killed");
    let dir = scratch_dir.path();
    let (work, out) = (dir.join("work"), dir.join("ts.bd"));
    let blocks_written = || fs::read_dir(work.join("blocks")).map_or(0, |entries| entries.count());
    // 6x7 has 43 × 43 blocks.
    assert!(
        kill_build_when(dir, || blocks_written() >= 300),
        "not killed in the levels"
    );
    assert!(!out.exists() && !work.join("levels-done").exists());
    assert!(
        kill_build_when(dir, || work.join("assembled").exists()),
        "not killed in the assembly"
    );
    assert!(!out.exists());
    build_two_sided_file(7, &work, &out, |_| {}).unwrap();
    assert!(fs::read(&out).unwrap() == two_sided_file(7).unwrap());
}
