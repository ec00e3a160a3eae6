//! The rare/common engine for octal games against the direct mex of `nim_sequence`, on the
//! classic games and on random codes.

use nim_games::heap_games::{OctalGame, nim_sequence};
use nim_games::octal::{
    Comparison, OctalOptions, RareSplit, Schedule, compare_values, fewest_rare_mask, octal_values,
};
use nim_games::periodicity::{proven_periodicity, proven_periodicity_at_most_half};
use proptest::prelude::*;

fn direct(game: &OctalGame, max_heap: u32) -> Vec<u16> {
    nim_sequence(game, max_heap)
        .into_iter()
        .map(|value| u16::try_from(value).unwrap())
        .collect()
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
        let mask = table.mask().expect("a sparse game keeps a mask");
        let rare: Vec<u32> = (1..table.values().len() as u32)
            .filter(|&n| {
                (table.values()[n as usize] & mask)
                    .count_ones()
                    .is_multiple_of(2)
            })
            .collect();
        assert_eq!(table.rare_heaps(), &rare[..], "{code}");
        assert!(rare.len() * 4 < 5_000, "{code}: {} rare heaps", rare.len());
        let best = fewest_rare_mask(table.values()).unwrap();
        assert_eq!(
            best.0, mask,
            "{code}: the mask reported fits all the values best"
        );
        let split = RareSplit::of(table.values(), mask);
        assert_eq!(split.rare, rare.len() + 1, "{code}: heap 0 is rare too");
        assert_eq!(split.last_rare as u32, *rare.last().unwrap(), "{code}");
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
        let game = OctalGame::parse(code).unwrap();
        let max_heap = 70_000;
        let two = octal_values(&game, max_heap).unwrap();
        assert!(two.mask().is_some(), "{code}: the engine ran with a mask");
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
