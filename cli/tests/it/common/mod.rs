//! Helpers of the command-line tests: the library tests' helpers (`tests/common`), plus
//! running the built binary ([`cli`]) and the headless browser ([`browser`]).
#![allow(dead_code, reason = "not every test module uses every helper")]

#[path = "../../../../tests/it/common/mod.rs"]
#[macro_use]
mod shared;

pub(crate) mod browser;
pub(crate) mod cli;

pub(crate) use shared::*;
