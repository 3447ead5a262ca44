//! `sshare` output, character for character: the rows, the columns and Slurm's number formatting.
//!
//! - [`format_double`] / [`format_double_fixed`]: `print_fields_double` (`%f`, blanks for the
//!   unset sentinels, `inf`, and in fixed-width mode the switch to `%e` when a number is wider
//!   than its column). Digits are correctly rounded from the exact binary value (ties to even),
//!   as glibc's `printf` does, so the output is the same on every platform.
//! - [`Row`]: one association as `sshare` sends it to the screen, in Slurm's association-list
//!   order, built from a Fair Tree run ([`fair_tree_rows`]) or a classic run ([`classic_rows`]).
//!   Values are narrowed the way Slurm narrows them before printing: `long double` usage and
//!   Level FS become doubles, `usage_raw` becomes a `uint64` truncated toward zero.
//! - [`render`]: `-p` (trailing `|`), `-P` (no trailing `|`), or the fixed-width table (header,
//!   dash line, right-justified cells except Account, a space after every cell, over-long
//!   strings cut with a `+`), with or without the header, for any column list; see
//!   [`default_columns`] for `sshare`'s own lists (short, `-l`, `-m`).
//!
//! This module only formats; it computes nothing about fairshare and must not depend on any UI
//! or IO. Slurm's own code for it: `src/sshare/process.c` and `src/common/print_fields.c`.

use std::fmt::Write as _;

use num_bigint::BigUint;

use crate::Ranked;
use crate::classic::ClassicRun;
use crate::hierarchy::Hierarchy;
use crate::ld::LongDouble;
use crate::scenario::Algorithm;
use crate::tree::{AssocTree, SHARES_PARENT_RAW, Shares};

/// Slurm's `NO_VAL` (unset `uint32`); `print_fields_uint32` and `print_fields_double` show it blank.
pub const NO_VAL: u32 = 0xFFFF_FFFE;
/// Slurm's `INFINITE` (`uint32`); shown blank as well.
pub(crate) const INFINITE: u32 = 0xFFFF_FFFF;
/// Slurm's `NO_VAL64` (unset `uint64`); shown blank.
pub(crate) const NO_VAL64: u64 = 0xFFFF_FFFF_FFFF_FFFE;
/// Slurm's `INFINITE64`; shown blank.
pub(crate) const INFINITE64: u64 = 0xFFFF_FFFF_FFFF_FFFF;

/// The widest column the fixed-width formatters pad to (sshare's widest is 30).
pub(crate) const MAX_WIDTH: usize = 1024;

/// The `TRESRunMins` text of every row: no job is running in a scenario, and the scenarios know
/// only the `cpu` TRES (a real cluster lists all of its TRES here).
pub(crate) const TRES_RUN_MINS: &str = "cpu=0";

// ---------------------------------------------------------------------------------------------
// Number formatting
// ---------------------------------------------------------------------------------------------

/// Whether `print_fields_double` shows `x` as a blank cell: `(double)NO_VAL64`,
/// `(double)INFINITE64`, `NO_VAL` and `INFINITE` are Slurm's "unset" markers.
pub(crate) fn is_blank_double(x: f64) -> bool {
    x == NO_VAL64 as f64
        || x == INFINITE64 as f64
        || x == f64::from(NO_VAL)
        || x == f64::from(INFINITE)
}

/// C's `printf("%f", x)`: six decimals, correctly rounded from the exact binary value with ties
/// to even (glibc), `inf`/`-inf`, `nan`/`-nan`. No blanking; see [`format_double`].
pub fn printf_f(x: f64) -> String {
    let mut out = String::with_capacity(16);
    push_printf_f(&mut out, x);
    out
}

fn push_printf_f(out: &mut String, x: f64) {
    if x.is_nan() {
        out.push_str(if x.is_sign_negative() { "-nan" } else { "nan" });
        return;
    }
    if x.is_sign_negative() {
        out.push('-');
    }
    let a = x.abs();
    if a.is_infinite() {
        out.push_str("inf");
        return;
    }
    crate::format::push_fixed_abs(out, a, 6);
}

/// `print_fields_double` in `-p`/`-P` mode: `%f`, or an empty string for Slurm's unset markers
/// (see `is_blank_double`); `inf` for +∞.
pub fn format_double(x: f64) -> String {
    if is_blank_double(x) {
        String::new()
    } else {
        printf_f(x)
    }
}

