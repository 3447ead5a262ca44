//! Question 5: "why isn't my job starting, and is it fairshare?", from pasted `sprio` output.
//!
//! `sprio`'s layouts (man page `sprio(1)`): the plain one (`%.15i %9r %.10Y %.10S %.10A %.10B
//! %.10F %.10J %.10P %.10Q %20T` in recent versions: `JOBID PARTITION PRIORITY SITE AGE ASSOC
//! FAIRSHARE JOBSIZE PARTITION QOS TRES`), the long one (`-l`, adding `USER`, `ACCOUNT`,
//! `QOSNAME` and `NICE`), and older versions' narrower ones (without `SITE`, `ASSOC`, `TRES`).
//! Columns whose weight is 0 are left out by sprio, so the reader goes by the header, never by
//! a fixed list. The first `PARTITION` (before `PRIORITY`) is the partition's name, a later one
//! the weighted partition factor. `sprio -w` prints one row whose job id is `Weights`, with the
//! PriorityWeight* values under the factor columns (and nothing under the name columns), so
//! that row is read by position under the header. Several blocks (a `sprio -l` and a
//! `sprio -w`, each with its header) can be pasted together; lines before the first header
//! (prompts, prose) are ignored, and so are prompt (`$ …`) and `#` lines between blocks. `-n` (normalized factors) is read the same way.
//!
//! Bad input is an [`SprioError`] naming the 1-based line and the problem; nothing panics.

use std::fmt;

use crate::format::parse_f64;

/// A priority factor, as a sprio column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Factor {
    /// SITE: the site factor.
    Site,
    /// AGE.
    Age,
    /// ASSOC: the association's priority.
    Assoc,
    /// FAIRSHARE.
    FairShare,
    /// JOBSIZE.
    JobSize,
    /// PARTITION (the weighted factor, not the name).
    Partition,
    /// QOS.
    Qos,
    /// NICE (subtracted from the priority).
    Nice,
    /// TRES: the sum of the job's weighted TRES factors.
    Tres,
}

impl Factor {
    /// The sprio column header.
    pub fn header(self) -> &'static str {
        match self {
            Factor::Site => "SITE",
            Factor::Age => "AGE",
            Factor::Assoc => "ASSOC",
            Factor::FairShare => "FAIRSHARE",
            Factor::JobSize => "JOBSIZE",
            Factor::Partition => "PARTITION",
            Factor::Qos => "QOS",
            Factor::Nice => "NICE",
            Factor::Tres => "TRES",
        }
    }

    /// What the factor adds to the priority: its value, or minus it for NICE.
    fn contribution(self, value: f64) -> f64 {
        if self == Factor::Nice { -value } else { value }
    }
}

/// One column of a sprio header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Column {
    JobId,
    PartitionName,
    User,
    Account,
    QosName,
    Cluster,
    Priority,
    Factor(Factor),
}

impl Column {
    fn is_name(self) -> bool {
        matches!(
            self,
            Column::PartitionName
                | Column::User
                | Column::Account
                | Column::QosName
                | Column::Cluster
        )
    }
}

/// One pending job from sprio.
#[derive(Clone, Debug, PartialEq)]
pub struct SprioJob {
    /// The line it was on (1-based).
    pub line: usize,
    /// JOBID as printed.
    pub job_id: String,
    /// USER, when the layout prints it (`-l`).
    pub user: Option<String>,
    /// ACCOUNT, when printed.
    pub account: Option<String>,
    /// The partition's name, when printed.
    pub partition: Option<String>,
    /// PRIORITY.
    pub priority: f64,
    /// Every factor column printed, in header order, with its value as printed.
    pub factors: Vec<(Factor, f64)>,
}

impl SprioJob {
    /// The value of `factor` (0 when sprio did not print it: its weight is 0).
    pub fn factor(&self, factor: Factor) -> f64 {
        self.factors
            .iter()
            .find(|(f, _)| *f == factor)
            .map_or(0.0, |(_, v)| *v)
    }

    /// The priority without the fairshare factor's part.
    pub fn rest(&self) -> f64 {
        self.priority - self.factor(Factor::FairShare)
    }
}

/// What was read from a sprio paste.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Sprio {
    /// The jobs, in the order pasted (a job id seen again is kept once, the first time).
    pub jobs: Vec<SprioJob>,
    /// The `sprio -w` weights, per factor, when the paste has that row.
    pub weights: Vec<(Factor, f64)>,
    /// Whether a long (`-l`) layout was read (a `USER` column).
    pub long: bool,
}

