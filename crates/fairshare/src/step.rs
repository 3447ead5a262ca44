//! The trace of a Fair Tree run, and the pure replay that turns a prefix of it into a frame.
//!
//! [`crate::fair_tree::run`] emits [`Step`]s in the same pass that computes the results, so the
//! trace cannot drift from the numbers. [`Frame::at`] folds the first `k` steps into what a
//! screen shows after step `k`: which nodes are pending, on the walk's stack, done or ranked;
//! the rank counters; the step just taken. It never re-runs the algorithm.
//!
//! **Invariant:** `Frame::at(steps, steps.len())` agrees with the run's results (every user's
//! rank), and `Frame::at` is a pure function of its arguments.
//!
//! Indices are positions in [`crate::tree::AssocTree::assocs`].

/// A sibling list's visiting order: shared, so the run's sorted lists, the trace's
/// [`Step::SiblingsSorted`] and every [`Frame`] hold one copy of each list (an edit at 100k
/// associations, which keeps every list off its path, copies none).
pub type Order = std::sync::Arc<[usize]>;

/// Why each entry of a sibling list's [`Order`] precedes the next, shared like the order.
pub type Reasons = std::sync::Arc<[OrderReason]>;

/// Why a user's rank was reused, or why an account was entered "tied".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tie {
    /// Its Level FS is bit-for-bit equal to the previous sibling's (`previous`).
    EqualToPrevious {
        /// The sibling just before it in the sorted list.
        previous: usize,
    },
    /// Its Level FS equals `NO_VAL`, the value every list's `prev` starts at: in Slurm a
    /// FairShare=parent account listed first counts as tied (harmless: its list is empty).
    EqualToStartValue,
    /// It is the first entry of an account that was itself entered tied.
    CarriedIntoAccount {
        /// The account whose tie it inherits.
        account: usize,
    },
}

/// Why one sibling precedes the next one in a sorted list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrderReason {
    /// Its Level FS is higher.
    HigherLevelFs,
    /// Equal Level FS: users come before accounts.
    UserBeforeAccount,
    /// Equal Level FS and the same kind: the stable sort keeps Slurm's list (lineage) order.
    ListOrder,
}

/// One event of the Fair Tree walk, in the order Slurm's code performs them.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// The run starts; always the first step.
    Started {
        /// The root association.
        root: usize,
        /// Number of associations.
        n_assocs: usize,
        /// N, the number of user associations.
        n_users: u32,
    },
    /// The walk enters an account (the root first), before handling its children.
    AccountEntered {
        /// The account.
        account: usize,
        /// Whether, and why, it starts tied (its first entry then reuses the last rank).
        tie: Option<Tie>,
        /// Under the documented tie rule only: the tied sibling accounts merged into this visit.
        merged: Vec<usize>,
    },
    /// S, U and Level FS were computed for each member of a sibling list.
    LevelFsComputed {
        /// Whose fairshare children they are.
        parent: usize,
        /// The members, in list order.
        members: Order,
    },
    /// A sibling list was sorted into visiting order.
    SiblingsSorted {
        /// Whose fairshare children they are.
        parent: usize,
        /// The visiting order.
        order: Order,
        /// `reasons[i]` says why `order[i]` precedes `order[i + 1]`.
        reasons: Reasons,
    },
    /// A user association received its rank and FairShare = rank / N.
    UserRanked {
        /// The user association.
        user: usize,
        /// The rank given (N = best).
        rank: u32,
        /// "Rank, no ties": the rank it would get without ties; decremented after every user.
        rank_no_ties: u32,
        /// N.
        n_users: u32,
        /// Whether, and why, the previous rank was reused.
        tie: Option<Tie>,
    },
    /// The walk leaves an account.
    AccountLeft {
        /// The account.
        account: usize,
    },
}

/// The line of the pseudo-code that a step executes (for the highlighted pseudo-code panel).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PseudoLine {
    /// `visit(root, tied = false)`.
    Start,
    /// `visit(account, tied)`: enter.
    Enter,
    /// `for each child: LF = S / U`.
    ComputeLevelFs,
    /// `sort children by LF desc, users first`.
    Sort,
    /// `if not tied: rank = rnt; fs = rank / N; rnt -= 1`.
    RankUser,
    /// `return`.
    Leave,
}

impl Step {
    /// The pseudo-code line this step executes.
    pub fn pseudo_line(&self) -> PseudoLine {
        match self {
            Step::Started { .. } => PseudoLine::Start,
            Step::AccountEntered { .. } => PseudoLine::Enter,
            Step::LevelFsComputed { .. } => PseudoLine::ComputeLevelFs,
            Step::SiblingsSorted { .. } => PseudoLine::Sort,
            Step::UserRanked { .. } => PseudoLine::RankUser,
            Step::AccountLeft { .. } => PseudoLine::Leave,
        }
    }

    /// The association this step is about (the "current" node on screen).
    pub fn subject(&self) -> usize {
        match self {
            Step::Started { root, .. } => *root,
            Step::AccountEntered { account, .. } | Step::AccountLeft { account } => *account,
            Step::LevelFsComputed { parent, .. } | Step::SiblingsSorted { parent, .. } => *parent,
            Step::UserRanked { user, .. } => *user,
        }
    }

    /// Whether this step ranks a user (the player's "next ranked user" stops and slider ticks).
    pub fn is_rank(&self) -> bool {
        matches!(self, Step::UserRanked { .. })
    }

