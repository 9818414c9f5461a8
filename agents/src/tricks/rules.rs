//! The classical card-play rules of thumb of the trick-taking games ([`rule_of_thumb`]) and
//! what they look at ([`TableView`]): second hand low, third hand high, return partner's lead
//! and the rest, for any player count, with partners taken from the game's
//! [`Teams`](cardsim_engine::tricks::Teams).

use cardsim_engine::cards::{Card, CardSet, Rank, Suit};
use cardsim_engine::tricks::{CardOrder, Teams, TrickPlay, TrickTaking};
use cardsim_engine::Seat;

/// What the card-play rules of thumb look at, built from any trick game's observation.
#[derive(Clone, Copy, Debug)]
pub struct TableView<'a> {
    /// The seat whose card is chosen (for a declarer playing dummy's card: dummy's seat).
    pub seat: Seat,
    /// The game's partnerships: the seat's partners are the other seats of its team, and a
    /// seat alone in its team ([`Teams::solo`]) has none, so the rules about partners lapse.
    pub teams: Teams,
    /// The play of the hand as the deciding player sees it.
    pub play: &'a TrickPlay,
    /// The hand the card comes from.
    pub hand: CardSet,
    /// Other cards the deciding player can see in other hands (dummy, an exposed card).
    pub visible: CardSet,
    /// The legal cards.
    pub legal: CardSet,
    /// True when the side is declaring a contract (draw trumps, establish long suits).
    pub declarer: bool,
}

