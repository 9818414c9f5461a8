//! Bridge's [`Encoding`]: action ids and the observation tensor.
//!
//! **Action ids** (102):
//!
//! | ids      | action                                                  |
//! |----------|---------------------------------------------------------|
//! | 0..64    | play the card with that [`Card::index`] (`16·suit + rank slot`: 2C = 2, AS = 63) |
//! | 64       | `Pass`                                                  |
//! | 65..100  | the bid with [`Bid::index`](super::Bid::index) `i` has id `65 + i` (1C = 65, 1NT = 69, 7NT = 99) |
//! | 100      | `X` (double)                                            |
//! | 101      | `XX` (redouble)                                         |
//!
//! **Observation tensor** (1,543 entries; seats relative to the observer: entry `k` is the
//! seat `k` places to its left; "our side" is the observer's partnership):
//!
//! | segment                | length | meaning                                                  |
//! |------------------------|--------|----------------------------------------------------------|
//! | `phase`                | 3      | one-hot: auction, play, over                             |
//! | `dealer`               | 4      | one-hot seat                                             |
//! | `to_move`              | 4      | one-hot: the seat that acts next (the declarer for dummy) |
//! | `vulnerable`           | 2      | our side, their side                                     |
//! | `score.games`          | 2      | rubber games won by our side, their side, / 2            |
//! | `score.part`           | 2      | points below the line in the game in progress, / 100     |
//! | `score.total`          | 2      | rubber totals (above and below the line), / 2000         |
//! | `deals`                | 1      | deals dealt so far, / 10                                 |
//! | `auction.passes`       | 4      | the seats that passed before the first bid               |
//! | `auction.bids`         | 140    | entry `4·b + k`: seat `k` made the bid with index `b`    |
//! | `auction.doubles`      | 140    | entry `4·b + k`: seat `k` doubled bid `b`                |
//! | `auction.redoubles`    | 140    | entry `4·b + k`: seat `k` redoubled bid `b`              |
//! | `contract.bid`         | 35     | one-hot: the contract's bid, by [`Bid::index`](super::Bid::index)           |
//! | `contract.risk`        | 3      | one-hot: undoubled, doubled, redoubled                   |
//! | `contract.declarer`    | 4      | one-hot seat                                             |
//! | `contract.dummy`       | 4      | one-hot seat                                             |
//! | the card play          | 1,053  | [`encode_play`](crate::tricks::encode_play) with 4 seats and 13 tricks: `hands` (own hand, dummy's once exposed), `hand_sizes`, `trick`, `trick.leader`, `trick.led_suit`, `trick.to_play`, `trump`, `played`, `voids`, `tricks_won`, `tricks_played`, `active` |
//!
//! The contract segments are all 0 before the auction ends.

use super::{
    Auction, Bridge, BridgeAction, BridgeObservation, BridgeState, Call, Contract, Phase, Risk,
    Rubber,
};
use crate::cards::Card;
use crate::encoding::{relative, Encoding, Tensor};
use crate::games::common::text::{teams, yes_no, Fmt, ObsText};
use crate::seat::{Seat, SeatMask};
use crate::tricks::text::{write_hands, write_play};
use crate::tricks::{encode_play_seen, TrickPlay};

/// The id of `Pass`; bids follow it, then double and redouble.
const PASS: usize = Card::SLOTS;

impl Encoding for Bridge {
    fn num_distinct_actions(&self) -> usize {
        PASS + 38
    }

    fn action_id(&self, action: BridgeAction) -> usize {
        match action {
            BridgeAction::Play(c) => c.index(),
            BridgeAction::Call(Call::Pass) => PASS,
            BridgeAction::Call(Call::Bid(b)) => PASS + 1 + b.index(),
            BridgeAction::Call(Call::Double) => PASS + 36,
            BridgeAction::Call(Call::Redouble) => PASS + 37,
        }
    }

    fn encode_observation(&self, obs: &BridgeObservation, out: &mut Tensor) {
        let visible = SeatMask::all(4);
        self.encode_view(&View::of(obs), visible, out);
    }

