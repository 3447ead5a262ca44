//! Code the first view does not need, out of the first load (issue 24 §2): with the `split`
//! feature (`scripts/split-build.sh`) each function here is a `wasm_split` point, its code in a
//! wasm module of its own, fetched and instantiated the first time it is called; without it
//! (native tests, a plain `trunk build`) it is called directly. Each is async either way.
//!
//! - [`import`]: the importer (`fairshare::import::import`: sshare and sacctmgr text, scenario
//!   JSON, deduplication, about 58 KB of wasm), for the snapshots `src=`, `before=` and
//!   `timeline=` fetch on open. The Import panel and the tables' paste reach it from their own
//!   modules.
//! - [`install_ja`]: reading the Japanese table once it is fetched (about 13 KB).
//! - The deflater ([`deflate`], [`deflate_start`], [`deflate_step`]: `miniz_oxide`'s
//!   compressor, about 15 KB before wasm-opt), which packs share links and the saved session
//!   after an edit. These are synchronous (the address bar follows an edit, the page hides, a
//!   link is clicked): they run once the module is in ([`preload_deflate`], in an idle period
//!   after the app mounts), and say `None` before; the caller then packs with deflate's stored
//!   blocks (`fairshare::link::pack_stored`), which read back the same, a third longer than the
//!   JSON. Reading links and sessions (inflate) stays in the first load.
//!
//! A module that cannot be fetched (no network, and no service worker to answer, as in
//! `embed=1`) gives `None`: the caller says so in its alert, never a trap (the points are
//! `fallible`; Leptos's `#[lazy]` would panic instead).

use fairshare::import::Imported;
use fairshare::link::Packer;

use crate::messages::ja_file::{self, InstallError};

/// [`fairshare::import::import`] of `text`; `None` when its module could not be fetched.
pub async fn import(text: String) -> Option<Imported> {
    #[cfg(feature = "split")]
    {
        split::importer(text).await.ok()
    }
    #[cfg(not(feature = "split"))]
    {
        Some(fairshare::import::import(&text))
    }
}

/// [`ja_file::install`] of a fetched file; `None` when its module could not be fetched.
pub async fn install_ja(text: String) -> Option<Result<(), InstallError>> {
    #[cfg(feature = "split")]
    {
        split::ja_installer(text).await.ok()
    }
    #[cfg(not(feature = "split"))]
    {
        Some(ja_file::install(&text))
    }
}

/// Runs `task` on the page's executor, which may be set up here: the Japanese table is read
/// before the app mounts (which is where Leptos sets it up otherwise).
pub fn spawn(task: impl std::future::Future<Output = ()> + 'static) {
    let _ = any_spawner::Executor::init_wasm_bindgen();
    leptos::task::spawn_local(task);
}

/// Starts fetching [`import`]'s module, to arrive beside a text fetched meanwhile (a failure
/// is said by [`import`], which tries again).
pub fn preload_import() {
    #[cfg(feature = "split")]
    spawn(async {
        let _ = split::importer_preload().await;
    });
}

/// Starts fetching [`install_ja`]'s module, to arrive beside the Japanese file (a failure is
/// said by [`install_ja`], which tries again).
pub fn preload_ja() {
    #[cfg(feature = "split")]
    spawn(async {
        let _ = split::ja_installer_preload().await;
    });
}

/// `bytes` deflated at `level` and base64url-encoded ([`fairshare::link::pack_with`]); `None`
/// while the deflater's module is not in (it is then asked for if `ask`).
pub fn deflate(bytes: &[u8], level: u8, ask: bool) -> Option<String> {
    #[cfg(feature = "split")]
    {
        deflater_now(split::pack(bytes, level), ask)
    }
    #[cfg(not(feature = "split"))]
    {
        let _ = ask;
        Some(fairshare::link::pack_with(bytes, level))
    }
}

/// A [`Packer`] of `input` at `level`; `input` given back while the deflater's module is not
/// in (it is then asked for if `ask`).
pub fn deflate_start(input: String, level: u8, ask: bool) -> Result<Packer<String>, String> {
    #[cfg(feature = "split")]
    {
        // The split function takes the input out of `input` only if it runs, so the caller
        // keeps it otherwise.
        let mut input = input;
        deflater_now(split::start(&mut input, level), ask).ok_or(input)
    }
    #[cfg(not(feature = "split"))]
    {
        let _ = ask;
        Ok(Packer::new(input, level))
    }
}

