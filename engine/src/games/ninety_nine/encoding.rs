//! Ninety-Nine's [`Encoding`]: action ids and the observation tensor.
//!
//! **Action ids** (72). A card with one value, and an ace or a ten at its first value, has
//! its [`Card::index`] (`16·suit + rank slot`: 9C = 9, AS = 63); the second value of an ace
//! or a ten, legal beside the first, has an id of its own:
//!
//! | ids    | action                                                                  |
//! |--------|-------------------------------------------------------------------------|
//! | 0..64  | play the card with that index: an ace as +1, a ten as +10, any other card at its one value (`9H=99`, `KC+0`, `5D+5`) |
//! | 64..68 | play the ace of clubs, diamonds, hearts, spades as +11                  |
//! | 68..72 | play the ten of clubs, diamonds, hearts, spades as -10                  |
//!
//! **Observation tensor.** With `P` players (2 to 6) and seats relative to the observer
//! (entry `k` is the seat `k` places to its left) the length is `5 P + 261`: 271 with 2
//! players, 291 with 6.
//!
//! | segment        | length | meaning                                                        |
//! |----------------|--------|----------------------------------------------------------------|
//! | `hand`         | 64     | the observer's cards                                           |
//! | `pile`         | 64     | cards played since the stock was last rebuilt, the top included |
//! | `top`          | 64     | the last card played this hand                                 |
//! | `restock`      | 64     | the cards that went into the stock when it was last rebuilt (the whole deck before): the stock holds only these |
//! | `stock`        | 1      | cards left in the stock, / 52                                  |
//! | `hand_sizes`   | P      | each seat's number of cards, / `hand`                          |
//! | `tokens`       | P      | each seat's tokens, / `tokens`                                 |
//! | `out`          | P      | the seats that are out                                         |
//! | `count`        | 1      | the running count, / 99                                        |
//! | `clockwise`    | 1      | 1 while play goes to the left                                  |
//! | `turn`         | P      | one-hot: the seat to play                                      |
//! | `dealer`       | P      | one-hot seat                                                   |
//! | `hand_number`  | 1      | hands dealt so far, / 20                                       |
//! | `over`         | 1      | 1 once one player is left                                      |

use super::{Count, NinetyNine, NinetyNineAction, NinetyNineObservation};
use crate::cards::{Card, CardSet, Rank};
use crate::encoding::{Encoding, Tensor};
use crate::games::common::text::{card_or_dash, seat_list, seats, BySuit, Fmt, ObsText};
use crate::Seat;

impl Encoding for NinetyNine {
    fn num_distinct_actions(&self) -> usize {
        Card::SLOTS + 8
    }

    fn action_id(&self, action: NinetyNineAction) -> usize {
        let suit = action.card.suit().index();
        match (action.card.rank(), action.count) {
            (Rank::Ace, Count::Add(11)) => Card::SLOTS + suit,
            (Rank::Ten, Count::Add(-10)) => Card::SLOTS + 4 + suit,
            _ => action.card.index(),
        }
    }

    fn encode_observation(&self, obs: &NinetyNineObservation, out: &mut Tensor) {
        let me = obs.seat;
        let p = usize::from(self.players);
        let flag = |b: bool| f32::from(u8::from(b));
        out.cards("hand", obs.hand);
        out.cards("pile", obs.pile);
        out.cards("top", obs.top.map(CardSet::from_card).unwrap_or_default());
        out.cards("restock", obs.restock);
        out.scalar("stock", f32::from(obs.stock) / 52.0);
        let hand = f32::from(self.hand.max(1));
        out.seat_values("hand_sizes", me, p, |s| f32::from(obs.hand_sizes[s]) / hand);
        let tokens = f32::from(self.tokens.max(1));
        out.seat_values("tokens", me, p, |s| f32::from(obs.tokens[s]) / tokens);
        out.seat_values("out", me, p, |s| flag(obs.out.is_out(s)));
        out.scalar("count", obs.count as f32 / 99.0);
        out.scalar("clockwise", flag(obs.clockwise));
        out.seat_one_hot("turn", Some(obs.turn), me, p);
        out.seat_one_hot("dealer", Some(obs.dealer), me, p);
        out.scalar("hand_number", f32::from(obs.hand_number) / 20.0);
        out.scalar("over", flag(obs.over));
    }

