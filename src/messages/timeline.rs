//! Strings of the timeline of snapshots (the scrubber, the chart and its table, the list's
//! problems).

use super::Message;

/// Keys of the timeline.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(test, derive(strum::EnumIter))]
pub enum TimelineMsg {
    /// Region and heading.
    Heading,
    /// Accessible name of the scrubber.
    Scrubber,
    /// The scrubber's value: a moment with a time.
    MomentTimed,
    /// The scrubber's value: a moment without a time.
    MomentUntimed,
    /// Status: what the snapshot shown is compared with (the line above names it).
    Showing,
    /// Status: the first snapshot (nothing before it).
    ShowingFirst,
    /// Button: replay the change from the previous snapshot to this one.
    Replay,
    /// Button: stop the timeline.
    Clear,
    /// The chart's accessible name.
    Chart,
    /// Nothing selected: no chart.
    SelectUser,
    /// Caption of the chart's table.
    TableCaption,
    /// Column: the moment.
    ColMoment,
    /// Column: the position.
    ColPosition,
    /// Column: FairShare.
    ColFairShare,
    /// A moment where the user was not there.
    Absent,
    /// Button in a row of the table: show that moment.
    Show,
    /// The button's accessible name.
    ShowMoment,
    /// The chart's position axis.
    AxisPosition,
    /// The chart's FairShare axis.
    AxisFairShare,
    /// A problem on a line of the timeline list.
    ListLine,
    /// A problem with the whole list.
    ListWhole,
    /// Problem: a blank line.
    Blank,
    /// Problem: a comment.
    Comment,
    /// Problem: not a time.
    BadTime,
    /// Problem: too many words.
    TooManyWords,
    /// Problem: not later than the line above.
    NotLater,
    /// Problem: no time where others have one.
    NoTime,
    /// Problem: no URL.
    NoEntries,
    /// A timeline needs two snapshots at least.
    TooFew,
    /// The name of a before/after pair's older snapshot (it has no time or file name).
    PairBefore,
    /// The name of a before/after pair's newer snapshot.
    PairAfter,
}

