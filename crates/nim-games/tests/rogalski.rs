//! The frequencies of the nim-values of Rogalski's five games (0.014, 0.034, 0.161, 0.167,
//! 0.172) at every power of two to 2^20 heaps, against his published files
//! (`tests/data/rogalski/`, copied from his repository with its commit).

use std::path::Path;

use nim_games::milestones::parse_value_count;
use nim_games::{OctalGame, octal_values};

const POWERS: u32 = 20;

#[test]
fn frequencies_equal_rogalskis_at_every_power_of_two_to_2_20() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/rogalski");
    for code in ["0.014", "0.034", "0.161", "0.167", "0.172"] {
        let game = OctalGame::parse(code).expect("an octal game");
        let table = octal_values(&game, 1 << POWERS).expect("2^20 heaps");
        let ours = table.milestones();
        for power in 1..=POWERS {
            let heaps = 1u64 << power;
            let file = data.join(code).join(heaps.to_string());
            let text = std::fs::read_to_string(&file).expect("a published file");
            let published = parse_value_count(&text).expect("his layout");
            let milestone = ours
                .iter()
                .find(|m| m.heaps == heaps)
                .expect("a milestone at every power of two");
            assert_eq!(milestone.frequencies, published, "{code} at {heaps} heaps");
            assert_eq!(
                milestone.value_count(),
                text,
                "{code} at {heaps} heaps, written back in his layout"
            );
        }
    }
}