/// The exact decimal digits of a finite, nonzero `|x|`: `(digits, exp10)` with
/// `|x| = 0.d1d2d3… × 10^exp10`.
fn exact_digits(x: f64) -> (Vec<u8>, i64) {
    let a = x.abs();
    let bits = a.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i64;
    let frac = bits & ((1u64 << 52) - 1);
    let (m, e) = if biased == 0 {
        (frac, -1074i64)
    } else {
        (frac | (1u64 << 52), biased - 1075)
    };
    let (int, scale10) = if e >= 0 {
        (BigUint::from(m) << (e as usize), 0i64)
    } else {
        let k = (-e) as u32;
        (BigUint::from(m) * BigUint::from(5u32).pow(k), i64::from(k))
    };
    let digits: Vec<u8> = int.to_str_radix(10).bytes().map(|b| b - b'0').collect();
    let exp10 = digits.len() as i64 - scale10;
    (digits, exp10)
}

/// C's `printf("%.*e", precision, x)`: correctly rounded, ties to even, at least two exponent
/// digits.
pub fn printf_e(x: f64, precision: usize) -> String {
    if x.is_nan() {
        return if x.is_sign_negative() { "-nan" } else { "nan" }.into();
    }
    let sign = if x.is_sign_negative() { "-" } else { "" };
    if x.is_infinite() {
        return format!("{sign}inf");
    }
    let keep = precision + 1;
    let (digits, exp) = if x == 0.0 {
        (vec![0u8; keep], 0i64)
    } else {
        let (digits, exp10) = exact_digits(x);
        let (mut digits, exp10) = crate::ld::round_digits(digits, exp10, keep);
        digits.resize(keep, 0);
        (digits, exp10 - 1)
    };
    let mut out = String::with_capacity(keep + 8);
    out.push_str(sign);
    out.push(char::from(b'0' + digits[0]));
    if precision > 0 {
        out.push('.');
        for &d in &digits[1..] {
            out.push(char::from(b'0' + d));
        }
    }
    let _ = write!(out, "e{}{:02}", if exp < 0 { '-' } else { '+' }, exp.abs());
    out
}

/// C's `printf("%*s", width, s)` for a signed width: right-justified, or left-justified when
/// `width` is negative; never cut.
fn pad(s: &str, width: i64) -> String {
    let w = width.unsigned_abs() as usize;
    if s.len() >= w {
        return s.to_string();
    }
    let fill = " ".repeat(w - s.len());
    if width < 0 {
        format!("{s}{fill}")
    } else {
        format!("{fill}{s}")
    }
}

/// `print_fields_double` in fixed-width mode, without the trailing space: right-justified in
/// `width` columns; blank (all spaces) for Slurm's unset markers; and when `%f` is wider than the
/// column, `%e` with the precision cut so that it fits (1250 in width 10 gives `1.2500e+03`).
///
/// The cut follows Slurm's arithmetic exactly: it first prints `%*.*e` with width and precision
/// both equal to the column width, then shrinks both by however much that came out too wide.
pub fn format_double_fixed(x: f64, width: usize) -> String {
    // Column widths are small; a bound keeps a silly width from allocating gigabytes.
    let width = width.min(MAX_WIDTH);
    let w = width as i64;
    if is_blank_double(x) {
        return " ".repeat(width.max(1));
    }
    let f = pad(&printf_f(x), w);
    if f.len() <= width {
        return f;
    }
    let trial = pad(&printf_e(x, width), w).len() as i64;
    let mut w2 = w;
    if trial > w2 {
        w2 -= trial - w2;
    }
    // printf takes a negative `*` width as left-justification, a negative `*` precision as none
    // (6); with sshare's column widths neither happens.
    let precision = if w2 < 0 { 6 } else { w2 as usize };
    pad(&printf_e(x, precision), w2)
}

/// `print_fields_str` in fixed-width mode, without the trailing space: padded to `width` (left-
/// or right-justified), and a string longer than the column cut to `width` with its last
/// visible character replaced by `+`. Widths count bytes, as C does; a cut never splits a UTF-8
/// character (it backs off to the previous character boundary).
pub(crate) fn format_str_fixed(s: &str, width: usize, left: bool) -> String {
    let width = width.min(MAX_WIDTH);
    if s.len() > width {
        let mut cut = width.saturating_sub(1);
        while cut > 0 && !s.is_char_boundary(cut) {
            cut -= 1;
        }
        let mut t = String::with_capacity(width);
        t.push_str(&s[..cut]);
        t.push('+');
        let w = t.len() as i64;
        return pad(
            &t,
            if left {
                -w.max(width as i64)
            } else {
                w.max(width as i64)
            },
        );
    }
    pad(s, if left { -(width as i64) } else { width as i64 })
}

