//! The one-sided bear-off database against GNU Backgammon's (`gnubg_os0.bd`, read with
//! `bearoffdump`, both from Debian's `gnubg` package, which `.ci/run` installs). Each test is
//! `#[ignore]`d with the reason, so that `cargo test` counts it as ignored rather than
//! passed where gnubg may be missing; `cargo test -- --include-ignored` runs it.
//!
//! gnubg keeps each probability as a 16-bit fraction of 65,535 and prints percentages to
//! three decimals, so its figures can differ from the exact ones by 1/65,535 (0.0015 %) plus
//! half a unit of the last printed digit (0.0005 %).

use std::path::Path;
use std::process::Command;

use backgammon_cube::bearoff::BearoffPosition;
use backgammon_cube::database::BearoffDatabase;
use backgammon_cube::dice::Roll;
use backgammon_cube::notation::{Board, Setup};
use num_traits::ToPrimitive;

const DUMP: &str = "/usr/games/bearoffdump";
const DATABASE: &str = "/usr/share/gnubg/gnubg_os0.bd";
/// How far gnubg's printed cube equities may be from ours: it prints them to four
/// decimals, from its own single-precision arithmetic.
const GNUBG_PRINTED_EQUITY: f64 = 1e-4;

/// What `bearoffdump` prints for one position: the checkers on points 1–6, P{N = j} in
/// percent, and the mean.
struct GnubgEntry {
    checkers: [u32; 6],
    percent: Vec<f64>,
    mean: f64,
}

/// Both sides of a gnubg position ID, in the key's order: the player not on roll first.
fn players_of(position_id: &str) -> [[u32; 25]; 2] {
    let board = Board::from_position_id(position_id).expect("a Position ID");
    [board.opponent, board.on_roll].map(|side| side.map(u32::from))
}

fn home(player: &[u32; 25]) -> [u32; 6] {
    [
        player[0], player[1], player[2], player[3], player[4], player[5],
    ]
}

/// The home points of whichever player of a position ID has checkers.
fn home_points(position_id: &str) -> [u32; 6] {
    let players = players_of(position_id);
    if players[0].iter().any(|&c| c > 0) {
        home(&players[0])
    } else {
        home(&players[1])
    }
}

fn gnubg_entry(index: usize) -> GnubgEntry {
    let output = Command::new(DUMP)
        .args([DATABASE, "-n", &index.to_string()])
        .output()
        .expect("bearoffdump runs");
    let text = String::from_utf8_lossy(&output.stdout);
    let position_id = text
        .split("Position ID:")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .expect("a position ID");
    let table = text
        .split("Rolls\tPlayer\tOpponent")
        .nth(1)
        .and_then(|rest| rest.split("Average rolls").next())
        .expect("the bear-off table");
    let percent = table
        .lines()
        .filter_map(|line| line.split_whitespace().nth(2)?.parse().ok())
        .collect();
    let mean = text
        .lines()
        .find(|line| line.starts_with("Mean"))
        .and_then(|line| line.split_whitespace().nth(2)?.parse().ok())
        .expect("the mean");
    GnubgEntry {
        checkers: home_points(position_id),
        percent,
        mean,
    }
}

/// GNU Backgammon's tools and database, which the tests here run: a clear failure where
/// they are missing (these tests are `#[ignore]`d, so they run only when asked for).
fn require_gnubg() {
    assert!(
        Path::new(DUMP).exists() && Path::new(DATABASE).exists(),
        "GNU Backgammon's bearoffdump or gnubg_os0.bd is not installed (apt-get install gnubg)"
    );
}

fn position_of(checkers: [u32; 6]) -> BearoffPosition {
    let points: Vec<u32> = (1..=6u32)
        .flat_map(|p| std::iter::repeat_n(p, checkers[p as usize - 1] as usize))
        .collect();
    BearoffPosition::from_points(&points).unwrap()
}

/// How far gnubg's printed P{N = j}, in percent, may be from the exact value: gnubg builds
/// each distribution from its successors' stored 16-bit values, so a rounding of at most
/// 1/2 in 65,535 can enter at each of the j + 1 levels below, and it prints to 0.0005 %.
fn tolerance_percent(j: usize) -> f64 {
    100.0 * (j as f64 + 1.0) * 0.5 / 65_535.0 + 0.0005
}

