//! Criterion benches live in `benches/benches/`; this library is empty.
