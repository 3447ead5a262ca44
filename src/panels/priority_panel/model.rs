//! The priority panel's pure part: the example job, the engine's inputs for it, and the terms
//! of the sum as bar segments (tested natively).

use fairshare::format::{printf_f, two_decimals};
use fairshare::priority::{self, PendingJob, Priority, PriorityConfig, TresCount, Weights};

use crate::messages::Message;
use crate::messages::priority::PriorityMsg;

/// The example job, apart from its fairshare factor (which comes from the tree).
#[derive(Clone, Debug, PartialEq)]
pub struct Example {
    /// Seconds since the job began accruing age.
    pub waited_secs: u64,
    /// Nodes requested.
    pub min_nodes: u32,
    /// CPUs requested.
    pub cpus: u32,
    /// Nodes in the cluster.
    pub cluster_nodes: u32,
    /// CPUs in the cluster (also the partition's CPU total for the TRES factor).
    pub cluster_cpus: u32,
    /// The partition's PriorityJobFactor.
    pub partition_factor: u32,
    /// The largest PriorityJobFactor of any partition.
    pub max_partition_factor: u32,
    /// The QOS priority.
    pub qos_priority: u32,
    /// The largest QOS priority.
    pub max_qos_priority: u32,
    /// GPUs requested.
    pub gpus: f64,
    /// GPUs in the partition.
    pub partition_gpus: f64,
    /// The nice value.
    pub nice: i64,
}

impl Default for Example {
    /// A one-node, 32-CPU, 2-GPU job that has waited a day, in a 16-node cluster.
    fn default() -> Self {
        Example {
            waited_secs: 24 * 3600,
            min_nodes: 1,
            cpus: 32,
            cluster_nodes: 16,
            cluster_cpus: 1024,
            partition_factor: 1,
            max_partition_factor: 1,
            qos_priority: 10,
            max_qos_priority: 100,
            gpus: 2.0,
            partition_gpus: 32.0,
            nice: 0,
        }
    }
}

/// The TRES names the example job has (matched case-insensitively with PriorityWeightTRES).
pub const TRES_CPU: &str = "CPU";
/// The GPU TRES name.
pub const TRES_GPU: &str = "GRES/gpu";

/// Example weights: Slurm's defaults are all 0, which would show nothing.
pub fn example_config() -> PriorityConfig {
    PriorityConfig {
        weights: Weights {
            age: 1000,
            assoc: 0,
            fairshare: 10_000,
            job_size: 1000,
            partition: 1000,
            qos: 2000,
            tres: vec![(TRES_CPU.to_string(), 500), (TRES_GPU.to_string(), 1000)],
        },
        ..PriorityConfig::default()
    }
}

/// The engine's pending job for the example with fairshare factor `fairshare`.
pub fn pending_job(example: &Example, fairshare: f64) -> PendingJob {
    PendingJob {
        waited_secs: example.waited_secs,
        fairshare,
        size: priority::JobSize {
            min_nodes: example.min_nodes,
            cpus: Some(example.cpus),
            time_limit_minutes: None,
            cluster_nodes: example.cluster_nodes,
            cluster_cpus: example.cluster_cpus,
        },
        partition_factor: example.partition_factor,
        max_partition_factor: example.max_partition_factor,
        qos_priority: example.qos_priority,
        max_qos_priority: example.max_qos_priority,
        tres: vec![
            TresCount {
                name: TRES_CPU.to_string(),
                count: f64::from(example.cpus),
                partition_total: f64::from(example.cluster_cpus),
            },
            TresCount {
                name: TRES_GPU.to_string(),
                count: example.gpus,
                partition_total: example.partition_gpus,
            },
        ],
        nice: example.nice,
        ..PendingJob::default()
    }
}

/// One term of the sum.
#[derive(Clone, Debug, PartialEq)]
pub enum Term {
    /// W_age · age.
    Age,
    /// W_assoc · assoc.
    Assoc,
    /// W_fs · fairshare.
    Fairshare,
    /// W_js · job size.
    JobSize,
    /// W_part · partition.
    Partition,
    /// W_qos · QOS.
    Qos,
    /// W_t · TRES t.
    Tres(String),
    /// −nice.
    Nice,
}