/// The largest |exact − gnubg| over j, less the tolerance (positive: out of tolerance).
fn excess(exact: &[f64], gnubg: &[f64]) -> f64 {
    (0..exact.len().max(gnubg.len()))
        .map(|j| {
            let difference = exact.get(j).unwrap_or(&0.0) - gnubg.get(j).unwrap_or(&0.0);
            difference.abs() - tolerance_percent(j)
        })
        .fold(f64::NEG_INFINITY, f64::max)
}

fn percent(distribution: &[num_rational::BigRational]) -> Vec<f64> {
    distribution
        .iter()
        .map(|p| 100.0 * p.to_f64().unwrap())
        .collect()
}

/// Every 53rd entry of gnubg's database (about a thousand): the expected rolls agree with
/// ours within gnubg's precision everywhere, and the whole distribution for positions of up
/// to 8 checkers. From 9 checkers gnubg sometimes takes a play that is worse by a few
/// hundred-thousandths of a roll (see `gnubg_takes_a_slightly_worse_play`), which moves the
/// distribution by up to 0.3 % while the mean stays put.
#[test]
#[ignore = "needs GNU Backgammon: apt-get install gnubg; run with --include-ignored"]
fn database_agrees_with_gnubg() {
    require_gnubg();
    let database = BearoffDatabase::new(15).unwrap();
    // bearoffdump takes index 0 (the empty board) for "no index given", so start at 1.
    for index in (1..54_264).step_by(53).chain([54_263]) {
        let entry = gnubg_entry(index);
        let position = position_of(entry.checkers);
        let exact = percent(&database.rolls_distribution(&position).unwrap());
        let mean_tolerance: f64 = 0.0005
            + (0..exact.len().max(entry.percent.len()))
                .map(|j| j as f64 * (tolerance_percent(j) - 0.0005) / 100.0)
                .sum::<f64>();
        let mean = database.expected_rolls_f64(&position).unwrap();
        assert!(
            (mean - entry.mean).abs() <= mean_tolerance,
            "{:?}: E N = {mean}, gnubg {}",
            entry.checkers,
            entry.mean
        );
        if entry.checkers.iter().sum::<u32>() <= 8 {
            assert!(
                excess(&exact, &entry.percent) <= 0.0,
                "{:?}: {exact:?}, gnubg {:?}",
                entry.checkers,
                entry.percent
            );
        }
    }
}

/// gnubg's entry 4151 is checkers on points 1, 3, 3, 3, 3, 4, 5, 5, 5. Its distribution is
/// not ours, but it is ours with one change: for the rolls 2-5 and 2-6 (4 chances in 36)
/// gnubg plays to 1, 1, 3, 3, 3, 4, 5, 5 (E N = 4.453710…) where the best play reaches
/// 1, 2, 3, 3, 3, 3, 5, 5 (E N = 4.453672…). gnubg keeps 16-bit probabilities, whose means
/// cannot tell apart plays 3.8e-5 rolls apart.
#[test]
#[ignore = "needs GNU Backgammon: apt-get install gnubg; run with --include-ignored"]
fn gnubg_takes_a_slightly_worse_play() {
    require_gnubg();
    let database = BearoffDatabase::new(15).unwrap();
    let entry = gnubg_entry(4151);
    assert_eq!(entry.checkers, [1, 0, 4, 1, 3, 0]);
    let position = position_of(entry.checkers);
    let best = position_of([1, 1, 4, 0, 2, 0]);
    let gnubg_play = position_of([2, 0, 3, 1, 2, 0]);
    for roll in [
        Roll {
            first: 2,
            second: 5,
        },
        Roll {
            first: 2,
            second: 6,
        },
    ] {
        assert!(position.legal_plays(roll).contains(&gnubg_play));
        assert_eq!(database.best_play(&position, roll).unwrap(), best);
    }
    let (e_best, e_gnubg) = (
        database.expected_rolls(&best).unwrap(),
        database.expected_rolls(&gnubg_play).unwrap(),
    );
    assert!(e_best < e_gnubg);
    assert!((e_gnubg - e_best).to_f64().unwrap() < 4e-5);

    let ours = percent(&database.rolls_distribution(&position).unwrap());
    assert!(
        excess(&ours, &entry.percent) > 0.1,
        "the distributions differ"
    );
    let (after_best, after_gnubg) = (
        percent(&database.rolls_distribution(&best).unwrap()),
        percent(&database.rolls_distribution(&gnubg_play).unwrap()),
    );
    let with_gnubg_play: Vec<f64> = (0..ours.len() + 1)
        .map(|j| {
            let one_roll_later = |d: &[f64]| {
                if j == 0 {
                    0.0
                } else {
                    *d.get(j - 1).unwrap_or(&0.0)
                }
            };
            ours.get(j).unwrap_or(&0.0)
                + 4.0 / 36.0 * (one_roll_later(&after_gnubg) - one_roll_later(&after_best))
        })
        .collect();
    assert!(
        excess(&with_gnubg_play, &entry.percent) <= 0.0,
        "{with_gnubg_play:?} vs gnubg {:?}",
        entry.percent
    );
}