/// `usage_raw` as sshare receives it: the `long double` converted to `uint64`, truncating toward
/// zero. Values ≥ 2^64 (where C's conversion is undefined) saturate to `u64::MAX`, which sshare
/// would show blank; negative values (never produced by a valid tree) give 0.
pub fn truncate_usage(x: LongDouble) -> u64 {
    if x.is_negative() {
        return 0;
    }
    if x.is_infinite() {
        return u64::MAX;
    }
    let Some((m, e)) = x.to_parts() else {
        return 0;
    };
    if e >= 0 {
        let bits = 64 - m.leading_zeros() as i32;
        if m == 0 {
            0
        } else if bits + e > 64 {
            u64::MAX
        } else {
            m << e
        }
    } else if e <= -64 {
        0
    } else {
        m >> (-e)
    }
}

// ---------------------------------------------------------------------------------------------
// Columns
// ---------------------------------------------------------------------------------------------

/// An `sshare` column (the fields `sshare -e` lists that a scenario can fill).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Column {
    /// `Account`: the account name, indented one space per tree level.
    Account,
    /// `User`: blank on account rows.
    User,
    /// `Partition` (`-m`): blank unless the association is per partition.
    Partition,
    /// `RawShares`: the integer, `parent`, or blank for the root.
    RawShares,
    /// `NormShares`: S.
    NormShares,
    /// `RawUsage`: usage truncated to an integer.
    RawUsage,
    /// `NormUsage`: usage / root usage.
    NormUsage,
    /// `EffectvUsage`: U (Fair Tree) or UE (classic).
    EffectvUsage,
    /// `FairShare`: the user's factor; blank on account rows and the root.
    FairShare,
    /// `LevelFS` (Fair Tree only).
    LevelFS,
    /// `GrpTRESMins`: blank (scenarios set no limits).
    GrpTRESMins,
    /// `TRESRunMins`: `cpu=0` (scenarios run no jobs).
    TRESRunMins,
}

impl Column {
    /// Every column, in the order `sshare -e` would resolve a prefix among them.
    pub const ALL: [Column; 12] = [
        Column::Account,
        Column::User,
        Column::Partition,
        Column::RawShares,
        Column::NormShares,
        Column::RawUsage,
        Column::NormUsage,
        Column::EffectvUsage,
        Column::FairShare,
        Column::LevelFS,
        Column::GrpTRESMins,
        Column::TRESRunMins,
    ];

    const fn spec(self) -> &'static ColumnSpec {
        &COLUMN_SPECS[self as usize]
    }

    /// The header text, exactly as sshare prints it.
    pub const fn header(self) -> &'static str {
        self.spec().header
    }

    /// The fixed-width column width (as `sshare` prints it).
    pub const fn width(self) -> usize {
        self.spec().width
    }

    /// Whether fixed-width cells are left-justified (only Account).
    pub(crate) const fn left_justified(self) -> bool {
        self.spec().left
    }
}

/// How sshare prints one column: its header and its fixed-width cell.
struct ColumnSpec {
    header: &'static str,
    width: usize,
    left: bool,
}

/// sshare's columns, in [`Column`]'s order (as `src/sshare/process.c` prints them): the one place
/// their headers, widths and justification are written. The printer and the importer both read it.
const COLUMN_SPECS: [ColumnSpec; 12] = {
    const fn c(header: &'static str, width: usize) -> ColumnSpec {
        ColumnSpec {
            header,
            width,
            left: false,
        }
    }
    [
        ColumnSpec {
            header: "Account",
            width: 20,
            left: true,
        },
        c("User", 10),
        c("Partition", 12),
        c("RawShares", 10),
        c("NormShares", 11),
        c("RawUsage", 11),
        c("NormUsage", 11),
        c("EffectvUsage", 13),
        c("FairShare", 10),
        c("LevelFS", 10),
        c("GrpTRESMins", 30),
        c("TRESRunMins", 30),
    ]
};

/// Which of sshare's own column lists: its `-l` and `-m` flags.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SshareFlags {
    /// `-l`: the long list (NormUsage, LevelFS, GrpTRESMins, TRESRunMins).
    pub long: bool,
    /// `-m`: a `Partition` column after `User`.
    pub partitions: bool,
}

impl SshareFlags {
    /// Plain `sshare`.
    pub const SHORT: SshareFlags = SshareFlags {
        long: false,
        partitions: false,
    };
    /// `sshare -m`.
    pub const PARTITIONS: SshareFlags = SshareFlags {
        long: false,
        partitions: true,
    };
    /// `sshare -l`.
    pub const LONG: SshareFlags = SshareFlags {
        long: true,
        partitions: false,
    };
    /// `sshare -l -m`.
    pub const LONG_PARTITIONS: SshareFlags = SshareFlags {
        long: true,
        partitions: true,
    };
}

