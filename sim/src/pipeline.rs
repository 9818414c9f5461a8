//! Games played on a thread pool, a chunk at a time, while the calling thread hands the
//! results of the chunk before to a sink, in game order.

use crate::SimError;
use rayon::prelude::*;
use rayon::ThreadPool;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

/// One chunk's results, in game order; `None` for a game skipped after the sink failed.
type Chunk<T> = Vec<Option<Result<T, SimError>>>;

/// Plays the games `games` on `pool`, `chunk` at a time (`play(worker, index)`, each rayon job
/// with its own worker from `init`), and hands every result to `sink` on the calling thread,
/// in game order. Chunk `k + 1` plays while `sink` takes chunk `k`, so the pool is not idle
/// while the sink works, and at most two chunks of results exist at any time. `sink` stays
/// on the calling thread: it need not be `Send`.
///
/// # Errors
/// The first failed game's error, in game order (no result of its chunk, or of any later
/// one, reaches `sink`), or the first error of `sink`. Either skips the games of the chunk
/// in play that have not started, and ends the run when those that had have ended.
pub(crate) fn pipelined<W, T: Send>(
    pool: &ThreadPool,
    games: Range<u64>,
    chunk: u64,
    init: impl Fn() -> W + Sync + Send,
    play: impl Fn(&mut W, u64) -> Result<T, SimError> + Sync + Send,
    mut sink: impl FnMut(&T) -> Result<(), SimError>,
) -> Result<(), SimError> {
    assert!(chunk > 0, "a chunk holds at least one game");
    // Set when a game of the chunk before failed, or the sink did: the games of the chunk in
    // play that have not started are skipped.
    let stop = AtomicBool::new(false);
    let play_chunk = |range: Range<u64>, into: &mut Chunk<T>| {
        // usize, not u64: rayon writes in place only from an indexed range.
        (range.start as usize..range.end as usize)
            .into_par_iter()
            .map_init(&init, |worker, i| {
                (!stop.load(Ordering::Relaxed)).then(|| play(worker, i as u64))
            })
            .collect_into_vec(into);
    };
    // The chunk played, to check and sink; the chunk in play. Both are reused.
    let mut ready: Chunk<T> = Vec::new();
    let mut playing: Chunk<T> = Vec::new();
    let mut start = games.start;
    loop {
        let next = (start < games.end).then(|| start..start.saturating_add(chunk).min(games.end));
        pool.in_place_scope(|scope| {
            if let Some(range) = next.clone() {
                let (play_chunk, into) = (&play_chunk, &mut playing);
                scope.spawn(move |_| play_chunk(range, into));
            }
            // Checked here, not before the next chunk starts: the check reads every result,
            // and the sink reads them next.
            let sunk = check_and_sink(&mut ready, &mut sink);
            if sunk.is_err() {
                stop.store(true, Ordering::Relaxed);
            }
            // Dropped here, while hot in this thread's cache, rather than by the pool.
            ready.clear();
            sunk
        })?;
        let Some(range) = next else {
            return Ok(());
        };
        std::mem::swap(&mut ready, &mut playing);
        start = range.end;
    }
}

