//! Brute-force solution counting (to be filled).
