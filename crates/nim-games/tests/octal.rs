//! The rare/common engine for octal games against the direct mex of `nim_sequence`, on the
//! classic games and on random codes.

use nim_games::heap_games::{OctalGame, nim_sequence};
use nim_games::octal::{
    Comparison, OctalOptions, OctalValues, RareSplit, Schedule, compare_values, fewest_rare_split,
    octal_values, split_parity,
};
use nim_games::periodicity::{proven_periodicity, proven_periodicity_at_most_half};
use proptest::prelude::*;

fn direct(game: &OctalGame, max_heap: u32) -> Vec<u16> {
    nim_sequence(game, max_heap).unwrap()
}

/// Kayles, Dawson's Kayles and Dawson's Chess, the games of Winning Ways' table with long
/// pre-periods, a game with no split (.3), splits without removal (4.07), and .6, whose
/// values are not periodic as far as anyone has computed.
#[test]
fn the_engine_equals_the_direct_mex_on_the_classic_games() {
    for code in [
        "0.77", "0.07", "0.137", "0.16", "0.56", "0.127", "0.6", "0.4", "0.3", "0.31", "4.07",
        "0.1777", "0.354", "0.165",
    ] {
        let game = OctalGame::parse(code).unwrap();
        let table = octal_values(&game, 3_000).unwrap();
        assert_eq!(table.values(), &direct(&game, 3_000)[..], "{code}");
    }
}

/// The split pays where the rare values are sparse: .6 and .16 keep a mask, and their rare
/// heaps are what the mask says.
#[test]
fn sparse_games_run_with_a_mask() {
    for code in ["0.6", "0.16"] {
        let game = OctalGame::parse(code).unwrap();
        let table = octal_values(&game, 5_000).unwrap();
        let split = table.split().expect("a sparse game keeps a split");
        assert_eq!(split.heap_parity, None, "{code}: the value alone is sparse");
        let rare: Vec<u32> = (1..table.values().len() as u32)
            .filter(|&n| {
                (table.values()[n as usize] & split.mask)
                    .count_ones()
                    .is_multiple_of(2)
            })
            .collect();
        assert_eq!(table.rare_heaps(), &rare[..], "{code}");
        assert!(rare.len() * 4 < 5_000, "{code}: {} rare heaps", rare.len());
        let best = fewest_rare_split(table.values(), split_parity(&game)).unwrap();
        assert_eq!(
            best.0, split,
            "{code}: the split reported fits all the values best"
        );
        let read = RareSplit::under(table.values(), split);
        assert_eq!(read.rare, rare.len() + 1, "{code}: heap 0 is rare too");
        assert_eq!(read.last_rare as u32, *rare.last().unwrap(), "{code}");
    }
}

/// G(0..=max_heap) by the mex over every option, a byte set per heap: quadratic, and
/// sharing nothing with the engine but the reading of the digits.
fn quadratic(code: &str, max_heap: usize) -> Vec<u16> {
    let digits: Vec<u8> = code[2..].bytes().map(|d| d - b'0').collect();
    let first = u8::from(code.starts_with('4')) * 4;
    let digit = |k: usize| {
        if k == 0 {
            first
        } else {
            digits.get(k - 1).copied().unwrap_or(0)
        }
    };
    let mut values = vec![0u16; max_heap + 1];
    let mut seen = vec![false; 1 << 12];
    for n in 1..=max_heap {
        seen.fill(false);
        for k in 0..=digits.len().min(n) {
            let d = digit(k);
            if d & 1 != 0 && k == n {
                seen[0] = true;
            }
            if d & 2 != 0 && k < n {
                seen[usize::from(values[n - k])] = true;
            }
            if d & 4 != 0 && k < n {
                for a in 1..=(n - k) / 2 {
                    seen[usize::from(values[a] ^ values[n - k - a])] = true;
                }
            }
        }
        values[n] = seen.iter().position(|&s| !s).unwrap() as u16;
    }
    values
}

/// Past 2·16,384 heaps the engine looks for witnesses of the rare values in two windows
/// of pairs before it scans every split: games whose splits remove one token (.6), two
/// (.16) and two or three (.356), each under a mask, on one thread and on two.
#[test]
fn the_witness_windows_give_the_direct_values() {
    for code in ["0.6", "0.16", "0.356"] {
        let two = quadratic_on_both_schedules(code, 70_000);
        assert!(two.split().is_some(), "{code}: the engine ran with a split");
    }
}