/// Hands a played chunk's results to `sink` in order, or none of them if a game failed.
///
/// # Errors
/// The first failed game's error, or the first error of `sink`.
fn check_and_sink<T>(
    chunk: &mut Chunk<T>,
    sink: &mut impl FnMut(&T) -> Result<(), SimError>,
) -> Result<(), SimError> {
    if let Some(i) = chunk.iter().position(|r| matches!(r, Some(Err(_)))) {
        return Err(chunk
            .swap_remove(i)
            .and_then(Result::err)
            .expect("a failed game"));
    }
    chunk.iter().try_for_each(|r| {
        sink(
            r.as_ref()
                .and_then(|r| r.as_ref().ok())
                .expect("a chunk is sunk only when all its games were played"),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicU64;
    use std::sync::Mutex;

    fn pool(threads: usize) -> ThreadPool {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
    }

    #[test]
    fn every_result_reaches_the_sink_in_order_across_many_chunks() {
        for threads in [2, 3] {
            // 1,000 games from game 5, in chunks of 64 (the last one short); each result
            // says which worker played it.
            let workers = AtomicU64::new(0);
            let mut seen = Vec::new();
            pipelined(
                &pool(threads),
                5..1005,
                64,
                || workers.fetch_add(1, Ordering::Relaxed),
                |w, i| Ok((i, *w)),
                |&(i, _)| {
                    seen.push(i);
                    Ok(())
                },
            )
            .unwrap();
            assert_eq!(seen, (5..1005).collect::<Vec<_>>(), "{threads} threads");
        }
    }

    #[test]
    fn the_next_chunk_plays_while_the_sink_takes_this_one() {
        // The sink's first record waits (up to a minute) for a game of the second chunk to
        // start: it can only if the pool plays on while the sink works.
        let started = AtomicU64::new(0);
        let mut waited = None;
        pipelined(
            &pool(2),
            0..300,
            100,
            || (),
            |_, i| {
                started.fetch_max(i, Ordering::Relaxed);
                Ok(i)
            },
            |&i| {
                if i == 0 {
                    let t = std::time::Instant::now();
                    while started.load(Ordering::Relaxed) < 100 && t.elapsed().as_secs() < 60 {
                        std::thread::yield_now();
                    }
                    waited = Some(started.load(Ordering::Relaxed));
                }
                Ok(())
            },
        )
        .unwrap();
        assert!(waited.unwrap() >= 100, "{waited:?}");
    }

    #[test]
    fn the_first_failed_game_in_order_is_the_error_and_its_chunk_is_not_sunk() {
        let fail = |i: u64| SimError::TooLong {
            index: i,
            max_moves: 1,
        };
        let mut seen = Vec::new();
        let last = AtomicU64::new(0);
        // Games 130 and 150 fail (130 ends after 150 has), and 300 in a later chunk.
        let e = pipelined(
            &pool(2),
            0..1000,
            100,
            || (),
            |_, i| {
                last.fetch_max(i, Ordering::Relaxed);
                match i {
                    130 => {
                        std::thread::sleep(std::time::Duration::from_millis(20));
                        Err(fail(i))
                    }
                    150 | 300 => Err(fail(i)),
                    _ => Ok(i),
                }
            },
            |&i| {
                seen.push(i);
                Ok(())
            },
        )
        .unwrap_err();
        assert!(matches!(e, SimError::TooLong { index: 130, .. }), "{e}");
        assert_eq!(seen, (0..100).collect::<Vec<_>>());
        // The chunk after the failed one may have started; none after it.
        assert!(last.into_inner() < 300);
    }

    #[test]
    fn a_sink_error_stops_the_chunk_in_play() {
        // Chunks of 200 games of 2 ms each: the second would take 200 ms on two threads.
        let played = Mutex::new(Vec::new());
        let mut seen = 0;
        let e = pipelined(
            &pool(2),
            0..100_000,
            200,
            || (),
            |_, i| {
                std::thread::sleep(std::time::Duration::from_millis(2));
                played.lock().unwrap().push(i);
                Ok(i)
            },
            |&i| {
                seen += 1;
                match i {
                    3 => Err(SimError::Setting("disk full".into())),
                    _ => Ok(()),
                }
            },
        )
        .unwrap_err();
        assert_eq!(e.to_string(), "disk full");
        assert_eq!(seen, 4, "nothing is sunk after the sink's error");
        // The first chunk was played; of the second, only the games started before the
        // sink failed (a few, on two threads), and no later chunk.
        let played = played.into_inner().unwrap();
        assert_eq!(played.iter().filter(|&&i| i < 200).count(), 200);
        let second = played.iter().filter(|&&i| (200..400).contains(&i)).count();
        assert!(second < 100, "{second} games of the second chunk played");
        assert!(played.iter().all(|&i| i < 400));
    }
}
