//! Beggar-my-neighbour as the record lists count it: the statistics `cards` and `tricks`, and
//! the length of the cycle a non-terminating deal falls into (`cycle_length`).
//!
//! The lists of longest known games (kept by Paulhus, Kleber, Mann and others; e.g. Paulhus
//! 1999, 4,791 cards and 670 tricks; Rucklidge 2014, 7,959 and 1,122) count with the usual
//! simulator of the 1911 Britannica rules: `cards` is every card turned, and `tricks` every
//! trick played, the last one included: a trick ends when a penalty is paid in numerals (the
//! pile goes to the player of the last penalty card) or when a player cannot turn a card
//! (the pile goes to the other), and the game ends as soon as a player has no card left at
//! the end of a trick. This game plays on until the player without cards must turn one: when
//! a player was emptied by paying a penalty, the winner has already led one card of a new
//! trick, which the lists do not count. So, from the game's own counters:
//!
//! - `cards` = cards turned, less that one lead when the last pile held a single card;
//! - `tricks` = piles taken by slaps and challenges, plus the last pile when it held two or
//!   more cards (the trick in which a player ran out).

use super::{Ratscrew, RatscrewState};

impl Ratscrew {
    /// `(cards, tricks)` as the record lists count them (see the module docs); for a game in
    /// progress, the counts so far.
    pub fn record_counts(&self, s: &RatscrewState) -> (u32, u32) {
        let p = &s.public;
        let lone_lead = u32::from(p.over && p.last_pile == 1);
        let last_trick = u32::from(p.over && p.last_pile >= 2);
        (
            p.counts[0] - lone_lead,
            p.counts[1] + p.counts[3] + last_trick,
        )
    }

    /// The length in tricks (piles taken) of the cycle of a game that ended in a repeated
    /// position, `None` for any other game. Brent's search found the repeat after exactly
    /// that many tricks since its last saved position.
    pub fn cycle_length(&self, s: &RatscrewState) -> Option<u32> {
        s.public.cycle.then_some(s.brent_lam)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal_text::DealText;
    use crate::games::egyptian_ratscrew::RatscrewAction;
    use crate::{Game, Params, ToMove};
    use rand::SeedableRng;

    fn play(deal: &str) -> (u32, u32, Option<u32>) {
        let g = Ratscrew::new(2, &Params::parse(&["slaps=false"]).unwrap()).unwrap();
        let mut s = g.parse_deal(deal).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
        while g.to_move(&s) != ToMove::Over {
            g.apply(&mut s, RatscrewAction::Flip, &mut rng);
        }
        let (cards, tricks) = g.record_counts(&s);
        (cards, tricks, g.cycle_length(&s))
    }

    #[test]
    fn the_record_deals_give_their_published_counts() {
        // Richard P. Mann's list of record games (cards, tricks), as the simulator
        // `matthewmayer/beggarmypython` counts them since its issue #1 fix.
        let records: [(&str, &str, u32, u32); 7] = [
            (
                "Paulhus 1999",
                "------------KAQ----J------/-JQQK---K----JK--QA-A-JA--",
                4791,
                670,
            ),
            (
                "Kleber 1999",
                "---JQ---K-A----A-J-K---QK-/-J-----------AJQA----K---Q",
                5790,
                805,
            ),
            (
                "Collins 2006",
                "A-QK------Q----KA-----J---/-JAK----A--Q----J---QJ--K-",
                6913,
                960,
            ),
            (
                "Mann and Wu 2007",
                "K-KK----K-A-----JAA--Q--J-/---Q---Q-J-----J------AQ--",
                7157,
                1007,
            ),
            (
                "Nessler 2012",
                "----Q------A--K--A-A--QJK-/-Q--J--J---QK---K----JA---",
                7207,
                1015,
            ),
            (
                "Anderson 2013",
                "--A-Q--J--J---Q--AJ-K---K-/-J-------Q------A--A--QKK-",
                7225,
                1016,
            ),
            (
                "Rucklidge 2014",
                "-J------Q------AAA-----QQ-/K----JA-----------KQ-K-JJK",
                7959,
                1122,
            ),
        ];
        for (who, deal, cards, tricks) in records {
            assert_eq!(play(deal), (cards, tricks, None), "{who}");
        }
    }

    #[test]
    fn the_endless_deal_reports_its_62_trick_cycle() {
        let (_, tricks, cycle) = play("---K---Q-KQAJ-----AAJ--J--/----------Q----KQ-J-----KA");
        assert_eq!(cycle, Some(62));
        assert!(tricks >= 66, "{tricks}");
    }
}
