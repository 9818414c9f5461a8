//! Agent specs: `name[:key=value,...]`.

use cardsim_engine::params::{BadSetting, ParamSpec, Settings, UnknownKey};
use std::fmt;
use std::str::FromStr;

/// A parsed agent spec such as `random` or `ismcts:iters=2000,c=0.7`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AgentSpec {
    /// The agent's name.
    pub name: String,
    /// Its `key=value` settings, in the order given.
    pub params: Vec<(String, String)>,
}

/// Why an agent could not be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AgentError {
    /// The spec text is malformed.
    #[error("bad agent spec {spec:?}: {why}")]
    Syntax {
        /// The text.
        spec: String,
        /// What is wrong.
        why: &'static str,
    },
    /// No agent of that name for this game.
    #[error("unknown agent {name:?} for {game}; allowed: {allowed}")]
    UnknownAgent {
        /// The name given.
        name: String,
        /// The game.
        game: &'static str,
        /// The agents available for the game.
        allowed: String,
    },
    /// The agent has no such setting.
    #[error("agent {agent} has no setting {key:?}; allowed: {allowed}")]
    UnknownKey {
        /// The agent.
        agent: String,
        /// The key given.
        key: String,
        /// The settings the agent has.
        allowed: String,
    },
    /// A setting's value is invalid.
    #[error("bad value {value:?} for {agent} setting {key}: {expected}")]
    BadValue {
        /// The agent.
        agent: String,
        /// The key.
        key: String,
        /// The value given.
        value: String,
        /// What is allowed.
        expected: String,
    },
}

impl AgentSpec {
    /// The spec's settings read through their declarations, every key and value checked.
    ///
    /// # Errors
    /// [`AgentError::UnknownKey`] naming the declared keys, or [`AgentError::BadValue`] saying
    /// what is allowed.
    pub fn settings(&self, specs: &'static [ParamSpec]) -> Result<AgentSettings<'_>, AgentError> {
        let settings = AgentSettings {
            agent: &self.name,
            inner: Settings::new(specs, &self.params),
        };
        settings.inner.check().map_err(|e| match e {
            Ok(UnknownKey { key, allowed }) => AgentError::UnknownKey {
                agent: self.name.clone(),
                key,
                allowed,
            },
            Err(bad) => settings.bad(bad),
        })?;
        Ok(settings)
    }
}

/// An agent spec's settings, checked against their declarations ([`AgentSpec::settings`]).
#[derive(Clone, Copy, Debug)]
pub struct AgentSettings<'a> {
    agent: &'a str,
    inner: Settings<'a>,
}

impl AgentSettings<'_> {
    fn bad(&self, bad: BadSetting) -> AgentError {
        AgentError::BadValue {
            agent: self.agent.to_string(),
            key: bad.key,
            value: bad.value,
            expected: bad.expected,
        }
    }

    /// True when the spec gives `key`.
    pub fn is_set(&self, key: &str) -> bool {
        self.inner.is_set(key)
    }

    /// The value given for `key`, if any (the last one), as text.
    pub fn given(&self, key: &str) -> Option<&str> {
        self.inner.given(key)
    }

    /// A whole-number setting, its declared default when absent.
    ///
    /// # Errors
    /// [`AgentError::BadValue`] when out of range.
    pub fn int<T: TryFrom<i64>>(&self, key: &str) -> Result<T, AgentError> {
        self.inner.int(key).map_err(|e| self.bad(e))
    }

    /// An optional whole-number setting (declared with the default `none`).
    ///
    /// # Errors
    /// [`AgentError::BadValue`] when the given value is out of range.
    pub fn opt_int<T: TryFrom<i64>>(&self, key: &str) -> Result<Option<T>, AgentError> {
        self.inner.opt_int(key).map_err(|e| self.bad(e))
    }

    /// An `auto`-or-whole-number setting: `None` for `auto`.
    ///
    /// # Errors
    /// [`AgentError::BadValue`] when out of range.
    pub fn auto_or_int<T: TryFrom<i64>>(&self, key: &str) -> Result<Option<T>, AgentError> {
        self.inner.auto_or_int(key).map_err(|e| self.bad(e))
    }

    /// A number setting.
    ///
    /// # Errors
    /// [`AgentError::BadValue`] when out of range.
    pub fn float(&self, key: &str) -> Result<f64, AgentError> {
        self.inner.float(key).map_err(|e| self.bad(e))
    }

    /// A choice setting: the chosen word.
    ///
    /// # Errors
    /// [`AgentError::BadValue`] when not one of the declared words.
    pub fn choice(&self, key: &str) -> Result<&'static str, AgentError> {
        self.inner.choice(key).map_err(|e| self.bad(e))
    }

    /// A `true`/`false` setting.
    ///
    /// # Errors
    /// [`AgentError::BadValue`] for any other value.
    pub fn flag(&self, key: &str) -> Result<bool, AgentError> {
        self.inner.flag(key).map_err(|e| self.bad(e))
    }

    /// The error for a value of `key` that the declaration allows but the agent cannot take
    /// here, saying what it can.
    pub fn reject(&self, key: &str, value: &str, expected: String) -> AgentError {
        AgentError::BadValue {
            agent: self.agent.to_string(),
            key: key.to_string(),
            value: value.to_string(),
            expected,
        }
    }
}

