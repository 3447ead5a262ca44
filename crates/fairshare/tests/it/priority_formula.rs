//! The multifactor priority, each term against a hand computation.

use fairshare::priority::{
    Clamp, JobSize, PendingJob, PriorityConfig, TresCount, Weights, age_factor, clamp_priority,
    job_size_factor, normalised, priority, suggested_fairshare_weight, tres_factor,
};

fn size(min_nodes: u32, cpus: Option<u32>, limit: Option<u32>) -> JobSize {
    // A 10-node, 400-CPU cluster.
    JobSize {
        min_nodes,
        cpus,
        time_limit_minutes: limit,
        cluster_nodes: 10,
        cluster_cpus: 400,
    }
}

#[test]
fn age() {
    let week = 604_800;
    assert_eq!(age_factor(0, week), 0.0);
    assert_eq!(age_factor(302_400, week), 0.5);
    assert_eq!(age_factor(week, week), 1.0);
    assert_eq!(age_factor(10 * week, week), 1.0);
    // PriorityMaxAge 0: every job is "old".
    assert_eq!(age_factor(0, 0), 1.0);
}

#[test]
fn job_size_favour_large() {
    // (2/10 + 100/400) / 2 = (0.2 + 0.25) / 2 = 0.225
    assert_eq!(
        job_size_factor(&size(2, Some(100), None), false, false),
        0.225
    );
    // CPU count unknown: 2/10.
    assert_eq!(job_size_factor(&size(2, None, None), false, false), 0.2);
    // min_nodes 0 counts as 1: (1/10 + 40/400) / 2 = 0.1
    assert_eq!(job_size_factor(&size(0, Some(40), None), false, false), 0.1);
    // More than the cluster: clamped to 1.
    assert_eq!(
        job_size_factor(&size(20, Some(800), None), false, false),
        1.0
    );
}

#[test]
fn job_size_favour_small() {
    // ((10-2)/10 + (400-100)/400) / 2 = (0.8 + 0.75) / 2 = 0.775
    assert_eq!(
        job_size_factor(&size(2, Some(100), None), true, false),
        0.775
    );
    assert_eq!(job_size_factor(&size(2, None, None), true, false), 0.8);
    // Bigger than the cluster: clamped to 0.
    assert_eq!(
        job_size_factor(&size(20, Some(800), None), true, false),
        0.0
    );
}

#[test]
fn job_size_small_relative_to_time() {
    // max(2·400/10, 100) = max(80, 100) = 100 CPUs; / 60 min / 400 = 1/240.
    let x = job_size_factor(&size(2, Some(100), Some(60)), false, true);
    assert_eq!(x, 100.0 / 60.0 / 400.0);
    // Node-based size wins when larger: max(4·40, 100) = 160; / 10 / 400 = 0.04.
    assert_eq!(
        job_size_factor(&size(4, Some(100), Some(10)), false, true),
        160.0 / 10.0 / 400.0
    );
    // FavorSmall inverts it.
    assert_eq!(
        job_size_factor(&size(2, Some(100), Some(60)), true, true),
        1.0 - 100.0 / 60.0 / 400.0
    );
    // No time limit counts as 1 minute: 100 / 1 / 400 = 0.25.
    assert_eq!(
        job_size_factor(&size(2, Some(100), None), false, true),
        0.25
    );
    // An empty cluster gives 0, not NaN.
    let empty = JobSize {
        cluster_nodes: 0,
        cluster_cpus: 0,
        ..size(1, Some(1), Some(1))
    };
    assert_eq!(job_size_factor(&empty, false, true), 0.0);
    assert_eq!(job_size_factor(&empty, false, false), 0.0);
}

#[test]
fn partition_qos_assoc_and_tres_normalisation() {
    assert_eq!(normalised(5, 20, false), 0.25);
    assert_eq!(normalised(5, 0, false), 0.0);
    assert_eq!(normalised(5, 20, true), 5.0);
    assert_eq!(tres_factor(2.0, 8.0, false), 0.25);
    assert_eq!(tres_factor(2.0, 0.0, false), 0.0);
    assert_eq!(tres_factor(2.0, 8.0, true), 2.0);
}

fn cfg() -> PriorityConfig {
    PriorityConfig {
        weights: Weights {
            age: 1000,
            assoc: 500,
            fairshare: 10_000,
            job_size: 100,
            partition: 2000,
            qos: 3000,
            tres: vec![("CPU".into(), 400), ("GRES/gpu".into(), 8000)],
        },
        ..PriorityConfig::default()
    }
}

