//! The best-first queue: one stack per score.

/// Lowest score a bucket exists for; [`Pos::eval`](super::position::Pos::eval) stays above
/// it (its penalties add up to well under 1,000).
const LOWEST: i32 = -1024;
/// One past the highest score: 51 cards home (a won position is never queued) is 5,100 plus
/// at most 80 for empty columns.
const HIGHEST: i32 = 5_200;

/// A max-priority queue over integer scores in `LOWEST..HIGHEST`: one stack per score, so a
/// push and a pop cost O(1) plus the walk down to the next non-empty score. Among equal scores
/// the item pushed last comes out first: the same order as a binary heap on `(score, id)`
/// with ids counting up, without its `log n` moves of whole positions.
pub(crate) struct BucketQueue<T> {
    buckets: Vec<Vec<T>>,
    /// Every bucket above this one is empty.
    top: usize,
    len: usize,
    /// Items pushed since the stacks were made.
    pushed: usize,
}

impl<T> BucketQueue<T> {
    /// An empty queue (the stacks allocate on first use).
    pub(crate) fn new() -> BucketQueue<T> {
        BucketQueue {
            buckets: (LOWEST..HIGHEST).map(|_| Vec::new()).collect(),
            top: 0,
            len: 0,
            pushed: 0,
        }
    }

    /// Empties the queue, keeping what each stack has allocated unless more than `keep`
    /// items were pushed since the stacks were made (an upper bound on the room they hold):
    /// then they start again empty.
    pub(crate) fn reset(&mut self, keep: usize) {
        if self.pushed > keep {
            *self = BucketQueue::new();
        } else {
            self.clear();
        }
    }

    /// Empties the queue, keeping what each stack has allocated.
    pub(crate) fn clear(&mut self) {
        if self.len > 0 {
            self.buckets[..=self.top].iter_mut().for_each(Vec::clear);
            self.len = 0;
        }
        self.top = 0;
    }

    /// Queues `item` with `score` (a score outside the range counts as its nearest end: the
    /// order changes, never what is searched).
    #[inline]
    pub(crate) fn push(&mut self, score: i32, item: T) {
        let b = (score.clamp(LOWEST, HIGHEST - 1) - LOWEST) as usize;
        self.buckets[b].push(item);
        self.top = self.top.max(b);
        self.len += 1;
        self.pushed += 1;
    }

    /// The item with the highest score (the latest pushed among equals), if any.
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<T> {
        if self.len == 0 {
            return None;
        }
        loop {
            if let Some(item) = self.buckets[self.top].pop() {
                self.len -= 1;
                return Some(item);
            }
            self.top -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BinaryHeap;

    #[test]
    fn pops_in_the_order_of_a_heap_on_score_then_newest() {
        let mut q = BucketQueue::new();
        let mut heap = BinaryHeap::new();
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        let mut id = 0u32;
        for round in 0..2_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Pushes outnumber pops two to one; scores crowd into a few values.
            if round % 3 != 2 {
                let score = (x % 40) as i32 * 37 - 700;
                q.push(score, id);
                heap.push((score, id));
                id += 1;
            } else {
                assert_eq!(q.pop(), heap.pop().map(|(_, i)| i));
            }
        }
        while let Some((_, i)) = heap.pop() {
            assert_eq!(q.pop(), Some(i));
        }
        assert_eq!(q.pop(), None);
        q.push(LOWEST, 7);
        q.push(HIGHEST - 1, 8);
        assert_eq!((q.pop(), q.pop(), q.pop()), (Some(8), Some(7), None));
        // Out-of-range scores count as the ends; a cleared queue is empty.
        q.push(i32::MIN, 1);
        q.push(i32::MAX, 2);
        q.push(0, 3);
        assert_eq!(q.pop(), Some(2));
        q.clear();
        assert_eq!(q.pop(), None);
        q.push(5, 4);
        q.reset(0);
        assert_eq!(q.pop(), None);
        q.push(5, 4);
        assert_eq!(q.pop(), Some(4));
    }
}
