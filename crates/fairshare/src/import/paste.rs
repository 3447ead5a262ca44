//! What people paste around a tool's output, taken away before the format is detected: shell
//! prompt lines (`$ sshare -l`, `[user@login1 ~]$ …`, `(env) user@host:~$ …`, a bare `$ `),
//! markdown code fences (```` ``` ````, ```` ```text ````, `~~~`) and the prose around them,
//! prose before the table, elision marks (`...`, `[...]`, `…`), an indentation of the whole
//! block (spaces or a TAB on every line), and tab-separated cells (read as `|`).
//!
//! The result keeps every line where it was (a removed line becomes blank), so that every
//! diagnostic still names the line as pasted. The Account column's own leading spaces encode
//! depth, so only what **every** line of the block starts with is taken away: a dash line, a
//! left-aligned header or the root row starts at the block's margin. Rows cut out of a larger
//! output (no root, no header) keep their depths relative to each other.
//!
//! Linear in the text, never panics.

use std::borrow::Cow;

use crate::diag::{DiagKind, Diagnostic};

/// The text as the readers see it, and what was taken away.
pub(super) struct Prepared<'a> {
    /// Same number of lines as the input; removed lines are empty.
    pub text: Cow<'a, str>,
    /// Warnings about what was skipped.
    pub notes: Vec<Diagnostic>,
    /// Cells were separated by tabs and now by `|`: rows missing trailing empty cells (as a
    /// spreadsheet copies them) are read with those cells empty.
    pub tabs: bool,
}

/// Whether a line is a markdown code fence (```` ``` ```` or `~~~`, with an info string or not).
fn is_fence(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with("```") || t.starts_with("~~~")
}

/// Whether a line is an elision mark people write where they cut rows: `...`, `[...]`, `…`,
/// `(...)`, `<snip>`, `[snip]`, `⋮`, or dots spread over the columns.
pub(super) fn is_elision(line: &str) -> bool {
    // Rows have digits; marks never do.
    if line.bytes().any(|b| b.is_ascii_digit()) {
        return false;
    }
    let t: String = line
        .chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '[' | ']' | '(' | ')' | '<' | '>' | '|'))
        .collect();
    if t.is_empty() {
        return false;
    }
    let lower = t.to_ascii_lowercase();
    let stem = lower.trim_matches(|c| matches!(c, '.' | '…' | '-'));
    if matches!(stem, "snip" | "snipped" | "truncated" | "etc" | "more") && stem.len() < lower.len()
        || matches!(lower.as_str(), "snip" | "snipped")
    {
        return true;
    }
    let dots = t.chars().filter(|&c| c == '.').count();
    t.chars().all(|c| matches!(c, '.' | '…' | '⋮' | '⋯'))
        && (dots >= 2 || t.chars().any(|c| c != '.'))
}

/// Whether a line is a shell prompt, with or without a command after it: `$ sshare`,
/// `% sshare`, `# sshare`, `> sshare`, `[user@login1 ~]$ sshare -l`, `user@host:~$ …`,
/// `(env) user@host:~$ …`, `(cluster)-[root@admin ~]$ …`, `bash-4.2$ …`, a bare `$`, the
/// two-line prompts that start with box-drawing characters, or a line that starts with the
/// tools' own names (`sshare -a -l -P`).
pub(super) fn is_prompt(line: &str) -> bool {
    let t = line.trim_ascii();
    if t.is_empty() {
        return false;
    }
    if t.starts_with(['┌', '└', '╭', '╰']) {
        return true;
    }
    // Bytes only: this runs on every line of a 100,000-row paste.
    let b = t.as_bytes();
    let first = &b[..b
        .iter()
        .position(|&c| c == b' ' || c == b'\t')
        .unwrap_or(b.len())];
    let tool = match first.iter().rposition(|&c| c == b'/') {
        Some(i) => &first[i + 1..],
        None => first,
    };
    if matches!(
        tool,
        b"sshare" | b"sacctmgr" | b"scontrol" | b"squeue" | b"sprio"
    ) {
        return true;
    }
    if !b.iter().any(|c| matches!(c, b'$' | b'#' | b'%' | b'>')) {
        return false;
    }
    // The prompt ends at the first `$`, `#`, `%` or `>` followed by a space or the line's end.
    let Some(p) = (0..b.len()).find(|&i| {
        matches!(b[i], b'$' | b'#' | b'%' | b'>') && b.get(i + 1).is_none_or(|&c| c == b' ')
    }) else {
        return false;
    };
    let prefix = &t[..p];
    if prefix.is_empty() {
        return true;
    }
    if prefix.contains(['|', '\t', '"', '{', ',']) || prefix.split_whitespace().count() > 3 {
        return false;
    }
    // A prompt names a user, a host or a directory: `user@host`, `[…]`, `(…)`, `~`, `:`; or it
    // is one word (`bash-4.2`, `login1`).
    prefix.contains(['@', '[', ']', '(', ')', '~', ':'])
        || (!prefix.contains(' ') && !prefix.contains('.') || prefix.starts_with("bash-"))
}

