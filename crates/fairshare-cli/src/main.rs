//! `fairshare`: compute, explain, diff and convert Slurm fairshare scenarios from the command line.
//!
//! A thin shell over the `fairshare` engine: it reads a file (or standard input), lets the
//! engine detect and parse it, runs the engine, and prints. It holds no fairshare logic.
//! Bad input exits with status 2 and one message naming the file, the line and the problem.

mod args;
mod calc_text;
mod cli;
mod output;

use std::ffi::OsString;
use std::io::Read as _;
use std::process::ExitCode;

use args::{Command, Options};
use fairshare::{Algorithm, Ranked, Scenario, TieRule};

/// A failure to report: the message and the exit status.
struct Failure {
    message: String,
    status: u8,
}

impl Failure {
    fn usage(message: impl Into<String>) -> Failure {
        Failure {
            message: message.into(),
            status: 2,
        }
    }
}

fn main() -> ExitCode {
    // `args_os`: an argument that is not UTF-8 is a usage error, not a panic.
    let argv: Vec<OsString> = std::env::args_os().skip(1).collect();
    match run(&argv) {
        Ok(out) => {
            use std::io::Write as _;
            let mut stdout = std::io::stdout().lock();
            match stdout
                .write_all(out.as_bytes())
                .and_then(|()| stdout.flush())
            {
                Ok(()) => ExitCode::SUCCESS,
                // `fairshare compute … | head`: the reader has all it wants; stop quietly.
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("fairshare: cannot write the output: {e}");
                    ExitCode::from(1)
                }
            }
        }
        Err(f) => {
            eprintln!("fairshare: {}", f.message);
            ExitCode::from(f.status)
        }
    }
}

fn run(argv: &[OsString]) -> Result<String, Failure> {
    let command = match args::parse(argv) {
        Ok(command) => command,
        // `--help`, `--version`, or no arguments at all: clap's text, on standard output.
        Err(e)
            if e.exit_code() == 0
                || e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand =>
        {
            return Ok(e.render().to_string());
        }
        // clap's message, without its own `error: ` (ours says `fairshare: `), status 2.
        Err(e) => {
            let text = e.render().to_string();
            let text = text.strip_prefix("error: ").unwrap_or(&text).trim_end();
            return Err(Failure::usage(text));
        }
    };
    match command {
        Command::Compute { input, options } => {
            let scenario = load(&input, &options)?;
            compute(&scenario, &options).map_err(|m| Failure::usage(format!("{input}: {m}")))
        }
        Command::Explain { input, a, b } => {
            let scenario = load(&input, &Options::default())?;
            explain(&scenario, &a, &b).map_err(|m| Failure::usage(format!("{input}: {m}")))
        }
        Command::Diff { base, new, options } => {
            let (base, new) = (load(&base, &options)?, load(&new, &options)?);
            Ok(if options.json {
                output::diff_json(&base, &new, &options)
            } else {
                output::diff_text(&base, &new, &options)
            })
        }
        Command::Calc(c) => {
            let scenario = load(&c.input, &Options::default())?;
            let sprio = match &c.question {
                args::Question::Sprio(file) => Some(read_text(file)?),
                _ => None,
            };
            calc_text::run(&scenario, &c, sprio.as_deref())
                .map_err(|m| Failure::usage(format!("{}: {m}", c.input)))
        }
        Command::Link { input, options } => {
            let scenario = load(&input, &Options::default())?;
            let tie_rule = if options.documented_ties {
                fairshare::TieRule::Documented
            } else {
                fairshare::TieRule::Slurm
            };
            Ok(format!(
                "{}\n",
                fairshare::link::encode(&scenario, tie_rule)
            ))
        }
        Command::Convert { input, to } => {
            let scenario = load(&input, &Options::default())?;
            Ok(match to {
                args::To::Json => fairshare::scenario::to_json(&scenario),
                args::To::Sshare => output::sshare_lines(&scenario, &Options::default())
                    .map_err(|m| Failure::usage(format!("{input}: {m}")))?,
            })
        }
    }
}

/// Reads a file (`-`: standard input) as text.
fn read_text(input: &str) -> Result<String, Failure> {
    Ok(if input == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| Failure::usage(format!("<stdin>: cannot read: {e}")))?;
        s
    } else {
        let bytes = std::fs::read(input)
            .map_err(|e| Failure::usage(format!("{input}: cannot read: {e}")))?;
        // Valid UTF-8 is kept as it is (no second copy of a 100 MB file).
        String::from_utf8(bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
    })
}