fn job() -> PendingJob {
    PendingJob {
        waited_secs: 151_200, // a quarter of the 7-day max age
        fairshare: 0.75,
        size: size(2, Some(100), None),
        partition_factor: 1,
        max_partition_factor: 4,
        qos_priority: 10,
        max_qos_priority: 100,
        assoc_priority: 3,
        max_assoc_priority: 6,
        tres: vec![
            TresCount {
                name: "cpu".into(),
                count: 100.0,
                partition_total: 400.0,
            },
            TresCount {
                name: "gres/GPU".into(),
                count: 2.0,
                partition_total: 16.0,
            },
        ],
        site_factor: 0,
        nice: 0,
    }
}

#[test]
fn every_term_of_a_full_example() {
    let p = priority(&cfg(), &job());
    // age 1000·0.25 = 250; assoc 500·0.5 = 250; fairshare 10000·0.75 = 7500;
    // size 100·0.225 = 22.5; partition 2000·0.25 = 500; qos 3000·0.1 = 300;
    // TRES CPU 400·0.25 = 100, GPU 8000·0.125 = 1000. Sum 9922.5 → 9922.
    assert_eq!(p.age, 250.0);
    assert_eq!(p.assoc, 250.0);
    assert_eq!(p.fairshare, 7500.0);
    assert_eq!(p.job_size, 22.5);
    assert_eq!(p.partition, 500.0);
    assert_eq!(p.qos, 300.0);
    assert_eq!(
        p.tres,
        vec![("CPU".to_string(), 100.0), ("GRES/gpu".to_string(), 1000.0)]
    );
    assert_eq!(p.sum, 9922.5);
    assert_eq!(p.priority, 9922);
    assert_eq!(p.clamp, None);
    assert_eq!(p.factors.fairshare, 0.75);
}

#[test]
fn site_factor_and_nice() {
    let mut j = job();
    j.site_factor = 1000;
    j.nice = 300;
    let p = priority(&cfg(), &j);
    assert_eq!((p.site, p.nice), (1000.0, -300.0));
    assert_eq!(p.priority, 9922 + 1000 - 300);
    // A negative nice raises the priority.
    j.nice = -78;
    assert_eq!(priority(&cfg(), &j).priority, 9922 + 1000 + 78);
}

#[test]
fn the_clamps() {
    // All weights 0 (Slurm's default): the sum is 0, raised to 1.
    let p = priority(&PriorityConfig::default(), &job());
    assert_eq!(p.sum, 0.0);
    assert_eq!((p.priority, p.clamp), (1, Some(Clamp::RaisedToOne)));
    // A large nice pushes it below 1: still 1.
    let mut j = job();
    j.nice = 1_000_000;
    assert_eq!(priority(&cfg(), &j).priority, 1);
    // Above 2^32 - 1: capped.
    let mut c = cfg();
    c.weights.fairshare = u32::MAX;
    c.weights.qos = u32::MAX;
    let mut j = job();
    j.fairshare = 1.0;
    j.qos_priority = 100;
    let p = priority(&c, &j);
    assert!(p.sum > 4_294_967_295.0);
    assert_eq!((p.priority, p.clamp), (u32::MAX, Some(Clamp::CappedAtMax)));
    // Truncated, not rounded.
    assert_eq!(clamp_priority(41.999), (41, None));
    // A NaN fairshare counts as 0.
    let mut j = job();
    j.fairshare = f64::NAN;
    assert_eq!(priority(&cfg(), &j).fairshare, 0.0);
}

#[test]
fn no_normal_flags_use_raw_values() {
    let mut c = cfg();
    c.no_normal_part = true;
    c.no_normal_qos = true;
    c.no_normal_assoc = true;
    c.no_normal_tres = true;
    let p = priority(&c, &job());
    assert_eq!(p.partition, 2000.0);
    assert_eq!(p.qos, 30_000.0);
    assert_eq!(p.assoc, 1500.0);
    assert_eq!(p.tres[0].1, 40_000.0);
}

#[test]
fn suggested_weight_is_one_to_two_times_n() {
    assert_eq!(suggested_fairshare_weight(21), 21..=42);
    assert_eq!(suggested_fairshare_weight(0), 1..=2);
    assert_eq!(suggested_fairshare_weight(u32::MAX), u32::MAX..=u32::MAX);
    // With W = N, adjacent ranks differ by exactly one point after truncation.
    let n = 21u32;
    let w = *suggested_fairshare_weight(n).start();
    let c = PriorityConfig {
        weights: Weights {
            fairshare: w,
            ..Weights::default()
        },
        ..PriorityConfig::default()
    };
    let at = |rank: u32| {
        priority(
            &c,
            &PendingJob {
                fairshare: f64::from(rank) / f64::from(n),
                ..PendingJob::default()
            },
        )
        .priority
    };
    for rank in 2..=n {
        assert_eq!(at(rank) - at(rank - 1), 1, "rank {rank}");
    }
}