impl<'a> TableView<'a> {
    /// The view of `seat` in a game of the trick family from its observation's `play`: its
    /// hand there, `visible` cards of other hands, the cards among `legal`, the game's
    /// partnerships, declaring when `declarer` (who named trumps or made the contract) is on
    /// its side.
    ///
    /// ```
    /// use cardsim_agents::tricks::TableView;
    /// use cardsim_engine::games::whist::Whist;
    /// use cardsim_engine::{CardSet, Game, Params, SeatMask, ToMove};
    /// use rand::SeedableRng;
    /// let game = Whist::new(4, &Params::new()).unwrap();
    /// let state = game.deal(&mut rand_chacha::ChaCha8Rng::seed_from_u64(1));
    /// let ToMove::Seat(seat) = game.to_move(&state) else { unreachable!() };
    /// let play = state.play().masked(SeatMask(1 << seat.index()));
    /// let mut legal = Vec::new();
    /// game.legal_actions(&state, &mut legal);
    /// let view = TableView::new(&game, seat, &play, &legal, None, CardSet::EMPTY);
    /// assert_eq!(view.hand, state.play().hand(seat));
    /// assert_eq!(view.legal.len(), legal.len());
    /// assert!(!view.declarer);
    /// ```
    pub fn new<G: TrickTaking>(
        game: &G,
        seat: Seat,
        play: &'a TrickPlay,
        legal: &[G::Action],
        declarer: Option<Seat>,
        visible: CardSet,
    ) -> TableView<'a> {
        let teams = game.teams();
        TableView {
            seat,
            teams,
            play,
            hand: play.hand(seat),
            visible,
            legal: legal.iter().filter_map(|&a| G::card(a)).collect(),
            declarer: declarer.is_some_and(|d| teams.same(seat, d)),
        }
    }

    fn order(&self) -> &CardOrder {
        self.play.order()
    }

    /// True when `seat` is a partner: another seat of this seat's team.
    fn is_partner(&self, seat: Seat) -> bool {
        seat != self.seat && self.teams.same(seat, self.seat)
    }

    /// Cards of `suit` still held by players whose hands we cannot see.
    fn outstanding(&self, suit: Suit) -> CardSet {
        let known = self.play.record().played() | self.hand | self.visible;
        (self.play.record().deck() - known) & self.order().suit_cards(suit)
    }

    /// True when no unseen card of its suit beats `card`.
    fn is_master(&self, card: Card) -> bool {
        let o = self.order();
        let k = o.strength(card);
        self.outstanding(o.suit_of(card))
            .iter()
            .all(|c| o.strength(c) < k)
    }

    fn lowest(&self, cards: CardSet) -> Option<Card> {
        let o = self.order();
        cards.iter().min_by_key(|&c| (o.strength(c), c.index()))
    }

    fn highest(&self, cards: CardSet) -> Option<Card> {
        let o = self.order();
        cards.iter().max_by_key(|&c| (o.strength(c), c.index()))
    }

    /// The cheapest card of `cards` that is as good as its highest: the bottom of the top
    /// sequence, counting played cards as gone.
    fn bottom_of_top(&self, cards: CardSet) -> Option<Card> {
        let o = self.order();
        let mut best = self.highest(cards)?;
        let suit = o.suit_of(best);
        let others = self.outstanding(suit) | (self.visible & o.suit_cards(suit));
        loop {
            let below = cards
                .iter()
                .filter(|&c| o.strength(c) < o.strength(best))
                .max_by_key(|&c| o.strength(c));
            match below {
                Some(b)
                    if !others.iter().any(|c| {
                        o.strength(c) > o.strength(b) && o.strength(c) < o.strength(best)
                    }) =>
                {
                    best = b
                }
                _ => return Some(best),
            }
        }
    }

    /// The cheapest card of `cards` that would take the trick as it stands.
    fn cheapest_winner(&self, cards: CardSet) -> Option<Card> {
        let trick = self.play.trick();
        let (_, best) = trick.winner(self.order())?;
        let led = self.order().suit_of(trick.led()?);
        let winners: CardSet = cards
            .iter()
            .filter(|&c| self.order().beats(c, best, led))
            .collect();
        // Prefer a card of the led suit over a trump, then the weakest.
        let following = winners & self.order().suit_cards(led);
        self.lowest(if following.is_empty() {
            winners
        } else {
            following
        })
    }

    /// The card to throw away: the lowest card of a plain suit that holds no master, keeping
    /// trumps and winners; the lowest card overall when everything is precious.
    fn discard(&self) -> Card {
        let o = self.order();
        let plain: CardSet = self.legal - o.trump_cards();
        let cheap: CardSet = plain.iter().filter(|&c| !self.is_master(c)).collect();
        // Throw from the shortest suit among those with expendable cards, to make a void.
        let pick = Suit::ALL
            .iter()
            .map(|&s| cheap & o.suit_cards(s))
            .filter(|s| !s.is_empty())
            .min_by_key(|s| {
                (self.hand & o.suit_cards(o.suit_of(s.lowest().expect("non-empty")))).len()
            })
            .and_then(|s| self.lowest(s));
        pick.or_else(|| self.lowest(plain))
            .or_else(|| self.lowest(self.legal))
            .expect("a legal card")
    }

    fn lead(&self) -> Card {
        let o = self.order();
        let trumps = self.hand & o.trump_cards();
        let opp_trumps_out = o.trump().is_some_and(|t| !self.outstanding(t).is_empty());
        // Declarer basics: draw trumps while the defenders may hold some.
        if self.declarer && opp_trumps_out && !trumps.is_empty() {
            let t = trumps | (self.visible & o.trump_cards());
            if t.len() >= 5 || trumps.iter().any(|c| self.is_master(c)) {
                let masters: CardSet = trumps.iter().filter(|&c| self.is_master(c)).collect();
                return self
                    .lowest(masters)
                    .or_else(|| self.lowest(trumps))
                    .expect("a trump");
            }
        }
        // Return partner's lead.
        let partner_led = Seat::all(self.play.players())
            .filter(|&s| self.is_partner(s))
            .fold(CardSet::EMPTY, |acc, s| acc | self.play.record().led_by(s));
        for c in partner_led.iter() {
            let suit = o.suit_of(c);
            if Some(suit) == o.trump() {
                continue;
            }
            let mine = self.hand & o.suit_cards(suit);
            if !mine.is_empty() {
                return if mine.len() <= 2 {
                    self.highest(mine)
                } else {
                    self.bottom_of_top(mine)
                        .filter(|&c| self.is_master(c))
                        .or_else(|| self.lowest(mine))
                }
                .expect("non-empty");
            }
        }
        // Cash a master card in a plain suit where nobody has shown out.
        let voids_shown = Seat::all(self.play.players())
            .filter(|&s| !self.teams.same(s, self.seat))
            .fold(CardSet::EMPTY, |acc, s| {
                acc | self.play.record().excluded(s)
            });
        for c in (self.hand - o.trump_cards()).iter() {
            let suit_cards = o.suit_cards(o.suit_of(c));
            if self.is_master(c)
                && (voids_shown & suit_cards & CardSet::FULL_DECK).is_empty()
                && !self.outstanding(o.suit_of(c)).is_empty()
            {
                return c;
            }
        }
        // Lead trumps from five or more.
        if trumps.len() >= 5 && opp_trumps_out {
            return self.bottom_of_top(trumps).expect("trumps");
        }
        // Lead from the longest plain suit (counting dummy's cards for a declarer): top of a
        // sequence headed by an honour, else fourth best.
        let plain = self.hand - o.trump_cards();
        let pool = if plain.is_empty() { self.hand } else { plain };
        let suit = Suit::ALL
            .iter()
            .copied()
            .filter(|&s| !(pool & o.suit_cards(s)).is_empty())
            .max_by_key(|&s| {
                let mine = pool & o.suit_cards(s);
                let length = mine.len()
                    + if self.declarer {
                        (self.visible & o.suit_cards(s)).len()
                    } else {
                        0
                    };
                (length, self.highest(mine).map_or(0, |c| o.strength(c)))
            })
            .expect("a card to lead");
        let cards = pool & o.suit_cards(suit);
        let top = self.highest(cards).expect("non-empty");
        let seq = self.bottom_of_top(cards).expect("non-empty");
        let honour = !top.is_joker() && top.rank() >= Rank::Ten;
        if honour && (seq != top || self.is_master(top)) {
            return top;
        }
        // Fourth best (or the lowest of a shorter suit), without allocating: take the
        // strongest card four times, the lower index first among equals.
        let mut rest = cards;
        let mut pick = top;
        for _ in 0..4 {
            match rest
                .iter()
                .max_by_key(|&c| (o.strength(c), std::cmp::Reverse(c.index())))
            {
                Some(c) => {
                    pick = c;
                    rest.remove(c);
                }
                None => break,
            }
        }
        pick
    }
}

