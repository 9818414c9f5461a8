//! A "beat the last play or pick up" phase, as in the second half of Mattis and Myllymatti
//! (Durak and Skitgubbe are relatives): a trump suit, a trick that grows play by play, each
//! play beating the last, and a player who cannot (or, where allowed, will not) beat picking up
//! from the table. Players go out as their hands empty; the last one left holding cards loses.
//!
//! One [`Beating`] holds the whole phase: hands, what everyone knows of them, the table, who
//! is out. [`BeatRules`] choose the variant: whether runs of consecutive cards may be played
//! as one play, which play a player who cannot beat picks up (the lowest, Mattis; the last,
//! Myllymatti), and whether he may pick up when he could beat.
//!
//! ```
//! use cardsim_engine::games::common::{beats, BeatMove, BeatRules, Beating, Run, Take};
//! use cardsim_engine::{BySeat, Card, CardSet, Seat, Suit};
//! let c = |s: &str| s.parse::<Card>().unwrap();
//! let mut hands = BySeat::<CardSet>::default();
//! hands[Seat::new(0)] = "5H 6H 7H 2C".parse().unwrap();
//! hands[Seat::new(1)] = "8H 2S".parse().unwrap();
//! let rules = BeatRules { runs: true, take: Take::Lowest, may_decline: false };
//! let mut b = Beating::new(2, hands, hands, Suit::Spades, Seat::new(0));
//! b.apply(&rules, BeatMove::Play(Run::new(c("5H"), 3)));
//! // The eight of hearts beats the run 5-7, and so does any trump.
//! assert!(beats(Run::single(c("8H")), Run::new(c("5H"), 3), Suit::Spades));
//! let mut legal = Vec::new();
//! b.legal(&rules, &mut legal);
//! assert_eq!(legal.len(), 2);
//! b.apply(&rules, BeatMove::Play(Run::single(c("8H"))));
//! // Two plays complete the trick of two players: discarded, and seat 1 leads its 2S.
//! assert!(b.table().is_empty() && b.turn() == Seat::new(1));
//! b.apply(&rules, BeatMove::Play(Run::single(c("2S"))));
//! // Seat 1 is out; seat 0 is the last with cards: the mattis.
//! assert!(b.is_over() && b.out().is_out(Seat::new(1)));
//! assert_eq!(b.outcome()[Seat::new(1)].place, 1);
//! ```

use super::Eliminations;
use crate::cards::{Card, CardSet, Rank, Suit};
use crate::game::{rank_by_score, Outcome};
use crate::seat::{BySeat, Seat, MAX_SEATS};
use crate::tricks::HiddenHand;
use arrayvec::ArrayVec;
use std::fmt;

/// The position of a rank in the 52-card order, two (0) to ace (12).
fn rank_pos(r: Rank) -> usize {
    let s = r.slot() as usize;
    if s < 12 {
        s - 2
    } else {
        s - 3
    }
}

/// One play: a single card, or a run of `len` consecutive cards of one suit from `low` up (ace
/// high only: no run goes round the corner from ace to two).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Run {
    /// The lowest card.
    pub low: Card,
    /// How many cards, at least 1.
    pub len: u8,
}

impl Run {
    /// A run of `len` cards from `low` up.
    ///
    /// # Panics
    /// If the run would go past the ace or is empty.
    pub fn new(low: Card, len: u8) -> Run {
        assert!(
            len >= 1 && rank_pos(low.rank()) + len as usize <= Rank::COUNT,
            "no run of {len} from {low}"
        );
        Run { low, len }
    }

    /// One card.
    pub fn single(card: Card) -> Run {
        Run { low: card, len: 1 }
    }

    /// The suit.
    pub fn suit(self) -> Suit {
        self.low.suit()
    }

    /// The highest card.
    pub fn high(self) -> Card {
        let pos = rank_pos(self.low.rank()) + self.len as usize - 1;
        Card::new(Rank::ALL[pos], self.suit())
    }

