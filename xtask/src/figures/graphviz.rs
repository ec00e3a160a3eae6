//! Trees and diagrams laid out by Graphviz: our code writes the DOT text, `dot` (Debian's
//! `graphviz`, which `.ci/run` installs) draws it as SVG.
//!
//! Tree layout is a solved problem that Graphviz solves well, and the matches report drew
//! its own trees with it; a home-made layout would be code to maintain and a worse picture.
//! `dot` is deterministic: the same DOT text gives the same SVG bytes on the same Graphviz
//! and fonts. Nodes have fixed sizes, so their text cannot move the layout; captions and
//! edge labels are measured with the machine's fonts, which CI and this machine share
//! (Debian's packages).

use std::io::Write;
use std::process::{Command, Stdio};

use super::style::{BLUE, BLUISH_GREEN, ORANGE, SKY_BLUE, VERMILION};
use crate::error::{Error, LibraryResult, Result};
use plotters::style::RGBColor;

/// The graph attributes every drawing shares: type face and sizes, the caption on top.
pub const GRAPH_STYLE: &str = "fontname=\"Helvetica\" fontsize=16 labelloc=t nodesep=0.15 \
                               ranksep=0.35";
/// The node attributes every drawing shares: a fixed size, so text metrics cannot move the
/// layout.
pub const NODE_STYLE: &str = "fontname=\"Helvetica\" fontsize=12 fixedsize=true \
                              style=filled penwidth=1.2";

/// The opening of a drawing: the shared graph, node and edge styles with `graph`, `node`
/// and `edge` attributes added, and `caption` on top. The caller writes the body and the
/// closing `}`.
pub fn digraph(caption: &str, graph: &str, node: &str, edge: &str) -> String {
    format!(
        "digraph {{\ngraph [{GRAPH_STYLE} {graph} label={}]\nnode [{NODE_STYLE} {node}]\nedge [{edge}]\n",
        quote(caption)
    )
}

/// `colour` as a DOT colour string, `#rrggbb`.
pub fn hex(colour: RGBColor) -> String {
    format!("\"#{:02x}{:02x}{:02x}\"", colour.0, colour.1, colour.2)
}

/// A pale tint of `colour` for node fills, so black text stays readable on it.
pub fn tint(colour: RGBColor) -> String {
    let pale = |c: u8| 255 - (255 - u16::from(c)) * 2 / 5;
    format!(
        "\"#{:02x}{:02x}{:02x}\"",
        pale(colour.0),
        pale(colour.1),
        pale(colour.2)
    )
}

/// The Okabe–Ito colours the drawings use, named by role.
pub struct Palette;

impl Palette {
    /// The first player (MAX).
    pub const MAX: RGBColor = SKY_BLUE;
    /// The second player (MIN).
    pub const MIN: RGBColor = ORANGE;
    /// Terminal positions.
    pub const LEAF: RGBColor = BLUISH_GREEN;
    /// What a search did not examine.
    pub const PRUNED: RGBColor = VERMILION;
    /// Emphasis: the move chosen, the win.
    pub const CHOSEN: RGBColor = BLUE;
}

/// `text` as a quoted DOT string: `"` and `\` escaped; `\n` kept, which DOT centres as a
/// line break.
pub fn quote(text: &str) -> String {
    let escaped = text.replace('\\', "\\\\").replace('"', "\\\"");
    format!("\"{}\"", escaped.replace('\n', "\\n"))
}

/// Lays `dot_text` out with `dot -Tsvg`: the SVG text.
///
/// # Errors
///
/// When `dot` cannot be run (Graphviz missing: `apt-get install graphviz`) or rejects the
/// text.
pub fn render(dot_text: &str) -> Result<String> {
    let mut child = Command::new("dot")
        .arg("-Tsvg")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|source| Error::Graphviz {
            what: "cannot run Graphviz's `dot` (apt-get install graphviz)",
            source,
        })?;
    child
        .stdin
        .take()
        .ok_or_else(|| Error::NotComputable("dot's input is closed".to_owned()))?
        .write_all(dot_text.as_bytes())
        .map_err(|source| Error::Graphviz {
            what: "writing to Graphviz's `dot`",
            source,
        })?;
    let output = child.wait_with_output().map_err(|source| Error::Graphviz {
        what: "Graphviz's `dot` failed",
        source,
    })?;
    if !output.status.success() {
        return Err(Error::NotComputable(format!(
            "dot failed: {}",
            String::from_utf8_lossy(&output.stderr)
        )));
    }
    String::from_utf8(output.stdout).library()
}

/// Whether the figures test must leave out the trees: `dot` cannot be run here. Says so on
/// standard error; panics instead when `GRAPHVIZ_REQUIRED` is set, as in CI. The tests of
/// the trees themselves are `#[ignore]`d, and run with `--include-ignored`.
#[cfg(test)]
pub fn skip_without_dot() -> bool {
    let runs = Command::new("dot")
        .arg("-V")
        .output()
        .is_ok_and(|output| output.status.success());
    if !runs {
        assert!(
            std::env::var_os("GRAPHVIZ_REQUIRED").is_none(),
            "GRAPHVIZ_REQUIRED is set but Graphviz's `dot` cannot be run"
        );
        eprintln!("skipped: Graphviz's `dot` is not installed (apt-get install graphviz)");
    }
    !runs
}

/// How many nodes named `prefix…` an SVG drawn by [`render`] contains: Graphviz writes each
/// node's name as its `<title>`, so a test can count what a reader sees.
#[cfg(test)]
pub fn drawn_nodes(svg: &str, prefix: &str) -> usize {
    svg.matches(&format!("class=\"node\">\n<title>{prefix}"))
        .count()
}