/// Whether a line is a fixed-width dash line (runs of `-` separated by spaces).
fn is_dash_line(line: &str) -> bool {
    let t = line.trim();
    t.starts_with('-') && t.bytes().all(|b| b == b'-' || b == b' ')
}

/// The leading whitespace of a line.
fn leading_ws(line: &str) -> &str {
    &line[..line.len() - line.trim_start_matches([' ', '\t']).len()]
}

/// The longest common prefix of two whitespace strings.
fn common_prefix<'a>(a: &'a str, b: &str) -> &'a str {
    let n = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
    &a[..n]
}

/// Whether a line looks like a table's header: an `Account` (or `Acct`) name among its cells,
/// split at `|`, tabs or spaces.
fn looks_like_header(line: &str) -> bool {
    line.split(['|', '\t', ' ']).any(|c| {
        let c = c.trim();
        c.eq_ignore_ascii_case("account") || c.eq_ignore_ascii_case("acct")
    })
}

/// Whether a line could be a table row or JSON, rather than prose.
fn looks_like_table(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with(['{', '[', '}', ']', '"'])
        || line.contains('|')
        || line.split('\t').count() >= 3
        || is_dash_line(line)
        || looks_like_header(line)
        || t.starts_with("CLUSTER:")
        // A fixed-width row: several cells, at least two of them numbers.
        || line
            .split_whitespace()
            .filter(|w| {
                w.bytes().all(|b| b.is_ascii_digit() || b == b'.' || b == b'e' || b == b'+' || b == b'-')
                    && w.bytes().any(|b| b.is_ascii_digit())
                    || *w == "inf"
                    || *w == "parent"
            })
            .count()
            >= 2
}

