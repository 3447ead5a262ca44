//! The command line's grammar (clap derive): commands, options, help texts and examples.
//!
//! This file depends on clap alone, so `build.rs` includes it too and generates the shell
//! completions and the man page from the same definition. `args.rs` turns what clap parsed into
//! the commands' inputs.

use clap::{Args, Parser, Subcommand, ValueEnum};

const AFTER_HELP: &str = "\
FILE is scenario JSON or `sshare` output (-l -P, -P, -p, fixed width, --json) or
`sacctmgr show assoc` output; the format is detected, and - reads standard input.
Bad input exits with status 2 and one message naming the file, the line and the problem.";

/// See why Slurm's Fair Tree ranks each user where it does: compute, explain, diff and convert
/// fairshare scenarios with Slurm's own arithmetic.
#[derive(Debug, Parser)]
#[command(
    name = "fairshare",
    version,
    after_help = AFTER_HELP,
    arg_required_else_help = true,
    propagate_version = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: CliCommand,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum CliCommand {
    /// Compute every association's Level FS, FairShare and rank.
    #[command(after_help = "\
Examples:
  fairshare compute src/presets/test24-4.json
  fairshare compute --format sshare src/presets/test24-4.json
  fairshare compute --algorithm classic --damping 2 cluster.txt
  sshare -l -P -a | fairshare compute -")]
    Compute {
        #[command(flatten)]
        scenario: ScenarioArgs,
        /// Use the documentation's tie rule (tied sibling accounts merged) instead of Slurm's code.
        #[arg(long)]
        documented_ties: bool,
        /// Output: scenario values as JSON, or `sshare -l -P` rows as Slurm prints them.
        #[arg(long, value_enum, default_value_t = CliFormat::Json)]
        format: CliFormat,
        /// Scenario JSON, sshare or sacctmgr output; - reads standard input.
        #[arg(value_name = "FILE", default_value = "-")]
        input: String,
    },
    /// Say in one sentence why one user is served before another.
    #[command(after_help = "\
A and B name a user, or account/user where the user has several associations.

Example:
  fairshare explain src/presets/fair-tree-example.json UserA UserB")]
    Explain {
        /// Scenario JSON, sshare or sacctmgr output; - reads standard input.
        #[arg(value_name = "FILE")]
        input: String,
        /// The first user (user or account/user).
        #[arg(value_name = "A")]
        a: String,
        /// The second user (user or account/user).
        #[arg(value_name = "B")]
        b: String,
    },
    /// Who moved between two scenarios (position 1 = first served), and why.
    #[command(after_help = "\
Examples:
  fairshare diff before.json after.json
  fairshare diff --json yesterday.txt today.txt")]
    Diff {
        #[command(flatten)]
        scenario: ScenarioArgs,
        /// Rank NEW with the documentation's tie rule (BASE always uses Slurm's).
        #[arg(long)]
        documented_ties: bool,
        /// Print JSON: every user of NEW with its position in both, and each mover's deciding
        /// level (for scripts and tests).
        #[arg(long)]
        json: bool,
        /// The baseline scenario.
        #[arg(value_name = "BASE")]
        base: String,
        /// The new scenario.
        #[arg(value_name = "NEW")]
        new: String,
    },
    /// Convert a scenario to scenario JSON or to `sshare -l -P` rows.
    #[command(after_help = "\
Example:
  fairshare convert --to json my-sshare-output.txt")]
    Convert {
        /// The target format.
        #[arg(long, value_enum)]
        to: CliFormat,
        /// Scenario JSON, sshare or sacctmgr output; - reads standard input.
        #[arg(value_name = "FILE")]
        input: String,
    },
    /// What would it take? Usage headroom, idle time, best account, shares needed, sprio.
    #[command(after_help = "\
X is a position (3), a FairShare (0.5, or fs=1) or a user (alice, or account/alice).
USER is a user, or account/user where the user has several associations.
Raw usage is TRES-seconds after billing weights; hours are core-hours with one raw unit per
core-second unless --tres-weights says otherwise (CPU=, GRES/gpu=, Node=).

Examples:
  fairshare calc src/presets/test24-4.json u1
  fairshare calc cluster.txt alice --below bob
  fairshare calc cluster.txt alice --above 1 --idle --running chem/bob=64
  fairshare calc cluster.txt alice --accounts --job 86400
  fairshare calc cluster.txt alice --shares-to-pass 0.9 --account chem
  fairshare calc cluster.txt alice --sprio sprio-l.txt
  fairshare calc --format json cluster.txt alice")]
    #[command(group(clap::ArgGroup::new("question").args(["below", "above", "accounts", "shares_to_pass", "sprio"])))]
    Calc {
        /// Scenario JSON, sshare or sacctmgr output; - reads standard input.
        #[arg(value_name = "FILE")]
        input: String,
        /// The user (user or account/user).
        #[arg(value_name = "USER")]
        user: String,
        /// How much more usage before dropping below X (the default question; X defaults to
        /// the user's current position).
        #[arg(long, value_name = "X")]
        below: Option<String>,
        /// With --idle: how long, running nothing more, until above X.
        #[arg(long, value_name = "X", requires = "idle")]
        above: Option<String>,
        /// Question 2 (with --above X): idle time, with Slurm's decay (7-day half-life,
        /// 5-minute calc period) and the jobs given by --running.
        #[arg(long, requires = "above")]
        idle: bool,
        /// A job running from now on, charged to another user's association
        /// (USER or account/user = billable TRES); repeatable.
        #[arg(long, value_name = "USER=BILLABLE", requires = "idle")]
        running: Vec<String>,
        /// How many calc periods ahead --idle looks (default 2016: 7 days).
        #[arg(
            long,
            value_name = "PERIODS",
            default_value_t = 2016,
            requires = "idle"
        )]
        horizon: u64,
        /// Question 3: the user's position under each of its accounts.
        #[arg(long)]
        accounts: bool,
        /// With --accounts: one job of this many raw units (TRES-seconds) charged to each.
        #[arg(long, value_name = "TRES-SECONDS", requires = "accounts")]
        job: Option<u64>,
        /// Question 4: the whole shares needed to be above X.
        #[arg(long, value_name = "X")]
        shares_to_pass: Option<String>,
        /// With --shares-to-pass: the account whose shares change (default: the user's own).
        #[arg(long, value_name = "ACCOUNT", requires = "shares_to_pass")]
        account: Option<String>,
        /// Question 5: read sprio output (-l or plain, with its -w weights row) from this file.
        #[arg(long, value_name = "SPRIO-FILE")]
        sprio: Option<String>,
        /// TRES weights for the hours shown (CPU=1,GRES/gpu=4,Node=64).
        #[arg(long, value_name = "TYPE=WEIGHT,...")]
        tres_weights: Option<String>,
        /// Output: the sentence, or the value as JSON.
        #[arg(long, value_enum, default_value_t = CalcFormat::Text)]
        format: CalcFormat,
    },
    /// Print the app's share-link fragment (z=…) that opens the scenario, for docs.
    #[command(after_help = "\
