//! The short paper (`docs/paper/paper.md`) and the citation files checked against the
//! repository: every reference the paper cites is in its bib file, and each entry there is
//! the one of `docs/references.bib`; every number the paper quotes appears in the docs or
//! the README; the paper's length is the Journal of Open Source Software's; `CITATION.cff`
//! names the workspace's version, its release date in the CHANGELOG, and the sources of
//! `docs/references.bib`.

use std::fs;
use std::path::{Path, PathBuf};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask sits in the workspace")
        .to_path_buf()
}

fn read(path: &str) -> String {
    let path = workspace().join(path);
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The paper without its YAML front matter.
fn paper_body() -> String {
    let paper = read("docs/paper/paper.md");
    let rest = paper
        .strip_prefix("---\n")
        .expect("the paper opens with its front matter");
    let end = rest.find("\n---\n").expect("the front matter is closed");
    rest[end + 5..].to_owned()
}

/// The keys cited as `@key` in `text`.
fn citations(text: &str) -> Vec<String> {
    let mut keys = Vec::new();
    for (at, _) in text.match_indices('@') {
        let key: String = text[at + 1..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
            .collect();
        if !key.is_empty() {
            keys.push(key);
        }
    }
    keys
}

/// The bib file's entries, each from its `@type{` to the line that closes it.
fn bib_entries(bib: &str) -> Vec<String> {
    let mut entries = Vec::new();
    let mut current: Option<String> = None;
    for line in bib.lines() {
        if line.starts_with('@') {
            current = Some(String::new());
        }
        if let Some(entry) = current.as_mut() {
            entry.push_str(line);
            entry.push('\n');
            if line == "}" {
                entries.push(current.take().unwrap_or_default());
            }
        }
    }
    entries
}

/// The key of a bib entry (`@misc{key,` gives `key`).
fn bib_key(entry: &str) -> &str {
    let open = entry.find('{').map_or(0, |i| i + 1);
    let close = entry[open..].find(',').map_or(entry.len(), |i| open + i);
    &entry[open..close]
}

/// The numbers of `text`: runs of digits, with the points and commas between digits.
fn numbers(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if !chars[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len()
            && (chars[i].is_ascii_digit()
                || (matches!(chars[i], '.' | ',')
                    && chars.get(i + 1).is_some_and(char::is_ascii_digit)))
        {
            i += 1;
        }
        found.push(chars[start..i].iter().collect());
    }
    found
}

/// Whether `number` occurs in `text` as a whole number, not inside a longer one.
fn appears_as_number(text: &str, number: &str) -> bool {
    let continues_number = |before: Option<char>, after: Option<char>| {
        before.is_some_and(|c| c.is_ascii_digit())
            || (matches!(before, Some('.' | ',')) && after.is_some_and(|c| c.is_ascii_digit()))
    };
    text.match_indices(number).any(|(at, _)| {
        let mut left = text[..at].chars().rev();
        let (l1, l2) = (left.next(), left.next());
        let mut right = text[at + number.len()..].chars();
        let (r1, r2) = (right.next(), right.next());
        !continues_number(l1, l2) && !continues_number(r1, r2)
    })
}

/// The paper's text with what is not prose taken out: citation keys and link targets.
fn paper_prose() -> String {
    let mut prose = String::new();
    let body = paper_body();
    let mut rest = body.as_str();
    while let Some(open) = rest.find("](") {
        prose.push_str(&rest[..open]);
        rest = rest[open..]
            .find(')')
            .map_or("", |close| &rest[open + close + 1..]);
    }
    prose.push_str(rest);
    citations(&prose).iter().fold(prose.clone(), |text, key| {
        text.replace(&format!("@{key}"), "")
    })
}

/// Every Markdown page of `docs/` but the paper's, and the README.
fn docs_text() -> String {
    fn collect(folder: &Path, text: &mut String) {
        let mut entries: Vec<_> = fs::read_dir(folder)
            .expect("docs/ can be read")
            .map(|e| e.expect("a docs entry").path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() && !path.ends_with("paper") {
                collect(&path, text);
            } else if path.extension().is_some_and(|e| e == "md") {
                text.push_str(&fs::read_to_string(&path).expect("a docs page"));
                text.push('\n');
            }
        }
    }
    let mut text = read("README.md");
    collect(&workspace().join("docs"), &mut text);
    text
}

#[test]
fn every_reference_the_paper_cites_is_in_its_bib_file() {
    let bib = read("docs/paper/paper.bib");
    let keys: Vec<String> = bib_entries(&bib)
        .iter()
        .map(|e| bib_key(e).to_owned())
        .collect();
    let cited = citations(&paper_body());
    assert!(
        cited.len() >= 5,
        "the paper cites its five sources at least"
    );
    let missing: Vec<&String> = cited.iter().filter(|key| !keys.contains(key)).collect();
    assert!(
        missing.is_empty(),
        "cited in paper.md, not in paper.bib: {missing:?}"
    );
    let uncited: Vec<&String> = keys.iter().filter(|key| !cited.contains(key)).collect();
    assert!(uncited.is_empty(), "in paper.bib, never cited: {uncited:?}");
}

#[test]
fn each_entry_of_the_paper_bib_is_the_one_of_the_references() {
    let references = bib_entries(&read("docs/references.bib"));
    for entry in bib_entries(&read("docs/paper/paper.bib")) {
        assert!(
            references.contains(&entry),
            "paper.bib's entry {} differs from docs/references.bib's",
            bib_key(&entry)
        );
    }
}

#[test]
fn every_number_the_paper_quotes_appears_in_the_docs() {
    let docs = docs_text();
    let prose = paper_prose();
    let quoted = numbers(&prose);
    assert!(quoted.len() > 20, "the paper quotes its results");
    let missing: Vec<&String> = quoted
        .iter()
        .filter(|number| !appears_as_number(&docs, number))
        .collect();
    assert!(
        missing.is_empty(),
        "quoted in paper.md, in no docs page nor the README: {missing:?}"
    );
}

#[test]
fn a_number_inside_a_longer_one_does_not_count() {
    assert!(appears_as_number("took 3.70 s", "3.70"));
    assert!(!appears_as_number("took 13.70 s", "3.70"));
    assert!(!appears_as_number("took 3.705 s", "3.70"));
    assert!(appears_as_number("heap 326,639.", "326,639"));
    assert!(!appears_as_number("heap 326,6390", "326,639"));
    assert_eq!(
        numbers("a 23.6 GB file, 1,000 games, 2^24."),
        ["23.6", "1,000", "2", "24"]
    );
}

#[test]
fn the_paper_has_the_length_of_a_short_paper() {
    let words = paper_body().split_whitespace().count();
    assert!(
        (750..=1750).contains(&words),
        "paper.md has {words} words, not 750-1,750"
    );
}

/// The value of `key: value` in a top-level line of `CITATION.cff`.
fn citation_field(cff: &str, key: &str) -> String {
    cff.lines()
        .find_map(|line| line.strip_prefix(&format!("{key}: ")))
        .unwrap_or_else(|| panic!("CITATION.cff has no {key}"))
        .trim_matches('"')
        .to_owned()
}

#[test]
fn the_citation_file_names_this_release() {
    let cff = read("CITATION.cff");
    let version = env!("CARGO_PKG_VERSION");
    assert_eq!(citation_field(&cff, "version"), version);
    let heading = format!("## [{version}] - {}", citation_field(&cff, "date-released"));
    assert!(
        read("CHANGELOG.md").lines().any(|line| line == heading),
        "the CHANGELOG has no heading {heading:?}"
    );
    assert!(
        !cff.contains("shared/papers"),
        "CITATION.cff names nothing outside the repository"
    );
}

#[test]
fn the_citation_file_and_the_references_name_the_same_sources() {
    let cff = read("CITATION.cff");
    let references = read("docs/references.bib");
    let mut first_authors = Vec::new();
    for item in cff.split("\n  - type: ").skip(1) {
        let author = item
            .lines()
            .find_map(|line| {
                let line = line.trim_start().trim_start_matches("- ");
                line.strip_prefix("family-names: ")
                    .or_else(|| line.strip_prefix("name: "))
            })
            .expect("a reference with an author");
        first_authors.push(author.trim_matches('"').to_owned());
    }
    assert_eq!(
        first_authors.len(),
        bib_entries(&references).len(),
        "CITATION.cff's references and docs/references.bib's entries"
    );
    for author in &first_authors {
        let family = author.split_whitespace().last().unwrap_or(author);
        assert!(
            references.contains(family) || author.starts_with("Author not stated"),
            "CITATION.cff cites {author}, docs/references.bib does not"
        );
    }
}
