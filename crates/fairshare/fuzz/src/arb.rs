//! Valid trees (and edits, jobs, cursors) built from the fuzzer's bytes.
//!
//! Every byte string gives *some* valid tree: the builder only makes choices (parent among the
//! accounts so far, kind, shares from a list that includes 0, 1, u32::MAX and "parent", usage
//! from a list that includes −0, subnormal, fractional and 2^64 − 1, names from a small set so
//! that siblings tie), so the fuzzer spends its time on the engine, not on invalid input.

use libfuzzer_sys::arbitrary::{Result, Unstructured};

use fairshare::{Assoc, AssocId, AssocTree, LongDouble, Shares};

/// Usage values worth trying: zero, −0, 80-bit subnormal, tiny, fractional, exact ties, huge.
pub fn usage(u: &mut Unstructured<'_>) -> Result<LongDouble> {
    let pick: u8 = u.arbitrary()?;
    Ok(match pick % 12 {
        0 => LongDouble::ZERO,
        1 => -LongDouble::ZERO,
        2 => subnormal(),
        3 => LongDouble::from_f64(5e-324),
        4 => LongDouble::from_u64(u64::MAX),
        5 => LongDouble::from_u64(u.int_in_range(0..=1_000_000)?),
        6 => LongDouble::from_u64(u.arbitrary()?),
        7 => LongDouble::from_f64(f64::from(u.int_in_range(0..=1000u32)?) / 7.0),
        8 => LongDouble::from_u64(u64::from(u.int_in_range(1..=5u8)?)),
        // Anything at all: the tree refuses what it must.
        9 => LongDouble::from_f64(u.arbitrary()?),
        _ => LongDouble::from_f64(f64::from(u.int_in_range(0..=100u8)?) * 0.1),
    })
}

/// An 80-bit subnormal, parsed once (parsing it is exact and slow: a quarter of the engine
/// target's time when it was parsed per pick).
fn subnormal() -> LongDouble {
    static VALUE: std::sync::OnceLock<LongDouble> = std::sync::OnceLock::new();
    *VALUE.get_or_init(|| LongDouble::parse("1e-4940").unwrap_or(LongDouble::ZERO))
}

/// Share values worth trying: 0, 1, u32::MAX, 2147483647 (= parent), "parent", small numbers.
pub fn shares(u: &mut Unstructured<'_>) -> Result<Shares> {
    let pick: u8 = u.arbitrary()?;
    Ok(match pick % 8 {
        0 => Shares::Value(0),
        1 => Shares::Value(u32::MAX),
        2 => Shares::from_raw(2_147_483_647),
        3 => Shares::Parent,
        4 => Shares::Value(u.arbitrary()?),
        _ => Shares::Value(u32::from(u.int_in_range(1..=4u8)?)),
    })
}

/// A name from a small set (siblings tie on lineage suffixes; `.`/`-` sort before prefixes), or
/// any string (the tree refuses `/`, `|` and line breaks).
pub fn name(u: &mut Unstructured<'_>) -> Result<String> {
    const NAMES: [&str; 8] = ["a", "b", "a.b", "a-b", "0", "root", "Zz", "é"];
    let pick: u8 = u.arbitrary()?;
    if pick < 240 {
        Ok(NAMES[usize::from(pick) % NAMES.len()].to_string())
    } else {
        u.arbitrary()
    }
}

/// A valid tree of at most `max` associations (the root, then each node under an earlier
/// account: deep, wide or mixed as the bytes say).
pub fn tree(u: &mut Unstructured<'_>, max: usize) -> Result<AssocTree> {
    let mut assocs = vec![Assoc {
        id: AssocId(1),
        parent: None,
        account: "root".into(),
        user: None,
        partition: None,
        shares: shares(u)?,
        usage_raw: LongDouble::ZERO,
        lineage: None,
        inferred: false,
        retained_usage: LongDouble::ZERO,
    }];
    let mut accounts = vec![0usize];
    let n = u.int_in_range(0..=max.saturating_sub(1))?;
    for i in 0..n {
        if u.is_empty() {
            break;
        }
        let how: u8 = u.arbitrary()?;
        // Deep (the last account), wide (the root) or anywhere.
        let parent = match how % 4 {
            0 => *accounts.last().unwrap_or(&0),
            1 => 0,
            _ => accounts[u.choose_index(accounts.len())?],
        };
        let is_user = how & 0x10 != 0;
        let own = name(u)?;
        let account = if is_user {
            assocs[parent].account.clone()
        } else {
            format!("{own}{i}").into()
        };
        let mut a = Assoc {
            id: AssocId(i as u32 + 2),
            parent: Some(assocs[parent].id),
            account,
            user: is_user.then(|| own.into()),
            partition: (is_user && how & 0x20 != 0).then(|| "gpu".into()),
            shares: shares(u)?,
            usage_raw: usage(u)?,
            lineage: None,
            inferred: false,
            retained_usage: LongDouble::ZERO,
        };
        if how & 0xC0 == 0xC0 {
            a.lineage = Some(u.arbitrary::<String>()?.into());
        }
        // An account's usage is ignored; the partition bit (users only) makes it the account's
        // retained usage instead (no byte more is read, so the corpus keeps its meaning).
        if !is_user && how & 0x20 != 0 {
            a.retained_usage = a.usage_raw;
        }
        assocs.push(a);
        if !is_user {
            accounts.push(assocs.len() - 1);
        }
    }
    match AssocTree::new(assocs.clone()) {
        Ok(t) => Ok(t),
        // Bad usage, names or lineages from the "anything" picks: clean them and retry.
        Err(_) => {
            for a in &mut assocs {
                if !a.usage_raw.is_finite()
                    || a.usage_raw.is_negative()
                    || a.usage_raw.to_f64() >= 1.8e19
                {
                    a.usage_raw = LongDouble::ZERO;
                }
                if !a.retained_usage.is_finite()
                    || a.retained_usage.is_negative()
                    || a.retained_usage.to_f64() >= 1.8e19
                {
                    a.retained_usage = LongDouble::ZERO;
                }
                for s in [&mut a.account].into_iter().chain(a.user.as_mut()) {
                    if s.is_empty() || s.contains(['/', '|', '\n', '\r']) {
                        *s = "x".into();
                    }
                }
            }
            // Users' accounts follow their (possibly renamed) parents.
            let names: Vec<fairshare::Name> = assocs.iter().map(|a| a.account.clone()).collect();
            let pos: std::collections::HashMap<AssocId, usize> =
                assocs.iter().enumerate().map(|(i, a)| (a.id, i)).collect();
            for a in &mut assocs {
                if a.user.is_some() {
                    if let Some(&p) = a.parent.as_ref().and_then(|p| pos.get(p)) {
                        a.account = names[p].clone();
                    }
                }
            }
            AssocTree::new(assocs).map_err(|_| libfuzzer_sys::arbitrary::Error::IncorrectFormat)
        }
    }
}
