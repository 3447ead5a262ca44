//! Strings of the before/after snapshot comparison (Import panel, tree labels, the move panel).

use super::Message;

/// Keys of the snapshot comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(test, derive(strum::EnumIter))]
pub enum SnapshotMsg {
    /// Region and heading: the selected user's move since the before snapshot.
    Heading,
    /// Button: load the paste box's text as the before snapshot.
    LoadBefore,
    /// Label of the file picker for a before snapshot (or two files: before and after).
    OpenBefore,
    /// Help: what the before snapshot is for.
    Help,
    /// Status: a before snapshot is loaded.
    Loaded,
    /// Button: stop comparing.
    Clear,
    /// Moved up.
    MoveUp,
    /// Moved down.
    MoveDown,
    /// Same position.
    MoveNone,
    /// Not in the before snapshot.
    MoveNew,
    /// The selected user's move.
    UserMove,
    /// Nothing selected.
    SelectUser,
    /// Who passed whom, and where.
    Passed,
    /// Usage rose.
    UsageRose,
    /// Usage fell.
    UsageFell,
    /// Usage unchanged.
    UsageSame,
    /// Usage from none.
    UsageStarted,
    /// The level's total usage rose.
    LevelRose,
    /// The level's total usage fell.
    LevelFell,
    /// Shares changed.
    SharesChanged,
    /// The level's total shares changed.
    LevelSharesChanged,
    /// The parts of Δ ln Level FS.
    Parts,
    /// No finite Level FS on one of the days.
    NoParts,
    /// The deciding level: a new or lost tie.
    ReasonTie,
    /// Only N changed.
    ReasonN,
    /// Nothing on the path changed order.
    ReasonNone,
    /// A fetch failed.
    FetchFailed,
    /// A URL on another site.
    NotSameOrigin,
    /// A fetched text that did not import.
    FetchNotLoaded,
    /// A fetched text that could not be read: the importer's code did not arrive.
    NoImporter,
}