/// The classical card-play rules of thumb for trick games of any size, with or without
/// partners (partners come from [`TableView::teams`]; with none, the rules about partners
/// lapse and the partnership rules below read as "every other seat is an opponent"):
///
/// - **leading:** return partner's lead; cash a master card in a plain suit nobody has shown
///   out of; lead trumps from five or more; otherwise lead from the longest plain suit, the top
///   of an honour sequence or the fourth best. A declaring side first draws trumps;
/// - **second hand low**, except **cover an honour with an honour**;
/// - **third hand high** (the cheapest of equals), unless partner's card already wins and is
///   a master;
/// - **fourth hand** wins as cheaply as possible, or plays low when partner has the trick;
/// - **void:** trump when it helps (an opponent is winning), over-ruffing cheaply; otherwise
///   discard the lowest expendable card.
///
/// ```
/// use cardsim_agents::tricks::{rule_of_thumb, TableView};
/// use cardsim_engine::cards::{CardSet, Suit};
/// use cardsim_engine::tricks::{CardOrder, Obligation, Teams, TrickPlay};
/// use cardsim_engine::Seat;
/// let hands = ["AS 2H 3H", "KS 4H 5H", "QS QH 6H", "2S KH 7H"].map(|h| h.parse::<CardSet>().unwrap());
/// let mut play = TrickPlay::new(4, &hands, Seat::new(1), CardOrder::ace_high(None), Obligation::FollowSuit);
/// play.play("4H".parse().unwrap()); // seat 1 leads a low heart
/// let view = TableView { seat: Seat::new(2), teams: Teams::alternating(4, 2), play: &play,
///     hand: hands[2], visible: CardSet::EMPTY, legal: "QH 6H".parse().unwrap(), declarer: false };
/// assert_eq!(rule_of_thumb(&view).to_string(), "6H"); // second hand low
/// ```
pub fn rule_of_thumb(view: &TableView) -> Card {
    if view.legal.len() == 1 {
        return view.legal.lowest().expect("one card");
    }
    let o = view.order();
    let trick = view.play.trick();
    let Some(led) = trick.led() else {
        let c = view.lead();
        return if view.legal.contains(c) {
            c
        } else {
            view.lowest(view.legal).expect("legal")
        };
    };
    let led_suit = o.suit_of(led);
    let (winner_seat, winner_card) = trick.winner(o).expect("a led trick");
    let partner_wins = view.is_partner(winner_seat);
    let following = !(view.legal & o.suit_cards(led_suit)).is_empty();
    let active = view.play.active().0.count_ones() as usize;
    let position = trick.len() + 1; // 2 = second hand, ...
    let last = position == active;
    if following {
        let suit_cards = view.legal & o.suit_cards(led_suit);
        if partner_wins
            && (last || view.is_master(winner_card) || o.is_trump(winner_card) && !o.is_trump(led))
        {
            return view.lowest(suit_cards).expect("non-empty");
        }
        if position == 2 && !last {
            // Cover an honour with an honour.
            let honour = |c: Card| !c.is_joker() && c.rank() >= Rank::Jack;
            if honour(led) && !o.is_trump(winner_card)
                || honour(winner_card) && o.suit_of(winner_card) == led_suit
            {
                let covers: CardSet = suit_cards
                    .iter()
                    .filter(|&c| honour(c) && o.beats(c, winner_card, led_suit))
                    .collect();
                if let Some(c) = view.lowest(covers) {
                    return c;
                }
            }
            // Second hand low, unless holding a master that wins now.
            return view.lowest(suit_cards).expect("non-empty");
        }
        if last {
            return view
                .cheapest_winner(suit_cards)
                .or_else(|| view.lowest(suit_cards))
                .expect("non-empty");
        }
        // Third hand high: the cheapest of our top equals, if it beats the trick.
        let top = view.bottom_of_top(suit_cards).expect("non-empty");
        if o.beats(top, winner_card, led_suit) {
            return top;
        }
        return view.lowest(suit_cards).expect("non-empty");
    }
    // Void in the suit led.
    let trumps = view.legal & o.trump_cards();
    let partner_safe =
        partner_wins && (last || view.is_master(winner_card) || o.is_trump(winner_card));
    if !trumps.is_empty() && !partner_safe {
        if let Some(c) = view.cheapest_winner(trumps) {
            return c;
        }
    }
    view.discard()
}