    /// Its cards.
    pub fn cards(self) -> CardSet {
        let pos = rank_pos(self.low.rank());
        Rank::ALL[pos..pos + self.len as usize]
            .iter()
            .map(|&r| Card::new(r, self.suit()))
            .collect()
    }
}

impl fmt::Display for Run {
    /// `7H` for one card, `5H-7H` for a run.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.len == 1 {
            write!(f, "{}", self.low)
        } else {
            write!(f, "{}-{}", self.low, self.high())
        }
    }
}

/// True when `play` beats `target` with `trump` as trumps: every card of `play` outranks every
/// card of `target` in the same suit (its lowest card above the other's highest), or `play` is
/// trump and `target` is not. For single cards this is the usual "higher of the same suit, or a
/// trump"; a run is as high as its top card and as low as its bottom card.
pub fn beats(play: Run, target: Run, trump: Suit) -> bool {
    if play.suit() == target.suit() {
        play.low.rank() > target.high().rank()
    } else {
        play.suit() == trump
    }
}

/// The cards that would beat `target` on their own (a run beats it exactly when its lowest card
/// does): the higher cards of its suit and, if it is not trump, every trump.
pub fn beaters(target: Run, trump: Suit) -> CardSet {
    let suit = target.suit();
    let top = target.high().rank();
    let above: CardSet = CardSet::FULL_DECK
        .of_suit(suit)
        .iter()
        .filter(|c| c.rank() > top)
        .collect();
    if suit == trump {
        above
    } else {
        above | CardSet::FULL_DECK.of_suit(trump)
    }
}

/// Which play a player who does not beat picks up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Take {
    /// The lowest play on the table, which is the earliest still there, since every later play
    /// beat it (a whole run when it is one): Mattis.
    Lowest,
    /// The last play: Myllymatti.
    Last,
}

/// The variant of the phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BeatRules {
    /// Runs of two or more consecutive cards of a suit may be played as one play.
    pub runs: bool,
    /// What a player who does not beat picks up.
    pub take: Take,
    /// A player who could beat may pick up instead ("unable or unwilling").
    pub may_decline: bool,
}

/// A move of the phase: lead or beat with a play, or pick up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BeatMove {
    /// Play this card or run.
    Play(Run),
    /// Pick up from the table.
    PickUp,
}

impl fmt::Display for BeatMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BeatMove::Play(r) => write!(f, "{r}"),
            BeatMove::PickUp => write!(f, "take"),
        }
    }
}

/// Running counts of the phase.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BeatTally {
    /// Plays made (leads and beats).
    pub plays: u32,
    /// Plays of two or more cards.
    pub runs: u32,
    /// Pick-ups.
    pub pickups: u32,
    /// Pick-ups made only because the player could not beat.
    pub forced_pickups: u32,
    /// Tricks completed and discarded.
    pub tricks: u32,
}

/// The whole beating phase. Hands are what each player holds; `known` is the part of each hand
/// everyone knows (cards seen going into it and not played since), `excluded` the cards each
/// player is known not to hold among its other cards (shown by a forced pick-up). The table is
/// the trick in progress, plays in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Beating {
    players: u8,
    hands: BySeat<CardSet>,
    known: BySeat<CardSet>,
    excluded: BySeat<CardSet>,
    out: Eliminations,
    trump: Suit,
    turn: Seat,
    table: ArrayVec<(Seat, Run), MAX_SEATS>,
    need: u8,
    discards: CardSet,
    over: bool,
    tally: BeatTally,
}

impl Default for Beating {
    fn default() -> Beating {
        Beating {
            players: 0,
            hands: BySeat::default(),
            known: BySeat::default(),
            excluded: BySeat::default(),
            out: Eliminations::default(),
            trump: Suit::Spades,
            turn: Seat::new(0),
            table: ArrayVec::new(),
            need: 0,
            discards: CardSet::EMPTY,
            over: true,
            tally: BeatTally::default(),
        }
    }
}