/// Tables 2 and 3 position by position: gnubg's entries 1–27 are the positions of one and
/// two checkers (each identified from its position ID, not from the order), and gnubg's
/// P{N = 1}, printed to 0.001 %, names the chance out of 36 unambiguously (chances out of 36
/// are 2.78 % apart).
#[test]
#[ignore = "needs GNU Backgammon: apt-get install gnubg; run with --include-ignored"]
fn tables_2_and_3_agree_with_gnubg() {
    require_gnubg();
    let mut seen = std::collections::BTreeSet::new();
    for index in 1..=27 {
        let entry = gnubg_entry(index);
        let checkers: u32 = entry.checkers.iter().sum();
        assert!(
            (1..=2).contains(&checkers),
            "entry {index}: {:?}",
            entry.checkers
        );
        let position = position_of(entry.checkers);
        let ours = position.one_roll_chance() * 36;
        let theirs = (entry.percent[1] * 36.0 / 100.0).round();
        assert_eq!(f64::from(ours.to_integer()), theirs, "{:?}", entry.checkers);
        seen.insert(entry.checkers);
    }
    assert_eq!(seen.len(), 27, "every one- and two-checker position once");
}

/// Both players' home points from a gnubg position ID, in the ID's order (the player not
/// on roll first, as `bearoffdump` sets up its board).
fn both_home_points(position_id: &str) -> [[u32; 6]; 2] {
    let [first, second] = players_of(position_id);
    [home(&first), home(&second)]
}

/// Our two-sided database against gnubg's (`makebearoff -t 6x3`, all 7,056 entries read
/// from the file: a 40-byte header, then per pair four 16-bit equities — cubeless, cube
/// owned, centred, owned by the opponent — 0x7FFF above 0x8000 meaning +1). gnubg's position
/// numbers are checked against `bearoffdump`'s boards, and its four equities against our
/// 2P − 1 and cubeful equities: gnubg computes them in 16-bit fixed point, truncating at
/// every step of the recursion, so its values differ from ours by a few units of 1/32,767
/// (the largest differences are printed and bounded).
#[test]
#[ignore = "needs GNU Backgammon: apt-get install gnubg; run with --include-ignored"]
fn two_sided_database_agrees_with_gnubg() {
    use backgammon_cube::two_sided::TwoSidedDatabase;
    const MAKE: &str = "/usr/games/makebearoff";
    require_gnubg();
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("ts63.bd");
    let made = Command::new(MAKE)
        .args(["-t", "6x3", "-f"])
        .arg(&file)
        .output()
        .expect("makebearoff runs");
    assert!(made.status.success());
    let bytes = std::fs::read(&file).unwrap();
    assert!(bytes.starts_with(b"gnubg-TS-06-03-1"));
    let database = TwoSidedDatabase::<f64>::new(3).unwrap();
    let n = database.positions();
    assert_eq!(bytes.len(), 40 + 8 * n * n);
    // gnubg's numbering, checked on every 97th entry against the board bearoffdump draws.
    for entry in (1..n * n).step_by(97) {
        let output = Command::new(DUMP)
            .arg(&file)
            .args(["-n", &entry.to_string()])
            .output()
            .expect("bearoffdump runs");
        let text = String::from_utf8_lossy(&output.stdout);
        let id = text
            .split_whitespace()
            .skip_while(|w| *w != "ID:")
            .nth(1)
            .expect("a position ID");
        let [them, us] = both_home_points(id);
        let (i, j) = (entry / n, entry % n);
        assert_eq!(
            database.position_at_gnubg_index(i).unwrap(),
            position_of(us),
            "entry {entry}"
        );
        assert_eq!(
            database.position_at_gnubg_index(j).unwrap(),
            position_of(them),
            "entry {entry}"
        );
    }
    let names = [
        "cubeless",
        "owned cube",
        "centred cube",
        "opponent owns cube",
    ];
    let mut largest = [(0f64, 0usize); 4];
    for i in 1..n {
        for j in 1..n {
            let on_roll = database.position_at_gnubg_index(i).unwrap();
            let opponent = database.position_at_gnubg_index(j).unwrap();
            let entry = database.equities(&on_roll, &opponent).unwrap();
            let ours = [
                2.0 * entry.win - 1.0,
                entry.owned,
                entry.centred,
                entry.opponent_owns,
            ];
            for (value, (ours, largest)) in ours.into_iter().zip(&mut largest).enumerate() {
                let cell = 40 + 8 * (i * n + j) + 2 * value;
                let stored = u16::from_le_bytes([bytes[cell], bytes[cell + 1]]);
                let gnubg = f64::from(i32::from(stored) - 0x8000) / f64::from(0x7FFF);
                if (ours - gnubg).abs() > largest.0 {
                    *largest = ((ours - gnubg).abs(), i * n + j);
                }
            }
        }
    }
    for (name, (difference, entry)) in names.iter().zip(largest) {
        eprintln!(
            "largest difference from gnubg's {name} equity: {difference:.2e} at entry {entry}"
        );
        assert!(difference < 1e-3, "{name}: {difference} at entry {entry}");
    }
}