#[cfg(test)]
mod tests {
    use super::*;
    use cardsim_engine::tricks::Obligation;

    fn view<'a>(play: &'a TrickPlay, seat: usize) -> TableView<'a> {
        let seat = Seat::new(seat);
        TableView {
            seat,
            teams: Teams::alternating(4, 2),
            play,
            hand: play.hand(seat),
            visible: CardSet::EMPTY,
            legal: play.legal(),
            declarer: false,
        }
    }

    fn table(hands: [&str; 4], leader: usize, trump: Option<Suit>) -> TrickPlay {
        let hands = hands.map(|h| h.parse::<CardSet>().unwrap());
        TrickPlay::new(
            4,
            &hands,
            Seat::new(leader),
            CardOrder::ace_high(trump),
            Obligation::FollowSuit,
        )
    }

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn second_hand_low_but_cover_an_honour() {
        let mut p = table(["2C 3C", "QH 4D", "KH 5H", "AH 6H"], 1, None);
        p.play(c("QH"));
        assert_eq!(
            rule_of_thumb(&view(&p, 2)),
            c("KH"),
            "cover the queen with the king"
        );
        let mut p = table(["2C 3C", "4H 4D", "KH 5H", "AH 6H"], 1, None);
        p.play(c("4H"));
        assert_eq!(rule_of_thumb(&view(&p, 2)), c("5H"), "second hand low");
    }

    #[test]
    fn third_hand_high_and_fourth_hand_cheap() {
        let mut p = table(["KH QH 2H", "5H 6D", "3H 4H", "9H 8D"], 2, None);
        p.play(c("3H"));
        p.play(c("9H"));
        // Third hand (seat 0) plays the cheapest of K-Q.
        assert_eq!(rule_of_thumb(&view(&p, 0)), c("QH"));
        p.play(c("QH"));
        // Fourth hand cannot win with a heart: plays its lowest.
        assert_eq!(rule_of_thumb(&view(&p, 1)), c("5H"));
        let mut p = table(["2S 3S", "AH JH 7H", "TH 4S", "8S 9S"], 2, None);
        p.play(c("TH"));
        p.play(c("8S"));
        p.play(c("2S"));
        // Fourth hand wins as cheaply as possible: the jack, not the ace.
        assert_eq!(rule_of_thumb(&view(&p, 1)), c("JH"));
    }

    #[test]
    fn partner_winning_means_low_and_void_means_trump_when_it_helps() {
        // Partner (seat 0) wins with the master ace: seat 2 plays low.
        let mut p = table(["AH 2C", "5H 3C", "KH 6H", "4H 4C"], 0, Some(Suit::Spades));
        p.play(c("AH"));
        p.play(c("5H"));
        assert_eq!(rule_of_thumb(&view(&p, 2)), c("6H"));
        // Void with a trump when an opponent is winning: ruff.
        let mut p = table(["2S 3C", "AH 4C", "KH 6H", "4H 4D"], 1, Some(Suit::Spades));
        p.play(c("AH"));
        p.play(c("KH"));
        p.play(c("4H"));
        assert_eq!(rule_of_thumb(&view(&p, 0)), c("2S"));
    }

    #[test]
    fn leads_return_partners_suit_and_come_from_length() {
        let p = table(["8C 7C 6C 5C 2D", "AS", "KS", "QS"], 0, Some(Suit::Hearts));
        // Longest suit, no honour: fourth best.
        assert_eq!(rule_of_thumb(&view(&p, 0)), c("5C"));
        let p = table(["KC QC JC 5C 2D", "AS", "KS", "QS"], 0, Some(Suit::Hearts));
        assert_eq!(rule_of_thumb(&view(&p, 0)), c("KC"), "top of a sequence");
    }

    /// `hands` around a table of `hands.len()` seats, `leader` to lead, notrump, and a view
    /// for `seat` under `teams`.
    fn view_with<'a>(play: &'a TrickPlay, seat: usize, teams: Teams) -> TableView<'a> {
        TableView {
            teams,
            ..view(play, seat)
        }
    }

    fn table_of(hands: &[&str], leader: usize) -> TrickPlay {
        let hands: Vec<CardSet> = hands.iter().map(|h| h.parse().unwrap()).collect();
        TrickPlay::new(
            hands.len(),
            &hands,
            Seat::new(leader),
            CardOrder::ace_high(None),
            Obligation::FollowSuit,
        )
    }

    /// Partners come from the teams, at any table size: the last hand lets a partner's trick
    /// stand and beats an opponent's, and without partners every other seat is an opponent.
    #[test]
    fn partners_come_from_the_teams_at_any_table_size() {
        // Three seats: seat 0's king of hearts is winning when seat 2 plays last.
        let mut p = table_of(&["KH 3C", "5H 4C", "AH 2H"], 0);
        p.play(c("KH"));
        p.play(c("5H"));
        let alone = view_with(&p, 2, Teams::solo(3));
        assert_eq!(rule_of_thumb(&alone), c("AH"), "no partner: win the trick");
        let partners = view_with(&p, 2, Teams::alternating(3, 2)); // seats 0 and 2
        assert_eq!(
            rule_of_thumb(&partners),
            c("2H"),
            "partner's trick: play low"
        );
        // Six seats: seat 1's king is winning when seat 5 plays last; in two teams of three
        // seat 1 is seat 5's partner, in three teams of two (or alone) it is an opponent.
        let mut p = table_of(&["5H 3C", "KH 4C", "6H 5C", "7H 6C", "8H 7C", "AH 2H"], 0);
        for card in ["5H", "KH", "6H", "7H", "8H"] {
            p.play(c(card));
        }
        assert_eq!(
            rule_of_thumb(&view_with(&p, 5, Teams::alternating(6, 2))),
            c("2H")
        );
        assert_eq!(
            rule_of_thumb(&view_with(&p, 5, Teams::alternating(6, 3))),
            c("AH")
        );
        assert_eq!(rule_of_thumb(&view_with(&p, 5, Teams::solo(6))), c("AH"));
    }

    /// Returning partner's lead needs a partner: alone, the lead comes from length.
    #[test]
    fn only_a_partner_s_lead_is_returned() {
        let mut p = table_of(
            &[
                "AD 2D 8C 7C 6C 5C",
                "5D KS QS JS TS 9S",
                "3D 2H 3H 4H 5H 6H",
                "4D 7H 8H 9H TH JH",
            ],
            2,
        );
        for card in ["3D", "4D", "AD", "5D"] {
            p.play(c(card));
        }
        assert_eq!(p.to_play(), Seat::new(0));
        assert_eq!(
            rule_of_thumb(&view(&p, 0)),
            c("2D"),
            "return partner's diamond"
        );
        let alone = view_with(&p, 0, Teams::solo(4));
        assert_eq!(
            rule_of_thumb(&alone),
            c("5C"),
            "fourth best of the longest suit"
        );
    }
}
