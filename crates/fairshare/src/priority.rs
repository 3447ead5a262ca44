//! The multifactor job priority (Slurm's `_get_priority_internal`): each factor, the weighted sum, and its clamps.
//!
//! priority = W_age·age + W_assoc·assoc + W_fs·fairshare + W_js·job_size + W_part·partition
//!          + W_qos·qos + Σ_t W_t·tres_t + site_factor − nice,
//!
//! summed in double precision in that order, then **raised to at least 1** (0 means held),
//! **capped at 4294967295** and **truncated** to a `u32` (`_get_priority_internal`). Every
//! factor is normally in 0..1; the NO_NORMAL_* flags use raw values instead. Site factor and
//! nice are signed numbers here (Slurm stores both offset by `NICE_OFFSET` = 2³¹ and subtracts
//! it). All PriorityWeight* values are `uint32` and default to 0.
//!
//! This module only computes; it must not read configuration or know about trees (the
//! fairshare factor comes in as a number, e.g. a Fair Tree user's rank / N).

use std::ops::RangeInclusive;

/// Slurm's default PriorityMaxAge, 7-0 (7 days), in seconds.
pub(crate) const DEFAULT_MAX_AGE_SECS: u64 = 7 * 24 * 60 * 60;

/// The largest priority a job can get (`INFINITE`, 0xFFFFFFFF).
pub(crate) const MAX_PRIORITY: u32 = u32::MAX;

/// PriorityWeight* values (all default 0, as in `read_config.c`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Weights {
    /// PriorityWeightAge.
    pub age: u32,
    /// PriorityWeightAssoc.
    pub assoc: u32,
    /// PriorityWeightFairshare.
    pub fairshare: u32,
    /// PriorityWeightJobSize.
    pub job_size: u32,
    /// PriorityWeightPartition.
    pub partition: u32,
    /// PriorityWeightQOS.
    pub qos: u32,
    /// PriorityWeightTRES, per TRES type (e.g. `("CPU", 1000)`, `("GRES/gpu", 5000)`); names
    /// match the job's TRES case-insensitively. Slurm parses these as decimals; whole numbers
    /// are what sites use.
    pub tres: Vec<(String, u32)>,
}

/// The priority-related parameters of slurm.conf.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PriorityConfig {
    /// The weights.
    pub weights: Weights,
    /// PriorityMaxAge in seconds (slurm.conf gives minutes; default 7 days).
    pub max_age_secs: u64,
    /// PriorityFavorSmall=YES.
    pub favor_small: bool,
    /// PriorityFlags=SMALL_RELATIVE_TO_TIME.
    pub small_relative_to_time: bool,
    /// PriorityFlags=NO_NORMAL_ASSOC: the association priority is used raw.
    pub no_normal_assoc: bool,
    /// PriorityFlags=NO_NORMAL_PART: the partition's PriorityJobFactor is used raw.
    pub no_normal_part: bool,
    /// PriorityFlags=NO_NORMAL_QOS: the QOS priority is used raw.
    pub no_normal_qos: bool,
    /// PriorityFlags=NO_NORMAL_TRES: TRES counts are used raw.
    pub no_normal_tres: bool,
}

impl Default for PriorityConfig {
    /// Slurm's defaults: all weights 0, PriorityMaxAge 7 days, no flags.
    fn default() -> Self {
        PriorityConfig {
            weights: Weights::default(),
            max_age_secs: DEFAULT_MAX_AGE_SECS,
            favor_small: false,
            small_relative_to_time: false,
            no_normal_assoc: false,
            no_normal_part: false,
            no_normal_qos: false,
            no_normal_tres: false,
        }
    }
}

/// What the job-size factor looks at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct JobSize {
    /// The job's minimum node count (0 is read as 1, as Slurm does).
    pub min_nodes: u32,
    /// The job's CPU count, if known (Slurm: allocated, else requested max, else min).
    pub cpus: Option<u32>,
    /// The time limit in minutes (SMALL_RELATIVE_TO_TIME only; `None` or 0 is read as 1).
    pub time_limit_minutes: Option<u32>,
    /// Nodes in the cluster (Slurm's `node_record_count`, the "active nodes").
    pub cluster_nodes: u32,
    /// CPUs in the cluster.
    pub cluster_cpus: u32,
}

/// One TRES of the job, for the TRES factors.
#[derive(Clone, Debug, PartialEq)]
pub struct TresCount {
    /// TRES name (`CPU`, `Mem`, `GRES/gpu`, …).
    pub name: String,
    /// Allocated (or requested) count.
    pub count: f64,
    /// The partition's total of this TRES (the normaliser).
    pub partition_total: f64,
}