Example:
  fairshare link src/presets/test24-4.json")]
    Link {
        /// Open the link with the documentation's tie rule.
        #[arg(long)]
        documented_ties: bool,
        /// Scenario JSON, sshare or sacctmgr output; - reads standard input.
        #[arg(value_name = "FILE")]
        input: String,
    },
}

/// Options that override the scenario's own algorithm and parameters.
#[derive(Debug, Args)]
pub struct ScenarioArgs {
    /// Overrides the scenario's algorithm.
    #[arg(long, value_enum)]
    pub algorithm: Option<CliAlgorithm>,
    /// Overrides PriorityDecayHalfLife's damping factor (classic), a whole number from 1.
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u16).range(1..))]
    pub damping: Option<u16>,
    /// PriorityFlags, comma-separated: DEPTH_OBLIVIOUS (implies classic), NO_FAIR_TREE, FAIR_TREE.
    #[arg(long, value_name = "FLAGS", value_delimiter = ',', value_parser = parse_flag)]
    pub flags: Vec<CliFlag>,
}

/// `--algorithm`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CliAlgorithm {
    /// Fair Tree (Slurm's default).
    #[value(alias = "fair_tree", alias = "fairtree")]
    FairTree,
    /// The classic formula (PriorityFlags=NO_FAIR_TREE).
    Classic,
}

/// `--format` and `--to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CliFormat {
    /// Scenario JSON.
    Json,
    /// `sshare -l -P` rows.
    Sshare,
}

/// `calc --format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CalcFormat {
    /// The answer in one sentence.
    Text,
    /// The value as JSON.
    Json,
}

/// One of `--flags`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CliFlag {
    /// PriorityFlags=DEPTH_OBLIVIOUS.
    DepthOblivious,
    /// PriorityFlags=NO_FAIR_TREE.
    NoFairTree,
    /// FAIR_TREE (the default; accepted and ignored).
    FairTree,
}

/// Slurm's flag names, in any case, as slurm.conf writes them.
fn parse_flag(s: &str) -> Result<CliFlag, String> {
    match s.trim().to_ascii_uppercase().as_str() {
        "DEPTH_OBLIVIOUS" => Ok(CliFlag::DepthOblivious),
        "NO_FAIR_TREE" => Ok(CliFlag::NoFairTree),
        "FAIR_TREE" | "" => Ok(CliFlag::FairTree),
        other => Err(format!(
            "unknown flag {other:?} (DEPTH_OBLIVIOUS, NO_FAIR_TREE)"
        )),
    }
}
