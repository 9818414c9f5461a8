//! Bounds that end a search without trying a card: quick tricks and fast tricks for the side
//! on lead (a greedy forced line of cashing, crossing to partner and ruffing), trump-length and
//! sure top-trump tricks, "wins whatever is led", DDS's later-trick bounds, and a trick in
//! progress that one side surely wins. Each returns the relevance (the cards whose ranks it
//! relied on) with the count, for the transposition table.

use super::search::{high_bit, lane_of, upto, Search, LANE};

impl Search<'_> {
    /// Quick tricks for `seat` on lead: its own top cards it can cash one after another, and
    /// the relevance (the lowest card of each run counted).
    pub(super) fn quick_tricks(&self, seat: u8) -> (u32, u64) {
        let all = self.all();
        let me = self.hands[seat as usize];
        let trump = self.rules.trump as usize;
        let mut partner_hands = 0u64;
        let mut opps = [0u64; 3];
        let mut n_opps = 0;
        let mut s = self.rules.next[seat as usize];
        while s != seat {
            if self.is_max(s) == self.is_max(seat) {
                partner_hands |= self.hands[s as usize];
            } else {
                opps[n_opps] = self.hands[s as usize];
                n_opps += 1;
            }
            s = self.rules.next[s as usize];
        }
        let others = all & !me;
        // My cards above everyone else's in `lane`: (count, lowest of them as a card).
        let top_run = |lane: usize| -> (u32, u64) {
            let mine = me >> (16 * lane) & LANE;
            if mine == 0 {
                return (0, 0);
            }
            let oth = others >> (16 * lane) & LANE;
            let run = if oth == 0 {
                mine
            } else {
                mine & !upto(high_bit(oth))
            };
            if run == 0 {
                return (0, 0);
            }
            (
                run.count_ones(),
                1u64 << (16 * lane as u32 + run.trailing_zeros()),
            )
        };
        let sum_all = || {
            (0..4)
                .map(top_run)
                .fold((0, 0), |(n, w), (k, r)| (n + k, w | r))
        };
        if trump == 4 {
            return sum_all();
        }
        let tmask = LANE << (16 * trump);
        let (tt, trel) = top_run(trump);
        let opp_trumps: u32 = opps[..n_opps]
            .iter()
            .map(|h| (h & tmask).count_ones())
            .max()
            .unwrap_or(0);
        if opp_trumps == 0 {
            return sum_all();
        }
        let mut best_side = (0, 0);
        let partner_trumps = partner_hands & tmask != 0;
        for lane in 0..4 {
            if lane == trump {
                continue;
            }
            let (run, rel) = top_run(lane);
            if run == 0 {
                continue;
            }
            let lmask = LANE << (16 * lane);
            let mut cap = run;
            for h in &opps[..n_opps] {
                if (h & tmask).count_ones() > tt {
                    cap = cap.min((h & lmask).count_ones());
                }
            }
            if partner_trumps {
                // A partner out of the suit might have to ruff and take the lead.
                let room = if self.rules.must_trump {
                    (partner_hands & lmask).count_ones()
                } else {
                    (partner_hands & !tmask).count_ones()
                };
                cap = cap.min(room);
            }
            if cap > best_side.0 {
                best_side = (cap, rel);
            }
        }
        (tt + best_side.0, trel | best_side.1)
    }

    /// Tricks the side (`max` or not) surely takes with top trumps held in one hand: the
    /// longest run of top trumps in any one of its hands; and the lowest card of that run.
    pub(super) fn sure_trump_tricks(&self, max: bool) -> (u32, u64) {
        let trump = self.rules.trump as usize;
        if trump == 4 {
            return (0, 0);
        }
        let tmask = LANE << (16 * trump);
        let all_t = self.all() & tmask;
        let mut best = (0, 0);
        for seat in 0..4u8 {
            if self.is_max(seat) != max {
                continue;
            }
            let mine = self.hands[seat as usize] & tmask;
            if mine == 0 {
                continue;
            }
            let others = all_t & !mine;
            let run = if others == 0 {
                mine
            } else {
                mine & !upto(high_bit(others))
            };
            if run.count_ones() > best.0 {
                best = (run.count_ones(), 1u64 << run.trailing_zeros());
            }
        }
        if best.0 >= 2 || all_t.count_ones() < 2 {
            return best;
        }
        // DDS's later trump tricks: the two top trumps held apart by the side, one of the two
        // holding another trump (it never has to crash them), win two tricks; the second
        // trump guarded and sitting right after the holder of the top trump (who plays just
        // before it in every trick it does not lead) wins one.
        let first = high_bit(all_t);
        let second = high_bit(all_t ^ 1 << first);
        let holder = |c: u8| (0..4u8).find(|&p| self.hands[p as usize] >> c & 1 == 1);
        let (Some(h1), Some(h2)) = (holder(first), holder(second)) else {
            return best;
        };
        let len = |p: u8| (self.hands[p as usize] & tmask).count_ones();
        if self.is_max(h2) == max {
            if self.is_max(h1) == max && h1 != h2 && (len(h1) >= 2 || len(h2) >= 2) {
                return (2, 1u64 << second);
            }
            if best.0 == 0
                && self.is_max(h1) != max
                && self.rules.next[h1 as usize] == h2
                && len(h2) >= 2
            {
                return (1, 1u64 << second);
            }
        }
        best
    }

    /// True (with the relevance) when the side not on lead wins this trick whatever `leader`
    /// leads: it holds the top live card of every lane the leader holds, and no partner of the
    /// leader can ruff it.
    pub(super) fn wins_any_lead(&self, leader: u8) -> (u32, u64) {
        let trump = self.rules.trump as usize;
        let tmask = if trump < 4 { LANE << (16 * trump) } else { 0 };
        let all = self.all();
        let lead_side = self.is_max(leader);
        let hand = self.hands[leader as usize];
        let mut rel = 0u64;
        let mut holders = 0u8;
        for lane in 0..4 {
            let lmask = LANE << (16 * lane);
            if hand & lmask == 0 {
                continue;
            }
            let top = high_bit(all & lmask);
            let holder = (0..4u8)
                .find(|&p| self.hands[p as usize] >> top & 1 == 1)
                .expect("a live card has a holder");
            if self.is_max(holder) == lead_side {
                return (0, 0);
            }
            if lane != trump && tmask != 0 {
                // A partner of the leader, void here with a trump, could ruff.
                let ruff = (0..4u8).any(|p| {
                    p != leader
                        && self.is_max(p) == lead_side
                        && self.hands[p as usize] & lmask == 0
                        && self.hands[p as usize] & tmask != 0
                });
                if ruff {
                    return (0, 0);
                }
            }
            holders |= 1 << holder;
            rel |= 1u64 << top;
        }
        if rel == 0 {
            (0, 0)
        } else if tmask == 0 && holders.count_ones() == 1 {
            // At notrump one opponent holds the top card of every lane the leader holds: it
            // wins the first trick and cashes the others.
            (rel.count_ones(), rel)
        } else {
            (1, rel)
        }
    }

    /// Mid-trick: the side (`true` for the maximizing side) that surely wins the trick in
    /// progress, if one does (DDS's second-hand quick trick, for any position in the trick),
    /// and the relevance. A side wins surely when no opponent still to play can ruff, and it
    /// already wins with a card no opponent still to play can beat, or one of its players
    /// still to play holds a card of the led lane above the winning card and above every
    /// such card of those opponents, or (nothing ruffed yet) can ruff. A trick already ruffed
    /// is left to the search (claiming it for the ruffing side broke exactness on full deals
    /// in the cross-check against DDS). `w0` is the index of
    /// the card winning so far. Needs no tie classes.
    pub(super) fn trick_decided(&self, seat: u8, w0: usize) -> Option<(bool, u64)> {
        let trump = self.rules.trump as usize;
        let led = lane_of(self.trick[0]);
        let lmask = LANE << (16 * led);
        let tmask = if trump < 4 && trump != led {
            LANE << (16 * trump)
        } else {
            0
        };
        let cw = self.trick[w0];
        let cw_led = lane_of(cw) == led;
        let cw_max = self.is_max(self.trick_seats[w0]);
        // Per side (index 1 = maximizing): led-lane cards and whether a void player holds a
        // trump, over the players still to play.
        let mut led_cards = [0u64; 2];
        let mut can_ruff = [false; 2];
        let mut p = seat;
        for _ in self.trick_len..self.rules.active {
            let h = self.hands[p as usize];
            let side = self.is_max(p) as usize;
            led_cards[side] |= h & lmask;
            can_ruff[side] |= h & lmask == 0 && h & tmask != 0;
            p = self.rules.next[p as usize];
        }
        for x in [true, false] {
            let (mine, theirs) = (x as usize, !x as usize);
            if can_ruff[theirs] {
                continue;
            }
            let opp_top = led_cards[theirs];
            let opp_high = if opp_top == 0 { 0 } else { high_bit(opp_top) };
            if cw_max == x && cw_led && (opp_top == 0 || cw > opp_high) {
                return Some((x, 1u64 << cw));
            }
            if cw_led {
                let own = led_cards[mine];
                if own != 0 {
                    let h = high_bit(own);
                    if h > cw && (opp_top == 0 || h > opp_high) {
                        return Some((x, 1u64 << h));
                    }
                }
                if can_ruff[mine] {
                    return Some((x, 0));
                }
            }
        }
        None
    }

    /// An upper bound on the tricks the side of `leader` can take while it keeps the lead
    /// in every trick, when no trump is live (DDS's "later tricks"): it can lead only lanes
    /// whose top card it holds (an opponent following with the top card would win), and each
    /// trick led in a lane uses a card of every one of its hands holding that lane, so it
    /// takes at most, over those lanes, the longest of its holdings. When that is below the
    /// remaining tricks, the side cannot take them all. Returns the bound (or `None` when it
    /// does not apply) and the relevance: the opponents' top cards.
    pub(super) fn lead_side_all_bound(&self, leader: u8) -> Option<(u32, u64)> {
        let trump = self.rules.trump as usize;
        let all = self.all();
        if trump < 4 && all & (LANE << (16 * trump)) != 0 {
            return None;
        }
        let side = self.is_max(leader);
        let mut sum = 0u32;
        let mut rel = 0u64;
        for lane in 0..4 {
            let lmask = LANE << (16 * lane);
            let live = all & lmask;
            if live == 0 {
                continue;
            }
            let top = high_bit(live);
            let mut longest = 0u32;
            let mut topped = false;
            for p in 0..4u8 {
                let h = self.hands[p as usize];
                if self.is_max(p) == side {
                    longest = longest.max((h & lmask).count_ones());
                    topped |= h >> top & 1 == 1;
                }
            }
            if topped {
                sum += longest;
            } else if longest > 0 {
                rel |= 1u64 << top;
            }
        }
        Some((sum, rel))
    }

    /// Tricks the side (`max` or not) takes with trump length alone: its longest trump holding
    /// in one hand, less all the other side's trumps (each trick in which that hand plays a
    /// trump is the side's unless an opponent's trump is in it). Needs no ranks.
    pub(super) fn trump_length_tricks(&self, max: bool) -> u32 {
        let trump = self.rules.trump as usize;
        if trump == 4 {
            return 0;
        }
        let (mut ours, mut theirs) = (0u32, 0u32);
        for seat in 0..4u8 {
            // The seat's trump length, read from the distribution.
            let n = (self.dist >> (5 * (4 * seat as usize + trump))) as u32 & 31;
            if self.is_max(seat) == max {
                ours = ours.max(n);
            } else {
                theirs += n;
            }
        }
        ours.saturating_sub(theirs)
    }

    /// Fast tricks for the side of `seat` on lead, by a greedy forced line: cash top cards
    /// that no opponent can ruff (trumps first while opponents hold some), crossing to a
    /// partner's top card with a low card when the leader has none left. Every trick of the
    /// line is won whatever the opponents play (they follow with their lowest cards, and a
    /// discard is assumed to keep every card as a possible high card), so the count is a lower
    /// bound; the relevance is the lowest winner used in each lane.
    pub(super) fn fast_tricks(&self, seat: u8) -> (u32, u64) {
        let trump = self.rules.trump as usize;
        let tmask = if trump < 4 { LANE << (16 * trump) } else { 0 };
        let mine_max = self.is_max(seat);
        let mut h = self.hands;
        let r = h[seat as usize].count_ones();
        let active = self.rules.active as usize;
        let mut x = seat;
        let mut count = 0u32;
        let mut rel = 0u64;
        // Can an opponent of `x`'s side ruff a lead in `lane`?
        let ruffable = |h: &[u64; 4], lane: usize| -> bool {
            if trump == 4 || lane == trump {
                return false;
            }
            let lmask = LANE << (16 * lane);
            (0..4u8).any(|o| {
                self.is_max(o) != mine_max
                    && h[o as usize] & lmask == 0
                    && h[o as usize] & tmask != 0
            })
        };
        while count < r {
            let all = h[0] | h[1] | h[2] | h[3];
            let opp_trumps =
                (0..4u8).any(|o| self.is_max(o) != mine_max && h[o as usize] & tmask != 0);
            // A lane where x holds the top card and it is safe to cash; trumps first.
            let mut pick: Option<(usize, u8)> = None;
            let lanes: [usize; 4] = if trump < 4 && opp_trumps {
                [trump, (trump + 1) % 4, (trump + 2) % 4, (trump + 3) % 4]
            } else {
                [0, 1, 2, 3]
            };
            for &lane in &lanes {
                let lmask = LANE << (16 * lane);
                let live = all & lmask;
                if h[x as usize] & lmask == 0 {
                    continue;
                }
                let top = high_bit(live);
                if h[x as usize] >> top & 1 == 1 && !ruffable(&h, lane) {
                    pick = Some((lane, top));
                    break;
                }
            }
            let mut winner = x;
            let led_card;
            let top_card;
            match pick {
                Some((_, top)) => {
                    led_card = top;
                    top_card = top;
                }
                None => {
                    // Cross to a partner's top card.
                    let mut found = None;
                    for lane in 0..4 {
                        let lmask = LANE << (16 * lane);
                        let live = all & lmask;
                        if h[x as usize] & lmask == 0 || ruffable(&h, lane) {
                            continue;
                        }
                        let top = high_bit(live);
                        let holder = (0..4u8)
                            .find(|&p| h[p as usize] >> top & 1 == 1)
                            .expect("a live card has a holder");
                        if holder != x && self.is_max(holder) == mine_max {
                            found =
                                Some(((h[x as usize] & lmask).trailing_zeros() as u8, top, holder));
                            break;
                        }
                    }
                    match found {
                        Some((low, top, holder)) => {
                            led_card = low;
                            top_card = top;
                            winner = holder;
                        }
                        None => match self.ruff_step(&h, x, mine_max) {
                            // A ruff by partner: won whatever the opponents hold, ranks
                            // aside, so it adds no relevance.
                            Some((low, p)) => {
                                let partner_trump = (h[p as usize] & tmask).trailing_zeros();
                                let lmask = LANE << (16 * lane_of(low));
                                for s in 0..4u8 {
                                    let hand = h[s as usize];
                                    if s == x {
                                        h[s as usize] &= !(1u64 << low);
                                    } else if s == p {
                                        h[s as usize] &= !(1u64 << partner_trump);
                                    } else if hand & lmask != 0 {
                                        // An opponent follows low; one who is void holds no
                                        // trump and discards: keep its cards.
                                        h[s as usize] &= !(1u64 << (hand & lmask).trailing_zeros());
                                    }
                                }
                                count += 1;
                                x = p;
                                continue;
                            }
                            None => break,
                        },
                    }
                }
            }
            // Play the trick out.
            let lane = lane_of(led_card);
            let lmask = LANE << (16 * lane);
            let mut s = x;
            for i in 0..active {
                let hand = h[s as usize];
                let card = if i == 0 {
                    led_card
                } else if hand >> top_card & 1 == 1 {
                    top_card
                } else if hand & lmask != 0 {
                    (hand & lmask).trailing_zeros() as u8
                } else if self.is_max(s) == mine_max && self.rules.must_trump && hand & tmask != 0 {
                    // A partner who must ruff takes the trick (for the side) with a low trump.
                    let c = (hand & tmask).trailing_zeros() as u8;
                    if lane != trump {
                        winner = s;
                    }
                    c
                } else if self.is_max(s) != mine_max {
                    // An opponent's discard could be any card: keep them all as possible
                    // high cards (it holds no trump, or the lead would not be safe).
                    s = self.rules.next[s as usize];
                    continue;
                } else {
                    let plain = hand & !tmask;
                    if plain != 0 {
                        plain.trailing_zeros() as u8
                    } else {
                        hand.trailing_zeros() as u8
                    }
                };
                h[s as usize] &= !(1u64 << card);
                s = self.rules.next[s as usize];
            }
            count += 1;
            rel |= 1u64 << top_card;
            x = winner;
        }
        // Keep only the lowest winner of each lane.
        let mut low = 0u64;
        for lane in 0..4 {
            let l = rel & (LANE << (16 * lane));
            if l != 0 {
                low |= 1u64 << l.trailing_zeros();
            }
        }
        (count, low)
    }

    /// A ruff for the greedy line of [`Search::fast_tricks`]: with four seats in two sides of
    /// two, `x` leads the lowest card of a plain lane in which its partner is void and holds a
    /// trump, and in which no opponent may ruff (each follows suit or holds no trump), so the
    /// partner's trump wins. Returns the card led and the partner.
    fn ruff_step(&self, h: &[u64; 4], x: u8, mine_max: bool) -> Option<(u8, u8)> {
        let trump = self.rules.trump as usize;
        if trump == 4 || self.rules.active != 4 {
            return None;
        }
        let tmask = LANE << (16 * trump);
        let mut partners = (0..4u8).filter(|&s| s != x && self.is_max(s) == mine_max);
        let (Some(p), None) = (partners.next(), partners.next()) else {
            return None;
        };
        if h[p as usize] & tmask == 0 {
            return None;
        }
        for lane in 0..4 {
            let lmask = LANE << (16 * lane);
            if lane == trump || h[x as usize] & lmask == 0 || h[p as usize] & lmask != 0 {
                continue;
            }
            let safe = (0..4u8).all(|o| {
                self.is_max(o) == mine_max
                    || h[o as usize] & lmask != 0
                    || h[o as usize] & tmask == 0
            });
            if safe {
                return Some(((h[x as usize] & lmask).trailing_zeros() as u8, p));
            }
        }
        None
    }
}
