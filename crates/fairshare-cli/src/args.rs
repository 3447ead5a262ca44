//! The commands' inputs, from the command line that clap parsed (grammar and help in `cli.rs`).

use std::ffi::OsString;

use clap::Parser as _;
use fairshare::Algorithm;

use crate::cli::{CalcFormat, Cli, CliAlgorithm, CliCommand, CliFlag, CliFormat, ScenarioArgs};

/// Output format of `compute`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// `{"associations":[...]}` with numbers encoded as in the golden vectors.
    #[default]
    Json,
    /// `sshare -l -P` rows as Slurm prints them.
    Sshare,
}

/// Target of `convert`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum To {
    /// Scenario JSON.
    Json,
    /// `sshare -l -P` rows.
    Sshare,
}

/// Options of `compute`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Overrides the scenario's algorithm.
    pub algorithm: Option<Algorithm>,
    /// Overrides the damping factor.
    pub damping: Option<u16>,
    /// PriorityFlags=DEPTH_OBLIVIOUS (implies classic).
    pub depth_oblivious: bool,
    /// Use the documented tie rule (merge tied sibling accounts) instead of Slurm's.
    pub documented_ties: bool,
    /// Output format.
    pub format: Format,
    /// `diff --json`: JSON instead of text.
    pub json: bool,
}

/// A parsed command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `compute`.
    Compute {
        /// File or `-`.
        input: String,
        /// Options.
        options: Options,
    },
    /// `explain FILE A B`.
    Explain {
        /// File or `-`.
        input: String,
        /// First user.
        a: String,
        /// Second user.
        b: String,
    },
    /// `diff BASE NEW`: who moved between two scenarios, and why.
    Diff {
        /// The baseline file (always ranked with Slurm's tie rule).
        base: String,
        /// The new file.
        new: String,
        /// Options (only `--documented-ties` is used, for the new run).
        options: Options,
    },
    /// `link FILE`: the fragment that opens the scenario in the app.
    Link {
        /// File or `-`.
        input: String,
        /// Options (only `--documented-ties` is used).
        options: Options,
    },
    /// `calc FILE USER …`: what would it take.
    Calc(Calc),
    /// `convert --to …`.
    Convert {
        /// File or `-`.
        input: String,
        /// Target format.
        to: To,
    },
}

/// Which question `calc` asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Question {
    /// `--below X` (or none: X is the user's current position).
    Below(Option<String>),
    /// `--above X --idle`, with the other users' running jobs and the horizon in periods.
    Idle {
        /// X.
        above: String,
        /// `USER=BILLABLE` specs.
        running: Vec<String>,
        /// Periods.
        horizon: u64,
    },
    /// `--accounts [--job N]`.
    Accounts(Option<u64>),
    /// `--shares-to-pass X [--account A]`.
    Shares {
        /// X.
        target: String,
        /// The account whose shares change (default: the user).
        account: Option<String>,
    },
    /// `--sprio FILE`.
    Sprio(String),
}

/// `calc`'s inputs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Calc {
    /// File or `-`.
    pub input: String,
    /// The user.
    pub user: String,
    /// The question.
    pub question: Question,
    /// `--tres-weights`.
    pub tres_weights: Option<String>,
    /// `--format json`.
    pub json: bool,
}

impl ScenarioArgs {
    /// The options these arguments set (the others stay at their defaults).
    fn options(&self) -> Options {
        let mut options = Options {
            algorithm: self.algorithm.map(|a| match a {
                CliAlgorithm::FairTree => Algorithm::FairTree,
                CliAlgorithm::Classic => Algorithm::Classic,
            }),
            damping: self.damping,
            ..Options::default()
        };
        for flag in &self.flags {
            match flag {
                CliFlag::DepthOblivious => options.depth_oblivious = true,
                CliFlag::NoFairTree => options.algorithm = Some(Algorithm::Classic),
                CliFlag::FairTree => {}
            }
        }
        options
    }
}