/// One of sshare's own column lists: what it prints for an algorithm and its flags.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Layout {
    pub(crate) algorithm: Algorithm,
    pub(crate) flags: SshareFlags,
    pub(crate) columns: &'static [Column],
}

/// sshare's own column lists (`process()` in `src/sshare/process.c`), the one place they are
/// written: short or `-l`, with `-m` adding `Partition` after `User`; classic `-l` has no
/// `LevelFS`. The printer looks a list up by algorithm and flags ([`default_columns`]); the
/// importer reads header-less output by its number of fields ([`layouts_of_width`]). Fair Tree's
/// lists come first.
pub(crate) const LAYOUTS: [Layout; 8] = {
    use Column::*;
    const SHORT: &[Column] = &[
        Account,
        User,
        RawShares,
        NormShares,
        RawUsage,
        EffectvUsage,
        FairShare,
    ];
    const SHORT_M: &[Column] = &[
        Account,
        User,
        Partition,
        RawShares,
        NormShares,
        RawUsage,
        EffectvUsage,
        FairShare,
    ];
    const LONG_FT: &[Column] = &[
        Account,
        User,
        RawShares,
        NormShares,
        RawUsage,
        NormUsage,
        EffectvUsage,
        FairShare,
        LevelFS,
        GrpTRESMins,
        TRESRunMins,
    ];
    const LONG_M_FT: &[Column] = &[
        Account,
        User,
        Partition,
        RawShares,
        NormShares,
        RawUsage,
        NormUsage,
        EffectvUsage,
        FairShare,
        LevelFS,
        GrpTRESMins,
        TRESRunMins,
    ];
    const LONG_CLASSIC: &[Column] = &[
        Account,
        User,
        RawShares,
        NormShares,
        RawUsage,
        NormUsage,
        EffectvUsage,
        FairShare,
        GrpTRESMins,
        TRESRunMins,
    ];
    const LONG_M_CLASSIC: &[Column] = &[
        Account,
        User,
        Partition,
        RawShares,
        NormShares,
        RawUsage,
        NormUsage,
        EffectvUsage,
        FairShare,
        GrpTRESMins,
        TRESRunMins,
    ];
    const fn l(algorithm: Algorithm, flags: SshareFlags, columns: &'static [Column]) -> Layout {
        Layout {
            algorithm,
            flags,
            columns,
        }
    }
    use Algorithm::{Classic, FairTree};
    [
        l(FairTree, SshareFlags::SHORT, SHORT),
        l(FairTree, SshareFlags::PARTITIONS, SHORT_M),
        l(FairTree, SshareFlags::LONG, LONG_FT),
        l(FairTree, SshareFlags::LONG_PARTITIONS, LONG_M_FT),
        l(Classic, SshareFlags::SHORT, SHORT),
        l(Classic, SshareFlags::PARTITIONS, SHORT_M),
        l(Classic, SshareFlags::LONG, LONG_CLASSIC),
        l(Classic, SshareFlags::LONG_PARTITIONS, LONG_M_CLASSIC),
    ]
};

/// sshare's own column list for an algorithm and its `-l`/`-m` flags (see [`LAYOUTS`]).
pub fn default_columns(algorithm: Algorithm, flags: SshareFlags) -> Vec<Column> {
    LAYOUTS
        .iter()
        .find(|l| l.algorithm == algorithm && l.flags == flags)
        .map_or(&[][..], |l| l.columns)
        .to_vec()
}

/// sshare's own lists of `n` columns, Fair Tree's first: header-less output is read by its
/// number of fields (7 short, 8 `-m`, 10 classic `-l`, 11 Fair Tree `-l` or classic `-l -m`,
/// 12 Fair Tree `-l -m`).
pub(crate) fn layouts_of_width(n: usize) -> impl Iterator<Item = &'static Layout> {
    LAYOUTS.iter().filter(move |l| l.columns.len() == n)
}

// ---------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------

