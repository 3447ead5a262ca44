//! Generates the shell completions and the man page of `fairshare` from the same grammar the
//! binary parses with (`src/cli.rs`): `fairshare.1` and `fairshare-COMMAND.1`, `fairshare.bash`, `_fairshare` (zsh),
//! `fairshare.fish`, `fairshare.elv` and `_fairshare.ps1`, in `$OUT_DIR` and, for packagers, in
//! `$FAIRSHARE_GEN_DIR` (an absolute path) when that is set.

use std::path::{Path, PathBuf};

use clap::CommandFactory as _;
use clap_complete::Shell;

#[path = "src/cli.rs"]
#[allow(dead_code)]
mod cli;

fn main() -> std::io::Result<()> {
    println!("cargo::rerun-if-changed=src/cli.rs");
    println!("cargo::rerun-if-env-changed=FAIRSHARE_GEN_DIR");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    generate(&out)?;
    if let Some(dir) = std::env::var_os("FAIRSHARE_GEN_DIR") {
        let dir = PathBuf::from(dir);
        std::fs::create_dir_all(&dir)?;
        generate(&dir)?;
    }
    Ok(())
}

fn generate(dir: &Path) -> std::io::Result<()> {
    let mut command = cli::Cli::command();
    for shell in [
        Shell::Bash,
        Shell::Zsh,
        Shell::Fish,
        Shell::Elvish,
        Shell::PowerShell,
    ] {
        clap_complete::generate_to(shell, &mut command, "fairshare", dir)?;
    }
    // fairshare.1, and fairshare-compute.1 … for each command.
    clap_mangen::generate_to(command, dir)
}
