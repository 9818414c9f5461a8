//! The three-player heuristic: bidding, the discard and partnership trick play.

use super::{capture_points, points, power};
use cardsim_engine::cards::{TarotCard, TarotSet};
use cardsim_engine::games::royal_orgy::three::Phase;
use cardsim_engine::games::royal_orgy::{beats, RoyalOrgyAction, RoyalOrgyObservation};
use cardsim_engine::Seat;

/// Trumps in `hand`, and those of 15 or more.
fn trump_strength(hand: TarotSet) -> (usize, usize) {
    let t = hand.trumps();
    let high = t.iter().filter(|c| c.trump_number() >= Some(15)).count();
    (t.len(), high)
}

/// The chance that this heuristic makes a solo with `hand`, from trumps, trumps of 15 or
/// more and Kings: measured over 6,000 heuristic hands (50% at trumps + high trumps +
/// 2.5 Kings = 15.5), as a logistic curve.
fn make_chance(hand: TarotSet) -> f64 {
    let (t, high) = trump_strength(hand);
    let kings = hand
        .iter()
        .filter(|c| !c.is_trump() && points(*c) == 4.0)
        .count();
    let s = (t + high) as f64 + 2.5 * kings as f64;
    1.0 / (1.0 + (-(s - 15.5) / 2.2).exp())
}

/// Bids solo when the expected gain beats defending: a made solo brings 50 and the
/// declarations (which a defender scores anyway); a lost one gives each opponent half the
/// declarations. So: bid when `50 p > 1.5 (1 - p) own`, `own` the declaration points.
fn bid(obs: &RoyalOrgyObservation) -> RoyalOrgyAction {
    let p = make_chance(obs.hand());
    let own = f64::from(obs.view.solo().declaration_points(obs.seat));
    if 50.0 * p > 1.5 * (1.0 - p) * own.max(10.0) {
        RoyalOrgyAction::Solo
    } else {
        RoyalOrgyAction::Pass
    }
}

/// Discards the cheapest card: fewest points, shortest suit (to make a void), lowest.
fn discard(obs: &RoyalOrgyObservation, legal: TarotSet) -> RoyalOrgyAction {
    let hand = obs.hand();
    let len = |c: TarotCard| hand.of_follow(c.follows()).len() as f64;
    let cost = |c: TarotCard| {
        4.0 * points(c) + len(c) + power(c) + 8.0 * f64::from(u8::from(c.is_trump()))
    };
    let c = legal
        .iter()
        .min_by(|&a, &b| cost(a).total_cmp(&cost(b)).then(a.cmp(&b)))
        .expect("a legal discard");
    RoyalOrgyAction::Discard(c)
}

/// What a card is worth to give away: its points, and its power to win later.
fn keep(c: TarotCard) -> f64 {
    3.0 * points(c) + power(c)
}

fn play(obs: &RoyalOrgyObservation, legal: TarotSet) -> RoyalOrgyAction {
    let v = &obs.view;
    let me = obs.seat;
    let solo = v.solo();
    let soloist = solo.soloist().expect("a soloist in play");
    let partner = |s: Seat| s != me && me != soloist && s != soloist;
    let opponent = |s: Seat| s != me && !partner(s);
    let played = v.played() | solo.discards();
    let hand = obs.hand();
    // Trumps still out (not seen by this seat).
    let trumps_out = TarotSet::TRUMPS - played - hand;
    let cheapest = |set: TarotSet| {
        set.iter()
            .min_by(|&a, &b| keep(a).total_cmp(&keep(b)).then(a.cmp(&b)))
            .expect("a card")
    };
    let leader = v.leader();
    let Some(led) = v.led() else {
        // Leading. A master trump draws trumps for the soloist; a King of a suit the
        // opponents still follow wins its points; else the cheapest card.
        let top_out = trumps_out.iter().max();
        let my_top = hand.trumps().iter().max();
        // An opponent that has not shown out of trumps may still hold some.
        let opponents_trump = Seat::all(3)
            .filter(|&s| opponent(s))
            .any(|s| !solo.excluded(s).contains(TarotCard::trump(22)));
        if let (Some(mine), true) = (my_top, me == soloist && opponents_trump) {
            if top_out.is_none_or(|t| mine > t) && !trumps_out.is_empty() {
                return RoyalOrgyAction::Play(mine);
            }
        }
        for c in legal.iter() {
            if c.is_trump() || points(c) < 4.0 {
                continue;
            }
            let safe = Seat::all(3).filter(|&s| opponent(s)).all(|s| {
                let suit = TarotSet::DECK.of_follow(c.follows());
                (suit & solo.excluded(s)).is_empty()
            });
            if safe {
                return RoyalOrgyAction::Play(c);
            }
        }
        return RoyalOrgyAction::Play(cheapest(legal));
    };
    // Following: the trick so far.
    let mut best = led;
    let mut winner = leader;
    let mut stake = points(led);
    let mut n = 1;
    for k in 1..3 {
        let s = leader.left(k, 3);
        if let Some(c) = v.trick_card(s) {
            stake += points(c);
            n += 1;
            if beats(c, best) {
                best = c;
                winner = s;
            }
        }
    }
    let last = n == 2;
    let beating: TarotSet = legal.iter().filter(|&c| beats(c, best)).collect();
    if partner(winner) {
        // The partner holds the trick: give it points when no one is left to play, else
        // keep low.
        if last {
            let c = legal
                .iter()
                .max_by(|&a, &b| {
                    (points(a) - 0.1 * power(a))
                        .total_cmp(&(points(b) - 0.1 * power(b)))
                        .then(b.cmp(&a))
                })
                .expect("a card");
            return RoyalOrgyAction::Play(c);
        }
        return RoyalOrgyAction::Play(cheapest(legal));
    }
    if !beating.is_empty() {
        // Win with the cheapest card that beats, counting captures; second in hand only with
        // a card strong enough to hold (a King, or a trump of 15 or more), or when points
        // are at stake.
        let value = |c: TarotCard| {
            let mut cap = capture_points(best, c);
            for k in 0..3 {
                if let Some(x) = v.trick_card(leader.left(k, 3)) {
                    cap = cap.max(capture_points(c, x));
                }
            }
            cap + points(c) - 0.3 * keep(c)
        };
        let c = beating
            .iter()
            .max_by(|&a, &b| value(a).total_cmp(&value(b)).then(b.cmp(&a)))
            .expect("a card");
        let strong = c.trump_number().is_some_and(|t| t >= 15) || points(c) >= 4.0;
        if last || strong || stake >= 3.0 {
            return RoyalOrgyAction::Play(c);
        }
    }
    RoyalOrgyAction::Play(cheapest(legal))
}

/// The three-player choice (see the module docs of the parent).
pub(super) fn choose(obs: &RoyalOrgyObservation, legal: &[RoyalOrgyAction]) -> RoyalOrgyAction {
    let cards: TarotSet = legal
        .iter()
        .filter_map(|a| match a {
            RoyalOrgyAction::Play(c) | RoyalOrgyAction::Discard(c) => Some(*c),
            _ => None,
        })
        .collect();
    let a = match obs.view.solo().phase() {
        Phase::Bidding => bid(obs),
        Phase::Exchange => discard(obs, cards),
        Phase::Play => play(obs, cards),
    };
    debug_assert!(legal.contains(&a), "{a} not in {legal:?}");
    a
}
