//! Command-line parsing for `fairshare` (by hand: three subcommands do not need a framework).

use fairshare::Algorithm;

/// The help text.
pub const USAGE: &str = "\
usage:
  fairshare compute [--algorithm fair-tree|classic] [--damping D] [--flags DEPTH_OBLIVIOUS]
                    [--documented-ties] [--format json|sshare] [FILE|-]
  fairshare explain FILE A B        (A, B: user or account/user)
  fairshare diff [--documented-ties] BASE NEW   (who moved from BASE to NEW, and why)
  fairshare convert --to json|sshare FILE
  fairshare link [--documented-ties] FILE   (the app's share-link fragment: z=…)

FILE is scenario JSON or sshare/sacctmgr output (the format is detected); - reads stdin.
The scenario's own algorithm and params are the defaults; options override them.
";

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
}

/// A parsed command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `--help`.
    Help,
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
    /// `convert --to …`.
    Convert {
        /// File or `-`.
        input: String,
        /// Target format.
        to: To,
    },
}

fn value<'a>(it: &mut impl Iterator<Item = &'a String>, flag: &str) -> Result<&'a str, String> {
    it.next()
        .map(String::as_str)
        .ok_or_else(|| format!("{flag} needs a value"))
}

/// Parses the arguments after the program name.
pub fn parse(argv: &[String]) -> Result<Command, String> {
    let mut it = argv.iter();
    let sub = match it.next().map(String::as_str) {
        None | Some("-h" | "--help" | "help") => return Ok(Command::Help),
        Some(s) => s,
    };
    let mut options = Options::default();
    let mut positional: Vec<String> = Vec::new();
    let mut to = None;
    while let Some(arg) = it.next() {
        // Accept both `--flag value` and `--flag=value`.
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v.to_string())),
            _ => (arg.as_str(), None),
        };
        let take = |it: &mut std::slice::Iter<'_, String>| -> Result<String, String> {
            match &inline {
                Some(v) => Ok(v.clone()),
                None => value(it, flag).map(str::to_string),
            }
        };
        match flag {
            "-h" | "--help" => return Ok(Command::Help),
            "--algorithm" => {
                options.algorithm = Some(match take(&mut it)?.as_str() {
                    "fair-tree" | "fair_tree" | "fairtree" => Algorithm::FairTree,
                    "classic" => Algorithm::Classic,
                    other => {
                        return Err(format!("--algorithm {other:?}: use fair-tree or classic"));
                    }
                })
            }
            "--damping" => {
                let v = take(&mut it)?;
                options.damping =
                    Some(v.parse::<u16>().ok().filter(|d| *d >= 1).ok_or_else(|| {
                        format!("--damping {v:?}: use a whole number from 1 to 65535")
                    })?);
            }
            "--flags" => {
                for f in take(&mut it)?.split(',') {
                    match f.trim().to_ascii_uppercase().as_str() {
                        "DEPTH_OBLIVIOUS" => options.depth_oblivious = true,
                        "NO_FAIR_TREE" => options.algorithm = Some(Algorithm::Classic),
                        "" | "FAIR_TREE" => {}
                        other => {
                            return Err(format!(
                                "--flags: unknown flag {other:?} (DEPTH_OBLIVIOUS, NO_FAIR_TREE)"
                            ));
                        }
                    }
                }
            }
            "--documented-ties" => options.documented_ties = true,
            "--format" => {
                options.format = match take(&mut it)?.as_str() {
                    "json" => Format::Json,
                    "sshare" => Format::Sshare,
                    other => return Err(format!("--format {other:?}: use json or sshare")),
                }
            }
            "--to" => {
                to = Some(match take(&mut it)?.as_str() {
                    "json" => To::Json,
                    "sshare" => To::Sshare,
                    other => return Err(format!("--to {other:?}: use json or sshare")),
                })
            }
            f if f.starts_with("--") => return Err(format!("unknown option {f}")),
            _ => positional.push(arg.clone()),
        }
    }
    match sub {
        "compute" => match positional.as_slice() {
            [] => Ok(Command::Compute {
                input: "-".into(),
                options,
            }),
            [input] => Ok(Command::Compute {
                input: input.clone(),
                options,
            }),
            _ => Err("compute takes one FILE".into()),
        },
        "explain" => match positional.as_slice() {
            [input, a, b] => Ok(Command::Explain {
                input: input.clone(),
                a: a.clone(),
                b: b.clone(),
            }),
            _ => Err("explain takes FILE A B".into()),
        },
        "diff" => match positional.as_slice() {
            [base, new] => Ok(Command::Diff {
                base: base.clone(),
                new: new.clone(),
                options,
            }),
            _ => Err("diff takes BASE NEW".into()),
        },
        "link" => match positional.as_slice() {
            [input] => Ok(Command::Link {
                input: input.clone(),
                options,
            }),
            _ => Err("link takes one FILE".into()),
        },
        "convert" => match (positional.as_slice(), to) {
            ([input], Some(to)) => Ok(Command::Convert {
                input: input.clone(),
                to,
            }),
            (_, None) => Err("convert needs --to json|sshare".into()),
            _ => Err("convert takes one FILE".into()),
        },
        other => Err(format!("unknown command {other:?}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn parses_the_documented_forms() {
        let c = parse(&argv("compute --algorithm classic --damping 3 --flags DEPTH_OBLIVIOUS --format=sshare f.json")).unwrap();
        let Command::Compute { input, options } = c else {
            panic!("compute")
        };
        assert_eq!(input, "f.json");
        assert_eq!(options.algorithm, Some(Algorithm::Classic));
        assert_eq!(options.damping, Some(3));
        assert!(options.depth_oblivious);
        assert_eq!(options.format, Format::Sshare);
        assert_eq!(
            parse(&argv("compute")).unwrap(),
            Command::Compute {
                input: "-".into(),
                options: Options::default()
            }
        );
        assert!(matches!(
            parse(&argv("explain f a b/c")).unwrap(),
            Command::Explain { .. }
        ));
        assert!(matches!(
            parse(&argv("diff --documented-ties a.json b.json")).unwrap(),
            Command::Diff {
                options: Options {
                    documented_ties: true,
                    ..
                },
                ..
            }
        ));
        assert!(parse(&argv("diff a.json")).is_err());
        assert!(parse(&argv("convert f")).is_err());
        assert!(parse(&argv("compute --damping 0 f")).is_err());
        assert!(parse(&argv("compute --bogus f")).is_err());
    }
}