impl Beating {
    /// The phase at its start: `hands`, of which everyone knows `known`, `trump`, and `leader`
    /// to lead. Every player is in, even one with no card (he picks up when his turn comes).
    pub fn new(
        players: usize,
        hands: BySeat<CardSet>,
        known: BySeat<CardSet>,
        trump: Suit,
        leader: Seat,
    ) -> Beating {
        let mut b = Beating {
            players: players as u8,
            hands,
            known,
            excluded: BySeat::default(),
            out: Eliminations::default(),
            trump,
            turn: leader,
            table: ArrayVec::new(),
            need: players as u8,
            discards: CardSet::EMPTY,
            over: false,
            tally: BeatTally::default(),
        };
        b.start_trick(leader);
        b
    }

    fn n(&self) -> usize {
        self.players as usize
    }

    /// Seat `s`'s cards.
    pub fn hand(&self, s: Seat) -> CardSet {
        self.hands[s]
    }
    /// The part of seat `s`'s hand everyone knows.
    pub fn known(&self, s: Seat) -> CardSet {
        self.known[s]
    }
    /// Cards seat `s` is known not to hold outside its known part.
    pub fn excluded(&self, s: Seat) -> CardSet {
        self.excluded[s]
    }
    /// Who is out, in order.
    pub fn out(&self) -> Eliminations {
        self.out
    }
    /// The trump suit.
    pub fn trump(&self) -> Suit {
        self.trump
    }
    /// The seat to move (meaningless once over).
    pub fn turn(&self) -> Seat {
        self.turn
    }
    /// The trick in progress: who played what, in order.
    pub fn table(&self) -> &[(Seat, Run)] {
        &self.table
    }
    /// The cards on the table.
    pub fn table_cards(&self) -> CardSet {
        self.table
            .iter()
            .fold(CardSet::EMPTY, |a, &(_, r)| a | r.cards())
    }
    /// Plays that complete the trick in progress: the players in at its start.
    pub fn need(&self) -> u8 {
        self.need
    }
    /// Cards of completed tricks, out of play.
    pub fn discards(&self) -> CardSet {
        self.discards
    }
    /// True once the phase (and the game) is over.
    pub fn is_over(&self) -> bool {
        self.over
    }
    /// The running counts.
    pub fn tally(&self) -> BeatTally {
        self.tally
    }

    /// The next seat in after `s`, going left.
    fn next_in(&self, s: Seat) -> Seat {
        self.out.next_active(s, self.n(), true)
    }

    /// Starts a trick led by `from` or, if it is out or holds no card, by the next player in to
    /// its left who holds one; ends the phase when there is none or one player is left.
    fn start_trick(&mut self, from: Seat) {
        self.table.clear();
        self.need = self.out.remaining(self.n()) as u8;
        if self.out.remaining(self.n()) <= 1 {
            self.over = true;
            return;
        }
        let mut s = if self.out.is_out(from) {
            self.next_in(from)
        } else {
            from
        };
        for _ in 0..self.n() {
            if !self.hands[s].is_empty() {
                self.turn = s;
                return;
            }
            s = self.next_in(s);
        }
        // Nobody in holds a card: the players still in share the loss.
        self.over = true;
    }

    /// The play to beat: the last one on the table.
    pub fn target(&self) -> Option<Run> {
        self.table.last().map(|&(_, r)| r)
    }

    /// Calls `f` with every play of `hand` (single cards, and runs if the rules allow) that
    /// beats `target` (every play when `None`), by suit then lowest card then length; returns
    /// how many.
    fn plays_each(
        &self,
        rules: &BeatRules,
        hand: CardSet,
        target: Option<Run>,
        f: &mut impl FnMut(BeatMove),
    ) -> usize {
        let mut count = 0;
        for suit in Suit::ALL {
            let held = hand.of_suit(suit);
            for low in held.iter() {
                let start = rank_pos(low.rank());
                let mut len = 0u8;
                while start + (len as usize) < Rank::COUNT
                    && held.contains(Card::new(Rank::ALL[start + len as usize], suit))
                {
                    len += 1;
                    if len > 1 && !rules.runs {
                        break;
                    }
                    let run = Run { low, len };
                    if target.is_none_or(|t| beats(run, t, self.trump)) {
                        f(BeatMove::Play(run));
                        count += 1;
                    }
                }
            }
        }
        count
    }

