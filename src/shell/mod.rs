//! The app's boundary with the outside world: launch parameters, the saved session, the URL,
//! embedding in a host page, and exports. Pure parts are tested natively; the browser parts are
//! thin and never throw into wasm.

pub mod codec;
pub mod document;
pub mod export;
pub mod launch_params;
pub mod present;
pub mod session;
pub mod shell_bar;
pub mod start;
pub mod storage;