/// The engine's values of `code` to `max_heap` on two threads, checked equal to the
/// quadratic mex and to the engine's on one thread.
fn quadratic_on_both_schedules(code: &str, max_heap: u32) -> OctalValues {
    let game = OctalGame::parse(code).unwrap();
    let two = octal_values(&game, max_heap).unwrap();
    assert_eq!(
        two.values(),
        &quadratic(code, max_heap as usize)[..],
        "{code}"
    );
    let one = OctalOptions::new()
        .schedule(Schedule::OneThread)
        .compute(&game, max_heap)
        .unwrap();
    assert_eq!(one, two, "{code}");
    two
}

/// Games whose splits all remove an even number of tokens (.142) or all an odd one (.005,
/// .104, .106, .127, .205), with fewer rare heaps once the heap's parity counts (all but
/// .127 dense under every mask alone): the engine runs under such a split, past the witness
/// windows, on one thread and on two, and gives the direct mex's values.
#[test]
fn the_split_with_the_heap_parity_gives_the_direct_values() {
    for code in ["0.005", "0.104", "0.106", "0.127", "0.142", "0.205"] {
        let two = quadratic_on_both_schedules(code, 40_000);
        let game = OctalGame::parse(code).unwrap();
        let split = two
            .split()
            .expect("a split with the heap's parity is useful");
        assert_eq!(split.heap_parity, split_parity(&game), "{code}");
        assert!(split.heap_parity.is_some(), "{code}: {split}");
        let without_parity = fewest_rare_split(two.values(), None).unwrap().1;
        assert!(
            two.rare_heaps().len() < without_parity,
            "{code}: {} rare heaps, {without_parity} under the best mask alone",
            two.rare_heaps().len()
        );
    }
}

fn octal_code() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec!["0", "4"]),
        prop::collection::vec(0u8..8, 1..5),
    )
        .prop_map(|(whole, digits)| {
            let fraction: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
            format!("{whole}.{fraction}")
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every code the parser accepts gives the direct mex's values, on both sides of the
    /// first choice of a mask (heap 1,024).
    #[test]
    fn random_codes_equal_the_direct_mex(code in octal_code()) {
        if let Ok(game) = OctalGame::parse(&code) {
            let table = octal_values(&game, 1_500).unwrap();
            prop_assert_eq!(table.values(), &direct(&game, 1_500)[..], "{}", code);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Codes whose splits all remove tokens of one parity, where the split may read the
    /// heap's parity: the direct mex's values across three choices of the split (heaps
    /// 1,024, 2,048 and 4,096), whichever family each choice takes.
    #[test]
    fn random_codes_with_one_parity_of_splits_equal_the_direct_mex(code in octal_code()) {
        let game = OctalGame::parse(&code).ok().filter(|game| split_parity(game).is_some());
        if let Some(game) = game {
            let table = octal_values(&game, 5_000).unwrap();
            prop_assert_eq!(table.values(), &direct(&game, 5_000)[..], "{}", code);
            if let Some(split) = table.split() {
                let read = RareSplit::under(table.values(), split);
                let rare = read.rare - usize::from(split.is_rare(0, 0));
                prop_assert_eq!(table.rare_heaps().len(), rare, "{}", code);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// The linear-time check proves what the quadratic one proves, whenever that period is
    /// at most half the data, and nothing else.
    #[test]
    fn the_fast_period_check_agrees_with_the_definition(code in octal_code(), len in 8usize..600) {
        if let Ok(game) = OctalGame::parse(&code) {
            let values = direct(&game, len as u32 - 1);
            let slow = proven_periodicity(&values, game.max_removal())
                .filter(|found| 2 * found.period <= values.len());
            prop_assert_eq!(proven_periodicity_at_most_half(&values, game.max_removal()), slow, "{}", code);
        }
    }
}

/// Two codes are one game only when their values agree on every heap: .161 and .36 agree on
/// 519 heaps (Flammenkamp's tables took them for one game; Czajka found heap 519), .27 and
/// .26 for ever, and a table too short to reach both periods proves nothing.
#[test]
fn codes_are_one_game_only_when_the_values_agree_for_ever() {
    let values = |code, heaps| {
        OctalOptions::new()
            .until_proven()
            .compute(&OctalGame::parse(code).unwrap(), heaps)
            .unwrap()
    };
    assert_eq!(
        compare_values(&values("0.161", 2_000), &values("0.36", 2_000)),
        Comparison::Differ { heap: 519 }
    );
    assert!(matches!(
        compare_values(&values("0.27", 2_000), &values("0.26", 2_000)),
        Comparison::Agree { forever: true, .. }
    ));
    assert_eq!(
        compare_values(&values("0.161", 500), &values("0.36", 500)),
        Comparison::Agree {
            heaps: 501,
            forever: false
        }
    );
}