    /// True when `hand` holds a card that beats `target`.
    pub fn can_beat(&self, hand: CardSet, target: Run) -> bool {
        !(hand & beaters(target, self.trump)).is_empty()
    }

    /// Calls `f` with each legal move of the seat to move: on an empty table every play of its
    /// hand; else every play that beats the last, then the pick-up when it has none or the
    /// rules let it decline.
    pub fn legal_each(&self, rules: &BeatRules, mut f: impl FnMut(BeatMove)) {
        if self.over {
            return;
        }
        let hand = self.hands[self.turn];
        let target = self.target();
        let plays = self.plays_each(rules, hand, target, &mut f);
        if target.is_some() && (plays == 0 || rules.may_decline) {
            f(BeatMove::PickUp);
        }
    }

    /// The legal moves of the seat to move into `out` (cleared first), as
    /// [`Beating::legal_each`] lists them.
    pub fn legal(&self, rules: &BeatRules, out: &mut Vec<BeatMove>) {
        out.clear();
        self.legal_each(rules, |m| out.push(m));
    }

    /// True when `m` is legal for the seat to move.
    pub fn is_legal(&self, rules: &BeatRules, m: BeatMove) -> bool {
        if self.over {
            return false;
        }
        let hand = self.hands[self.turn];
        match (m, self.target()) {
            (BeatMove::Play(r), t) => {
                r.cards().is_subset(hand)
                    && (r.len == 1 || rules.runs)
                    && t.is_none_or(|t| beats(r, t, self.trump))
            }
            (BeatMove::PickUp, None) => false,
            (BeatMove::PickUp, Some(t)) => rules.may_decline || !self.can_beat(hand, t),
        }
    }

    /// Plays `m` for the seat to move.
    ///
    /// # Panics
    /// If `m` is not legal.
    pub fn apply(&mut self, rules: &BeatRules, m: BeatMove) {
        assert!(self.is_legal(rules, m), "illegal move {m}");
        let seat = self.turn;
        match m {
            BeatMove::Play(run) => {
                let cards = run.cards();
                self.hands[seat] -= cards;
                self.known[seat] -= cards;
                self.table.push((seat, run));
                self.tally.plays += 1;
                self.tally.runs += u32::from(run.len > 1);
                if self.hands[seat].is_empty() {
                    self.out.eliminate(seat);
                }
                if self.table.len() >= self.need as usize {
                    self.discards |= self.table_cards();
                    self.tally.tricks += 1;
                    self.start_trick(seat);
                } else if self.out.remaining(self.n()) <= 1 {
                    self.over = true;
                } else {
                    self.turn = self.next_in(seat);
                }
            }
            BeatMove::PickUp => {
                let target = self.target().expect("a pick-up needs a table");
                let hand = self.hands[seat];
                if !self.can_beat(hand, target) {
                    self.tally.forced_pickups += 1;
                    if !rules.may_decline {
                        // Everyone now knows its unknown cards include no beater.
                        self.excluded[seat] |= beaters(target, self.trump);
                    }
                }
                let i = match rules.take {
                    Take::Lowest => 0,
                    Take::Last => self.table.len() - 1,
                };
                let (_, run) = self.table.remove(i);
                self.hands[seat] |= run.cards();
                self.known[seat] |= run.cards();
                self.tally.pickups += 1;
                if self.table.is_empty() {
                    // All picked up: the player to the taker's left leads.
                    self.start_trick(self.next_in(seat));
                } else {
                    self.turn = self.next_in(seat);
                }
            }
        }
    }