    /// Whether this step starts a sibling group (the coarse granularity's stops).
    pub fn is_group_start(&self) -> bool {
        matches!(self, Step::Started { .. } | Step::LevelFsComputed { .. })
    }
}

/// What an association looks like at some point of the walk.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum NodeStatus {
    /// Not reached yet.
    #[default]
    Pending,
    /// Its Level FS has been computed (its sibling group was processed).
    Computed,
    /// An account on the walk's stack (entered, not left).
    Open,
    /// An account the walk has left.
    Done,
    /// A user that has been ranked.
    Ranked,
}

/// The screen state after the first `cursor` steps.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Frame {
    /// How many steps have been applied.
    pub cursor: usize,
    /// Per association: its status.
    pub status: Vec<NodeStatus>,
    /// Per association: the rank given so far (users only).
    pub rank_of: Vec<Option<u32>>,
    /// Per association: the visiting order of its sibling list, once sorted (by parent).
    pub sorted: Vec<Option<Order>>,
    /// The accounts on the walk's stack, root first.
    pub path: Vec<usize>,
    /// The node the last step was about.
    pub current: Option<usize>,
    /// The `rank` counter (the rank most recently handed out; N at the start).
    pub rank: u32,
    /// The `rank_no_ties` counter (the next rank if there were no ties).
    pub rank_no_ties: u32,
    /// N.
    pub n_users: u32,
    /// The last step applied (`None` at cursor 0).
    pub last: Option<Step>,
}

impl Frame {
    /// Replays `steps[..cursor]` (clamped to the trace's length). Pure.
    pub fn at(steps: &[Step], cursor: usize) -> Frame {
        let mut frame = Frame::default();
        frame.step_to(steps, cursor);
        frame
    }

    /// This frame moved to `cursor` (clamped to the trace's length): equal to
    /// [`Frame::at`]`(steps, cursor)`, bit for bit, where `steps` is the trace this frame was
    /// built from (by [`Frame::at`], [`crate::Ranked::frame`] or earlier moves). Forward, only
    /// the steps between the two cursors are applied: O(1) amortised while the walk plays,
    /// where a replay from step 0 is O(cursor) on every step. Backward (or for a frame of
    /// another size) the frame is cleared in place and replayed, as [`Frame::at`] does, without
    /// allocating its vectors again.
    pub fn step_to(&mut self, steps: &[Step], cursor: usize) {
        let (n_assocs, n_users) = match steps.first() {
            Some(Step::Started {
                n_assocs, n_users, ..
            }) => (*n_assocs, *n_users),
            _ => (0, 0),
        };
        let cursor = cursor.min(steps.len());
        let fits = self.status.len() == n_assocs
            && self.rank_of.len() == n_assocs
            && self.sorted.len() == n_assocs
            && self.n_users == n_users
            && self.cursor <= steps.len();
        if !fits || cursor < self.cursor {
            self.clear(n_assocs, n_users);
        }
        for step in &steps[self.cursor..cursor] {
            self.apply(step);
        }
        if cursor != self.cursor {
            self.cursor = cursor;
            self.last = cursor.checked_sub(1).map(|i| steps[i].clone());
        }
    }

    /// Back to the frame before any step of a trace over `n_assocs` associations and
    /// `n_users` users (`Frame::at(steps, 0)`), keeping the vectors' memory.
    fn clear(&mut self, n_assocs: usize, n_users: u32) {
        fn reset<T: Clone>(v: &mut Vec<T>, n: usize, value: T) {
            v.clear();
            v.resize(n, value);
        }
        reset(&mut self.status, n_assocs, NodeStatus::Pending);
        reset(&mut self.rank_of, n_assocs, None);
        reset(&mut self.sorted, n_assocs, None);
        self.cursor = 0;
        self.path.clear();
        self.current = None;
        self.rank = n_users;
        self.rank_no_ties = n_users;
        self.n_users = n_users;
        self.last = None;
    }

    fn set(&mut self, ix: usize, status: NodeStatus) {
        if let Some(s) = self.status.get_mut(ix) {
            *s = status;
        }
    }

    fn apply(&mut self, step: &Step) {
        self.current = Some(step.subject());
        match step {
            Step::Started { .. } => {}
            Step::AccountEntered {
                account, merged, ..
            } => {
                self.set(*account, NodeStatus::Open);
                for &m in merged {
                    self.set(m, NodeStatus::Open);
                }
                self.path.push(*account);
            }
            Step::LevelFsComputed { members, .. } => {
                for &m in members.iter() {
                    if self.status.get(m) == Some(&NodeStatus::Pending) {
                        self.set(m, NodeStatus::Computed);
                    }
                }
            }
            Step::SiblingsSorted { parent, order, .. } => {
                if let Some(slot) = self.sorted.get_mut(*parent) {
                    *slot = Some(order.clone());
                }
            }
            Step::UserRanked {
                user,
                rank,
                rank_no_ties,
                ..
            } => {
                self.set(*user, NodeStatus::Ranked);
                if let Some(slot) = self.rank_of.get_mut(*user) {
                    *slot = Some(*rank);
                }
                self.rank = *rank;
                self.rank_no_ties = rank_no_ties.saturating_sub(1);
            }
            Step::AccountLeft { account } => {
                self.set(*account, NodeStatus::Done);
                if let Some(pos) = self.path.iter().rposition(|&a| a == *account) {
                    self.path.truncate(pos);
                }
            }
        }
    }
}
