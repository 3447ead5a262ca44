//! Splitting a table into lines and cells, without copying: content lines, `CLUSTER:` banners,
//! fixed-width dash lines and headers, the column widths of a fixed-width table with or without
//! its dash line, and `|`-separated cells.

use std::borrow::Cow;

use super::fields::{ACCOUNT, Field, field_of, looks_like_header};

/// The lines that carry content: (1-based number, text without `\r`), skipping blank lines.
pub(super) fn content_lines(text: &str) -> impl Iterator<Item = (usize, &str)> + Clone {
    text.split('\n')
        .enumerate()
        .map(|(i, l)| (i + 1, l.strip_suffix('\r').unwrap_or(l)))
        .filter(|(_, l)| !l.trim().is_empty())
}

/// `sshare -M` prints `CLUSTER: name` before each cluster's table.
pub(super) fn cluster_banner(line: &str) -> Option<&str> {
    line.trim_start().strip_prefix("CLUSTER:").map(str::trim)
}

/// Whether a line is a fixed-width dash line: runs of `-` separated by spaces.
pub(super) fn is_dash_line(line: &str) -> bool {
    let t = line.trim_end();
    t.starts_with('-') && t.bytes().all(|b| b == b'-' || b == b' ')
}

/// The column spans (start, width) of a dash line.
pub(super) fn dash_spans(line: &str) -> Vec<(usize, usize)> {
    let b = line.as_bytes();
    let mut spans = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'-' {
            let start = i;
            while i < b.len() && b[i] == b'-' {
                i += 1;
            }
            spans.push((start, i - start));
        } else {
            i += 1;
        }
    }
    spans
}

/// A byte range of a line as text (lossy if the range splits a UTF-8 character).
pub(super) fn slice(line: &str, start: usize, end: usize) -> Cow<'_, str> {
    let end = end.min(line.len());
    let start = start.min(end);
    match line.get(start..end) {
        Some(s) => Cow::Borrowed(s),
        None => String::from_utf8_lossy(line.as_bytes().get(start..end).unwrap_or(&[])),
    }
}

/// Cells of a fixed-width row. Cells are `width` bytes followed by one space, except that
/// printf never cuts a number: a number wider than its column pushes the rest of the row
/// right. So each cell ends at its nominal end if a space is there, else at the next space.
pub(super) fn fixed_cells<'a>(line: &'a str, widths: &[usize], out: &mut Vec<Cow<'a, str>>) {
    let b = line.as_bytes();
    let mut pos = 0usize;
    for &w in widths {
        let nominal = pos.saturating_add(w);
        let mut end = nominal.min(b.len());
        if nominal < b.len() && b[nominal] != b' ' {
            let mut e = nominal;
            while e < b.len() && b[e] != b' ' {
                e += 1;
            }
            end = e;
        }
        out.push(slice(line, pos, end));
        pos = end.saturating_add(1);
    }
}

/// The names of a fixed-width header without its dash line, with their byte spans: words
/// split at spaces, two words joined where only together they name a column (`Raw Shares`,
/// `Effectv Usage`, `Level FS`, `Par ID`).
pub(super) fn header_words(line: &str) -> Vec<(usize, usize)> {
    let b = line.as_bytes();
    let mut words = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b' ' {
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len() && b[i] != b' ' {
            i += 1;
        }
        words.push((start, i));
    }
    let mut out: Vec<(usize, usize)> = Vec::with_capacity(words.len());
    let mut k = 0;
    while k < words.len() {
        let (s, e) = words[k];
        if let Some(&(s2, e2)) = words.get(k + 1)
            && s2 == e + 1
            && field_of(&line[s..e]) == Field::Unknown
            && field_of(&line[s..e2]) != Field::Unknown
        {
            out.push((s, e2));
            k += 2;
            continue;
        }
        out.push((s, e));
        k += 1;
    }
    out
}

/// Whether a line is a fixed-width header (without its dash line): an Account column and
/// mostly known names.
pub(super) fn is_fixed_header(line: &str) -> bool {
    if line.contains('|') {
        return false;
    }
    let names: Vec<&str> = header_words(line)
        .into_iter()
        .map(|(s, e)| &line[s..e])
        .collect();
    names.len() >= 2 && looks_like_header(&names)
}

/// The end of the first word at or after `from` (leading spaces included): where a
/// left-justified cell's text ends.
fn word_end(line: &str, from: usize) -> usize {
    let b = line.as_bytes();
    let mut i = from.min(b.len());
    while i < b.len() && b[i] == b' ' {
        i += 1;
    }
    while i < b.len() && b[i] != b' ' {
        i += 1;
    }
    i
}

/// Column widths of a fixed-width table whose dash line is missing, from its header: every
/// column but a left-justified Account is right-justified, so its name ends where the column
/// ends. A left-justified Account column (its name starts where the column starts) ends after
/// the longest Account cell of the rows.
pub(super) fn widths_from_header<'a>(
    words: &[(usize, usize)],
    fields: &[Field],
    rows: impl Iterator<Item = &'a str> + Clone,
) -> Vec<usize> {
    let mut ends: Vec<usize> = Vec::with_capacity(words.len());
    for (i, &(s, e)) in words.iter().enumerate() {
        let col_start = ends.last().map_or(0, |&p| p + 1);
        let end = if fields.get(i) == Some(&ACCOUNT) && s <= col_start {
            rows.clone()
                .filter(|r| !is_dash_line(r))
                .take(100_000)
                .map(|r| word_end(r, col_start))
                .fold(e, usize::max)
        } else {
            e
        };
        ends.push(end.max(col_start));
    }
    let mut widths = Vec::with_capacity(ends.len());
    let mut prev: Option<usize> = None;
    for &e in &ends {
        widths.push(match prev {
            None => e,
            Some(p) => e.saturating_sub(p + 1),
        });
        prev = Some(e);
    }
    widths
}

/// Whether the Account cells of a fixed-width table are left-justified (sshare, and sacctmgr's
/// `tree`: the leading spaces are depth) rather than right-justified (plain sacctmgr: padding).
/// A left-justified cell ends in padding or starts at the column; a right-justified one ends
/// at the column's end.
pub(super) fn account_left_justified<'a>(
    rows: impl Iterator<Item = &'a str>,
    start: usize,
    width: usize,
) -> bool {
    let mut any = false;
    for r in rows.filter(|r| !is_dash_line(r)).take(10_000) {
        let cell = slice(r, start, start + width);
        if cell.trim().is_empty() {
            continue;
        }
        any = true;
        if cell.ends_with(' ') || cell.len() < width || !cell.starts_with(' ') {
            return true;
        }
    }
    !any
}

pub(super) fn split_parsable(line: &str, trailing: bool) -> Vec<&str> {
    let mut v: Vec<&str> = line.split('|').collect();
    if trailing && v.len() > 1 && v.last().is_some_and(|c| c.is_empty()) {
        v.pop();
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_cells_follow_numbers_that_overflow() {
        let mut out = Vec::new();
        // RawUsage 123456789012 is wider than its 11 columns and pushes the rest right.
        fixed_cells("ab   123456789012 x  ", &[4, 11, 2], &mut out);
        let cells: Vec<&str> = out.iter().map(|c| c.as_ref()).collect();
        assert_eq!(cells, ["ab  ", "123456789012", "x "]);
    }
}