    /// The placements: the first player out is first, and so on; the players still in when the
    /// phase ends (the mattis, or several who all hold nothing) share the last place. A seat's
    /// score is how many seats finished after it.
    pub fn outcome(&self) -> Outcome {
        let n = self.n();
        let mut scores = [0.0; MAX_SEATS];
        for s in Seat::all(n) {
            scores[s.index()] = match self.out.position(s) {
                Some(k) => (n - k as usize) as f64,
                None => 0.0,
            };
        }
        rank_by_score(&scores[..n])
    }

    /// What `me` may see: its own hand, the known part of every other hand, and everything
    /// public. Others' hands are replaced by their known parts; [`Beating::hand_sizes`] of the
    /// original says how many cards each holds.
    pub fn masked(&self, me: Seat) -> Beating {
        let mut b = self.clone();
        for s in Seat::all(self.n()) {
            if s != me {
                b.hands[s] = self.known[s];
            }
        }
        b
    }

    /// Every seat's number of cards.
    pub fn hand_sizes(&self) -> BySeat<u8> {
        BySeat::from_fn(|s| self.hands[s].len() as u8)
    }

    /// The cards a seat with view `self` (from [`Beating::masked`]) has not seen anywhere.
    pub fn unseen(&self) -> CardSet {
        let mut seen = self.discards | self.table_cards();
        for s in Seat::all(self.n()) {
            seen |= self.hands[s];
        }
        CardSet::FULL_DECK - seen
    }

    /// For a masked view of `me` and the true hand sizes: the hidden part of each seat (its
    /// count and the cards it cannot be), `me`'s own with count 0.
    pub fn hidden_hands(&self, me: Seat, sizes: &BySeat<u8>) -> BySeat<HiddenHand> {
        BySeat::from_fn(|s| HiddenHand {
            count: if s == me || s.index() >= self.n() {
                0
            } else {
                sizes[s] as usize - self.hands[s].len()
            },
            excluded: self.excluded[s],
        })
    }

    /// Puts `cards` out of play, as if discarded in earlier tricks (for setting up positions).
    pub fn discard(&mut self, cards: CardSet) {
        self.discards |= cards;
    }

    /// Adds sampled hidden cards to seat `s`'s (masked) hand.
    pub fn add_hidden(&mut self, s: Seat, cards: CardSet) {
        self.hands[s] |= cards;
    }

    /// Checks the phase's own invariants: known parts inside hands, hands, table and discards
    /// disjoint, players out hold nothing, the table short of complete.
    ///
    /// # Errors
    /// What is wrong.
    pub fn check(&self) -> Result<CardSet, String> {
        let n = self.n();
        self.out.check(n)?;
        let mut all = self.discards;
        let t = self.table_cards();
        if !t.is_disjoint(all) {
            return Err("a table card is discarded".into());
        }
        all |= t;
        for s in Seat::all(n) {
            let h = self.hands[s];
            if !h.is_disjoint(all) {
                return Err(format!("seat {s}'s hand overlaps other cards"));
            }
            all |= h;
            if !self.known[s].is_subset(h) {
                return Err(format!("seat {s}'s known cards are not in its hand"));
            }
            if !(h - self.known[s]).is_disjoint(self.excluded[s]) {
                return Err(format!("seat {s} holds a card it showed it had not"));
            }
            if self.out.is_out(s) && !h.is_empty() {
                return Err(format!("seat {s} is out with cards"));
            }
        }
        if !self.over {
            if self.table.len() >= self.need as usize {
                return Err("a complete trick is still on the table".into());
            }
            if self.out.is_out(self.turn) {
                return Err(format!("seat {} to move is out", self.turn));
            }
            if self.table.is_empty() && self.hands[self.turn].is_empty() {
                return Err(format!("seat {} leads with no card", self.turn));
            }
            for w in self.table.windows(2) {
                if !beats(w[1].1, w[0].1, self.trump) {
                    return Err(format!("{} does not beat {}", w[1].1, w[0].1));
                }
            }
        }
        Ok(all)
    }
}