/// [`Packer::pack`] of at most `n` more bytes, for a packer [`deflate_start`] made (so the
/// module is in): the packer, and whether the input is all packed (`false` if the step did
/// not run: the caller steps again).
pub fn deflate_step(mut packer: Packer<String>, n: usize) -> (Packer<String>, bool) {
    #[cfg(feature = "split")]
    let done = deflater_now(split::step(&mut packer, n), true).unwrap_or(false);
    #[cfg(not(feature = "split"))]
    let done = packer.pack(n);
    (packer, done)
}

/// Starts fetching the deflater's module (once: a second call while it is on the way or in
/// does nothing); the synchronous calls above use it once it is in.
pub fn preload_deflate() {
    #[cfg(feature = "split")]
    {
        if DEFLATER.get() != Deflater::Missing {
            return;
        }
        DEFLATER.set(Deflater::Loading);
        spawn(async {
            // The three functions share one module, but each has its own loader: all three
            // are loaded here, so each completes at its first poll afterwards.
            let ok = split::pack_preload().await.is_ok()
                && split::start_preload().await.is_ok()
                && split::step_preload().await.is_ok();
            DEFLATER.set(if ok {
                Deflater::Ready
            } else {
                Deflater::Missing
            });
        });
    }
}

/// Where the deflater's module is.
#[cfg(feature = "split")]
#[derive(Clone, Copy, PartialEq)]
enum Deflater {
    Missing,
    Loading,
    Ready,
}

#[cfg(feature = "split")]
thread_local! {
    static DEFLATER: std::cell::Cell<Deflater> = const { std::cell::Cell::new(Deflater::Missing) };
}

/// The answer of a deflater's `call` if its module is in (a split function whose loader is
/// filled completes at its first poll); `None` otherwise, with the module asked for if `ask`.
#[cfg(feature = "split")]
fn deflater_now<T>(
    call: impl std::future::Future<Output = Result<T, leptos::wasm_split::SplitLoaderError>>,
    ask: bool,
) -> Option<T> {
    if DEFLATER.get() != Deflater::Ready {
        if ask {
            preload_deflate();
        }
        return None;
    }
    let call = std::pin::pin!(call);
    let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
    match call.poll(&mut cx) {
        std::task::Poll::Ready(out) => out.ok(),
        std::task::Poll::Pending => None,
    }
}

#[cfg(feature = "split")]
mod split {
    use fairshare::link::Packer;
    use leptos::wasm_split::{SplitLoaderError, wasm_split};

    use super::{Imported, InstallError, ja_file};

    #[wasm_split(
        importer,
        wasm_split_path = ::leptos::wasm_split,
        fallible,
        preload(importer_preload)
    )]
    pub fn importer(text: String) -> Result<Imported, SplitLoaderError> {
        Ok(fairshare::import::import(&text))
    }

    #[wasm_split(
        ja_installer,
        wasm_split_path = ::leptos::wasm_split,
        fallible,
        preload(ja_installer_preload)
    )]
    pub fn ja_installer(text: String) -> Result<Result<(), InstallError>, SplitLoaderError> {
        Ok(ja_file::install(&text))
    }

    // The deflater: three functions in one module (`deflater`), each with a loader of its own
    // (see `preload_deflate`). They borrow what they change, so a call that does not run
    // leaves the caller's value as it was.

    #[wasm_split(
        deflater,
        wasm_split_path = ::leptos::wasm_split,
        fallible,
        preload(pack_preload)
    )]
    pub fn pack(bytes: &[u8], level: u8) -> Result<String, SplitLoaderError> {
        Ok(fairshare::link::pack_with(bytes, level))
    }

    #[wasm_split(
        deflater,
        wasm_split_path = ::leptos::wasm_split,
        fallible,
        preload(start_preload)
    )]
    pub fn start(input: &mut String, level: u8) -> Result<Packer<String>, SplitLoaderError> {
        Ok(Packer::new(std::mem::take(input), level))
    }

    #[wasm_split(
        deflater,
        wasm_split_path = ::leptos::wasm_split,
        fallible,
        preload(step_preload)
    )]
    pub fn step(packer: &mut Packer<String>, n: usize) -> Result<bool, SplitLoaderError> {
        Ok(packer.pack(n))
    }
}