/// One sshare row: what Slurm sends to sshare for one association, already narrowed to the
/// types sshare prints (doubles and a `uint64`). `None` means a blank cell.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// Index of the association in [`AssocTree::assocs`].
    pub ix: usize,
    /// Indentation of the Account cell: the depth in the real tree (root 0; a user one more
    /// than its account).
    pub depth: usize,
    /// Account name (a user row shows its own account).
    pub account: String,
    /// User name, for user rows.
    pub user: Option<String>,
    /// Partition of a per-partition user association.
    pub partition: Option<String>,
    /// Raw shares; `None` for the root (Slurm sends `NO_VAL`).
    pub raw_shares: Option<Shares>,
    /// `NormShares`.
    pub norm_shares: f64,
    /// `RawUsage`: usage truncated toward zero.
    pub raw_usage: u64,
    /// `NormUsage`; `None` for the root (never computed).
    pub norm_usage: Option<f64>,
    /// `EffectvUsage`.
    pub effective_usage: f64,
    /// `FairShare`; `None` on account rows and the root.
    pub fairshare: Option<f64>,
    /// `LevelFS`; `None` for the root, FairShare=parent rows, and under classic.
    pub level_fs: Option<f64>,
}

fn base_row(tree: &AssocTree, h: &Hierarchy, ix: usize) -> Row {
    let a = &tree.assocs()[ix];
    Row {
        ix,
        depth: h.depth[ix] as usize,
        account: a.account.to_string(),
        user: a.user.as_deref().map(str::to_string),
        partition: a.partition.as_deref().map(str::to_string),
        raw_shares: (ix != h.root).then_some(a.shares),
        norm_shares: 0.0,
        raw_usage: 0,
        norm_usage: None,
        effective_usage: 0.0,
        fairshare: None,
        level_fs: None,
    }
}

/// The rows `sshare -a` prints for a Fair Tree run, in Slurm's association-list order.
pub fn fair_tree_rows(ranked: &Ranked) -> Vec<Row> {
    ranked
        .hierarchy()
        .list_order
        .iter()
        .map(|&ix| fair_tree_row(ranked, ix))
        .collect()
}

/// The sshare row of association `ix` for a Fair Tree run (one row of [`fair_tree_rows`], for
/// views that show a few associations of a big tree).
pub fn fair_tree_row(ranked: &Ranked, ix: usize) -> Row {
    let (tree, h) = (ranked.tree(), ranked.hierarchy());
    let r = &ranked.run().assocs[ix];
    let parent_shares = tree.assocs()[ix].shares.is_parent();
    Row {
        norm_shares: r.shares_norm,
        raw_usage: truncate_usage(r.usage_raw),
        norm_usage: ranked.run().usage_norm(ix).map(LongDouble::to_f64),
        effective_usage: r.usage_effective.to_f64(),
        fairshare: if h.is_user[ix] { r.fairshare } else { None },
        // sshare blanks LevelFS for FairShare=parent rows (users hold +∞ internally).
        level_fs: if ix == h.root || parent_shares {
            None
        } else {
            r.level_fs.map(LongDouble::to_f64)
        },
        ..base_row(tree, h, ix)
    }
}

/// The rows `sshare -a` prints for a classic run, in Slurm's association-list order. Account
/// factors are computed by Slurm but not printed (since 25.11), so `fairshare` is `None` there.
/// `run` is `ranked`'s classic run ([`Ranked::classic`]); a run of another tree (another
/// length) gives no rows rather than a panic.
pub fn classic_rows(ranked: &Ranked, run: &ClassicRun) -> Vec<Row> {
    // Every row: every value at once, not each association alone.
    run.compute_all();
    ranked
        .hierarchy()
        .list_order
        .iter()
        .filter_map(|&ix| classic_row(ranked, run, ix))
        .collect()
}

/// The sshare row of association `ix` for a classic run (one row of [`classic_rows`], for views
/// that show a few associations of a big tree); `None` if `ix` is not in the tree or `run` is
/// another tree's.
pub fn classic_row(ranked: &Ranked, run: &ClassicRun, ix: usize) -> Option<Row> {
    let (tree, h) = (ranked.tree(), ranked.hierarchy());
    if run.len() != h.len() || ix >= h.len() {
        return None;
    }
    let r = run.assoc(ix)?;
    Some(Row {
        norm_shares: r.shares_norm,
        raw_usage: truncate_usage(r.usage_raw),
        norm_usage: r.usage_norm.map(LongDouble::to_f64),
        effective_usage: r.usage_effective.to_f64(),
        fairshare: if h.is_user[ix] { r.fairshare } else { None },
        level_fs: None,
        ..base_row(tree, h, ix)
    })
}