    fn observation_string(&self, obs: &NinetyNineObservation) -> String {
        let p = usize::from(self.players);
        let mut t = ObsText::new(
            obs.seat,
            p,
            format_args!("dealer {}, hand {}", obs.dealer, obs.hand_number),
        );
        let direction = if obs.clockwise {
            "clockwise"
        } else {
            "anticlockwise"
        };
        t.line("hand", BySuit(obs.hand))
            .line("count", obs.count)
            .line("top", card_or_dash(obs.top))
            .line("pile", BySuit(obs.pile))
            .line("stock", obs.stock)
            .line(
                "stock from",
                Fmt(|f: &mut std::fmt::Formatter<'_>| {
                    if obs.restock == CardSet::FULL_DECK {
                        f.write_str("the whole deck")
                    } else {
                        write!(f, "{}", BySuit(obs.restock))
                    }
                }),
            )
            .line("cards", seats(p, |s| obs.hand_sizes[s]))
            .line("tokens", seats(p, |s| obs.tokens[s]))
            .line(
                "out",
                seat_list(Seat::all(p).filter(|&s| obs.out.is_out(s))),
            )
            .line("play goes", direction);
        if obs.over {
            t.line("game", "over");
        } else {
            t.line("to play", obs.turn);
        }
        t.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::{check, layout, relative};
    use crate::{Game, Params, Seat};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn game(players: usize, params: &[&str]) -> NinetyNine {
        NinetyNine::new(players, &Params::parse(params).unwrap()).unwrap()
    }

    fn play(card: &str, count: Count) -> NinetyNineAction {
        NinetyNineAction {
            card: card.parse().unwrap(),
            count,
        }
    }

    #[test]
    fn the_text_shows_the_own_hand_and_no_other() {
        crate::games::common::text::assert_hands_private(
            &game(4, &[]),
            4,
            |o: &NinetyNineObservation| o.hand,
        );
    }

    #[test]
    fn random_games_pass_the_encoding_check() {
        for players in 2..=6 {
            for params in [
                &["tokens=1"][..],
                &["tokens=2", "hand=3", "negative=false", "stock=play-on"],
            ] {
                let g = game(players, params);
                let r = check(&g, 0..6, 300);
                assert_eq!(r.games, 6);
                let len: usize = layout(&g).iter().map(|s| s.len).sum();
                assert_eq!(len, 5 * players + 261, "{players} players");
            }
        }
    }

    #[test]
    fn named_actions_have_the_documented_ids() {
        let g = game(3, &[]);
        assert_eq!(g.action_id(play("9C", Count::NinetyNine)), 9);
        assert_eq!(g.action_id(play("AS", Count::Add(1))), 63);
        assert_eq!(g.action_id(play("AS", Count::Add(11))), 67);
        assert_eq!(g.action_id(play("TD", Count::Add(10))), 26);
        assert_eq!(g.action_id(play("TD", Count::Add(-10))), 69);
        assert_eq!(g.num_distinct_actions(), 72);
    }

    #[test]
    fn the_hand_and_the_top_card_show_where_they_belong() {
        let g = game(4, &[]);
        let mut rng = ChaCha8Rng::seed_from_u64(6);
        let mut state = g.deal(&mut rng);
        let me = Seat::new(1);
        let obs = g.observe(&state, me);
        let mut t = Tensor::new();
        g.encode_observation(&obs, &mut t);
        let hand = t.get("hand").unwrap();
        for c in Card::all52() {
            assert_eq!(hand[c.index()] == 1.0, obs.hand.contains(c), "{c}");
        }
        let other = g.observe(&state, Seat::new(2)).hand;
        assert!(other.iter().all(|c| hand[c.index()] == 0.0));
        // The seat to play plays; its card shows on top, and the turn moves on.
        let mut legal = Vec::new();
        g.legal_actions(&state, &mut legal);
        let a = legal[0];
        g.apply(&mut state, a, &mut rng);
        let obs = g.observe(&state, me);
        t.clear();
        g.encode_observation(&obs, &mut t);
        assert_eq!(t.get("top").unwrap()[a.card.index()], 1.0);
        assert_eq!(t.get("top").unwrap().iter().sum::<f32>(), 1.0);
        assert_eq!(t.get("pile").unwrap()[a.card.index()], 1.0);
        assert_eq!(t.get("count").unwrap()[0], obs.count as f32 / 99.0);
        let turn = relative(obs.turn, me, 4);
        assert_eq!(t.get("turn").unwrap()[turn], 1.0);
    }
}
