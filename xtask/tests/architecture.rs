//! The invariants of docs/architecture.md, checked against the workspace's sources and
//! manifests: where each kind of code lives, which crate may depend on which, and that no
//! module imports a module that imports it back.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The crates of a command line, which only the command and the xtask use.
const COMMAND_LINE_CRATES: [&str; 5] = [
    "clap",
    "clap_complete",
    "clap_mangen",
    "indicatif",
    "signal-hook",
];

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the xtask is a folder of the workspace")
        .to_path_buf()
}

/// Every member's folder, from the workspace's manifest.
fn members() -> Vec<PathBuf> {
    let manifest = read_toml(&workspace().join("Cargo.toml"));
    manifest["workspace"]["members"]
        .as_array()
        .expect("a members list")
        .iter()
        .map(|member| workspace().join(member.as_str().expect("a member path")))
        .collect()
}

fn read_toml(path: &Path) -> toml::Table {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.parse()
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A member's dependencies of every kind, by name, with their declarations.
fn dependencies(member: &Path) -> BTreeMap<String, toml::Value> {
    let manifest = read_toml(&member.join("Cargo.toml"));
    ["dependencies", "dev-dependencies", "build-dependencies"]
        .iter()
        .filter_map(|kind| manifest.get(*kind).and_then(toml::Value::as_table))
        .flat_map(|table| {
            table
                .iter()
                .map(|(name, value)| (name.clone(), value.clone()))
        })
        .collect()
}

fn name_of(member: &Path) -> String {
    let manifest = read_toml(&member.join("Cargo.toml"));
    manifest["package"]["name"]
        .as_str()
        .expect("a package name")
        .to_owned()
}

#[test]
fn the_command_is_a_binary_that_no_crate_depends_on() {
    let command = workspace().join("crates/game-analysis");
    assert!(command.join("src/main.rs").exists());
    assert!(
        !command.join("src/lib.rs").exists(),
        "the command crate has no library half"
    );
    for member in members() {
        assert!(
            !dependencies(&member).contains_key("game-analysis"),
            "{} depends on the game-analysis command",
            name_of(&member)
        );
    }
}

/// The library crates, the computations: the members that are published and have a
/// library (the command is published without one; the xtask, the benches and the Python
/// package are not published).
fn libraries() -> Vec<PathBuf> {
    members()
        .into_iter()
        .filter(|member| {
            let manifest = read_toml(&member.join("Cargo.toml"));
            let published = manifest["package"]
                .get("publish")
                .and_then(toml::Value::as_bool);
            published != Some(false) && member.join("src/lib.rs").exists()
        })
        .collect()
}

#[test]
fn the_libraries_know_no_command_line_and_serde_only_behind_a_feature() {
    let libraries = libraries();
    assert_eq!(libraries.len(), 7, "{libraries:?}");
    for member in libraries {
        let library = name_of(&member);
        let manifest = read_toml(&member.join("Cargo.toml"));
        let Some(normal) = manifest.get("dependencies").and_then(toml::Value::as_table) else {
            continue;
        };
        for crate_name in COMMAND_LINE_CRATES {
            assert!(
                !normal.contains_key(crate_name),
                "{library} depends on {crate_name}"
            );
        }
        if let Some(serde) = normal.get("serde") {
            assert_eq!(
                serde.get("optional").and_then(toml::Value::as_bool),
                Some(true),
                "{library}: serde is the `serde` feature's, not every user's"
            );
        }
    }
}

/// The crates a doc example may name besides its own: the standard library's.
const ALWAYS_AVAILABLE: [&str; 3] = ["std", "core", "alloc"];

/// Where a file's example code is.
#[derive(Clone, Copy, PartialEq)]
enum ExampleCode {
    /// In its doc comments (`//!`, `///`): a source file.
    DocComments,
    /// In its code blocks: a README.
    CodeBlocks,
    /// Everywhere: a file of the crate's `examples/`.
    Everywhere,
}

/// The crates the example code of a file names in its `use` lines, other than `own` and
/// the standard library.
fn foreign_crates_in_examples(text: &str, own: &str, code_in: ExampleCode) -> BTreeSet<String> {
    let mut foreign = BTreeSet::new();
    let mut in_code = false;
    for line in text.lines() {
        let trimmed = line.trim_start();
        let example_line = match code_in {
            ExampleCode::CodeBlocks => {
                if trimmed.starts_with("```") {
                    in_code = !in_code;
                    continue;
                }
                in_code.then_some(trimmed)
            }
            ExampleCode::DocComments => trimmed
                .strip_prefix("//!")
                .or_else(|| trimmed.strip_prefix("///")),
            ExampleCode::Everywhere => Some(trimmed),
        };
        let Some(example_line) = example_line else {
            continue;
        };
        let code = example_line.trim_start().trim_start_matches("# ");
        let Some(path) = code.strip_prefix("use ") else {
            continue;
        };
        let first: String = path
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let named_crate = !first.is_empty()
            && first != own
            && !["crate", "self", "super"].contains(&first.as_str())
            && !ALWAYS_AVAILABLE.contains(&first.as_str());
        if named_crate {
            foreign.insert(first);
        }
    }
    foreign
}

/// "A project depends on the crate it uses and on nothing else": every example in a
/// library crate's docs, README and `examples/` imports from that crate (which re-exports
/// what its signatures name) or the standard library, so that a user's project with that
/// one dependency compiles it as written (`.ci/user-project.sh` builds the `examples/` so).
#[test]
fn every_doc_example_needs_only_its_own_crate() {
    let mut offenders = Vec::new();
    for member in libraries() {
        let own = name_of(&member).replace('-', "_");
        let mut files: Vec<(PathBuf, ExampleCode)> = walk_rust_files(&member.join("src"))
            .into_iter()
            .map(|file| (file, ExampleCode::DocComments))
            .collect();
        files.push((member.join("README.md"), ExampleCode::CodeBlocks));
        files.extend(
            walk_rust_files(&member.join("examples"))
                .into_iter()
                .map(|file| (file, ExampleCode::Everywhere)),
        );
        for (file, code_in) in files.into_iter().filter(|(file, _)| file.exists()) {
            let text = std::fs::read_to_string(&file).expect("a readable source file");
            for foreign in foreign_crates_in_examples(&text, &own, code_in) {
                offenders.push(format!("{}: {foreign}", file.display()));
            }
        }
    }
    assert!(offenders.is_empty(), "{offenders:#?}");
}

#[test]
fn the_doc_example_check_sees_a_foreign_import() {
    let text = "//! ```\n//! use game_core::Game;\n//! use own::x;\n//! ```\n/// # use rand::Rng;\nuse other::y;\n";
    let found = foreign_crates_in_examples(text, "own", ExampleCode::DocComments);
    assert_eq!(
        found,
        BTreeSet::from(["game_core".to_owned(), "rand".to_owned()])
    );
    let readme = "```rust\nuse tree_gen::X;\n```\nuse not_code::Y;\n";
    let found = foreign_crates_in_examples(readme, "own", ExampleCode::CodeBlocks);
    assert_eq!(found, BTreeSet::from(["tree_gen".to_owned()]));
    let example = "use own::x;\n    use num_traits::Zero;\n";
    let found = foreign_crates_in_examples(example, "own", ExampleCode::Everywhere);
    assert_eq!(found, BTreeSet::from(["num_traits".to_owned()]));
}

/// The `.rs` files under `folder`, recursively.
fn walk_rust_files(folder: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let Ok(entries) = std::fs::read_dir(folder) else {
        return files;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files.extend(walk_rust_files(&path));
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            files.push(path);
        }
    }
    files
}