/// Takes away what surrounds the output (see the module documentation).
pub(super) fn prepare(text: &str) -> Prepared<'_> {
    let mut lines: Vec<Cow<'_, str>> = text
        .split('\n')
        .map(|l| Cow::Borrowed(l.strip_suffix('\r').unwrap_or(l)))
        .collect();
    let mut notes = Vec::new();
    let mut changed = false;
    let blank = |l: &mut Cow<'_, str>, changed: &mut bool| {
        *l = Cow::Borrowed("");
        *changed = true;
    };

    // --- A quoted block (`> ` on every line, as mail and markdown quote). ---------------
    if lines.iter().any(|l| !l.trim().is_empty())
        && lines
            .iter()
            .filter(|l| !l.trim().is_empty())
            .all(|l| l.trim_start().starts_with('>'))
    {
        for l in lines.iter_mut() {
            if let Some(rest) = l.trim_start().strip_prefix('>') {
                let rest = rest.strip_prefix(' ').unwrap_or(rest);
                *l = Cow::Owned(rest.to_string());
                changed = true;
            }
        }
    }

    // --- Code fences: keep what is inside them (if anything is), drop the fences. --------
    if lines.iter().any(|l| is_fence(l)) {
        let mut inside = false;
        let mut keep = vec![false; lines.len()];
        for (i, l) in lines.iter().enumerate() {
            if is_fence(l) {
                inside = !inside;
            } else if inside {
                keep[i] = true;
            }
        }
        let kept_any = lines
            .iter()
            .zip(&keep)
            .any(|(l, &k)| k && !l.trim().is_empty() && !is_prompt(l));
        // Each run of text outside the fences is named once.
        let mut outside: Option<(usize, usize)> = None;
        let mut runs: Vec<(usize, usize)> = Vec::new();
        for (i, l) in lines.iter_mut().enumerate() {
            if is_fence(l) || keep[i] {
                runs.extend(outside.take());
                if is_fence(l) {
                    blank(l, &mut changed);
                }
            } else if kept_any && !l.trim().is_empty() {
                outside = Some(outside.map_or((i, i), |(a, _)| (a, i)));
                blank(l, &mut changed);
            }
        }
        runs.extend(outside);
        for (a, b) in runs {
            notes.push(Diagnostic::warning(
                Some(a + 1),
                DiagKind::TextIgnored {
                    last: (b > a).then_some(b + 1),
                },
            ));
        }
    }

    // --- Prompt lines and elision marks; a prompt after the output ends it. --------------
    let mut seen_output = false;
    let mut ended = false;
    let mut after: Option<(usize, usize)> = None;
    for (i, l) in lines.iter_mut().enumerate() {
        if l.trim().is_empty() {
            continue;
        }
        if ended {
            if !is_prompt(l) {
                after = Some(after.map_or((i, i), |(a, _)| (a, i)));
            }
            blank(l, &mut changed);
        } else if is_prompt(l) {
            notes.push(Diagnostic::warning(
                Some(i + 1),
                DiagKind::CommandLineSkipped,
            ));
            blank(l, &mut changed);
            // Whatever follows a prompt after the output is another command's.
            ended = seen_output;
        } else if is_elision(l) {
            notes.push(Diagnostic::warning(Some(i + 1), DiagKind::ElisionSkipped));
            blank(l, &mut changed);
        } else if !seen_output {
            seen_output = looks_like_table(l);
        }
    }
    if let Some((a, b)) = after {
        notes.push(Diagnostic::warning(
            Some(a + 1),
            DiagKind::TextIgnored {
                last: (b > a).then_some(b + 1),
            },
        ));
    }

    // --- Prose before the table (or the JSON): skipped. ----------------------------------
    let first_content = lines.iter().position(|l| !l.trim().is_empty());
    if let Some(f) = first_content
        && !looks_like_table(&lines[f])
        && let Some(h) = lines
            .iter()
            .enumerate()
            .skip(f)
            .find(|(_, l)| looks_like_table(l))
            .map(|(i, _)| i)
    {
        let mut last = f;
        for (i, l) in lines.iter_mut().enumerate().take(h).skip(f) {
            if !l.trim().is_empty() {
                last = i;
                blank(l, &mut changed);
            }
        }
        notes.push(Diagnostic::warning(
            Some(f + 1),
            DiagKind::TextIgnored {
                last: (last > f).then_some(last + 1),
            },
        ));
    }

    // --- The block's own indentation. -----------------------------------------------------
    let json = lines
        .iter()
        .find(|l| !l.trim().is_empty())
        .is_some_and(|l| l.trim_start().starts_with(['{', '[']));
    if !json && !text.is_ascii() {
        // No-break spaces (a web page's `&nbsp;`) are spaces: the columns line up again.
        for l in lines.iter_mut() {
            if l.contains(['\u{a0}', '\u{2007}', '\u{202f}']) {
                *l = Cow::Owned(l.replace(['\u{a0}', '\u{2007}', '\u{202f}'], " "));
                changed = true;
            }
        }
    }
    if !json {
        let mut margin: Option<&str> = None;
        for l in lines.iter().filter(|l| !l.trim().is_empty()) {
            let ws = leading_ws(l);
            margin = Some(match margin {
                None => ws,
                Some(m) => common_prefix(m, ws),
            });
            if margin == Some("") {
                break;
            }
        }
        let margin = margin.unwrap_or("").to_string();
        if !margin.is_empty() {
            for l in lines.iter_mut() {
                if let Some(rest) = l.strip_prefix(margin.as_str()) {
                    *l = Cow::Owned(rest.to_string());
                    changed = true;
                }
            }
        }
    }

    // --- Tab-separated cells. -------------------------------------------------------------
    let mut tabs = false;
    if !json
        && let Some(first) = lines.iter().find(|l| !l.trim().is_empty())
        && !first.contains('|')
        && first.split('\t').filter(|c| !c.trim().is_empty()).count() >= 3
    {
        tabs = true;
        notes.push(Diagnostic::warning(
            lines
                .iter()
                .position(|l| !l.trim().is_empty())
                .map(|i| i + 1),
            DiagKind::TabsAsColumns,
        ));
        for l in lines.iter_mut() {
            if l.contains('\t') {
                *l = Cow::Owned(l.replace('\t', "|"));
                changed = true;
            }
        }
    }

    let text = if changed {
        let mut out = String::with_capacity(text.len());
        for (i, l) in lines.iter().enumerate() {
            if i > 0 {
                out.push('\n');
            }
            out.push_str(l);
        }
        Cow::Owned(out)
    } else {
        Cow::Borrowed(text)
    };
    notes.sort_by_key(|d| d.line);
    Prepared { text, notes, tabs }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prompts_are_recognised() {
        for p in [
            "$ sshare",
            "$ ",
            "$",
            "[user@login1 ~]$ sshare -l",
            "[user@login1 ~]$",
            "(env) user@host:~$ sshare -a | grep chem",
            "(cluster)-[root@admin ~]$ sshare -l",
            "user@host:~/dir$ sshare",
            "bash-4.2$ sshare",
            "login1% sshare",
            "root@admin:~# sshare -a",
            "sshare -a -l -P",
            "/usr/bin/sshare -l",
            "└─$ sshare",
        ] {
            assert!(is_prompt(p), "{p:?}");
        }
        for row in [
            "root|||0.000000|100||1.000000||||cpu=0",
            " chem      dave          1    1.000000          30      1.000000   0.666667",
            "root                                          0.000000         240      1.000000",
            "Account                    User  RawShares",
            "hello world",
        ] {
            assert!(!is_prompt(row), "{row:?}");
        }
    }

    #[test]
    fn elisions_are_recognised() {
        for e in [
            "...", "[...]", "…", "  ...  ", "(...)", "<snip>", "[snip]", "⋮", ". . .",
        ] {
            assert!(is_elision(e), "{e:?}");
        }
        for row in ["root|||0.0", "a", ".", "-------- ----", "0.000000"] {
            assert!(!is_elision(row), "{row:?}");
        }
    }

    #[test]
    fn no_break_spaces_are_spaces() {
        let p = prepare("Account\u{a0}\u{a0}User\nroot\u{a0}\u{a0}\u{a0}\u{a0}\n");
        assert_eq!(p.text, "Account  User\nroot    \n");
    }

    #[test]
    fn json_strings_and_quoted_blocks() {
        assert!(!is_prompt("  \"name\": \"costs $ 5\","));
        let p = prepare("> $ sshare -P\n> Account|User\n> root|\n");
        assert_eq!(p.text, "\nAccount|User\nroot|\n");
    }

    #[test]
    fn lines_keep_their_numbers() {
        let p = prepare("Here it is:\n```text\n$ sshare -P\nAccount|User\nroot|\n```\nThanks\n");
        assert_eq!(p.text, "\n\n\nAccount|User\nroot|\n\n\n");
    }

    #[test]
    fn only_the_common_margin_goes() {
        let p = prepare("    Account  User\n    -------- ----\n    root\n     a  u\n");
        assert_eq!(p.text, "Account  User\n-------- ----\nroot\n a  u\n");
        let p = prepare("\tA|B\n\t x|y\n");
        assert_eq!(p.text, "A|B\n x|y\n");
    }
}