    fn encode_state(&self, state: &BridgeState, seat: Seat, out: &mut Tensor) {
        // What `observe` shows, read in place: the auction and the tricks are not copied.
        let mut visible = SeatMask(1 << seat.index());
        if state.dummy_exposed() {
            if let Some(d) = state.dummy() {
                visible.0 |= 1 << d.index();
            }
        }
        let view = View {
            seat,
            phase: state.phase,
            dealer: state.dealer,
            deals: state.deals,
            rubber: &state.rubber,
            vulnerable: self.vulnerable(state),
            auction: &state.auction,
            contract: state.contract,
            play: &state.play,
        };
        self.encode_view(&view, visible, out);
    }

    fn observation_string(&self, obs: &BridgeObservation) -> String {
        let phase = match obs.phase {
            Phase::Auction => "auction",
            Phase::Play => "play",
            Phase::Over => "over",
        };
        let mut t = ObsText::new(obs.seat, 4, format_args!("dealer {}, {phase}", obs.dealer));
        t.line("vulnerable", teams(&obs.vulnerable.map(yes_no), 4));
        let r = &obs.rubber;
        t.line("games", teams(&r.games(), 4))
            .line("part score", teams(&r.game_score(), 4))
            .line("total", teams(&r.totals(), 4))
            .line("deals", obs.deals);
        let calls = obs.auction.calls();
        t.line(
            "auction",
            Fmt(|f: &mut std::fmt::Formatter<'_>| {
                if calls.is_empty() {
                    f.write_str("-")?;
                }
                for (i, call) in calls.iter().enumerate() {
                    let sep = if i > 0 { " " } else { "" };
                    write!(f, "{sep}{}:{call}", obs.auction.caller(i))?;
                }
                Ok(())
            }),
        );
        if let Some(k) = obs.contract {
            t.line(
                "contract",
                format_args!("{k}, dummy {}", k.declarer.left(2, 4)),
            );
        }
        match obs.phase {
            Phase::Auction => {
                t.line("to call", obs.auction.to_call());
                write_hands(&mut t, &obs.play, obs.seat);
            }
            Phase::Play | Phase::Over => write_play(&mut t, &obs.play, obs.seat),
        }
        t.finish()
    }
}

/// What the tensor shows, borrowed from an observation or straight from a state.
struct View<'a> {
    seat: Seat,
    phase: Phase,
    dealer: Seat,
    deals: u32,
    rubber: &'a Rubber,
    vulnerable: [bool; 2],
    auction: &'a Auction,
    contract: Option<Contract>,
    /// The play; only the hands of the seats the observer sees are shown.
    play: &'a TrickPlay,
}