#[test]
fn no_module_imports_a_module_that_imports_it_back() {
    let mut cycles = Vec::new();
    for member in members() {
        let source = member.join("src");
        if source.is_dir() {
            cycles.extend(
                module_cycles(&source)
                    .into_iter()
                    .map(|cycle| format!("{}: {}", name_of(&member), cycle.join(" → "))),
            );
        }
    }
    assert!(cycles.is_empty(), "module cycles:\n{}", cycles.join("\n"));
}

/// A cycle the checker must find, and a layered tree it must pass.
#[test]
fn the_cycle_check_sees_a_cycle_through_nested_modules() {
    let folder = tempfile::tempdir().unwrap();
    let write = |path: &str, text: &str| {
        let path = folder.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write("lib.rs", "mod a;\nmod b;\nmod c;\n");
    write("a/mod.rs", "mod inner;\nuse super::c::Thing;\n");
    write(
        "a/inner.rs",
        "use crate::b::{x, y::z};\n// use crate::c::NotAnImport;\n",
    );
    write(
        "b.rs",
        "fn f() { crate::c::g() }\n#[cfg(test)]\nmod tests {\n    use crate::a::X;\n}\n",
    );
    write(
        "c.rs",
        "use super::super::Nothing;\nuse crate::c::Itself;\n",
    );
    assert!(module_cycles(folder.path()).is_empty());
    write("c.rs", "pub fn g() { let _ = crate::a::inner::h(); }\n");
    assert_eq!(module_cycles(folder.path()), vec![vec!["a", "b", "c", "a"]]);
}

/// A module by its path from the crate root: `["commands", "tournament"]`.
type ModulePath = Vec<String>;

/// The cycles among the modules of the crate whose sources are in `source`: for each module,
/// its child modules form a graph, one child pointing at another when any code in the first
/// (outside `#[cfg(test)]` modules and comments) names anything in the second. Each cycle is
/// given from its least module, back to it.
fn module_cycles(source: &Path) -> Vec<Vec<String>> {
    let modules = modules_in(source);
    let mut graphs: BTreeMap<ModulePath, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
    for (module, file) in &modules {
        let text = std::fs::read_to_string(file).unwrap();
        for named in named_paths(module, &code_outside_tests(&text)) {
            let Some(target) = (1..=named.len())
                .rev()
                .map(|length| named[..length].to_vec())
                .find(|prefix| modules.contains_key(prefix))
            else {
                continue;
            };
            let common = module
                .iter()
                .zip(&target)
                .take_while(|(a, b)| a == b)
                .count();
            if common < module.len() && common < target.len() {
                graphs
                    .entry(module[..common].to_vec())
                    .or_default()
                    .entry(module[common].clone())
                    .or_default()
                    .insert(target[common].clone());
            }
        }
    }
    graphs
        .into_iter()
        .flat_map(|(parent, graph)| {
            cycles_in(&graph).into_iter().map(move |cycle| {
                cycle
                    .into_iter()
                    .map(|child| [parent.clone(), vec![child]].concat().join("::"))
                    .collect()
            })
        })
        .collect()
}

/// Every module file under `source`, by module path.
fn modules_in(source: &Path) -> BTreeMap<ModulePath, PathBuf> {
    let mut modules = BTreeMap::new();
    let mut folders = vec![source.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|extension| extension == "rs") {
                let relative = path.strip_prefix(source).unwrap().with_extension("");
                let mut module: ModulePath = relative
                    .components()
                    .map(|part| part.as_os_str().to_string_lossy().into_owned())
                    .collect();
                if matches!(
                    module.last().map(String::as_str),
                    Some("mod" | "lib" | "main")
                ) {
                    module.pop();
                }
                modules.insert(module, path);
            }
        }
    }
    modules
}