impl Sprio {
    /// PriorityWeightFairshare, from the weights row.
    pub fn fairshare_weight(&self) -> Option<f64> {
        self.weights
            .iter()
            .find(|(f, _)| *f == Factor::FairShare)
            .map(|(_, w)| *w)
    }
}

/// What is wrong with a sprio paste.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SprioProblem {
    /// No header line (one starting with `JOBID`) was found.
    NoHeader,
    /// A header column sprio does not print (cut to 40 characters).
    UnknownColumn(String),
    /// A header without a `PRIORITY` column.
    NoPriorityColumn,
    /// A job line with a different number of fields than its header has columns.
    FieldCount {
        /// Columns in the header.
        expected: usize,
        /// Fields on the line.
        found: usize,
    },
    /// A number column holding something else (values cut to 40 characters).
    NotANumber {
        /// The column's header.
        column: String,
        /// The text found.
        text: String,
    },
    /// A header but no job line.
    NoJobs,
}

/// A sprio paste that cannot be read: the line (1-based; `None` for the whole text) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SprioError {
    /// The line.
    pub line: Option<usize>,
    /// The problem.
    pub problem: SprioProblem,
}

impl fmt::Display for SprioProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SprioProblem::NoHeader => f.write_str("no sprio header (a line starting with JOBID)"),
            SprioProblem::UnknownColumn(c) => write!(f, "unknown sprio column \"{c}\""),
            SprioProblem::NoPriorityColumn => f.write_str("the header has no PRIORITY column"),
            SprioProblem::FieldCount { expected, found } => {
                write!(f, "{found} fields where the header has {expected} columns")
            }
            SprioProblem::NotANumber { column, text } => {
                write!(f, "{column} is \"{text}\", not a number")
            }
            SprioProblem::NoJobs => f.write_str("no job lines under the header"),
        }
    }
}

impl fmt::Display for SprioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "line {line}: {}", self.problem),
            None => self.problem.fmt(f),
        }
    }
}

fn cut(text: &str) -> String {
    text.chars().take(40).collect()
}

/// A header: its columns and where each one's label ends (for the weights row).
struct Header {
    columns: Vec<Column>,
    labels: Vec<String>,
    ends: Vec<usize>,
}

fn read_header(line: &str, number: usize) -> Result<Header, SprioError> {
    let mut columns = Vec::new();
    let mut labels = Vec::new();
    let mut ends = Vec::new();
    let mut seen_priority = false;
    for (start, token) in tokens(line) {
        let column = match token.to_ascii_uppercase().as_str() {
            "JOBID" => Column::JobId,
            "PARTITION" if !seen_priority => Column::PartitionName,
            "PARTITION" => Column::Factor(Factor::Partition),
            "USER" => Column::User,
            "ACCOUNT" => Column::Account,
            "QOSNAME" => Column::QosName,
            "CLUSTER" => Column::Cluster,
            "PRIORITY" => {
                seen_priority = true;
                Column::Priority
            }
            "SITE" => Column::Factor(Factor::Site),
            "AGE" => Column::Factor(Factor::Age),
            "ASSOC" => Column::Factor(Factor::Assoc),
            "FAIRSHARE" => Column::Factor(Factor::FairShare),
            "JOBSIZE" => Column::Factor(Factor::JobSize),
            "QOS" => Column::Factor(Factor::Qos),
            "NICE" => Column::Factor(Factor::Nice),
            "TRES" => Column::Factor(Factor::Tres),
            _ => {
                return Err(SprioError {
                    line: Some(number),
                    problem: SprioProblem::UnknownColumn(cut(token)),
                });
            }
        };
        columns.push(column);
        labels.push(token.to_ascii_uppercase());
        ends.push(start + token.len());
    }
    if !seen_priority {
        return Err(SprioError {
            line: Some(number),
            problem: SprioProblem::NoPriorityColumn,
        });
    }
    Ok(Header {
        columns,
        labels,
        ends,
    })
}