/// Reads and parses the input; command-line options override the scenario's own settings.
fn load(input: &str, options: &Options) -> Result<Scenario, Failure> {
    let text = read_text(input)?;
    let shown = if input == "-" { "<stdin>" } else { input };
    let imported = fairshare::import::import(&text);
    let first_error = imported.diagnostics.iter().find(|d| d.is_error());
    let mut scenario = match (imported.scenario, first_error) {
        (Some(s), None) => s,
        (_, Some(d)) => {
            let at = d.line.map(|l| format!(":{l}")).unwrap_or_default();
            return Err(Failure::usage(format!("{shown}{at}: {}", d.kind)));
        }
        (None, None) => return Err(Failure::usage(format!("{shown}: no associations found"))),
    };
    warn_inferred(shown, &scenario.tree);
    if let Some(algorithm) = options.algorithm {
        scenario.algorithm = algorithm;
    }
    if let Some(d) = options.damping {
        scenario.params.damping_factor = d;
    }
    if options.depth_oblivious {
        scenario.params.depth_oblivious = true;
        scenario.algorithm = Algorithm::Classic;
    }
    Ok(scenario)
}

/// Says on stderr what the import inferred (the exit status does not change): one line per
/// inferred association (at most 20, then a count), and what a partial tree cannot give.
fn warn_inferred(shown: &str, tree: &fairshare::AssocTree) {
    if !tree.is_partial() {
        return;
    }
    const LISTED: usize = 20;
    let inferred: Vec<&fairshare::Assoc> = tree.assocs().iter().filter(|a| a.inferred).collect();
    for a in inferred.iter().take(LISTED) {
        if a.parent.is_none() {
            eprintln!(
                "fairshare: warning: {shown}: the output does not start at the root; a root \
                 was inferred above its first rows"
            );
        } else {
            eprintln!(
                "fairshare: warning: {shown}: inferred {} hidden users' shares in {} with usage \
                 {} (from the printed NormShares and RawUsage)",
                a.shares, a.account, a.usage_raw
            );
        }
    }
    if inferred.len() > LISTED {
        eprintln!(
            "fairshare: warning: {shown}: and {} more inferred associations",
            inferred.len() - LISTED
        );
    }
    eprintln!(
        "fairshare: warning: {shown}: partial output: Fair Tree's FairShare and rank need every \
         user, so they are not computable from it (null in JSON, empty in sshare output)"
    );
}

fn compute(scenario: &Scenario, options: &Options) -> Result<String, String> {
    match options.format {
        args::Format::Json => Ok(output::compute_json(scenario, options)),
        args::Format::Sshare => output::sshare_lines(scenario, options),
    }
}

/// Finds a user association by `user` or `account/user`.
pub(crate) fn find_user(scenario: &Scenario, spec: &str) -> Result<usize, String> {
    let (account, user) = match spec.split_once('/') {
        Some((a, u)) => (Some(a), u),
        None => (None, spec),
    };
    let matches: Vec<usize> = scenario
        .tree
        .assocs()
        .iter()
        .enumerate()
        .filter(|(_, a)| {
            a.user.as_deref() == Some(user) && account.is_none_or(|acc| a.account == acc)
        })
        .map(|(i, _)| i)
        .collect();
    match matches.as_slice() {
        [one] => Ok(*one),
        [] => Err(format!("no user association {spec:?}")),
        many => {
            let names: Vec<String> = many
                .iter()
                .map(|&i| fairshare::find::qualified_name(&scenario.tree, i))
                .collect();
            Err(format!(
                "{spec:?} is ambiguous; say one of: {}",
                names.join(", ")
            ))
        }
    }
}

fn explain(scenario: &Scenario, a: &str, b: &str) -> Result<String, String> {
    let (ia, ib) = (find_user(scenario, a)?, find_user(scenario, b)?);
    let ranked = Ranked::new(&scenario.tree, TieRule::Slurm);
    let e = fairshare::explain::explain(&ranked, ia, ib).map_err(|e| e.to_string())?;
    Ok(format!("{}\n", e.sentence(&scenario.tree)))
}
