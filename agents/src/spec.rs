//! Agent specs: `name[:key=value,...]`.

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
    /// Checks that every key is in `allowed`.
    ///
    /// # Errors
    /// [`AgentError::UnknownKey`] naming the allowed keys.
    pub fn check_keys(&self, allowed: &[&str]) -> Result<(), AgentError> {
        for (k, _) in &self.params {
            if !allowed.contains(&k.as_str()) {
                return Err(AgentError::UnknownKey {
                    agent: self.name.clone(),
                    key: k.clone(),
                    allowed: if allowed.is_empty() {
                        "none".into()
                    } else {
                        allowed.join(", ")
                    },
                });
            }
        }
        Ok(())
    }

    /// The value of `key` parsed as `T`, `default` when absent; it must satisfy `ok`.
    ///
    /// # Errors
    /// [`AgentError::BadValue`] with `expected` when it does not parse or fails `ok`.
    pub fn get<T: FromStr>(
        &self,
        key: &str,
        default: T,
        expected: &str,
        ok: impl Fn(&T) -> bool,
    ) -> Result<T, AgentError> {
        let Some((_, v)) = self.params.iter().rev().find(|(k, _)| k == key) else {
            return Ok(default);
        };
        match v.parse::<T>() {
            Ok(x) if ok(&x) => Ok(x),
            _ => Err(AgentError::BadValue {
                agent: self.name.clone(),
                key: key.into(),
                value: v.clone(),
                expected: expected.into(),
            }),
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
        assert_eq!(s.get("iters", 1u32, "a count", |_| true), Ok(2000));
        assert_eq!(s.get("missing", 5u32, "a count", |_| true), Ok(5));
        assert!(matches!(
            s.get::<u32>("c", 1, "a count", |_| true),
            Err(AgentError::BadValue { .. })
        ));
        assert!(matches!(
            s.check_keys(&["iters"]),
            Err(AgentError::UnknownKey { .. })
        ));
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