/// The cube equities of single-checker races against gnubg's two-sided bear-off database
/// for one checker a side (`makebearoff -t 6x1`, in which the one-sided index of a lone
/// checker is its point). gnubg's "owned cube" and "centered cube" money equities for the
/// player on roll are those before this turn's cube decision, E⁰_my(k, s) and E⁰_our(k, s),
/// printed to four decimals.
#[test]
#[ignore = "needs GNU Backgammon: apt-get install gnubg; run with --include-ignored"]
fn cube_equities_agree_with_gnubg() {
    const MAKE: &str = "/usr/games/makebearoff";
    require_gnubg();
    assert!(
        Path::new(MAKE).exists(),
        "gnubg is installed without makebearoff"
    );
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("ts61.bd");
    let status = Command::new(MAKE)
        .args(["-t", "6x1", "-f"])
        .arg(&file)
        .output()
        .expect("makebearoff runs")
        .status;
    assert!(status.success());
    let cube = backgammon_cube::cube::CubeEquities::<f64>::new(12).unwrap();
    let mut compared = 0;
    for index in 1..49 {
        let output = Command::new(DUMP)
            .arg(&file)
            .args(["-n", &index.to_string()])
            .output()
            .expect("bearoffdump runs");
        let text = String::from_utf8_lossy(&output.stdout);
        let field = |label: &str| -> f64 {
            text.lines()
                .find(|line| line.starts_with(label))
                .and_then(|line| line.split(':').nth(1)?.trim().parse().ok())
                .unwrap_or_else(|| panic!("no {label} in entry {index}"))
        };
        let positions: Vec<u32> = text
            .lines()
            .find(|line| line.starts_with("Position ") && !line.contains(':'))
            .map(|line| {
                line.split_whitespace()
                    .skip(1)
                    .filter_map(|w| w.parse().ok())
                    .collect()
            })
            .expect("the position line");
        let (k, s) = (positions[0], positions[1]);
        if k == 0 || s == 0 {
            continue;
        }
        let pairs = [
            (
                cube.owned_no_double(k, s).unwrap(),
                field("Owned cube"),
                "E0_my",
            ),
            (
                cube.centred_no_double(k, s).unwrap(),
                field("Centered cube"),
                "E0_our",
            ),
        ];
        for (ours, theirs, name) in pairs {
            assert!(
                (ours - theirs).abs() <= GNUBG_PRINTED_EQUITY,
                "{name}({k}, {s}) = {ours}, gnubg {theirs}"
            );
        }
        compared += 1;
    }
    assert_eq!(
        compared, 36,
        "every race of one checker a side, k, s = 1..6"
    );
}