impl<'a> View<'a> {
    fn of(obs: &'a BridgeObservation) -> View<'a> {
        View {
            seat: obs.seat,
            phase: obs.phase,
            dealer: obs.dealer,
            deals: obs.deals,
            rubber: &obs.rubber,
            vulnerable: obs.vulnerable,
            auction: &obs.auction,
            contract: obs.contract,
            play: &obs.play,
        }
    }
}

impl Bridge {
    /// The tensor of the module docs, from `v`, the hands of the seats outside `visible`
    /// left out.
    fn encode_view(&self, v: &View<'_>, visible: SeatMask, out: &mut Tensor) {
        let me = v.seat;
        let phase = match v.phase {
            Phase::Auction => 0,
            Phase::Play => 1,
            Phase::Over => 2,
        };
        out.one_hot("phase", Some(phase), 3);
        out.seat_one_hot("dealer", Some(v.dealer), me, 4);
        let to_move = match (v.phase, v.contract) {
            (Phase::Auction, _) => Some(v.auction.to_call()),
            (Phase::Play, Some(k)) if v.play.to_play() == k.declarer.left(2, 4) => Some(k.declarer),
            (Phase::Play, _) => Some(v.play.to_play()),
            (Phase::Over, _) => None,
        };
        out.seat_one_hot("to_move", to_move, me, 4);
        let ours = Bridge::teams().team(me);
        let sides = |v: [f32; 2]| [v[ours], v[1 - ours]];
        let vul = v.vulnerable.map(|v| f32::from(u8::from(v)));
        out.values_of("vulnerable", &sides(vul));
        let r = v.rubber;
        out.values_of("score.games", &sides(r.games().map(|g| f32::from(g) / 2.0)));
        out.values_of(
            "score.part",
            &sides(r.game_score().map(|p| p as f32 / 100.0)),
        );
        out.values_of("score.total", &sides(r.totals().map(|p| p as f32 / 2000.0)));
        out.scalar("deals", v.deals as f32 / 10.0);

        let [passes, bids, doubles, redoubles] = out.split([
            ("auction.passes", 4),
            ("auction.bids", 4 * 35),
            ("auction.doubles", 4 * 35),
            ("auction.redoubles", 4 * 35),
        ]);
        let mut last_bid = None;
        for (i, &call) in v.auction.calls().iter().enumerate() {
            let k = relative(v.auction.caller(i), me, 4);
            match (call, last_bid) {
                (Call::Pass, None) => passes[k] = 1.0,
                (Call::Pass, Some(_)) => {}
                (Call::Bid(b), _) => {
                    last_bid = Some(b.index());
                    bids[4 * b.index() + k] = 1.0;
                }
                (Call::Double, Some(b)) => doubles[4 * b + k] = 1.0,
                (Call::Redouble, Some(b)) => redoubles[4 * b + k] = 1.0,
                (Call::Double | Call::Redouble, None) => {
                    unreachable!("a legal auction doubles only a bid")
                }
            }
        }

        let k = v.contract;
        out.one_hot("contract.bid", k.map(|k| k.bid.index()), 35);
        let risk = k.map(|k| match k.risk {
            Risk::Undoubled => 0,
            Risk::Doubled => 1,
            Risk::Redoubled => 2,
        });
        out.one_hot("contract.risk", risk, 3);
        out.seat_one_hot("contract.declarer", k.map(|k| k.declarer), me, 4);
        out.seat_one_hot("contract.dummy", k.map(|k| k.declarer.left(2, 4)), me, 4);
        encode_play_seen(out, v.play, visible, me, 13);
    }
}

#[cfg(test)]
mod tests {
    use super::super::Bid;
    use super::*;
    use crate::cards::CardSet;
    use crate::encoding::{check, layout};
    use crate::seat::Seat;
    use crate::{Game, Params};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn game(params: &[&str]) -> Bridge {
        Bridge::new(4, &Params::parse(params).unwrap()).unwrap()
    }