/// Parses the arguments after the program name. `Err` is clap's: a usage error (exit status 2),
/// or `--help`/`--version` (status 0), with the text to print.
pub fn parse(argv: &[OsString]) -> Result<Command, clap::Error> {
    let cli = Cli::try_parse_from(
        std::iter::once(OsString::from("fairshare")).chain(argv.iter().cloned()),
    )?;
    Ok(match cli.command {
        CliCommand::Compute {
            scenario,
            documented_ties,
            format,
            input,
        } => Command::Compute {
            input,
            options: Options {
                documented_ties,
                format: match format {
                    CliFormat::Json => Format::Json,
                    CliFormat::Sshare => Format::Sshare,
                },
                ..scenario.options()
            },
        },
        CliCommand::Explain { input, a, b } => Command::Explain { input, a, b },
        CliCommand::Diff {
            scenario,
            documented_ties,
            json,
            base,
            new,
        } => Command::Diff {
            base,
            new,
            options: Options {
                documented_ties,
                json,
                ..scenario.options()
            },
        },
        CliCommand::Convert { to, input } => Command::Convert {
            input,
            to: match to {
                CliFormat::Json => To::Json,
                CliFormat::Sshare => To::Sshare,
            },
        },
        CliCommand::Calc {
            input,
            user,
            below,
            above,
            idle: _,
            running,
            horizon,
            accounts,
            job,
            shares_to_pass,
            account,
            sprio,
            tres_weights,
            format,
        } => Command::Calc(Calc {
            input,
            user,
            question: if let Some(above) = above {
                Question::Idle {
                    above,
                    running,
                    horizon,
                }
            } else if accounts {
                Question::Accounts(job)
            } else if let Some(target) = shares_to_pass {
                Question::Shares { target, account }
            } else if let Some(file) = sprio {
                Question::Sprio(file)
            } else {
                Question::Below(below)
            },
            tres_weights,
            json: format == CalcFormat::Json,
        }),
        CliCommand::Link {
            documented_ties,
            input,
        } => Command::Link {
            input,
            options: Options {
                documented_ties,
                ..Options::default()
            },
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory as _;

    fn parse_str(s: &str) -> Result<Command, clap::Error> {
        let argv: Vec<OsString> = s.split_whitespace().map(OsString::from).collect();
        parse(&argv)
    }

    #[test]
    fn the_grammar_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn calc_takes_one_question() {
        let Command::Calc(c) = parse_str("calc f u").unwrap() else {
            panic!("calc")
        };
        assert_eq!(c.question, Question::Below(None));
        let Command::Calc(c) = parse_str("calc f u --above 1 --idle --running a/b=4").unwrap()
        else {
            panic!("calc")
        };
        assert_eq!(
            c.question,
            Question::Idle {
                above: "1".into(),
                running: vec!["a/b=4".into()],
                horizon: 2016
            }
        );
        let Command::Calc(c) = parse_str("calc --format json f u --accounts --job 60").unwrap()
        else {
            panic!("calc")
        };
        assert_eq!(c.question, Question::Accounts(Some(60)));
        assert!(c.json);
        assert!(parse_str("calc f u --below 2 --accounts").is_err());
        assert!(
            parse_str("calc f u --above 2").is_err(),
            "--above needs --idle"
        );
        assert!(
            parse_str("calc f u --job 5").is_err(),
            "--job needs --accounts"
        );
    }

    #[test]
    fn parses_the_documented_forms() {
        let c = parse_str("compute --algorithm classic --damping 3 --flags DEPTH_OBLIVIOUS --format=sshare f.json").unwrap();
        let Command::Compute { input, options } = c else {
            panic!("compute")
        };
        assert_eq!(input, "f.json");
        assert_eq!(options.algorithm, Some(Algorithm::Classic));
        assert_eq!(options.damping, Some(3));
        assert!(options.depth_oblivious);
        assert_eq!(options.format, Format::Sshare);
        assert_eq!(
            parse_str("compute").unwrap(),
            Command::Compute {
                input: "-".into(),
                options: Options::default()
            }
        );
        assert_eq!(
            parse_str("compute --algorithm fair_tree --flags no_fair_tree,depth_oblivious -")
                .unwrap(),
            Command::Compute {
                input: "-".into(),
                options: Options {
                    algorithm: Some(Algorithm::Classic),
                    depth_oblivious: true,
                    ..Options::default()
                }
            }
        );
        assert!(matches!(
            parse_str("explain f a b/c").unwrap(),
            Command::Explain { .. }
        ));
        assert!(matches!(
            parse_str("diff --documented-ties a.json b.json").unwrap(),
            Command::Diff {
                options: Options {
                    documented_ties: true,
                    ..
                },
                ..
            }
        ));
        assert_eq!(
            parse_str("convert --to sshare f").unwrap(),
            Command::Convert {
                input: "f".into(),
                to: To::Sshare
            }
        );
    }

    #[test]
    fn bad_command_lines_are_usage_errors() {
        for bad in [
            "diff a.json",
            "convert f",
            "compute --damping 0 f",
            "compute --bogus f",
            "compute --flags SOMETHING f",
            "compute a b",
            "explain f a",
            "frobnicate",
            "",
        ] {
            let e = parse_str(bad).expect_err(bad);
            assert_eq!(e.exit_code(), 2, "{bad}: {e}");
        }
        for help in ["--help", "compute --help", "help diff", "--version"] {
            let e = parse_str(help).expect_err(help);
            assert_eq!(e.exit_code(), 0, "{help}: {e}");
        }
    }

    #[test]
    fn every_command_has_help_with_an_example() {
        let mut cli = Cli::command();
        for sub in cli.get_subcommands_mut() {
            let name = sub.get_name().to_string();
            let help = sub.render_long_help().to_string();
            assert!(
                help.contains(&format!("fairshare {name} ")),
                "{name}: {help}"
            );
            assert!(help.contains("Example"), "{name}: {help}");
        }
    }
}