impl FromStr for AgentSpec {
    type Err = AgentError;
    fn from_str(s: &str) -> Result<AgentSpec, AgentError> {
        let syntax = |why| AgentError::Syntax {
            spec: s.to_string(),
            why,
        };
        let s = s.trim();
        let (name, rest) = match s.split_once(':') {
            Some((n, r)) => (n.trim(), Some(r)),
            None => (s, None),
        };
        if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return Err(syntax("the name must be letters, digits, '-' or '_'"));
        }
        let mut params = Vec::new();
        if let Some(rest) = rest {
            for item in rest.split(',') {
                match item.split_once('=') {
                    Some((k, v)) if !k.trim().is_empty() && !v.trim().is_empty() => {
                        params.push((k.trim().to_string(), v.trim().to_string()))
                    }
                    _ => return Err(syntax("settings must be key=value, separated by commas")),
                }
            }
        }
        Ok(AgentSpec {
            name: name.to_string(),
            params,
        })
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)?;
        for (i, (k, v)) in self.params.iter().enumerate() {
            write!(f, "{}{k}={v}", if i == 0 { ':' } else { ',' })?;
        }
        Ok(())
    }
}

/// Splits a comma-separated list of specs, where a spec's own settings also use commas:
/// an item of the form `key=value` continues the previous spec, anything else starts a new one.
///
/// ```
/// use cardsim_agents::split_specs;
/// let specs = split_specs("ismcts:iters=2000,c=0.7,random").unwrap();
/// assert_eq!(specs.len(), 2);
/// assert_eq!(specs[0].to_string(), "ismcts:iters=2000,c=0.7");
/// assert_eq!(specs[1].name, "random");
/// ```
///
/// # Errors
/// [`AgentError::Syntax`] for an empty list, an empty item, or settings before any agent.
pub fn split_specs(list: &str) -> Result<Vec<AgentSpec>, AgentError> {
    let syntax = |why| AgentError::Syntax {
        spec: list.to_string(),
        why,
    };
    let mut texts: Vec<String> = Vec::new();
    for item in list.split(',') {
        let item = item.trim();
        if item.is_empty() {
            return Err(syntax("empty agent in the list"));
        }
        if item.contains('=') && !item.contains(':') {
            match texts.last_mut() {
                Some(t) => {
                    t.push(',');
                    t.push_str(item);
                }
                None => return Err(syntax("a setting comes before any agent name")),
            }
        } else {
            texts.push(item.to_string());
        }
    }
    texts.iter().map(|t| t.parse()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_specs() {
        let s: AgentSpec = "ismcts:iters=2000, c=0.7".parse().unwrap();
        assert_eq!(s.name, "ismcts");
        assert_eq!(
            s.params,
            vec![("iters".into(), "2000".into()), ("c".into(), "0.7".into())]
        );
        assert_eq!(s.to_string(), "ismcts:iters=2000,c=0.7");
        const TWO: &[ParamSpec] = &[
            ParamSpec::int("iters", "1", 1, 10_000, "a count"),
            ParamSpec::float("c", "1", 0.0, 1.0, "a constant"),
            ParamSpec::int("missing", "5", 1, 10, "a count"),
        ];
        let set = s.settings(TWO).unwrap();
        assert_eq!(set.int::<u32>("iters"), Ok(2000));
        assert_eq!(set.int::<u32>("missing"), Ok(5));
        assert_eq!(set.float("c"), Ok(0.7));
        assert!(set.is_set("c") && !set.is_set("missing"));
        const ONE: &[ParamSpec] = &[ParamSpec::int("iters", "1", 1, 10_000, "a count")];
        assert!(matches!(
            s.settings(ONE),
            Err(AgentError::UnknownKey { .. })
        ));
        const SMALL: &[ParamSpec] = &[
            ParamSpec::int("iters", "1", 1, 100, "a count"),
            ParamSpec::float("c", "1", 0.0, 1.0, "a constant"),
        ];
        assert_eq!(
            s.settings(SMALL).unwrap_err().to_string(),
            "bad value \"2000\" for ismcts setting iters: a whole number from 1 to 100"
        );
    }

    #[test]
    fn rejects_malformed_specs() {
        for bad in ["", ":x=1", "ismcts:iters", "ismcts:=3", "a b", "x:y=1,"] {
            assert!(bad.parse::<AgentSpec>().is_err(), "{bad:?}");
        }
        assert!(split_specs("c=1,random").is_err());
        assert!(split_specs("random,,random").is_err());
        assert_eq!(split_specs("random, heuristic").unwrap().len(), 2);
    }
}
