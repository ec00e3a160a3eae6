//! `game-analysis completions SHELL` and `game-analysis manpage`: the shell completions and
//! the man page, written from the same clap declarations as `--help`.

use clap_complete::Shell;

use crate::error::{Error, Result};
use crate::output::write_stdout;

/// The completions of SHELL for `game-analysis`, on standard output.
#[derive(Debug, clap::Args)]
pub struct CompletionsArgs {
    /// The shell: bash, elvish, fish, powershell or zsh.
    #[arg(value_name = "SHELL")]
    shell: Shell,
}

/// Prints the completions of `command`, the whole command line's declarations.
pub fn completions(args: &CompletionsArgs, mut command: clap::Command) -> Result<()> {
    let mut text = Vec::new();
    clap_complete::generate(args.shell, &mut command, "game-analysis", &mut text);
    write_stdout(&text)
}

/// The man page `game-analysis(1)` in roff from `command`, the whole command line's
/// declarations, every subcommand's options included.
///
/// # Errors
///
/// [`Error::Stdout`] if the page cannot be rendered.
pub fn manpage(command: clap::Command) -> Result<Vec<u8>> {
    let mut page = Vec::new();
    clap_mangen::Man::new(command.clone())
        .render(&mut page)
        .map_err(Error::Stdout)?;
    for subcommand in command.get_subcommands() {
        let name = subcommand.get_name();
        let heading = format!(".SH \"GAME-ANALYSIS {}\"\n", name.to_uppercase());
        page.extend_from_slice(heading.as_bytes());
        let man =
            clap_mangen::Man::new(subcommand.clone().bin_name(format!("game-analysis {name}")));
        man.render_synopsis_section(&mut page)
            .and_then(|()| man.render_description_section(&mut page))
            .and_then(|()| man.render_options_section(&mut page))
            .map_err(Error::Stdout)?;
    }
    Ok(page)
}

/// Prints the man page of `command`.
pub fn print_manpage(command: clap::Command) -> Result<()> {
    write_stdout(&manpage(command)?)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_man_page_has_every_subcommand() {
        let page = String::from_utf8(super::manpage(crate::cli::command()).unwrap()).unwrap();
        for name in [
            "GRUNDY",
            "OCTAL",
            "MISERE-QUOTIENT",
            "BEAROFF",
            "TOURNAMENT",
            "MOBILITY",
            "RACE-FORMULAS",
        ] {
            assert!(
                page.contains(&format!(".SH \"GAME-ANALYSIS {name}\"")),
                "{name}"
            );
        }
        assert!(
            page.contains("\\-\\-b\\-file") || page.contains("b\\-file"),
            "options are listed"
        );
    }
}