/// A pending job, as the priority formula sees it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PendingJob {
    /// Seconds since the job began accruing age (whole seconds; the submit time with
    /// ACCRUE_ALWAYS).
    pub waited_secs: u64,
    /// The fairshare factor (Fair Tree: rank / N of the job's user association).
    pub fairshare: f64,
    /// Size inputs.
    pub size: JobSize,
    /// The partition's PriorityJobFactor.
    pub partition_factor: u32,
    /// The largest PriorityJobFactor of any partition.
    pub max_partition_factor: u32,
    /// The QOS priority.
    pub qos_priority: u32,
    /// The largest priority of any QOS.
    pub max_qos_priority: u32,
    /// The association priority.
    pub assoc_priority: u32,
    /// The largest association priority.
    pub max_assoc_priority: u32,
    /// The job's TRES.
    pub tres: Vec<TresCount>,
    /// The site factor (signed; Slurm stores it plus 2³¹).
    pub site_factor: i64,
    /// The nice value (signed; positive lowers the priority; Slurm stores it plus 2³¹).
    pub nice: i64,
}

/// The factors, each normally in 0..1.
#[derive(Clone, Debug, PartialEq)]
pub struct Factors {
    /// Age.
    pub age: f64,
    /// Association.
    pub assoc: f64,
    /// Fairshare.
    pub fairshare: f64,
    /// Job size.
    pub job_size: f64,
    /// Partition.
    pub partition: f64,
    /// QOS.
    pub qos: f64,
    /// TRES, per weight entry (name, factor).
    pub tres: Vec<(String, f64)>,
}

/// Weighted terms (weight × factor), for a stacked bar, and the result.
#[derive(Clone, Debug, PartialEq)]
pub struct Priority {
    /// The factors that went in.
    pub factors: Factors,
    /// W_age · age.
    pub age: f64,
    /// W_assoc · assoc.
    pub assoc: f64,
    /// W_fs · fairshare.
    pub fairshare: f64,
    /// W_js · job_size.
    pub job_size: f64,
    /// W_part · partition.
    pub partition: f64,
    /// W_qos · qos.
    pub qos: f64,
    /// W_t · tres_t per TRES weight entry.
    pub tres: Vec<(String, f64)>,
    /// The site factor term (+site_factor).
    pub site: f64,
    /// The nice term (−nice).
    pub nice: f64,
    /// The sum before clamping.
    pub sum: f64,
    /// The job's priority: max(sum, 1), capped at 4294967295, truncated.
    pub priority: u32,
    /// Which clamp, if any, decided the result.
    pub clamp: Option<Clamp>,
}

/// A clamp that changed the result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clamp {
    /// The sum was below 1 and was raised to 1 (0 is reserved for held jobs).
    RaisedToOne,
    /// The sum exceeded 4294967295 and was capped (Slurm logs an error).
    CappedAtMax,
}

/// Age factor: **min(1, waited / PriorityMaxAge)**; 1 when PriorityMaxAge is 0.
pub fn age_factor(waited_secs: u64, max_age_secs: u64) -> f64 {
    if waited_secs < max_age_secs {
        waited_secs as f64 / max_age_secs as f64
    } else {
        1.0
    }
}

/// A factor normalised by the largest value: **value / max**, 0 when max is 0; the raw value
/// with the matching NO_NORMAL_* flag.
pub fn normalised(value: u32, max: u32, raw: bool) -> f64 {
    if raw {
        f64::from(value)
    } else if max == 0 {
        0.0
    } else {
        f64::from(value) / f64::from(max)
    }
}

/// Job-size factor, clamped to [0, 1], with m = min_nodes (≥ 1), N = cluster nodes, C = cluster
/// CPUs, c = the job's CPUs:
///
/// - default (favour large): **(m/N + c/C) / 2**, or m/N when c is unknown;
/// - PriorityFavorSmall: **((N − m)/N + (C − c)/C) / 2**, or (N − m)/N when c is unknown;
/// - SMALL_RELATIVE_TO_TIME: **x = max(m·C/N, c) / time limit (minutes) / C**, and 1 − x with
///   PriorityFavorSmall.
///
/// 0 when the cluster has no nodes or (where C is needed) no CPUs.
pub fn job_size_factor(size: &JobSize, favor_small: bool, small_relative_to_time: bool) -> f64 {
    let m = f64::from(size.min_nodes.max(1));
    let nodes = f64::from(size.cluster_nodes);
    let cpus_total = f64::from(size.cluster_cpus);
    // Slurm counts a job with 0 CPUs as "CPU count unknown".
    let c = size.cpus.filter(|&c| c > 0).map(f64::from);
    if size.cluster_nodes == 0 {
        return 0.0;
    }
    let js = if small_relative_to_time {
        if size.cluster_cpus == 0 {
            return 0.0;
        }
        let mut x = m * cpus_total / nodes;
        if let Some(c) = c
            && c > x
        {
            x = c;
        }
        let limit = f64::from(size.time_limit_minutes.unwrap_or(1).max(1));
        x = x / limit / cpus_total;
        if favor_small { 1.0 - x } else { x }
    } else if favor_small {
        let mut js = (nodes - m) / nodes;
        if let (Some(c), true) = (c, size.cluster_cpus > 0) {
            js += (cpus_total - c) / cpus_total;
            js /= 2.0;
        }
        js
    } else {
        let mut js = m / nodes;
        if let (Some(c), true) = (c, size.cluster_cpus > 0) {
            js += c / cpus_total;
            js /= 2.0;
        }
        js
    };
    crate::clamp(js, 0.0, 1.0)
}