impl Message for TimelineMsg {
    const ALL: &'static [TimelineMsg] = &[
        TimelineMsg::Heading,
        TimelineMsg::Scrubber,
        TimelineMsg::MomentTimed,
        TimelineMsg::MomentUntimed,
        TimelineMsg::Showing,
        TimelineMsg::ShowingFirst,
        TimelineMsg::Replay,
        TimelineMsg::Clear,
        TimelineMsg::Chart,
        TimelineMsg::SelectUser,
        TimelineMsg::TableCaption,
        TimelineMsg::ColMoment,
        TimelineMsg::ColPosition,
        TimelineMsg::ColFairShare,
        TimelineMsg::Absent,
        TimelineMsg::Show,
        TimelineMsg::ShowMoment,
        TimelineMsg::AxisPosition,
        TimelineMsg::AxisFairShare,
        TimelineMsg::ListLine,
        TimelineMsg::ListWhole,
        TimelineMsg::Blank,
        TimelineMsg::Comment,
        TimelineMsg::BadTime,
        TimelineMsg::TooManyWords,
        TimelineMsg::NotLater,
        TimelineMsg::NoTime,
        TimelineMsg::NoEntries,
        TimelineMsg::TooFew,
        TimelineMsg::PairBefore,
        TimelineMsg::PairAfter,
    ];

    fn en(self) -> &'static str {
        match self {
            TimelineMsg::Heading => "Timeline",
            TimelineMsg::Scrubber => "Moment",
            TimelineMsg::MomentTimed => "{time} ({k} of {n})",
            TimelineMsg::MomentUntimed => "{label} ({k} of {n})",
            TimelineMsg::Showing => "Compared with the snapshot before it ({previous}).",
            TimelineMsg::ShowingFirst => "The oldest snapshot: nothing to compare it with.",
            TimelineMsg::Replay => "Replay the change",
            TimelineMsg::Clear => "Close the timeline",
            TimelineMsg::Chart => "{name}: position and FairShare over time",
            TimelineMsg::SelectUser => {
                "Select a user to chart their position and FairShare over time."
            }
            TimelineMsg::TableCaption => "{name} at each snapshot",
            TimelineMsg::ColMoment => "Snapshot",
            TimelineMsg::ColPosition => "Position",
            TimelineMsg::ColFairShare => "FairShare",
            TimelineMsg::Absent => "not there",
            TimelineMsg::Show => "Show",
            TimelineMsg::ShowMoment => "Show {moment}",
            TimelineMsg::AxisPosition => "position (1 = first served)",
            TimelineMsg::AxisFairShare => "FairShare (0 to 1)",
            TimelineMsg::ListLine => "{url}, line {line}: {problem}",
            TimelineMsg::ListWhole => "{url}: {problem}",
            TimelineMsg::Blank => "blank line skipped.",
            TimelineMsg::Comment => "comment skipped.",
            TimelineMsg::BadTime => {
                "{found} is not an ISO 8601 time (e.g. 2024-05-01T12:00Z); line left out."
            }
            TimelineMsg::TooManyWords => {
                "{words} words; a line is a URL, optionally after a time and a space; line left out."
            }
            TimelineMsg::NotLater => {
                "not later than line {previous}; the list should be oldest first (kept in list order)."
            }
            TimelineMsg::NoTime => "no time, where other lines have one.",
            TimelineMsg::NoEntries => "no snapshot URL in the list.",
            TimelineMsg::TooFew => "A timeline needs two snapshots at least; {n} could be loaded.",
            TimelineMsg::PairBefore => "before snapshot",
            TimelineMsg::PairAfter => "after snapshot",
        }
    }

    fn ja(self) -> Option<&'static str> {
        Some(match self {
            TimelineMsg::Heading => "タイムライン",
            TimelineMsg::Scrubber => "時点",
            TimelineMsg::MomentTimed => "{time}（{n} 個中 {k} 番目）",
            TimelineMsg::MomentUntimed => "{label}（{n} 個中 {k} 番目）",
            TimelineMsg::Showing => "その前のスナップショット（{previous}）と比べています。",
            TimelineMsg::ShowingFirst => "最も古いスナップショットなので、比較対象はありません。",
            TimelineMsg::Replay => "変化をもう一度見る",
            TimelineMsg::Clear => "タイムラインを閉じる",
            TimelineMsg::Chart => "{name}: 順位と FairShare の推移",
            TimelineMsg::SelectUser => {
                "ユーザーを選ぶと、順位と FairShare の推移をグラフにします。"
            }
            TimelineMsg::TableCaption => "各スナップショットでの {name}",
            TimelineMsg::ColMoment => "スナップショット",
            TimelineMsg::ColPosition => "順位",
            TimelineMsg::ColFairShare => "FairShare",
            TimelineMsg::Absent => "いない",
            TimelineMsg::Show => "表示",
            TimelineMsg::ShowMoment => "{moment} を表示",
            TimelineMsg::AxisPosition => "順位（1 = 最初に処理される）",
            TimelineMsg::AxisFairShare => "FairShare（0 〜 1）",
            TimelineMsg::ListLine => "{url} の {line} 行目: {problem}",
            TimelineMsg::ListWhole => "{url}: {problem}",
            TimelineMsg::Blank => "空行を飛ばしました。",
            TimelineMsg::Comment => "コメントを飛ばしました。",
            TimelineMsg::BadTime => {
                "{found} は ISO 8601 の時刻（例 2024-05-01T12:00Z）ではありません。この行は使いません。"
            }
            TimelineMsg::TooManyWords => {
                "{words} 語あります。1 行は URL 1 つ（前に時刻と空白を置いてもよい）です。この行は使いません。"
            }
            TimelineMsg::NotLater => {
                "{previous} 行目より後の時刻ではありません。リストは古い順です（リストの順のまま使います）。"
            }
            TimelineMsg::NoTime => "他の行には時刻がありますが、この行にはありません。",
            TimelineMsg::NoEntries => "リストにスナップショットの URL がありません。",
            TimelineMsg::TooFew => {
                "タイムラインには 2 つ以上のスナップショットが必要です。読み込めたのは {n} 個です。"
            }
            TimelineMsg::PairBefore => "前のスナップショット",
            TimelineMsg::PairAfter => "後のスナップショット",
        })
    }
}

/// The words of a timeline list's problem.
pub fn list_problem(problem: &fairshare::timeline::ListProblem, lang: super::Lang) -> String {
    use fairshare::timeline::ListProblem as P;
    match problem {
        P::Blank => TimelineMsg::Blank.text(lang).to_string(),
        P::Comment => TimelineMsg::Comment.text(lang).to_string(),
        P::BadTime { found } => {
            TimelineMsg::BadTime.fill(lang, &[("found", &fairshare::diag::quote(found))])
        }
        P::TooManyWords { words } => {
            TimelineMsg::TooManyWords.fill(lang, &[("words", &words.to_string())])
        }
        P::NotLater { previous } => {
            TimelineMsg::NotLater.fill(lang, &[("previous", &previous.to_string())])
        }
        P::NoTime => TimelineMsg::NoTime.text(lang).to_string(),
        P::NoEntries => TimelineMsg::NoEntries.text(lang).to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::messages::{Lang, check_table};
    use fairshare::timeline::parse_list;

    #[test]
    fn table_is_complete_and_consistent() {
        check_table::<TimelineMsg>().unwrap();
    }

    /// The English words of each list problem are the engine's (the CLI's) words, with a full
    /// stop; every kind has its Japanese words.
    #[test]
    fn list_problems_read_as_the_engine_says_them() {
        let (_, diags) = parse_list(
            "a.txt\n\n# c\nyesterday b.txt\n2024-05-01 c.txt d.txt\n2024-05-02 e.txt\n2024-05-01 f.txt\n",
        );
        let (_, none) = parse_list("");
        assert_eq!(diags.len(), 6);
        for d in diags.iter().chain(&none) {
            assert_eq!(
                list_problem(&d.problem, Lang::En),
                format!("{}.", d.problem),
                "{d}"
            );
            let ja = list_problem(&d.problem, Lang::Ja);
            assert!(!ja.contains("line"), "{ja}");
        }
    }
}