    fn segment<'t>(t: &'t Tensor, name: &str) -> &'t [f32] {
        let s = t.segments().iter().find(|s| s.name == name).unwrap();
        &t.values()[s.offset..s.offset + s.len]
    }

    fn encode(game: &Bridge, obs: &BridgeObservation) -> Tensor<'static> {
        let mut t = Tensor::new();
        game.encode_observation(obs, &mut t);
        t
    }

    #[test]
    fn random_games_pass_the_encoding_check() {
        for params in [&["scoring=deal"][..], &["scoring=rubber", "max_deals=3"]] {
            let r = check(&game(params), 0..30, 400);
            assert_eq!(r.games, 30);
            assert!(r.decisions > 30 * 52, "{r:?}");
        }
    }

    #[test]
    fn the_text_shows_the_auction_the_own_hand_and_no_other() {
        let g = game(&["scoring=deal"]);
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut state = g.deal(&mut rng);
        for c in ["1H", "X", "Pass"] {
            g.apply(&mut state, c.parse().unwrap(), &mut rng);
        }
        let me = Seat::new(2);
        let text = g.observation_string(&g.observe(&state, me));
        assert!(
            text.starts_with("seat 2 of 4, dealer 0, auction\n"),
            "{text}"
        );
        assert!(text.contains("auction: 0:1H 1:X 2:Pass\n"), "{text}");
        let others = state.play().hand(Seat::new(0)) | state.play().hand(Seat::new(1));
        crate::games::common::text::assert_shows(&text, state.play().hand(me), others);
        crate::tricks::text::assert_text_shows_own_hand(&g, 5, Seat::new(1), |_| {
            crate::CardSet::EMPTY
        });
    }

    #[test]
    fn the_layout_is_the_documented_one() {
        let l = layout(&game(&[]));
        let len: usize = l.iter().map(|s| s.len).sum();
        assert_eq!(len, 1543);
        assert_eq!(l[0].name, "phase");
        assert_eq!(l.last().unwrap().name, "active");
    }

    #[test]
    fn named_actions_have_the_documented_ids() {
        let g = game(&[]);
        let id = |s: &str| g.action_id(s.parse::<BridgeAction>().unwrap());
        assert_eq!(id("C2"), 2);
        assert_eq!(id("SA"), 63);
        assert_eq!(id("Pass"), 64);
        assert_eq!(id("1C"), 65);
        assert_eq!(id("1NT"), 69);
        assert_eq!(id("7NT"), 99);
        assert_eq!(id("X"), 100);
        assert_eq!(id("XX"), 101);
        assert_eq!(g.num_distinct_actions(), 102);
    }

    #[test]
    fn the_hand_plane_is_the_seats_hand_and_the_auction_is_by_relative_seat() {
        let g = game(&["scoring=deal"]);
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut state = g.deal(&mut rng);
        // Seat 0 deals and opens 1H; seat 1 doubles; seat 2 passes.
        for c in ["1H", "X", "Pass"] {
            g.apply(&mut state, c.parse().unwrap(), &mut rng);
        }
        let me = Seat::new(2);
        let t = encode(&g, &g.observe(&state, me));
        let hands = segment(&t, "hands");
        let mine: CardSet = state.play().hand(me);
        for c in Card::all52() {
            assert_eq!(hands[c.index()] == 1.0, mine.contains(c), "{c}");
        }
        assert!(
            hands[64..].iter().all(|&v| v == 0.0),
            "an opponent's card shows"
        );
        let one_h = "1H".parse::<Bid>().unwrap().index();
        // Seat 0 sits 2 places to seat 2's left, seat 1 three places.
        assert_eq!(segment(&t, "auction.bids")[4 * one_h + 2], 1.0);
        assert_eq!(segment(&t, "auction.bids").iter().sum::<f32>(), 1.0);
        assert_eq!(segment(&t, "auction.doubles")[4 * one_h + 3], 1.0);
        assert_eq!(segment(&t, "dealer"), &[0.0, 0.0, 1.0, 0.0]);
        assert_eq!(segment(&t, "to_move"), &[0.0, 1.0, 0.0, 0.0]);
    }

    #[test]
    fn dummys_hand_and_the_lead_show_at_their_seats() {
        let g = game(&["scoring=deal"]);
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let mut state = g.deal(&mut rng);
        // Seat 0 declares 1NT; seat 1 leads; seat 2 is dummy.
        for c in ["1NT", "Pass", "Pass", "Pass"] {
            g.apply(&mut state, c.parse().unwrap(), &mut rng);
        }
        let lead = state.play().legal().iter().next().unwrap();
        g.apply(&mut state, BridgeAction::Play(lead), &mut rng);
        let me = Seat::new(3);
        let t = encode(&g, &g.observe(&state, me));
        // Dummy (seat 2) is 3 places to seat 3's left; the leader (seat 1) 2 places.
        let dummy = state.play().hand(Seat::new(2));
        let hands = segment(&t, "hands");
        for c in Card::all52() {
            assert_eq!(hands[3 * 64 + c.index()] == 1.0, dummy.contains(c), "{c}");
        }
        assert!(hands[64..2 * 64].iter().all(|&v| v == 0.0));
        assert_eq!(segment(&t, "trick")[2 * 64 + lead.index()], 1.0);
        assert_eq!(segment(&t, "trick").iter().sum::<f32>(), 1.0);
        assert_eq!(segment(&t, "contract.declarer"), &[0.0, 1.0, 0.0, 0.0]);
        assert_eq!(
            segment(&t, "contract.bid")["1NT".parse::<Bid>().unwrap().index()],
            1.0
        );
        assert_eq!(segment(&t, "phase"), &[0.0, 1.0, 0.0]);
    }
}
