//! `completions SHELL` and `man [SUBCOMMAND]`: shell completion scripts and roff manual pages
//! generated from the clap definitions (`clap_complete`, `clap_mangen`), printed to stdout.

use std::io::Write;

use anyhow::{bail, Context};
use clap::{Args, CommandFactory};
use clap_complete::Shell;

use super::{fail, Cli, EXIT_OK};

/// `completions` options.
#[derive(Debug, Args)]
pub(crate) struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub shell: Shell,
}

/// `man` options.
#[derive(Debug, Args)]
pub(crate) struct ManArgs {
    /// Print this subcommand's page (`cagesat-SUBCOMMAND(1)`) instead of the main one.
    pub subcommand: Option<String>,
}

/// `cagesat completions SHELL`.
pub(super) fn completions(args: &CompletionsArgs, out: &mut impl Write) -> u8 {
    clap_complete::generate(args.shell, &mut Cli::command(), "cagesat", out);
    EXIT_OK
}

/// `cagesat man [SUBCOMMAND]`.
pub(super) fn man(args: &ManArgs, out: &mut impl Write, err: &mut impl Write) -> u8 {
    match man_page(args.subcommand.as_deref(), out) {
        Ok(()) => EXIT_OK,
        Err(error) => fail(err, &error),
    }
}

fn man_page(subcommand: Option<&str>, out: &mut impl Write) -> anyhow::Result<()> {
    let cli = Cli::command();
    let page = match subcommand {
        None => cli,
        Some(name) => {
            let Some(sub) = cli.find_subcommand(name) else {
                let names: Vec<&str> = cli.get_subcommands().map(|s| s.get_name()).collect();
                bail!(
                    "no subcommand '{name}' (expected one of {})",
                    names.join(", ")
                );
            };
            sub.clone()
                .display_name(format!("cagesat-{name}"))
                .bin_name(format!("cagesat {name}"))
        }
    };
    let mut buf = Vec::new();
    clap_mangen::Man::new(page)
        .source(format!("cagesat {}", env!("CARGO_PKG_VERSION")))
        .render(&mut buf)?;
    out.write_all(&buf).context("cagesat: cannot write output")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn subcommands() -> Vec<String> {
        let names: Vec<String> = Cli::command()
            .get_subcommands()
            .map(|s| s.get_name().to_string())
            .collect();
        assert!(names.len() >= 10, "{names:?}");
        names
    }

    #[test]
    fn completions_mention_every_subcommand() {
        for shell in [Shell::Bash, Shell::Zsh, Shell::Fish] {
            let mut out = Vec::new();
            let code = completions(&CompletionsArgs { shell }, &mut out);
            assert_eq!(code, EXIT_OK);
            let script = String::from_utf8(out).unwrap();
            for name in subcommands() {
                assert!(script.contains(&name), "{shell:?} completion lacks {name}");
            }
            // Options of subcommands are completed too.
            assert!(script.contains("svg"), "{shell:?} completion lacks --svg");
        }
    }

    #[test]
    fn man_page_lists_every_subcommand_and_each_has_a_page() {
        let mut out = Vec::new();
        let mut err = Vec::new();
        assert_eq!(
            man(&ManArgs { subcommand: None }, &mut out, &mut err),
            EXIT_OK
        );
        let page = String::from_utf8(out).unwrap();
        assert!(page.starts_with(".ie \\n(.g .ds Aq") || page.contains(".TH cagesat 1"));
        for name in subcommands() {
            // roff writes a hyphen as `\-`.
            let roff = name.replace('-', "\\-");
            assert!(
                page.contains(&name) || page.contains(&roff),
                "man page lacks {name}"
            );
            let mut sub = Vec::new();
            let args = ManArgs {
                subcommand: Some(name.clone()),
            };
            assert_eq!(man(&args, &mut sub, &mut err), EXIT_OK);
            let sub = String::from_utf8(sub).unwrap();
            assert!(sub.contains(&format!(".TH cagesat-{name} 1")), "{sub}");
        }
        let bad = ManArgs {
            subcommand: Some("nope".into()),
        };
        assert_eq!(
            man(&bad, &mut Vec::new(), &mut err),
            super::super::EXIT_ERROR
        );
        assert!(String::from_utf8(err)
            .unwrap()
            .starts_with("no subcommand 'nope'"));
    }
}