/// Our gnubg-format two-sided files are gnubg's own, byte for byte (`makebearoff -t 6xC`),
/// for C = 1, 3 and 6 (6 × 6 is the file gnubg ships; 853,776 entries), built in memory and
/// out of core. On a difference the test counts the differing entries and shows the first.
#[test]
#[ignore = "needs GNU Backgammon: apt-get install gnubg; run with --include-ignored"]
fn our_two_sided_files_are_gnubgs_byte_for_byte() {
    use backgammon_cube::gnubg::{build_two_sided_file, two_sided_file};
    require_gnubg();
    let scratch_dir = tempfile::tempdir().unwrap();
    let scratch = scratch_dir.path();
    for checkers in [1u32, 3, 6] {
        let theirs = makebearoff(&["-t", &format!("6x{checkers}")], &format!("ts6{checkers}"));
        let out = scratch.join(format!("ts6{checkers}.bd"));
        build_two_sided_file(checkers, &scratch.join("work"), &out, |_| {}).unwrap();
        assert!(
            std::fs::read(&out).unwrap() == theirs,
            "6 x {checkers}: the file built out of core is not gnubg's"
        );
        let ours = two_sided_file(checkers).unwrap();
        assert_eq!(ours.len(), theirs.len(), "6 x {checkers}: file lengths");
        assert_eq!(ours[..40], theirs[..40], "6 x {checkers}: headers");
        let differing: Vec<usize> = (0..(ours.len() - 40) / 8)
            .filter(|entry| {
                let at = 40 + 8 * entry;
                ours[at..at + 8] != theirs[at..at + 8]
            })
            .collect();
        assert!(
            differing.is_empty(),
            "6 x {checkers}: {} entries differ, the first {:?}",
            differing.len(),
            differing.first()
        );
    }
}

/// Our one-sided files are gnubg's own, byte for byte (`makebearoff -o P`): six points in
/// gnubg's default layout (compressed, with the gammon distributions; 54,264 positions),
/// and four and five points in the other layouts (`-g` without the gammon distributions,
/// `-c` uncompressed). On a difference the test shows the first differing byte.
#[test]
#[ignore = "needs GNU Backgammon: apt-get install gnubg; run with --include-ignored"]
fn our_one_sided_files_are_gnubgs_byte_for_byte() {
    use backgammon_cube::gnubg::{OneSidedLayout, one_sided_file};
    require_gnubg();
    let layouts = [
        (6, OneSidedLayout::default(), &[][..]),
        (
            4,
            OneSidedLayout {
                gammon: false,
                compress: true,
            },
            &["-g"][..],
        ),
        (
            5,
            OneSidedLayout {
                gammon: true,
                compress: false,
            },
            &["-c"][..],
        ),
        (
            3,
            OneSidedLayout {
                gammon: false,
                compress: false,
            },
            &["-g", "-c"][..],
        ),
    ];
    for (points, layout, flags) in layouts {
        let points_text = points.to_string();
        let options = [&["-o", points_text.as_str()][..], flags].concat();
        let theirs = makebearoff(&options, &format!("os{points}"));
        let ours = one_sided_file(points, layout).unwrap().to_bytes();
        let first_difference = ours.iter().zip(&theirs).position(|(a, b)| a != b);
        assert_eq!(
            (ours.len(), first_difference),
            (theirs.len(), None),
            "{points} points {flags:?}: lengths and the first differing byte"
        );
    }
}

/// The file `makebearoff` writes with `options` (its `-f` added), read and removed; `name`
/// names it in its own temporary folder.
fn makebearoff(options: &[&str], name: &str) -> Vec<u8> {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join(format!("{name}.bd"));
    let made = Command::new("/usr/games/makebearoff")
        .args(options)
        .arg("-f")
        .arg(&file)
        .output()
        .expect("makebearoff runs");
    assert!(made.status.success());
    std::fs::read(&file).unwrap()
}

/// gnubg's own evaluator, run as `gnubg -t`, reading its commands from standard input.
const GNUBG: &str = "/usr/games/gnubg";

/// How far a number gnubg prints with three decimals may be from ours: its rounding, and
/// a few units of its 16-bit bear-off values (1/32,767.5 each).
const GNUBG_HINT_PRECISION: f64 = 5e-4 + 4.0 / 32_767.5;

/// The same for a double taken, twice an equity gnubg stores: twice its units of error.
const GNUBG_DOUBLE_TAKE_PRECISION: f64 = 5e-4 + 8.0 / 32_767.5;

