//! Observation-tensor pieces written once for the non-trick games' [`Encoding`](crate::Encoding)s.

#[cfg(test)]
use crate::encoding::Tensor;

/// The entries of every segment of `t` called `name`, in order (test helper).
#[cfg(test)]
pub(crate) fn named(t: &Tensor, name: &str) -> Vec<f32> {
    t.segments()
        .iter()
        .filter(|s| s.name == name)
        .flat_map(|s| t.values()[s.offset..s.offset + s.len].iter().copied())
        .collect()
}