/// The blank-separated tokens of a line, with their byte offsets.
fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices() {
        if c.is_whitespace() {
            if let Some(s) = start.take() {
                out.push((s, &line[s..i]));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        out.push((s, &line[s..]));
    }
    out.into_iter()
}

/// A number as sprio prints it; the TRES column (`cpu=12,mem=3`, or empty) is the sum of its
/// values.
fn number(column: Column, label: &str, text: &str, line: usize) -> Result<f64, SprioError> {
    let bad = || SprioError {
        line: Some(line),
        problem: SprioProblem::NotANumber {
            column: label.to_string(),
            text: cut(text),
        },
    };
    if column == Column::Factor(Factor::Tres) {
        let mut sum = 0.0;
        for pair in text.split(',').filter(|p| !p.is_empty()) {
            let (_, v) = pair.split_once('=').ok_or_else(bad)?;
            sum += parse_f64(v).filter(|x| x.is_finite()).ok_or_else(bad)?;
        }
        return Ok(sum);
    }
    parse_f64(text).filter(|x| x.is_finite()).ok_or_else(bad)
}

/// Reads pasted sprio output (plain, `-l`, `-n`, `-w`, several blocks). Errors name the line.
pub fn parse(text: &str) -> Result<Sprio, SprioError> {
    let mut out = Sprio::default();
    let mut header: Option<Header> = None;
    for (i, raw) in text.lines().enumerate() {
        let number_ = i + 1;
        let line = raw.trim_end();
        let first = line.split_whitespace().next();
        let Some(first) = first else { continue };
        // A shell prompt (`$ sprio -w`) or a comment between blocks.
        if first.starts_with('$') || first.starts_with('#') {
            continue;
        }
        if first.eq_ignore_ascii_case("JOBID") {
            let h = read_header(line, number_)?;
            out.long |= h.columns.contains(&Column::User);
            header = Some(h);
            continue;
        }
        let Some(h) = header.as_ref() else {
            continue; // prompts and prose before the first header
        };
        if first.eq_ignore_ascii_case("Weights") {
            read_weights(h, line, number_, &mut out)?;
            continue;
        }
        let fields: Vec<&str> = tokens(line).map(|(_, t)| t).collect();
        let n = h.columns.len();
        // sprio prints an empty TRES column as blanks: one field fewer.
        let tres_last = h.columns.last() == Some(&Column::Factor(Factor::Tres));
        if fields.len() != n && !(tres_last && fields.len() + 1 == n) {
            return Err(SprioError {
                line: Some(number_),
                problem: SprioProblem::FieldCount {
                    expected: n,
                    found: fields.len(),
                },
            });
        }
        let mut job = SprioJob {
            line: number_,
            job_id: String::new(),
            user: None,
            account: None,
            partition: None,
            priority: 0.0,
            factors: Vec::new(),
        };
        for (k, column) in h.columns.iter().enumerate() {
            let text = fields.get(k).copied().unwrap_or("");
            match *column {
                Column::JobId => job.job_id = text.to_string(),
                Column::PartitionName => job.partition = Some(text.to_string()),
                Column::User => job.user = Some(text.to_string()),
                Column::Account => job.account = Some(text.to_string()),
                Column::QosName | Column::Cluster => {}
                Column::Priority => job.priority = number(*column, &h.labels[k], text, number_)?,
                Column::Factor(f) => {
                    let v = number(*column, &h.labels[k], text, number_)?;
                    job.factors.push((f, v));
                }
            }
        }
        if !out.jobs.iter().any(|j| j.job_id == job.job_id) {
            out.jobs.push(job);
        }
    }
    if header.is_none() {
        return Err(SprioError {
            line: None,
            problem: SprioProblem::NoHeader,
        });
    }
    if out.jobs.is_empty() && out.weights.is_empty() {
        return Err(SprioError {
            line: None,
            problem: SprioProblem::NoJobs,
        });
    }
    Ok(out)
}

/// The `Weights` row: each value goes under the factor column whose label it ends under (sprio
/// right-justifies numbers); the name columns are blank on that row.
fn read_weights(h: &Header, line: &str, number_: usize, out: &mut Sprio) -> Result<(), SprioError> {
    for (start, token) in tokens(line).skip(1) {
        let end = start + token.len();
        // The first column whose label ends at or after the value's end.
        let k = h
            .ends
            .iter()
            .position(|&e| e >= end)
            .unwrap_or(h.columns.len() - 1);
        if let Column::Factor(f) = h.columns[k] {
            let v = number(h.columns[k], &h.labels[k], token, number_)?;
            out.weights.retain(|(g, _)| *g != f);
            out.weights.push((f, v));
        } else if !h.columns[k].is_name() && h.columns[k] != Column::JobId {
            // A value under PRIORITY: sprio prints none there; ignore it.
        }
    }
    Ok(())
}

/// The position (1 = first served) at which a user of a tree of `n_users` user associations has
/// FairShare at least `f`: Fair Tree gives rank r the FairShare r / N, and rank N - p + 1 is
/// position p, so F is reached at rank >= ceil(F N), position N - ceil(F N) + 1 (at least 1;
/// a FairShare at or below 1 / N, or NaN, is reached at position N).
pub fn position_for_fairshare(n_users: u32, f: f64) -> u32 {
    let n = f64::from(n_users);
    let need = (f * n).ceil().max(1.0);
    let p = n - need + 1.0;
    if p < 1.0 { 1 } else { p as u32 }
}

/// How far FairShare could take a job.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FairShareToLead {
    /// The job is first already.
    AlreadyFirst,
    /// The FairShare factor (0..1) at or above which the job would be first: its priority
    /// would then exceed every other job's by at least one (Slurm truncates priorities to
    /// whole numbers).
    Factor(f64),
    /// Even FairShare 1 does not put it first.
    Unreachable,
    /// No weights row (`sprio -w`), so the fairshare weight is unknown.
    NoWeights,
}

