//! What a FairShare value means, read two ways for one user.
//!
//! - Classic: F = 2^(−UE/S/d) compares usage with the share: 1.0 unused, above 0.5
//!   under-using, 0.5 exactly the share, below 0.5 over-using, 0 far over ([`classic_band`]).
//! - Fair Tree: FairShare = rank / N is a place among all N user associations, so 0.5 is the
//!   middle of the cluster, not "fair" ([`fair_tree_reading`]).
//!
//! A band is chosen from the value as sshare prints it (`%f`, six decimals), so the words always
//! agree with the number on screen.

use crate::fair_tree::FairTreeRun;
use crate::sshare::printf_f;

/// The classic reading of a factor F.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClassicBand {
    /// F = 1: no usage.
    Unused,
    /// F > 0.5: using less than the share.
    UnderUsing,
    /// F = 0.5: using exactly the share.
    Exact,
    /// 0 < F < 0.5: using more than the share.
    OverUsing,
    /// F = 0: far over the share.
    FarOver,
    /// S = 0: F is 0 whatever the usage.
    NoShares,
}

/// Where a Fair Tree FairShare puts a user relative to the middle of the cluster.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FairTreeBand {
    /// Above 0.5.
    Upper,
    /// Exactly 0.5.
    Middle,
    /// Below 0.5.
    Lower,
}

/// Where `value` prints (`%f`) relative to 1, 0.5 and 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Printed {
    One,
    Half,
    Zero,
    Other,
}

fn printed(value: f64) -> Printed {
    match printf_f(value).as_str() {
        "1.000000" => Printed::One,
        "0.500000" => Printed::Half,
        "0.000000" => Printed::Zero,
        _ => Printed::Other,
    }
}

/// The classic reading of factor `f` for an association with normalized shares `s`.
pub fn classic_band(f: f64, s: f64) -> ClassicBand {
    if s <= 0.0 {
        return ClassicBand::NoShares;
    }
    match printed(f) {
        Printed::One => ClassicBand::Unused,
        Printed::Half => ClassicBand::Exact,
        Printed::Zero => ClassicBand::FarOver,
        Printed::Other if f > 0.5 => ClassicBand::UnderUsing,
        Printed::Other => ClassicBand::OverUsing,
    }
}

/// A user's Fair Tree FairShare read as a place in the cluster.
#[derive(Clone, Debug, PartialEq)]
pub struct FairTreeReading {
    /// The rank (N is best).
    pub rank: u32,
    /// The place in the ranking counted from the top (1 = first served).
    pub position: u32,
    /// N, the number of user associations.
    pub n: u32,
    /// The FairShare value.
    pub value: f64,
    /// Users with a lower rank (behind this one).
    pub below: usize,
    /// Users with a higher rank (ahead of this one).
    pub above: usize,
    /// Upper half, middle or lower half.
    pub band: FairTreeBand,
}

/// The Fair Tree reading of user association `ix` of `run`, or `None` for accounts and the
/// root. O(n): one pass over the ranks.
pub fn fair_tree_reading(run: &FairTreeRun, ix: usize) -> Option<FairTreeReading> {
    let a = run.assocs.get(ix)?;
    let (rank, value) = (a.rank?, a.fairshare?);
    let (mut below, mut above) = (0, 0);
    for r in run.assocs.iter().filter_map(|x| x.rank) {
        below += usize::from(r < rank);
        above += usize::from(r > rank);
    }
    let band = match printed(value) {
        Printed::Half => FairTreeBand::Middle,
        _ if value > 0.5 => FairTreeBand::Upper,
        _ => FairTreeBand::Lower,
    };
    Some(FairTreeReading {
        rank,
        position: run.position(ix)?,
        n: run.n_users,
        value,
        below,
        above,
        band,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_bands_follow_the_printed_value() {
        assert_eq!(classic_band(1.0, 0.3), ClassicBand::Unused);
        assert_eq!(classic_band(0.749154, 0.35), ClassicBand::UnderUsing);
        assert_eq!(classic_band(0.5, 0.25), ClassicBand::Exact);
        // Prints as 0.500000, so it reads as exactly the share.
        assert_eq!(classic_band(0.4999999, 0.25), ClassicBand::Exact);
        assert_eq!(classic_band(0.408479, 0.3), ClassicBand::OverUsing);
        assert_eq!(classic_band(1e-9, 0.3), ClassicBand::FarOver);
        assert_eq!(classic_band(0.0, 0.0), ClassicBand::NoShares);
        assert_eq!(classic_band(0.9999999, 0.1), ClassicBand::Unused);
    }

    #[test]
    fn fair_tree_reading_counts_users_ahead_and_behind() {
        let tree = crate::r#gen::tree(200, 3);
        let run = crate::fair_tree::run(&tree);
        let n = run.n_users;
        assert!(n > 10);
        for (ix, a) in run.assocs.iter().enumerate() {
            let Some(rank) = a.rank else {
                assert!(fair_tree_reading(&run, ix).is_none());
                continue;
            };
            let r = fair_tree_reading(&run, ix).unwrap();
            assert_eq!((r.rank, r.n), (rank, n));
            // Users ahead are exactly those placed before it (ties share a place).
            assert_eq!(r.above, r.position as usize - 1);
            assert!(r.below + r.above < n as usize);
            let band = if rank * 2 > n {
                FairTreeBand::Upper
            } else if rank * 2 == n {
                FairTreeBand::Middle
            } else {
                FairTreeBand::Lower
            };
            assert_eq!(r.band, band);
        }
    }
}