/// What gnubg's `hint` says of a position: its cubeful equities and proper cube action, or
/// for a roll its best play.
#[derive(Debug, Default)]
struct GnubgHint {
    win: f64,
    no_double: f64,
    double_take: f64,
    action: String,
    best_play: String,
}

/// What one `gnubg -t` session prints for the commands of `script`.
fn gnubg_session(script: &str) -> String {
    use std::io::Write;
    let mut child = Command::new(GNUBG)
        .args(["-t", "-q"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("gnubg runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Runs one gnubg over `positions` (gnubg IDs, `POSITIONID:MATCHID`, the dice not yet
/// rolled, and a roll) and reads its cube analysis and, after `set dice`, its first play for
/// each.
fn gnubg_hints(positions: &[(String, Roll)]) -> Vec<GnubgHint> {
    let mut script = String::from("set confirm new off\nnew game\n");
    for (id, roll) in positions {
        script.push_str(&format!(
            "set gnubgid {id}\nhint\nset dice {} {}\nhint\n",
            roll.first, roll.second
        ));
    }
    let text = gnubg_session(&script);
    let number = |line: &str| -> f64 {
        line.split_whitespace()
            .find_map(|word| word.parse().ok())
            .unwrap_or(f64::NAN)
    };
    let mut hints: Vec<GnubgHint> = Vec::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let line = line.trim();
        if line.starts_with("Cube analysis") {
            hints.push(GnubgHint::default());
        }
        let Some(hint) = hints.last_mut() else {
            continue;
        };
        if let Some(action) = line.strip_prefix("Proper cube action: ") {
            hint.action = action.to_owned();
        } else if line.contains("cubeless equity") {
            hint.win = number(lines.next().unwrap_or_default());
        } else if let Some(play) = line.strip_prefix("1. Cubeful ") {
            let play = play.split_once("ply").map_or("", |(_, rest)| rest);
            hint.best_play = play
                .split("Eq.:")
                .next()
                .unwrap_or_default()
                .trim()
                .to_owned();
        } else if let Some((_, option)) = line.split_once(". ") {
            // A numbered cube option: "1. No double  -0.787", "3. Double, take  -1.596".
            let equity = option
                .rsplit_once(|c: char| c.is_ascii_alphabetic())
                .map_or(f64::NAN, |(_, rest)| number(rest));
            if option.starts_with("No ") {
                hint.no_double = equity;
            } else if option.contains("ouble, take") {
                hint.double_take = equity;
            }
        }
    }
    hints
}

/// The board after a play in gnubg's notation (`6/off 5/3`, `5/3(2)`, `6/4/2`): each
/// path's checker moved from its first place to its last (no hits in a bear-off).
fn played(board: &Board, play: &str) -> Board {
    let mut after = *board;
    for word in play.split_whitespace() {
        let (path, times) = match word.split_once('(') {
            Some((path, times)) => (path, times.trim_end_matches(')').parse().unwrap()),
            None => (word, 1),
        };
        let places: Vec<&str> = path.split('/').collect();
        let place = |text: &str| -> usize {
            match text {
                "off" => 0,
                "bar" => 25,
                point => point.trim_end_matches('*').parse().unwrap(),
            }
        };
        let (from, to) = (place(places[0]), place(places[places.len() - 1]));
        for _ in 0..times {
            after.on_roll[from - 1] -= 1;
            if to > 0 {
                after.on_roll[to - 1] += 1;
            }
        }
    }
    after
}

/// The crate's name of a gnubg cube action ("No redouble, beaver" is "no double").
fn cube_action_of(gnubg: &str) -> &'static str {
    if gnubg.starts_with("No ") {
        "no double"
    } else if gnubg.starts_with("Too good") {
        "too good"
    } else if gnubg.contains("take") {
        "double, take"
    } else {
        "double, pass"
    }
}

/// Our query of positions of the six-point database against gnubg's `hint` on each, the
/// cube centred or owned, with a roll: P(win), the equities of no double and of a double
/// taken, the proper cube action and the best play agree to gnubg's printed precision.
/// gnubg evaluates these from its exact two-sided bear-off database of six checkers a side.
/// Where two actions are within that precision of each other, or two plays, either is
/// right, and only the equities are compared.
#[test]
#[ignore = "needs GNU Backgammon: apt-get install gnubg; run with --include-ignored"]
fn queries_agree_with_gnubgs_hint() {
    use backgammon_cube::cube::CubeOwnership;
    use backgammon_cube::query::query;
    use backgammon_cube::two_sided::TwoSidedDatabase;
    require_gnubg();
    let database = TwoSidedDatabase::<f64>::new(6).unwrap();
    let n = database.positions();
    let rolls: Vec<Roll> = backgammon_cube::dice::all_rolls();
    // Pairs spread over the database by a stride coprime to n².
    let positions: Vec<(String, Roll)> = (1..=36usize)
        .map(|k| {
            let pair = (k * 104_729) % (n * n);
            let (a, b) = (pair / n, pair % n);
            (a.max(1), b.max(1), k)
        })
        .map(|(a, b, k)| {
            let board = Board::from_bearoff(
                &database.position_at(a).unwrap(),
                &database.position_at(b).unwrap(),
            );
            let (cube_value, cube) = if k % 2 == 0 {
                (2, CubeOwnership::Owned)
            } else {
                (1, CubeOwnership::Centred)
            };
            let id = Setup {
                board,
                cube_value,
                cube,
                roll: None,
            };
            (id.gnubg_id(), rolls[k % 36])
        })
        .collect();
    let hints = gnubg_hints(&positions);
    assert_eq!(
        hints.len(),
        positions.len(),
        "a cube analysis for each position"
    );
    let mut actions_compared = 0;
    for ((id, roll), hint) in positions.iter().zip(&hints) {
        let asked: Setup = id.parse().unwrap();
        let (board, cube) = (asked.board, asked.cube);
        let ours = query(&database, &board, cube, Some(*roll)).unwrap();
        let entry = &ours.entry;
        assert!(
            (entry.outcomes.win - hint.win).abs() < GNUBG_HINT_PRECISION,
            "{id}: P {hint:?}"
        );
        let no_double = entry.no_double(cube);
        assert!(
            (no_double - hint.no_double).abs() < GNUBG_HINT_PRECISION,
            "{id}: no double {no_double} {hint:?}"
        );
        assert!(
            (entry.double_take() - hint.double_take).abs() < GNUBG_DOUBLE_TAKE_PRECISION,
            "{id}: double/take {} {hint:?}",
            entry.double_take()
        );
        let close = |x: f64, y: f64| (x - y).abs() < 2.0 * GNUBG_HINT_PRECISION;
        let doubled = entry.double_take().min(1.0);
        if !close(no_double, doubled) && !close(entry.double_take(), 1.0) {
            actions_compared += 1;
            assert_eq!(
                ours.cube_action.name(),
                cube_action_of(&hint.action),
                "{id}: {hint:?}"
            );
        }
        let best = &ours.plays[0];
        let gnubgs = played(&board, &hint.best_play);
        let theirs = ours
            .plays
            .iter()
            .find(|play| play.after == gnubgs)
            .unwrap_or_else(|| {
                panic!(
                    "{id} {roll}: gnubg's {:?} is not among {:?}",
                    hint.best_play, ours.plays
                )
            });
        assert!(
            close(theirs.equity, best.equity),
            "{id} {roll}: gnubg's {:?} loses {}",
            hint.best_play,
            theirs.loss
        );
    }
    assert!(
        actions_compared >= 30,
        "only {actions_compared} cube actions clear of a tie"
    );
}

/// gnubg's `show marketwindow` for each position: the players' gammon rates as it prints
/// them (gammons that are not backgammons, and backgammons, each a share of the player's
/// wins) and each player's dead- and live-cube points in its order (TP, BP, RP, IDP, RDP,
/// CP, TGP), all as fractions.
struct GnubgMarketWindow {
    rates: Vec<(f64, f64)>,
    points: Vec<Vec<[f64; 2]>>,
}

fn gnubg_market_windows(position_ids: &[String]) -> Vec<GnubgMarketWindow> {
    // A session without the Jacoby rule, whose initial double point is Janowski's
    // L/(W + L); `set board` keeps the session's rule (a Match ID would set its own).
    let mut script = String::from("set confirm new off\nset jacoby off\nnew session\n");
    for id in position_ids {
        script.push_str(&format!("set board {id}\nshow marketwindow\n"));
    }
    let text = gnubg_session(&script);
    let percents = |line: &str| -> Vec<f64> {
        line.split_whitespace()
            .filter_map(|word| word.trim_end_matches(',').strip_suffix('%')?.parse().ok())
            .map(|percent: f64| percent / 100.0)
            .collect()
    };
    let (mut rates, mut points) = (Vec::new(), Vec::new());
    for line in text.lines() {
        let numbers = percents(line);
        if line.contains("gammon rate") && numbers.len() == 2 {
            rates.push((numbers[0], numbers[1]));
        } else if line.contains("cube parameters") {
            points.push(Vec::new());
        } else if line.contains(" Point (")
            && numbers.len() == 2
            && let Some(player) = points.last_mut()
        {
            player.push([numbers[0], numbers[1]]);
        }
    }
    rates
        .chunks(2)
        .zip(points.chunks(2))
        .map(|(rates, points)| GnubgMarketWindow {
            rates: rates.to_vec(),
            points: points.to_vec(),
        })
        .collect()
}

/// Our market window beside gnubg's `show marketwindow` on positions whose gammon rates
/// its neural net estimates (the opening, a blitz, a back game, a race): the same
/// formulas give the same points from the same rates. gnubg prints rates to 0.01 % (W and L
/// to 1.5e-4) and points to 0.001 %, so they agree to 1e-4.
#[test]
#[ignore = "needs GNU Backgammon: apt-get install gnubg; run with --include-ignored"]
fn market_windows_agree_with_gnubgs() {
    use backgammon_cube::market::{CubePoints, GammonValues, market_window};
    require_gnubg();
    let board = |on_roll: &[(usize, u8)], opponent: &[(usize, u8)]| {
        let side = |checkers: &[(usize, u8)]| {
            let mut places = [0u8; 25];
            for &(point, count) in checkers {
                places[point - 1] = count;
            }
            places
        };
        Board::new(side(on_roll), side(opponent)).expect("a legal board")
    };
    let opening = [(6, 5), (8, 3), (13, 5), (24, 2)];
    let boards = [
        board(&opening, &opening),
        // A blitz: five points closed, two of the opponent's on the bar.
        board(
            &[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (8, 3), (13, 2)],
            &[(25, 2), (6, 4), (8, 2), (13, 5), (19, 2)],
        ),
        // A back game: the player on roll holds the opponent's ace and three points.
        board(
            &[(24, 2), (22, 3), (6, 3), (7, 2), (8, 2), (13, 3)],
            &[(2, 3), (4, 3), (5, 3), (6, 3), (7, 3)],
        ),
        // A race, no contact.
        board(
            &[(1, 3), (2, 3), (3, 3), (4, 3), (5, 3)],
            &[(4, 3), (5, 3), (6, 3), (8, 3), (9, 3)],
        ),
    ];
    let ids: Vec<String> = boards.iter().map(Board::position_id).collect();
    let windows = gnubg_market_windows(&ids);
    assert_eq!(windows.len(), ids.len(), "one window a position");
    let ours = |points: &CubePoints<f64>| points.named().map(|(_, point)| point);
    let mut some_gammons = false;
    for (id, window) in ids.iter().zip(&windows) {
        assert_eq!(window.rates.len(), 2, "{id}: two players' rates");
        assert_eq!(window.points.len(), 2, "{id}: two players' points");
        let average = |(gammon, backgammon): (f64, f64)| 1.0 + gammon + 2.0 * backgammon;
        for player in 0..2 {
            let values = GammonValues {
                win: average(window.rates[player]),
                loss: average(window.rates[1 - player]),
            };
            some_gammons |= values.win > 1.1;
            let mine = market_window(&values).expect("gnubg's rates give W, L in [1, 3]");
            let theirs = &window.points[player];
            assert_eq!(theirs.len(), 7, "{id}: gnubg's seven points");
            // gnubg's rows TP, IDP, RDP, CP, TGP; its beaver and raccoon points we omit.
            let gnubg = |column: usize| [0, 3, 4, 5, 6].map(|row| theirs[row][column]);
            for (cube, ours, gnubg) in [
                ("dead", ours(&mine.dead), gnubg(0)),
                ("live", ours(&mine.live), gnubg(1)),
            ] {
                for (point, (a, b)) in ours.iter().zip(gnubg).enumerate() {
                    assert!(
                        (a - b).abs() <= 1e-4,
                        "{id}, player {player}, {cube} cube, point {point}: ours {a}, gnubg {b}"
                    );
                }
            }
        }
    }
    assert!(some_gammons, "some position has gammons to count");
}