impl Message for SnapshotMsg {
    const ALL: &'static [SnapshotMsg] = &[
        SnapshotMsg::Heading,
        SnapshotMsg::LoadBefore,
        SnapshotMsg::OpenBefore,
        SnapshotMsg::Help,
        SnapshotMsg::Loaded,
        SnapshotMsg::Clear,
        SnapshotMsg::MoveUp,
        SnapshotMsg::MoveDown,
        SnapshotMsg::MoveNone,
        SnapshotMsg::MoveNew,
        SnapshotMsg::UserMove,
        SnapshotMsg::SelectUser,
        SnapshotMsg::Passed,
        SnapshotMsg::UsageRose,
        SnapshotMsg::UsageFell,
        SnapshotMsg::UsageSame,
        SnapshotMsg::UsageStarted,
        SnapshotMsg::LevelRose,
        SnapshotMsg::LevelFell,
        SnapshotMsg::SharesChanged,
        SnapshotMsg::LevelSharesChanged,
        SnapshotMsg::Parts,
        SnapshotMsg::NoParts,
        SnapshotMsg::ReasonTie,
        SnapshotMsg::ReasonN,
        SnapshotMsg::ReasonNone,
        SnapshotMsg::FetchFailed,
        SnapshotMsg::NotSameOrigin,
        SnapshotMsg::FetchNotLoaded,
        SnapshotMsg::NoImporter,
    ];

    fn en(self) -> &'static str {
        match self {
            SnapshotMsg::Heading => "Since the before snapshot",
            SnapshotMsg::LoadBefore => "Load as before",
            SnapshotMsg::OpenBefore => "Open before (or before and after)",
            SnapshotMsg::Help => {
                "Load yesterday's sshare as the before snapshot to see who moved and why. Two files or more at once: a timeline, oldest first (the newest shown, compared with the one before it)."
            }
            SnapshotMsg::Loaded => {
                "Comparing with a before snapshot of {n} associations (users added: {added}, removed: {removed})."
            }
            SnapshotMsg::Clear => "Stop comparing",
            SnapshotMsg::MoveUp => "up {n} places",
            SnapshotMsg::MoveDown => "down {n} places",
            SnapshotMsg::MoveNone => "same place as before",
            SnapshotMsg::MoveNew => "not in the before snapshot",
            SnapshotMsg::UserMove => {
                "{name}: position {old} → {new}, FairShare {old_fs} → {new_fs} ({move})."
            }
            SnapshotMsg::SelectUser => "Select a user to see how and why it moved.",
            SnapshotMsg::Passed => "Under {parent}, {ahead} passed {behind}.",
            SnapshotMsg::UsageRose => "{name}'s usage rose {pct} (+{amount} TRES-seconds).",
            SnapshotMsg::UsageFell => "{name}'s usage decayed {pct} (−{amount} TRES-seconds).",
            SnapshotMsg::UsageSame => "{name}'s usage did not change.",
            SnapshotMsg::UsageStarted => {
                "{name}'s usage started from none (+{amount} TRES-seconds)."
            }
            SnapshotMsg::LevelRose => "The total usage under {parent} rose {pct}.",
            SnapshotMsg::LevelFell => {
                "The total usage under {parent} decayed {pct} (decay scales everyone alike)."
            }
            SnapshotMsg::SharesChanged => "{name}'s shares went from {old} to {new}.",
            SnapshotMsg::LevelSharesChanged => {
                "The shares under {parent} went from {old} to {new} in total."
            }
            SnapshotMsg::Parts => {
                "Change in ln Level FS of {name}: {total} = own usage {own_usage} + level usage {level_usage} + own shares {own_shares} + level shares {level_shares}."
            }
            SnapshotMsg::NoParts => {
                "{name} had no finite Level FS on one of the days (no usage or no shares)."
            }
            SnapshotMsg::ReasonTie => {
                "Under {parent}, {child} started or stopped tying with the entry before it."
            }
            SnapshotMsg::ReasonN => "No level changed order; N went from {old} to {new}.",
            SnapshotMsg::ReasonNone => "No level on its path changed order.",
            SnapshotMsg::FetchFailed => {
                "{url} could not be loaded ({reason}). The app works without it."
            }
            SnapshotMsg::NotSameOrigin => {
                "{url} is not on this site: only snapshots from the same site can be loaded (connect-src 'self')."
            }
            SnapshotMsg::FetchNotLoaded => "{url} was read but not loaded: {problem}",
            SnapshotMsg::NoImporter => {
                "{url} was fetched but not loaded: the code that reads snapshots did not arrive. Check the connection and reload; the app works without it."
            }
        }
    }

    fn ja(self) -> Option<&'static str> {
        Some(match self {
            SnapshotMsg::Heading => "前のスナップショットからの変化",
            SnapshotMsg::LoadBefore => "「前」として読み込む",
            SnapshotMsg::OpenBefore => "「前」を開く（または前と後の 2 つ）",
            SnapshotMsg::Help => {
                "昨日の sshare を「前」のスナップショットとして読み込むと、誰がなぜ動いたかがわかります。2 つ以上のファイルを同時に開くと、古い順のタイムラインになります（最新のものを、その前のものと比べて表示）。"
            }
            SnapshotMsg::Loaded => {
                "{n} 個の association の「前」のスナップショットと比較中（ユーザーの追加 {added}、削除 {removed}）。"
            }
            SnapshotMsg::Clear => "比較をやめる",
            SnapshotMsg::MoveUp => "{n} 位上がった",
            SnapshotMsg::MoveDown => "{n} 位下がった",
            SnapshotMsg::MoveNone => "前と同じ順位",
            SnapshotMsg::MoveNew => "前のスナップショットにはいない",
            SnapshotMsg::UserMove => {
                "{name}: 順位 {old} → {new}、FairShare {old_fs} → {new_fs}（{move}）。"
            }
            SnapshotMsg::SelectUser => "ユーザーを選ぶと、どう動いたか、なぜかを示します。",
            SnapshotMsg::Passed => "{parent} の下で {ahead} が {behind} を追い越しました。",
            SnapshotMsg::UsageRose => "{name} の使用量は {pct} 増えました（+{amount} TRES 秒）。",
            SnapshotMsg::UsageFell => {
                "{name} の使用量は減衰で {pct} 減りました（−{amount} TRES 秒）。"
            }
            SnapshotMsg::UsageSame => "{name} の使用量は変わりません。",
            SnapshotMsg::UsageStarted => {
                "{name} の使用量はゼロから増えました（+{amount} TRES 秒）。"
            }
            SnapshotMsg::LevelRose => "{parent} の下の使用量の合計は {pct} 増えました。",
            SnapshotMsg::LevelFell => {
                "{parent} の下の使用量の合計は減衰で {pct} 減りました（減衰は全員に同じ割合でかかります）。"
            }
            SnapshotMsg::SharesChanged => "{name} のシェアは {old} から {new} になりました。",
            SnapshotMsg::LevelSharesChanged => {
                "{parent} の下のシェアの合計は {old} から {new} になりました。"
            }
            SnapshotMsg::Parts => {
                "{name} の ln Level FS の変化: {total} = 自分の使用量 {own_usage} + 階層の使用量 {level_usage} + 自分のシェア {own_shares} + 階層のシェア {level_shares}。"
            }
            SnapshotMsg::NoParts => {
                "{name} はどちらかの日に有限の Level FS がありません（使用量またはシェアがゼロ）。"
            }
            SnapshotMsg::ReasonTie => {
                "{parent} の下で {child} が直前の項目と同順位になった、または同順位でなくなりました。"
            }
            SnapshotMsg::ReasonN => {
                "どの階層も順序は変わらず、N が {old} から {new} になりました。"
            }
            SnapshotMsg::ReasonNone => "経路上のどの階層も順序は変わっていません。",
            SnapshotMsg::FetchFailed => {
                "{url} を読み込めませんでした（{reason}）。アプリはそのまま使えます。"
            }
            SnapshotMsg::NotSameOrigin => {
                "{url} はこのサイトのものではありません。読み込めるのは同じサイトのスナップショットだけです (connect-src 'self')。"
            }
            SnapshotMsg::FetchNotLoaded => "{url} は読めましたが読み込みませんでした: {problem}",
            SnapshotMsg::NoImporter => {
                "{url} は取得しましたが読み込みませんでした（スナップショットを読むプログラムが届きませんでした）。接続を確認して再読み込みしてください。アプリはそのまま使えます。"
            }
        })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn table_is_complete_and_consistent() {
        super::super::check_table::<super::SnapshotMsg>().unwrap();
    }
}
