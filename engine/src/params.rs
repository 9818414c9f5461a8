//! Settings given as `key=value` text: each declared once, as a [`ParamSpec`] (key, default,
//! help, and the kind of value with its range), and read through that declaration. Games
//! declare their rule variants this way ([`crate::GameInfo::params`]) and agents their
//! settings (the agents crate's catalog), so parsing, ranges, defaults, error messages and
//! the help that `cardsim list` prints all come from one place.
//!
//! ```
//! use cardsim_engine::params::{ParamSpec, Settings};
//! const SPECS: &[ParamSpec] = &[
//!     ParamSpec::int("target", "5", 1, 1000, "points that win the game"),
//!     ParamSpec::choice("scoring", "rubber", &["rubber", "deal"], "what a game is"),
//! ];
//! let pairs = vec![("target".to_string(), "25".to_string())];
//! let s = Settings::new(SPECS, &pairs);
//! assert_eq!(s.int::<u32>("target"), Ok(25));
//! assert_eq!(s.choice("scoring"), Ok("rubber"));
//! let bad = vec![("target".to_string(), "0".to_string())];
//! let e = Settings::new(SPECS, &bad).int::<u32>("target").unwrap_err();
//! assert_eq!(e.expected, "a whole number from 1 to 1000");
//! ```

use std::fmt;

/// What values a setting takes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ParamKind {
    /// A whole number in `min..=max`.
    Int {
        /// Smallest allowed.
        min: i64,
        /// Largest allowed.
        max: i64,
    },
    /// A number in `min..=max`.
    Float {
        /// Smallest allowed.
        min: f64,
        /// Largest allowed.
        max: f64,
    },
    /// One of the listed words.
    Choice(&'static [&'static str]),
    /// `auto` (in any case), or a whole number in `min..=max`.
    AutoOrInt {
        /// Smallest allowed.
        min: i64,
        /// Largest allowed.
        max: i64,
    },
    /// `true` or `false`.
    Flag,
}

impl fmt::Display for ParamKind {
    /// What is allowed, in words: the `expected` part of an error message.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParamKind::Int { min, max } if max == i64::MAX => {
                write!(f, "a whole number, at least {min}")
            }
            ParamKind::Int { min, max } => write!(f, "a whole number from {min} to {max}"),
            ParamKind::Float { min, max } if max == f64::INFINITY => {
                write!(f, "a number, at least {min}")
            }
            ParamKind::Float { min, max } => write!(f, "a number from {min} to {max}"),
            ParamKind::Choice(words) => match words {
                [one] => write!(f, "{one}"),
                [init @ .., last] => write!(f, "{} or {last}", init.join(", ")),
                [] => write!(f, "nothing"),
            },
            ParamKind::AutoOrInt { min, max } => {
                write!(f, "auto or a whole number from {min} to {max}")
            }
            ParamKind::Flag => write!(f, "true or false"),
        }
    }
}

/// One setting, declared once: `key=value` on the command line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ParamSpec {
    /// The key.
    pub key: &'static str,
    /// The default value, as text: a valid value of `kind`, or `none` for a setting that is
    /// absent unless given (read with [`Settings::opt_int`]).
    pub default: &'static str,
    /// What it does.
    pub help: &'static str,
    /// The values it takes.
    pub kind: ParamKind,
}

impl ParamSpec {
    /// A whole number in `min..=max`.
    pub const fn int(
        key: &'static str,
        default: &'static str,
        min: i64,
        max: i64,
        help: &'static str,
    ) -> Self {
        ParamSpec {
            key,
            default,
            help,
            kind: ParamKind::Int { min, max },
        }
    }

    /// A number in `min..=max`.
    pub const fn float(
        key: &'static str,
        default: &'static str,
        min: f64,
        max: f64,
        help: &'static str,
    ) -> Self {
        ParamSpec {
            key,
            default,
            help,
            kind: ParamKind::Float { min, max },
        }
    }

