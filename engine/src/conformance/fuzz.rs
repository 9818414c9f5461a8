//! Mutations of valid texts, for fuzzing parsers: byte flips, truncations, insertions, and
//! huge numbers (a count a text must not make a parser allocate).
//!
//! Tests draw the edits as plain tuples (with proptest, say) and turn them into [`Edit`]s
//! with [`Edit::from_parts`]:
//!
//! ```
//! use cardsim_engine::conformance::fuzz::{mutate, Edit};
//! assert_eq!(mutate("abc", &[Edit::Truncate { at: 2 }]), "ab");
//! assert_eq!(mutate("abc", &[Edit::Insert { at: 1, byte: b'x' }]), "axbc");
//! assert_eq!(mutate("ab", &[Edit::Flip { at: 0, bit: 5 }]), "Ab");
//! assert_eq!(mutate("a=1", &[Edit::Huge { at: 2 }]), "a=100000000000000000001");
//! ```

/// One edit of a text's bytes; positions are taken modulo the text's length (plus one for
/// an insertion), so every edit applies to any text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edit {
    /// Flips bit `bit % 8` of the byte at `at`.
    Flip {
        /// The byte.
        at: usize,
        /// The bit.
        bit: u8,
    },
    /// Cuts the text at `at`.
    Truncate {
        /// Bytes kept.
        at: usize,
    },
    /// Inserts `byte` before position `at`.
    Insert {
        /// Where.
        at: usize,
        /// What.
        byte: u8,
    },
    /// Inserts the digits of 10^19 before position `at`.
    Huge {
        /// Where.
        at: usize,
    },
}

impl Edit {
    /// The edit of kind `kind % 4` (flip, truncate, insert, huge) at `at`, with `byte` as the
    /// bit or the inserted byte.
    pub fn from_parts(kind: u8, at: usize, byte: u8) -> Edit {
        match kind % 4 {
            0 => Edit::Flip { at, bit: byte },
            1 => Edit::Truncate { at },
            2 => Edit::Insert { at, byte },
            _ => Edit::Huge { at },
        }
    }
}

/// `text` with `edits` applied to its bytes in order, read back as UTF-8 (an invalid sequence
/// becomes U+FFFD, as a reader that decodes lossily sees it).
pub fn mutate(text: &str, edits: &[Edit]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for &e in edits {
        let len = bytes.len();
        match e {
            Edit::Flip { at, bit } if len > 0 => bytes[at % len] ^= 1 << (bit % 8),
            Edit::Flip { .. } => {}
            Edit::Truncate { at } => bytes.truncate(at % (len + 1)),
            Edit::Insert { at, byte } => bytes.insert(at % (len + 1), byte),
            Edit::Huge { at } => {
                let at = at % (len + 1);
                bytes.splice(at..at, *b"10000000000000000000");
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}
