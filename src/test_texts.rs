//! Pasted texts shared by the app's native tests.

/// Plain `sshare -l -P` (no `-a`): every account, the caller's (`u1`'s) row only, so the import
/// completes a partial tree and no FairShare is computable.
pub(crate) const PLAIN_SSHARE: &str = "\
Account|User|RawShares|NormShares|RawUsage|NormUsage|EffectvUsage|FairShare|LevelFS
root|||0.000000|100||1.000000||
 a||1|0.500000|60|0.600000|0.600000||0.833333
  a|u1|1|0.500000|30|0.300000|0.500000|0.750000|1.000000
 b||1|0.500000|40|0.400000|0.400000||1.250000
";