/// One cell before formatting, typed the way sshare's print routine for that column is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Cell<'a> {
    /// `print_fields_str`; `None` is blank.
    Str(Option<&'a str>),
    /// The indented Account cell: `depth` spaces, then the name.
    Indented(usize, &'a str),
    /// `print_fields_uint32` (blank for `NO_VAL`/`INFINITE`).
    U32(u32),
    /// `print_fields_uint64` (blank for `NO_VAL64`/`INFINITE64`).
    U64(u64),
    /// `print_fields_double`; `None` is blank.
    Double(Option<f64>),
}

impl Row {
    /// This row's cell in `column`.
    pub fn cell(&self, column: Column) -> Cell<'_> {
        match column {
            Column::Account => Cell::Indented(self.depth, &self.account),
            Column::User => Cell::Str(self.user.as_deref()),
            Column::Partition => Cell::Str(self.partition.as_deref()),
            Column::RawShares => match self.raw_shares {
                None => Cell::U32(NO_VAL),
                Some(Shares::Parent) => Cell::Str(Some("parent")),
                Some(Shares::Value(SHARES_PARENT_RAW)) => Cell::Str(Some("parent")),
                Some(Shares::Value(v)) => Cell::U32(v),
            },
            Column::NormShares => Cell::Double(Some(self.norm_shares)),
            Column::RawUsage => Cell::U64(self.raw_usage),
            Column::NormUsage => Cell::Double(self.norm_usage),
            Column::EffectvUsage => Cell::Double(Some(self.effective_usage)),
            Column::FairShare => Cell::Double(self.fairshare),
            Column::LevelFS => Cell::Double(self.level_fs),
            Column::GrpTRESMins => Cell::Str(None),
            Column::TRESRunMins => Cell::Str(Some(TRES_RUN_MINS)),
        }
    }

    /// The cell's text as `-p`/`-P` print it (indentation included, no delimiter).
    pub fn cell_text(&self, column: Column) -> String {
        let mut s = String::new();
        push_parsable(&mut s, self.cell(column));
        s
    }
}

fn push_parsable(out: &mut String, cell: Cell<'_>) {
    match cell {
        Cell::Str(s) => out.push_str(s.unwrap_or("")),
        Cell::Indented(depth, name) => {
            out.extend(std::iter::repeat_n(' ', depth));
            out.push_str(name);
        }
        Cell::U32(v) => {
            if v != NO_VAL && v != INFINITE {
                let _ = write!(out, "{v}");
            }
        }
        Cell::U64(v) => {
            if v != NO_VAL64 && v != INFINITE64 {
                let _ = write!(out, "{v}");
            }
        }
        Cell::Double(Some(x)) if !is_blank_double(x) => push_printf_f(out, x),
        Cell::Double(_) => {}
    }
}

fn push_fixed(out: &mut String, cell: Cell<'_>, column: Column) {
    let width = column.width();
    let left = column.left_justified();
    match cell {
        Cell::Str(s) => out.push_str(&format_str_fixed(s.unwrap_or(" "), width, left)),
        Cell::Indented(depth, name) => {
            // The column shows at most `width` bytes: beyond that the depth changes nothing, so
            // a 100,000-deep row costs no more than a shallow one.
            let mut s = " ".repeat(depth.min(width.min(MAX_WIDTH) + 1));
            s.push_str(name);
            out.push_str(&format_str_fixed(&s, width, left));
        }
        Cell::U32(v) => {
            if v == NO_VAL || v == INFINITE {
                out.push_str(&" ".repeat(width));
            } else {
                out.push_str(&pad(&v.to_string(), width as i64));
            }
        }
        Cell::U64(v) => {
            if v == NO_VAL64 || v == INFINITE64 {
                out.push_str(&" ".repeat(width));
            } else {
                out.push_str(&pad(&v.to_string(), width as i64));
            }
        }
        Cell::Double(Some(x)) => out.push_str(&format_double_fixed(x, width)),
        Cell::Double(None) => out.push_str(&" ".repeat(width)),
    }
    out.push(' ');
}

// ---------------------------------------------------------------------------------------------
// Rendering
// ---------------------------------------------------------------------------------------------

/// How sshare lays out its output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextLayout {
    /// `-p`: cells separated by `|`, with a `|` after the last one too.
    Parsable,
    /// `-P`: cells separated by `|`, none after the last one.
    ParsableNoEnding,
    /// The default table: fixed widths, a dash line under the header, a space after every cell.
    FixedWidth,
}

/// The most indentation, in bytes summed over all rows, that the parsable layouts (`-p`, `-P`)
/// are asked to write. sshare indents the Account cell one space per level, so its output grows
/// with depth × rows: a 100,000-deep chain would print 5 GB of spaces. Callers check
/// [`parsable_indentation`] against this up front and refuse with a message naming it.
pub const MAX_PARSABLE_INDENT: u64 = 1 << 27;