    /// One of `words`.
    pub const fn choice(
        key: &'static str,
        default: &'static str,
        words: &'static [&'static str],
        help: &'static str,
    ) -> Self {
        ParamSpec {
            key,
            default,
            help,
            kind: ParamKind::Choice(words),
        }
    }

    /// `auto` or a whole number in `min..=max`.
    pub const fn auto_or_int(
        key: &'static str,
        default: &'static str,
        min: i64,
        max: i64,
        help: &'static str,
    ) -> Self {
        ParamSpec {
            key,
            default,
            help,
            kind: ParamKind::AutoOrInt { min, max },
        }
    }

    /// `true` or `false`.
    pub const fn flag(key: &'static str, default: &'static str, help: &'static str) -> Self {
        ParamSpec {
            key,
            default,
            help,
            kind: ParamKind::Flag,
        }
    }

    /// The help line: what it does, what it takes, its default.
    pub fn describe(&self) -> String {
        format!("{} ({}; default {})", self.help, self.kind, self.default)
    }

    /// Checks that `value` is one of this setting's values.
    ///
    /// # Errors
    /// [`BadSetting`] saying what is allowed.
    pub fn validate(&self, value: &str) -> Result<(), BadSetting> {
        let ok = match self.kind {
            ParamKind::Int { min, max } => {
                value.parse::<i64>().is_ok_and(|v| (min..=max).contains(&v))
            }
            ParamKind::Float { min, max } => value
                .parse::<f64>()
                .is_ok_and(|v| v.is_finite() && v >= min && v <= max),
            ParamKind::Choice(words) => words.contains(&value),
            ParamKind::AutoOrInt { min, max } => {
                value.eq_ignore_ascii_case("auto")
                    || value.parse::<i64>().is_ok_and(|v| (min..=max).contains(&v))
            }
            ParamKind::Flag => value == "true" || value == "false",
        };
        if ok {
            Ok(())
        } else {
            Err(self.bad(value))
        }
    }

    /// The error for `value`.
    pub fn bad(&self, value: &str) -> BadSetting {
        BadSetting {
            key: self.key.to_string(),
            value: value.to_string(),
            expected: self.kind.to_string(),
        }
    }
}

/// A setting whose value is not allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadSetting {
    /// The key.
    pub key: String,
    /// The value given.
    pub value: String,
    /// What is allowed.
    pub expected: String,
}

/// A key that is not declared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownKey {
    /// The key given.
    pub key: String,
    /// The declared keys, comma separated, or `none`.
    pub allowed: String,
}

/// Given `key=value` pairs read through their declarations.
#[derive(Clone, Copy, Debug)]
pub struct Settings<'a> {
    specs: &'static [ParamSpec],
    pairs: &'a [(String, String)],
}

impl<'a> Settings<'a> {
    /// The `pairs` as given (a later pair overrides an earlier one), read through `specs`.
    pub fn new(specs: &'static [ParamSpec], pairs: &'a [(String, String)]) -> Self {
        Settings { specs, pairs }
    }

    /// Checks that every given key is declared and every given value allowed.
    ///
    /// # Errors
    /// The first undeclared key or bad value.
    pub fn check(&self) -> Result<(), Result<UnknownKey, BadSetting>> {
        for (k, v) in self.pairs {
            match self.specs.iter().find(|p| p.key == k) {
                None => {
                    let allowed: Vec<&str> = self.specs.iter().map(|p| p.key).collect();
                    return Err(Ok(UnknownKey {
                        key: k.clone(),
                        allowed: if allowed.is_empty() {
                            "none".into()
                        } else {
                            allowed.join(", ")
                        },
                    }));
                }
                Some(spec) => spec.validate(v).map_err(Err)?,
            }
        }
        Ok(())
    }

    /// True when `key` was given.
    pub fn is_set(&self, key: &str) -> bool {
        self.pairs.iter().any(|(k, _)| k == key)
    }