/// The code of a file without its comments and its `#[cfg(test)]` modules.
fn code_outside_tests(text: &str) -> String {
    let code: String = text
        .lines()
        .map(|line| match line.find("//") {
            Some(start) if !line[..start].contains('"') => &line[..start],
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n");
    let mut kept = String::new();
    let mut rest = code.as_str();
    while let Some(start) = rest.find("#[cfg(test)]") {
        kept += &rest[..start];
        let after = &rest[start..];
        let Some(open) = after.find('{') else {
            rest = "";
            break;
        };
        if !after[..open].contains("mod ") || after[..open].contains(';') {
            kept += "#[cfg(test)]";
            rest = &after["#[cfg(test)]".len()..];
            continue;
        }
        rest = &after[open + matching_brace(&after[open..]) + 1..];
    }
    kept + rest
}

/// The offset of the brace that closes the one `text` starts with, skipping string and
/// character literals.
fn matching_brace(text: &str) -> usize {
    let bytes = text.as_bytes();
    let (mut depth, mut at) = (0usize, 0usize);
    while at < bytes.len() {
        match bytes[at] {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return at;
                }
            }
            b'"' => {
                at += 1;
                while at < bytes.len() && bytes[at] != b'"' {
                    at += if bytes[at] == b'\\' { 2 } else { 1 };
                }
            }
            b'\'' if bytes.get(at + 2) == Some(&b'\'') => at += 2,
            b'\'' if bytes.get(at + 1) == Some(&b'\\') => {
                at += 2;
                while at < bytes.len() && bytes[at] != b'\'' {
                    at += 1;
                }
            }
            _ => {}
        }
        at += 1;
    }
    bytes.len()
}

