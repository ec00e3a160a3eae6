//! The rare/common computation of Grundy's game against the plain mex rule.

use nim_games::grundys_game::GrundysGame;
use nim_games::grundys_game::{NimValueOptions, Schedule, is_rare_value, nim_values};
use nim_games::heap_games::nim_sequence;

/// G(n) = mex{G(a) xor G(n − a) : 1 ≤ a < n/2}, directly: quadratic, and sharing nothing with
/// the rare/common method.
fn quadratic_values(max_heap: usize) -> Vec<u16> {
    let mut values = vec![0u16; max_heap + 1];
    let mut seen = vec![false; 1024];
    for n in 3..=max_heap {
        seen.iter_mut().for_each(|s| *s = false);
        for a in 1..n.div_ceil(2) {
            seen[(values[a] ^ values[n - a]) as usize] = true;
        }
        values[n] = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u16;
    }
    values
}

#[test]
fn rare_common_values_equal_the_quadratic_computation_up_to_100000() {
    let table = nim_values(100_000).unwrap();
    assert_eq!(table.values(), &quadratic_values(100_000)[..]);
    let rare: Vec<u32> = (1..=100_000u32)
        .filter(|&n| is_rare_value(table.values()[n as usize].into()))
        .collect();
    assert_eq!(table.rare_heaps(), &rare[..]);
}

#[test]
fn one_thread_and_two_threads_give_the_same_table() {
    // 300,000 heaps: past the 82,860 of the last rare heap, and many blocks of far pairs.
    let one = NimValueOptions::new()
        .schedule(Schedule::OneThread)
        .compute(300_000)
        .unwrap();
    let two = nim_values(300_000).unwrap();
    assert_eq!(one, two);
}

#[test]
fn small_tables_agree_with_the_generic_mex_rule() {
    for max_heap in [0u32, 1, 2, 3, 10, 300, 511, 512, 513, 1500] {
        let table = nim_values(max_heap).unwrap();
        let generic = nim_sequence(&GrundysGame, max_heap).unwrap();
        assert_eq!(table.values(), &generic[..], "max heap {max_heap}");
    }
}

#[test]
fn progress_is_reported_every_2_pow_20_heaps() {
    let mut reports = Vec::new();
    NimValueOptions::new()
        .progress(|n| reports.push(n))
        .compute(1_100_000)
        .unwrap();
    assert_eq!(reports, vec![1 << 20]);
}

/// The first sparse (rare) values of Grundy's game as listed by A. Flammenkamp, "Sprague-
/// Grundy Values of Grundy's Game" (Bielefeld), heaps 0 to 231: (heap, G(heap)).
const FLAMMENKAMP_SPARSE: [(u32, u16); 48] = [
    (0, 0),
    (1, 0),
    (2, 0),
    (3, 1),
    (4, 0),
    (6, 1),
    (7, 0),
    (9, 1),
    (10, 0),
    (12, 1),
    (15, 1),
    (20, 0),
    (23, 0),
    (26, 0),
    (28, 1),
    (31, 1),
    (34, 1),
    (37, 1),
    (40, 1),
    (43, 1),
    (46, 1),
    (49, 1),
    (50, 0),
    (52, 1),
    (53, 0),
    (55, 1),
    (58, 1),
    (61, 1),
    (87, 7),
    (90, 7),
    (93, 7),
    (146, 6),
    (149, 6),
    (152, 6),
    (158, 11),
    (161, 11),
    (164, 11),
    (167, 11),
    (176, 7),
    (179, 7),
    (181, 12),
    (182, 7),
    (185, 7),
    (188, 7),
    (190, 12),
    (193, 12),
    (196, 10),
    (231, 10),
];

#[test]
fn the_first_rare_heaps_match_the_published_list() {
    let table = nim_values(231).unwrap();
    let ours: Vec<(u32, u16)> = std::iter::once((0, 0))
        .chain(
            table
                .rare_heaps()
                .iter()
                .map(|&n| (n, table.values()[n as usize])),
        )
        .collect();
    assert_eq!(ours, FLAMMENKAMP_SPARSE.to_vec());
}