    /// The value given for `key`, if any (the last one), as text.
    pub fn given(&self, key: &str) -> Option<&'a str> {
        self.pairs
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    fn spec(&self, key: &str) -> &'static ParamSpec {
        self.specs
            .iter()
            .find(|p| p.key == key)
            .unwrap_or_else(|| panic!("setting {key:?} is read but not declared"))
    }

    /// The declaration of `key` and its value as text (the default when not given), checked.
    fn raw(&self, key: &str) -> Result<(&'static ParamSpec, &'a str), BadSetting> {
        let spec = self.spec(key);
        let value = self
            .pairs
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map_or(spec.default, |(_, v)| v.as_str());
        spec.validate(value)?;
        Ok((spec, value))
    }

    /// A whole-number setting.
    ///
    /// # Errors
    /// [`BadSetting`] when the value is out of range (or does not fit `T`).
    ///
    /// # Panics
    /// When `key` is not declared, or not a whole-number setting (a bug in the caller).
    pub fn int<T: TryFrom<i64>>(&self, key: &str) -> Result<T, BadSetting> {
        let (spec, value) = self.raw(key)?;
        assert!(
            matches!(spec.kind, ParamKind::Int { .. }),
            "{key} is not a whole number"
        );
        let v: i64 = value.parse().map_err(|_| spec.bad(value))?;
        T::try_from(v).map_err(|_| spec.bad(value))
    }

    /// An optional whole-number setting, declared with the default `none`: `None` when not
    /// given.
    ///
    /// # Errors
    /// [`BadSetting`] when the given value is out of range.
    pub fn opt_int<T: TryFrom<i64>>(&self, key: &str) -> Result<Option<T>, BadSetting> {
        if self.is_set(key) {
            self.int(key).map(Some)
        } else {
            Ok(None)
        }
    }

    /// `None` for `auto`, else the number.
    ///
    /// # Errors
    /// [`BadSetting`] when the value is out of range.
    ///
    /// # Panics
    /// When `key` is not declared as `auto` or a number.
    pub fn auto_or_int<T: TryFrom<i64>>(&self, key: &str) -> Result<Option<T>, BadSetting> {
        let (spec, value) = self.raw(key)?;
        assert!(
            matches!(spec.kind, ParamKind::AutoOrInt { .. }),
            "{key} is not auto-or-number"
        );
        if value.eq_ignore_ascii_case("auto") {
            return Ok(None);
        }
        let v: i64 = value.parse().map_err(|_| spec.bad(value))?;
        T::try_from(v).map(Some).map_err(|_| spec.bad(value))
    }

    /// A number setting.
    ///
    /// # Errors
    /// [`BadSetting`] when the value is out of range.
    ///
    /// # Panics
    /// When `key` is not declared as a number.
    pub fn float(&self, key: &str) -> Result<f64, BadSetting> {
        let (spec, value) = self.raw(key)?;
        assert!(
            matches!(spec.kind, ParamKind::Float { .. }),
            "{key} is not a number"
        );
        value.parse().map_err(|_| spec.bad(value))
    }

    /// A choice among words: the word.
    ///
    /// # Errors
    /// [`BadSetting`] when the value is not one of the words.
    ///
    /// # Panics
    /// When `key` is not declared as a choice.
    pub fn choice(&self, key: &str) -> Result<&'static str, BadSetting> {
        let (spec, value) = self.raw(key)?;
        let ParamKind::Choice(words) = spec.kind else {
            panic!("{key} is not a choice");
        };
        words
            .iter()
            .copied()
            .find(|w| *w == value)
            .ok_or_else(|| spec.bad(value))
    }

    /// A `true`/`false` setting.
    ///
    /// # Errors
    /// [`BadSetting`] for any other value.
    ///
    /// # Panics
    /// When `key` is not declared as a flag.
    pub fn flag(&self, key: &str) -> Result<bool, BadSetting> {
        let (spec, value) = self.raw(key)?;
        assert!(matches!(spec.kind, ParamKind::Flag), "{key} is not a flag");
        Ok(value == "true")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPECS: &[ParamSpec] = &[
        ParamSpec::int("n", "3", 1, 10, "a count"),
        ParamSpec::float("c", "0.7", 0.0, f64::INFINITY, "a constant"),
        ParamSpec::choice("mode", "a", &["a", "b", "c"], "a mode"),
        ParamSpec::auto_or_int("decks", "auto", 1, 8, "decks"),
        ParamSpec::flag("alone", "false", "a flag"),
    ];

    fn pairs(items: &[(&str, &str)]) -> Vec<(String, String)> {
        items
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn defaults_come_from_the_declaration() {
        let p = pairs(&[]);
        let s = Settings::new(SPECS, &p);
        assert_eq!(s.int::<u8>("n"), Ok(3));
        assert_eq!(s.float("c"), Ok(0.7));
        assert_eq!(s.choice("mode"), Ok("a"));
        assert_eq!(s.auto_or_int::<u8>("decks"), Ok(None));
        assert_eq!(s.flag("alone"), Ok(false));
        assert!(!s.is_set("n"));
        for spec in SPECS {
            assert_eq!(spec.validate(spec.default), Ok(()), "{}", spec.key);
        }
    }

    #[test]
    fn given_values_are_parsed_and_range_checked() {
        let p = pairs(&[
            ("n", "2"),
            ("n", "10"),
            ("decks", "4"),
            ("mode", "c"),
            ("alone", "true"),
        ]);
        let s = Settings::new(SPECS, &p);
        assert_eq!(s.check(), Ok(()));
        assert_eq!(s.int::<u8>("n"), Ok(10), "the last value counts");
        assert_eq!(s.auto_or_int::<u8>("decks"), Ok(Some(4)));
        assert_eq!(s.choice("mode"), Ok("c"));
        assert_eq!(s.flag("alone"), Ok(true));
        for (k, v, expected) in [
            ("n", "11", "a whole number from 1 to 10"),
            ("n", "x", "a whole number from 1 to 10"),
            ("c", "-1", "a number, at least 0"),
            ("c", "NaN", "a number, at least 0"),
            ("mode", "d", "a, b or c"),
            ("decks", "9", "auto or a whole number from 1 to 8"),
            ("alone", "yes", "true or false"),
        ] {
            let p = pairs(&[(k, v)]);
            let e = Settings::new(SPECS, &p).check().unwrap_err().unwrap_err();
            assert_eq!(
                (e.key.as_str(), e.value.as_str(), e.expected.as_str()),
                (k, v, expected)
            );
        }
        let p = pairs(&[("m", "1")]);
        let e = Settings::new(SPECS, &p).check().unwrap_err().unwrap();
        assert_eq!(e.allowed, "n, c, mode, decks, alone");
    }

    #[test]
    fn describe_says_what_and_default() {
        assert_eq!(SPECS[2].describe(), "a mode (a, b or c; default a)");
    }
}