/// The bytes of indentation the parsable layouts write for these rows.
pub fn parsable_indentation(rows: &[Row]) -> u64 {
    rows.iter().map(|r| r.depth as u64).sum()
}

/// Whether sshare prints its header line (`-n`/`--noheader` omits it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Header {
    /// The header (and in fixed-width mode the dash line under it) comes first.
    Shown,
    /// `-n`: rows only.
    Omitted,
}

/// Renders rows as sshare prints them, one string per line (no line terminators). With
/// [`Header::Shown`], the first line is the header (and in fixed-width mode the second the dash
/// line).
pub fn render(rows: &[Row], columns: &[Column], layout: TextLayout, header: Header) -> Vec<String> {
    let mut lines = Vec::with_capacity(rows.len() + 2);
    let n = columns.len();
    if header == Header::Shown {
        let mut line = String::new();
        match layout {
            TextLayout::Parsable | TextLayout::ParsableNoEnding => {
                for (i, c) in columns.iter().enumerate() {
                    line.push_str(c.header());
                    if layout == TextLayout::Parsable || i + 1 < n {
                        line.push('|');
                    }
                }
                lines.push(line);
            }
            TextLayout::FixedWidth => {
                let mut dashes = String::new();
                for c in columns {
                    line.push_str(&format_str_fixed(c.header(), c.width(), c.left_justified()));
                    line.push(' ');
                    dashes.extend(std::iter::repeat_n('-', c.width()));
                    dashes.push(' ');
                }
                lines.push(line);
                lines.push(dashes);
            }
        }
    }
    for row in rows {
        let mut line = String::with_capacity(if layout == TextLayout::FixedWidth {
            192
        } else {
            96
        });
        for (i, &c) in columns.iter().enumerate() {
            match layout {
                TextLayout::FixedWidth => push_fixed(&mut line, row.cell(c), c),
                TextLayout::Parsable | TextLayout::ParsableNoEnding => {
                    push_parsable(&mut line, row.cell(c));
                    if layout == TextLayout::Parsable || i + 1 < n {
                        line.push('|');
                    }
                }
            }
        }
        lines.push(line);
    }
    lines
}