impl Term {
    /// The bar segment's class.
    pub fn as_class(&self) -> &'static str {
        match self {
            Term::Age => "ft-bar__segment ft-bar__segment--age",
            Term::Assoc => "ft-bar__segment ft-bar__segment--assoc",
            Term::Fairshare => "ft-bar__segment ft-bar__segment--fairshare",
            Term::JobSize => "ft-bar__segment ft-bar__segment--job-size",
            Term::Partition => "ft-bar__segment ft-bar__segment--partition",
            Term::Qos => "ft-bar__segment ft-bar__segment--qos",
            Term::Tres(_) => "ft-bar__segment ft-bar__segment--tres",
            Term::Nice => "ft-bar__segment ft-bar__segment--site",
        }
    }

    /// The term's name in `lang`.
    pub fn label(&self, lang: crate::messages::Lang) -> String {
        let msg = match self {
            Term::Age => PriorityMsg::TermAge,
            Term::Assoc => PriorityMsg::TermAssoc,
            Term::Fairshare => PriorityMsg::TermFairshare,
            Term::JobSize => PriorityMsg::TermJobSize,
            Term::Partition => PriorityMsg::TermPartition,
            Term::Qos => PriorityMsg::TermQos,
            Term::Tres(name) => return PriorityMsg::TermTres.fill(lang, &[("name", name)]),
            Term::Nice => PriorityMsg::TermNice,
        };
        msg.text(lang).to_string()
    }
}

/// A term with its numbers, ready to show.
#[derive(Clone, Debug, PartialEq)]
pub struct Segment {
    /// Which term.
    pub term: Term,
    /// The weight, as text (empty for nice).
    pub weight: String,
    /// The factor, as text (sshare-style 6 decimals; the raw nice for nice).
    pub factor: String,
    /// Weight × factor.
    pub value: f64,
    /// Weight × factor, as text.
    pub value_text: String,
    /// Share of the bar (0–100) among the positive terms.
    pub percent: f64,
}

/// Every term of `p` (computed with `cfg`), in the formula's order; the bar shows the positive
/// ones, each as its share of their sum.
pub fn segments(cfg: &PriorityConfig, p: &Priority) -> Vec<Segment> {
    let w = &cfg.weights;
    let f = &p.factors;
    let mut rows = vec![
        (Term::Age, Some(w.age), f.age, p.age),
        (Term::Assoc, Some(w.assoc), f.assoc, p.assoc),
        (Term::Fairshare, Some(w.fairshare), f.fairshare, p.fairshare),
        (Term::JobSize, Some(w.job_size), f.job_size, p.job_size),
        (Term::Partition, Some(w.partition), f.partition, p.partition),
        (Term::Qos, Some(w.qos), f.qos, p.qos),
    ];
    for (((name, weight), (_, factor)), (_, value)) in w.tres.iter().zip(&f.tres).zip(&p.tres) {
        rows.push((Term::Tres(name.clone()), Some(*weight), *factor, *value));
    }
    rows.push((Term::Nice, None, -p.nice, p.nice));
    let positive: f64 = rows.iter().map(|r| r.3).filter(|v| *v > 0.0).sum();
    rows.into_iter()
        .map(|(term, weight, factor, value)| Segment {
            weight: weight.map(|w| w.to_string()).unwrap_or_default(),
            factor: match term {
                Term::Nice => two_decimals(factor),
                _ => printf_f(factor),
            },
            value,
            value_text: two_decimals(value),
            percent: if value > 0.0 && positive > 0.0 {
                value / positive * 100.0
            } else {
                0.0
            },
            term,
        })
        .collect()
}

/// The CSS of a bar segment.
pub fn segment_style(percent: f64) -> String {
    format!("flex: 0 0 {}%", fairshare::format::fixed(percent, 3))
}

/// A whole number from an input, in `u32`.
pub fn parse_u32(text: &str) -> Option<u32> {
    text.trim().parse().ok()
}
