//! The gnubg files' entries checked as a query reads them: every entry of a sound file
//! passes, and a damaged file gives an error naming the entry rather than an answer from it.

use backgammon_cube::bearoff::BearoffPosition;
use backgammon_cube::gnubg::{
    BrokenRule, Damage, HypergammonFile, HypergammonFileError, ReadError, TwoSidedReader,
    two_sided_file, write_hypergammon_file,
};
use backgammon_cube::hypergammon::{HypergammonDatabase, HypergammonPosition, SolveOptions};

/// Every pair of non-empty positions of `file`, by gnubg index.
fn pairs(file: &TwoSidedReader) -> Vec<(BearoffPosition, BearoffPosition)> {
    let positions: Vec<BearoffPosition> = (1..file.positions())
        .map(|index| file.position_at(index).unwrap())
        .collect();
    positions
        .iter()
        .flat_map(|a| positions.iter().map(move |b| (*a, *b)))
        .collect()
}

#[test]
fn every_entry_of_a_sound_two_sided_file_passes_its_checks() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("ts3.bd");
    std::fs::write(&path, two_sided_file(3).unwrap()).unwrap();
    let mut file = TwoSidedReader::open(&path).unwrap();
    for (a, b) in pairs(&file) {
        let checked = file.checked_equities(&a, &b).unwrap();
        assert_eq!(checked, file.equities(&a, &b).unwrap());
    }
}

#[test]
fn a_damaged_two_sided_file_never_answers_from_its_damage() {
    let folder = tempfile::tempdir().unwrap();
    let (sound_path, damaged_path) = (folder.path().join("ts3.bd"), folder.path().join("bad.bd"));
    let bytes = two_sided_file(3).unwrap();
    std::fs::write(&sound_path, &bytes).unwrap();
    let mut damaged_bytes = bytes;
    for byte in damaged_bytes[40..].iter_mut().step_by(7) {
        *byte = 0xFF;
    }
    std::fs::write(&damaged_path, damaged_bytes).unwrap();
    let mut sound = TwoSidedReader::open(&sound_path).unwrap();
    let mut damaged = TwoSidedReader::open(&damaged_path).unwrap();
    let (mut refused, mut out_of_order) = (0, 0);
    for (a, b) in pairs(&sound) {
        match damaged.checked_equities(&a, &b) {
            Ok(equities) => assert_eq!(equities, sound.equities(&a, &b).unwrap()),
            Err(ReadError::Damaged { path, damage, .. }) => {
                assert_eq!(path, damaged_path);
                refused += 1;
                out_of_order += usize::from(damage == Damage::OutOfOrder);
            }
            Err(other) => panic!("{other}"),
        }
    }
    assert!(refused > 0 && out_of_order > 0, "{refused} {out_of_order}");
}

/// Every position of hypergammon with `checkers` a side that a game reaches.
fn positions(checkers: u32, file: &HypergammonFile) -> Vec<HypergammonPosition> {
    (0..file.positions() as u32)
        .filter_map(|number| HypergammonPosition::numbered(checkers, number).ok())
        .collect()
}

fn hypergammon_file(checkers: u32) -> Vec<u8> {
    let database = HypergammonDatabase::solve(checkers, &SolveOptions::default(), |_| {}).unwrap();
    let mut bytes = Vec::new();
    write_hypergammon_file(&database, &mut bytes).unwrap();
    bytes
}

#[test]
fn every_entry_of_a_sound_hypergammon_file_passes_its_checks() {
    for checkers in [1, 2] {
        let file = HypergammonFile::from_bytes("sound.bd", hypergammon_file(checkers)).unwrap();
        for position in positions(checkers, &file) {
            let checked = file.checked_entry(&position).unwrap();
            assert_eq!(checked, file.entry(&position).unwrap());
        }
    }
}

#[test]
fn a_damaged_hypergammon_file_names_the_entry_and_the_rule() {
    let mut bytes = hypergammon_file(1);
    bytes[40..].fill(0xFF);
    let file = HypergammonFile::from_bytes("bad.bd", bytes).unwrap();
    for position in positions(1, &file) {
        match file.checked_entry(&position) {
            Ok(_) => assert!(position.is_over(), "{position:?} answered"),
            Err(HypergammonFileError::Damaged {
                path,
                number,
                broken,
            }) => {
                assert_eq!(path.to_str(), Some("bad.bd"));
                assert_eq!(number, position.number() as usize);
                assert_eq!(broken, BrokenRule::Chances);
            }
            Err(other) => panic!("{other}"),
        }
    }
}