/// TRES factor: **count / partition total**, 0 when the total is 0; the raw count with
/// NO_NORMAL_TRES.
pub fn tres_factor(count: f64, partition_total: f64, raw: bool) -> f64 {
    if raw {
        count
    } else if partition_total > 0.0 {
        count / partition_total
    } else {
        0.0
    }
}

/// Non-finite inputs count as 0, so a bad number cannot poison the sum.
fn finite(x: f64) -> f64 {
    if x.is_finite() { x } else { 0.0 }
}

/// All factors of a job.
pub fn factors(cfg: &PriorityConfig, job: &PendingJob) -> Factors {
    let tres = cfg
        .weights
        .tres
        .iter()
        .map(|(name, _)| {
            let f = job
                .tres
                .iter()
                .find(|t| t.name.eq_ignore_ascii_case(name))
                .map_or(0.0, |t| {
                    finite(tres_factor(t.count, t.partition_total, cfg.no_normal_tres))
                });
            (name.clone(), f)
        })
        .collect();
    Factors {
        age: age_factor(job.waited_secs, cfg.max_age_secs),
        assoc: normalised(
            job.assoc_priority,
            job.max_assoc_priority,
            cfg.no_normal_assoc,
        ),
        fairshare: finite(job.fairshare),
        job_size: job_size_factor(&job.size, cfg.favor_small, cfg.small_relative_to_time),
        partition: normalised(
            job.partition_factor,
            job.max_partition_factor,
            cfg.no_normal_part,
        ),
        qos: normalised(job.qos_priority, job.max_qos_priority, cfg.no_normal_qos),
        tres,
    }
}

/// The job's priority with every term (see the module doc for the formula and clamps).
pub fn priority(cfg: &PriorityConfig, job: &PendingJob) -> Priority {
    let f = factors(cfg, job);
    let w = &cfg.weights;
    let age = f64::from(w.age) * f.age;
    let assoc = f64::from(w.assoc) * f.assoc;
    let fairshare = f64::from(w.fairshare) * f.fairshare;
    let job_size = f64::from(w.job_size) * f.job_size;
    let partition = f64::from(w.partition) * f.partition;
    let qos = f64::from(w.qos) * f.qos;
    let tres: Vec<(String, f64)> = w
        .tres
        .iter()
        .zip(&f.tres)
        .map(|((name, weight), (_, factor))| (name.clone(), f64::from(*weight) * factor))
        .collect();
    let tres_sum: f64 = tres.iter().map(|(_, v)| v).sum();
    let site = job.site_factor as f64;
    let nice = -(job.nice as f64);
    let sum = age + assoc + fairshare + job_size + partition + qos + tres_sum + site + nice;
    let (priority, clamp) = clamp_priority(sum);
    Priority {
        factors: f,
        age,
        assoc,
        fairshare,
        job_size,
        partition,
        qos,
        tres,
        site,
        nice,
        sum,
        priority,
        clamp,
    }
}

/// **max(sum, 1)**, capped at 4294967295, truncated toward zero (NaN gives 1).
pub fn clamp_priority(sum: f64) -> (u32, Option<Clamp>) {
    if sum.is_nan() || sum < 1.0 {
        (1, Some(Clamp::RaisedToOne))
    } else if sum >= 4_294_967_296.0 {
        (MAX_PRIORITY, Some(Clamp::CappedAtMax))
    } else {
        (sum as u32, None)
    }
}

/// A PriorityWeightFairshare that is large enough, per `doc/html/fair_tree.shtml`: **1 to 2 ×
/// the number of user associations N**. Fair Tree factors are multiples of 1/N, so with a weight
/// of at least N every rank step is worth at least one priority point and survives the
/// truncation to an integer; 2N leaves room for ties with other terms. Saturates at
/// 4294967295.
pub fn suggested_fairshare_weight(n_users: u32) -> RangeInclusive<u32> {
    let n = n_users.max(1);
    n..=n.saturating_mul(2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clamps() {
        assert_eq!(clamp_priority(0.4), (1, Some(Clamp::RaisedToOne)));
        assert_eq!(clamp_priority(f64::NAN), (1, Some(Clamp::RaisedToOne)));
        assert_eq!(clamp_priority(1.9), (1, None));
        assert_eq!(clamp_priority(4_294_967_295.7), (u32::MAX, None));
        assert_eq!(clamp_priority(5e9), (u32::MAX, Some(Clamp::CappedAtMax)));
    }
}