/// Every path the code of `module` names from the crate root (`crate::a::b`, `super::a`,
/// and each item of a `crate::{a, b::{c, d}}` group), as module paths to resolve.
fn named_paths(module: &[String], code: &str) -> Vec<ModulePath> {
    let mut paths = Vec::new();
    let bytes = code.as_bytes();
    for (start, _) in code.match_indices("::") {
        let word_start = code[..start]
            .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
            .map_or(0, |at| at + 1);
        if word_start > 0 && bytes[word_start - 1] == b':' {
            continue;
        }
        let mut rest = &code[word_start..];
        let mut base = match &code[word_start..start] {
            "crate" => {
                rest = &rest["crate::".len()..];
                Vec::new()
            }
            "super" => {
                let mut base = module.to_vec();
                while let Some(after) = rest.strip_prefix("super::") {
                    base.pop();
                    rest = after;
                }
                base
            }
            _ => continue,
        };
        let (named, _) = tree(rest, &mut base);
        paths.extend(named);
    }
    paths
}

/// The paths of one use tree at the start of `text` (`a::b`, `a::{b, c::d}`), each joined
/// to `base`, and what follows the tree.
fn tree<'a>(text: &'a str, base: &mut ModulePath) -> (Vec<ModulePath>, &'a str) {
    let mut rest = text.trim_start();
    let depth = base.len();
    loop {
        if let Some(group) = rest.strip_prefix('{') {
            let mut paths = vec![base.clone()];
            rest = group;
            loop {
                let (named, after) = tree(rest, &mut base.clone());
                paths.extend(named);
                rest = after.trim_start();
                match rest.as_bytes().first() {
                    Some(b',') => rest = &rest[1..],
                    Some(b'}') => return (paths, &rest[1..]),
                    _ => return (paths, rest),
                }
                if rest.trim_start().starts_with('}') {
                    return (paths, &rest.trim_start()[1..]);
                }
            }
        }
        let name_length = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        if name_length == 0 {
            break;
        }
        base.push(rest[..name_length].to_owned());
        rest = &rest[name_length..];
        match rest.strip_prefix("::") {
            Some(after) => rest = after.trim_start(),
            None => break,
        }
    }
    let named = if base.len() > depth || depth == 0 {
        vec![base.clone()]
    } else {
        Vec::new()
    };
    (named, rest)
}

/// The cycles of a graph of sibling modules, each from its least module back to it (one
/// per strongly connected part, the part's modules in order).
fn cycles_in(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    let reaches = |from: &String, to: &String| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(at) = stack.pop() {
            for next in graph.get(&at).into_iter().flatten() {
                if next == to {
                    return true;
                }
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        false
    };
    let mut placed = BTreeSet::new();
    let mut cycles = Vec::new();
    for module in graph.keys() {
        if placed.contains(module) || !reaches(module, module) {
            continue;
        }
        let mut part: Vec<String> = graph
            .keys()
            .filter(|other| *other == module || (reaches(module, other) && reaches(other, module)))
            .cloned()
            .collect();
        placed.extend(part.iter().cloned());
        part.push(module.clone());
        cycles.push(part);
    }
    cycles
}
