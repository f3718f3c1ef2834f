//! Running the built binary (to be filled).