/// Question 5's answer for one job.
#[derive(Clone, Debug, PartialEq)]
pub struct JobVerdict {
    /// The job (index into [`Sprio::jobs`]).
    pub job: usize,
    /// The jobs with a higher priority (indices), highest first.
    pub ahead: Vec<usize>,
    /// How far the first job ahead leads: its priority minus this job's (0 when this job is
    /// first).
    pub lead: f64,
    /// Against the job with the highest priority: the factor with the largest lead over this
    /// job (`None` when this job is first).
    pub deciding: Option<Factor>,
    /// Whether fairshare decides: this job is behind the first, and with the first job's
    /// fairshare part in place of its own it would be level or ahead.
    pub fairshare_decides: bool,
    /// What FairShare would put this job first.
    pub to_lead: FairShareToLead,
}

/// Answers question 5 for every pasted job.
pub fn analyse(s: &Sprio) -> Vec<JobVerdict> {
    (0..s.jobs.len()).map(|j| verdict(s, j)).collect()
}

fn verdict(s: &Sprio, j: usize) -> JobVerdict {
    let me = &s.jobs[j];
    let mut ahead: Vec<usize> = (0..s.jobs.len())
        .filter(|&k| k != j && s.jobs[k].priority > me.priority)
        .collect();
    ahead.sort_by(|&a, &b| {
        s.jobs[b]
            .priority
            .partial_cmp(&s.jobs[a].priority)
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    let top = ahead.first().map(|&k| &s.jobs[k]);
    let deciding = top.and_then(|k| {
        let mut best: Option<(Factor, f64)> = None;
        for &(f, v) in &k.factors {
            let lead = f.contribution(v) - f.contribution(me.factor(f));
            if lead > 0.0 && best.is_none_or(|(_, b)| lead > b) {
                best = Some((f, lead));
            }
        }
        best.map(|(f, _)| f)
    });
    let fairshare_decides = top.is_some_and(|k| me.rest() >= k.rest());
    let max_other = (0..s.jobs.len())
        .filter(|&k| k != j)
        .map(|k| s.jobs[k].priority)
        .fold(f64::NEG_INFINITY, f64::max);
    let to_lead = if me.priority > max_other {
        FairShareToLead::AlreadyFirst
    } else {
        match s.fairshare_weight().filter(|w| *w > 0.0) {
            None => FairShareToLead::NoWeights,
            Some(w) => {
                let f = (max_other + 1.0 - me.rest()) / w;
                if f > 1.0 {
                    FairShareToLead::Unreachable
                } else {
                    FairShareToLead::Factor(crate::clamp(f, 0.0, 1.0))
                }
            }
        }
    };
    JobVerdict {
        job: j,
        lead: top.map_or(0.0, |k| k.priority - me.priority),
        ahead,
        deciding,
        fairshare_decides,
        to_lead,
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_fairshare_is_reached_at_the_position_fair_tree_gives_it() {
        // N = 4: ranks 4, 3, 2, 1 (positions 1..4) have FairShare 1, 0.75, 0.5, 0.25.
        assert_eq!(super::position_for_fairshare(4, 1.0), 1);
        assert_eq!(super::position_for_fairshare(4, 0.75), 2);
        assert_eq!(super::position_for_fairshare(4, 0.7), 2);
        assert_eq!(super::position_for_fairshare(4, 0.5), 3);
        assert_eq!(super::position_for_fairshare(4, 0.26), 3);
        assert_eq!(super::position_for_fairshare(4, 0.25), 4);
        assert_eq!(super::position_for_fairshare(4, 0.0), 4);
        assert_eq!(super::position_for_fairshare(4, f64::NAN), 4);
        assert_eq!(super::position_for_fairshare(4, 2.0), 1);
    }

    use super::*;

    const LONG: &str = "\
$ sprio -l
          JOBID PARTITION     USER  ACCOUNT   PRIORITY       SITE        AGE      ASSOC  FAIRSHARE    JOBSIZE  PARTITION    QOSNAME        QOS        NICE                 TRES
          65539 normal       alice     chem      11500          0       1000          0       5000        500       5000     normal          0           0
          65540 normal         bob     phys      16000          0       2000          0       8000       1000       5000     normal          0           0
$ sprio -w
          JOBID PARTITION   PRIORITY       SITE        AGE      ASSOC  FAIRSHARE    JOBSIZE  PARTITION        QOS
        Weights                               1       1000          0      10000       1000       5000          0
";

    #[test]
    fn the_long_layout_and_the_weights_row_are_read_by_header() {
        let s = parse(LONG).expect("reads");
        assert!(s.long);
        assert_eq!(s.jobs.len(), 2);
        assert_eq!(s.jobs[0].user.as_deref(), Some("alice"));
        assert_eq!(s.jobs[0].partition.as_deref(), Some("normal"));
        assert_eq!(s.jobs[0].factor(Factor::FairShare), 5000.0);
        assert_eq!(s.jobs[1].priority, 16000.0);
        assert_eq!(s.fairshare_weight(), Some(10000.0));
        assert!(s.weights.contains(&(Factor::Partition, 5000.0)));
        assert!(s.weights.contains(&(Factor::Site, 1.0)));
    }

    #[test]
    fn fairshare_decides_and_the_factor_to_lead_is_exact() {
        let s = parse(LONG).unwrap();
        let v = analyse(&s);
        assert_eq!(v[0].ahead, vec![1]);
        // 16000 − 11500: the first job ahead's lead; the first job leads nobody.
        assert_eq!((v[0].lead, v[1].lead), (4500.0, 0.0));
        assert_eq!(v[0].deciding, Some(Factor::FairShare));
        // alice's rest is 6500, bob's 8000: fairshare alone does not decide.
        assert!(!v[0].fairshare_decides);
        // 16001 - 6500 = 9501 → 0.9501.
        assert_eq!(v[0].to_lead, FairShareToLead::Factor(0.9501));
        assert_eq!(v[1].to_lead, FairShareToLead::AlreadyFirst);
        assert_eq!(v[1].deciding, None);
    }

    #[test]
    fn bad_lines_are_named() {
        let text = "JOBID PARTITION PRIORITY AGE FAIRSHARE\n1 normal 10 x 5\n";
        let e = parse(text).unwrap_err();
        assert_eq!(e.line, Some(2));
        assert!(matches!(e.problem, SprioProblem::NotANumber { .. }));
        assert_eq!(e.to_string(), "line 2: AGE is \"x\", not a number");
        let e = parse("JOBID PRIORITY BOGUS\n").unwrap_err();
        assert_eq!(e.problem, SprioProblem::UnknownColumn("BOGUS".into()));
        assert_eq!(parse("hello").unwrap_err().problem, SprioProblem::NoHeader);
        let e = parse("JOBID PRIORITY AGE\n1 2\n").unwrap_err();
        assert_eq!(
            e.problem,
            SprioProblem::FieldCount {
                expected: 3,
                found: 2
            }
        );
    }

    #[test]
    fn plain_layout_with_tres_and_without_it() {
        let text = "\
          JOBID PARTITION   PRIORITY       SITE        AGE  FAIRSHARE    JOBSIZE  PARTITION        QOS                 TRES
            101 gpu             2000          0        100       1500          0          0          0   cpu=200,gres/gpu=200
            102 gpu             1800          0        100       1700          0          0          0
";
        let s = parse(text).unwrap();
        assert!(!s.long);
        assert_eq!(s.jobs[0].factor(Factor::Tres), 400.0);
        assert_eq!(s.jobs[1].factor(Factor::Tres), 0.0);
        let v = analyse(&s);
        assert_eq!(v[1].deciding, Some(Factor::Tres));
        assert!(!v[1].fairshare_decides);
        assert_eq!(v[1].to_lead, FairShareToLead::NoWeights);
    }
}