/// [`render`] joined into one text, each line ending in `\n`, as a terminal would receive it.
pub fn render_text(rows: &[Row], columns: &[Column], layout: TextLayout, header: Header) -> String {
    let mut out = String::new();
    for line in render(rows, columns, layout, header) {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_rows_of_another_trees_run_are_empty_not_a_panic() {
        let small = crate::r#gen::scenario(20, 1);
        let big = crate::r#gen::scenario(200, 2);
        let ranked = Ranked::new(&small.tree, crate::TieRule::Slurm);
        let other = Ranked::new(&big.tree, crate::TieRule::Slurm).classic(&big.params);
        assert!(classic_rows(&ranked, &other).is_empty());
        let own = ranked.classic(&small.params);
        assert_eq!(classic_rows(&ranked, &own).len(), small.tree.len());
        assert_eq!(classic_row(&ranked, &other, 0), None);
        assert_eq!(classic_row(&ranked, &own, small.tree.len()), None);
    }

    #[test]
    fn every_algorithm_and_flags_has_one_list() {
        for algorithm in [Algorithm::FairTree, Algorithm::Classic] {
            for flags in [
                SshareFlags::SHORT,
                SshareFlags::PARTITIONS,
                SshareFlags::LONG,
                SshareFlags::LONG_PARTITIONS,
            ] {
                let found = LAYOUTS
                    .iter()
                    .filter(|l| l.algorithm == algorithm && l.flags == flags)
                    .count();
                assert_eq!(found, 1, "{algorithm:?} {flags:?}");
                let cols = default_columns(algorithm, flags);
                // sshare's lists: Account, User, then Partition with -m; LevelFS only in Fair
                // Tree's -l; the long lists end in the TRES minutes.
                assert_eq!(cols[..2], [Column::Account, Column::User]);
                assert_eq!(cols.contains(&Column::Partition), flags.partitions);
                assert_eq!(cols.contains(&Column::NormUsage), flags.long);
                assert_eq!(
                    cols.contains(&Column::LevelFS),
                    flags.long && algorithm == Algorithm::FairTree
                );
                assert_eq!(cols.last() == Some(&Column::TRESRunMins), flags.long);
            }
        }
        // Header-less output is read by its field count: only 11 is ambiguous.
        let widths: Vec<usize> = (0..14).map(|n| layouts_of_width(n).count()).collect();
        assert_eq!(widths, [0, 0, 0, 0, 0, 0, 0, 2, 2, 0, 1, 2, 1, 0]);
        assert_eq!(Column::ALL.map(Column::header)[3], "RawShares");
        assert_eq!(Column::EffectvUsage.width(), 13);
        assert!(Column::Account.left_justified() && !Column::User.left_justified());
    }

    #[test]
    fn doubles_print_like_printf() {
        assert_eq!(format_double(0.0), "0.000000");
        assert_eq!(format_double(2.0 / 3.0), "0.666667");
        assert_eq!(format_double(5e-7), "0.000000"); // the double is just below 5e-7
        assert_eq!(format_double(0.0078125), "0.007812"); // exact tie: to even
        assert_eq!(format_double(0.0078135), "0.007813");
        assert_eq!(format_double(1250.0), "1250.000000");
        assert_eq!(format_double(f64::INFINITY), "inf");
        assert_eq!(format_double(f64::NEG_INFINITY), "-inf");
        assert_eq!(format_double(-0.0), "-0.000000");
        assert_eq!(format_double(4294967294.0), "");
        assert_eq!(format_double(4294967295.0), "");
        assert_eq!(format_double(18446744073709551615.0), "");
        assert_eq!(format_double(4294967293.0), "4294967293.000000");
        assert_eq!(
            format_double(1e22),
            "10000000000000000000000.000000",
            "huge values take the exact path"
        );
        assert_eq!(format_double(f64::MIN_POSITIVE), "0.000000");
    }

    #[test]
    fn fast_path_agrees_with_the_exact_formatter() {
        // ld's formatter is exact; it is compared where it keeps at least one digit (≥ 1e-6; it rounds wrongly below).
        let mut x = 2.0e-6f64;
        while x < 1.0e40 {
            for v in [x, x * 1.37, x * 7.77777, x / 3.0 + 1e-6] {
                assert_eq!(printf_f(v), LongDouble::from_f64(v).to_fixed(6), "{v:e}");
            }
            x *= 3.1;
        }
        // Below that, values round to 0 or to one unit in the sixth decimal.
        assert_eq!(printf_f(7.182933928170003e-7), "0.000001");
        assert_eq!(printf_f(4.9e-7), "0.000000");
        assert_eq!(printf_f(5.0000001e-7), "0.000001");
        assert_eq!(printf_f(1e-300), "0.000000");
    }

    #[test]
    fn fixed_width_switches_to_e() {
        assert_eq!(format_double_fixed(1250.0, 10), "1.2500e+03");
        assert_eq!(format_double_fixed(1.0, 10), "  1.000000");
        assert_eq!(format_double_fixed(999.0, 10), "999.000000");
        assert_eq!(format_double_fixed(f64::INFINITY, 10), "       inf");
        assert_eq!(format_double_fixed(4294967294.0, 10), "          ");
        assert_eq!(format_double_fixed(1e100, 10), "1.000e+100");
        assert_eq!(format_double_fixed(-1250.0, 10), "-1.250e+03");
        assert_eq!(format_double_fixed(123456.0, 13), "123456.000000");
        assert_eq!(format_double_fixed(1234567.0, 13), "1.2345670e+06");
    }

    #[test]
    fn e_format_rounds_exactly() {
        assert_eq!(printf_e(1250.0, 4), "1.2500e+03");
        assert_eq!(printf_e(9.99996, 4), "1.0000e+01");
        assert_eq!(printf_e(0.0, 2), "0.00e+00");
        assert_eq!(printf_e(1.5e-300, 1), "1.5e-300");
        assert_eq!(printf_e(2.5, 0), "2e+00");
    }

    #[test]
    fn strings_are_cut_with_a_plus() {
        assert_eq!(format_str_fixed("abcdefghijkl", 10, false), "abcdefghi+");
        assert_eq!(format_str_fixed("abc", 10, false), "       abc");
        assert_eq!(format_str_fixed("abc", 5, true), "abc  ");
    }

    #[test]
    fn usage_truncates_toward_zero() {
        assert_eq!(truncate_usage(LongDouble::from_f64(10.99)), 10);
        assert_eq!(truncate_usage(LongDouble::from_f64(0.5)), 0);
        assert_eq!(
            truncate_usage(LongDouble::from_u64(u64::MAX - 5)),
            u64::MAX - 5
        );
        assert_eq!(
            truncate_usage(LongDouble::parse("9007199254740993.75").unwrap()),
            9007199254740993
        );
        assert_eq!(truncate_usage(LongDouble::from_f64(1e30)), u64::MAX);
        assert_eq!(truncate_usage(LongDouble::ZERO), 0);
    }
}
