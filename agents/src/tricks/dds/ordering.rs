//! Move ordering: the order in which a node tries its cards, by card-play heuristics in the
//! manner of DDS (leads by the opponents' choices in reply, finesses and tenaces, winners
//! first, second and third hand by who is winning, discards from length), after the table's
//! best lead and the card that last cut off at a similar node ([`Search::killer_key`]); and
//! the runs of equivalent cards, of which only one is searched.

use super::search::{high_bit, lane_of, upto, Search, LANE};
use super::table::NO_MOVE;

const CHOICE_W: i16 = 35;
const RHO_W: i16 = 60;
const FIN_W: i16 = 150;
const NEXT_W: i16 = 150;
const DISC_W: i16 = 3;
const RUN_W: i16 = -40;

/// Moves with their ordering scores: representatives of runs of equivalent cards, each with
/// the top card of its run. A hand of up to 16 cards gives at most 16 moves. Each move is
/// packed in one `u32` (score in the high half, made unsigned; top card; card), so that
/// keeping them sorted moves one word per place.
pub(super) struct Moves {
    keys: [u32; 16],
    pub(super) len: usize,
}

/// The packed move of [`Moves`].
#[inline]
fn pack(card: u8, top: u8, score: i16) -> u32 {
    ((score as u16 ^ 0x8000) as u32) << 16 | (top as u32) << 8 | card as u32
}

impl Moves {
    /// Moves the move whose run holds `card` (if any) to the front.
    #[inline]
    pub(super) fn promote(&mut self, card: u8) {
        if card == NO_MOVE {
            return;
        }
        for i in 0..self.len {
            let (c, t) = (self.card(i), self.top(i));
            if lane_of(c) == lane_of(card) && c <= card && card <= t {
                self.keys[..=i].rotate_right(1);
                return;
            }
        }
    }

    pub(super) fn new() -> Moves {
        Moves {
            keys: [0; 16],
            len: 0,
        }
    }

    /// The card (the lowest of its run) of move `i`.
    #[inline]
    pub(super) fn card(&self, i: usize) -> u8 {
        self.keys[i] as u8
    }

    /// The top card of move `i`'s run.
    #[inline]
    pub(super) fn top(&self, i: usize) -> u8 {
        (self.keys[i] >> 8) as u8
    }

    #[inline]
    pub(super) fn push(&mut self, card: u8, top: u8, score: i16) {
        // Insertion keeping scores descending (equal scores in the order pushed).
        let k = pack(card, top, score);
        let mut i = self.len;
        while i > 0 && self.keys[i - 1] >> 16 < k >> 16 {
            self.keys[i] = self.keys[i - 1];
            i -= 1;
        }
        self.keys[i] = k;
        self.len += 1;
    }
}

impl Search<'_> {
    /// A hash of what decides the best move at this node, for the cut-off move table: on lead,
    /// the hand (and the target in trump games); following suit, the live cards of the led
    /// lane and the card winning so far; void, the hand and who or what is winning. `live`:
    /// [`Search::all_with_trick`] (used only mid-trick).
    #[inline]
    pub(super) fn killer_key(&self, seat: u8, target: i32, w: usize, live: u64) -> u64 {
        let trump_game = self.rules.trump < 4;
        let need = if trump_game { target as u64 } else { 0 };
        let hand = self.hands[seat as usize];
        let (a, b) = if self.trick_len == 0 {
            (hand, need << 8 | seat as u64)
        } else {
            let led = LANE << (16 * lane_of(self.trick[0]));
            let pos = (self.trick_len as u64) << 2 | self.leader as u64;
            if hand & led != 0 {
                (live & led, 1 << 20 | (self.trick[w] as u64) << 8 | pos)
            } else {
                let win = if trump_game {
                    self.trick[w]
                } else {
                    self.trick_seats[w]
                };
                (hand, 2 << 20 | need << 14 | (win as u64) << 8 | pos)
            }
        };
        let h = (a ^ b.rotate_left(40)).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        let h = (h ^ h >> 31).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^ h >> 29
    }

    /// True when the cards of `cands` form one run of equivalent cards: one lane, no live card
    /// of another hand or the trick between them, and no tie classes. `live`:
    /// [`Search::all_with_trick`].
    #[inline]
    pub(super) fn single_run(&self, cands: u64, live: u64) -> bool {
        if self.rules.classes.is_some() {
            return false;
        }
        let (lo, hi) = (cands.trailing_zeros() as u8, high_bit(cands));
        if lo >> 4 != hi >> 4 {
            return false;
        }
        let span = upto(hi) & !((1u64 << lo) - 1);
        live & span == cands
    }

    /// Calls `f(representative, top of its run)` for every run of candidate cards adjacent
    /// among the live cards (hands and the current trick), and with tie classes every set of
    /// equal candidates (which of them is played changes nothing, whoever holds the equal
    /// cards between); the representative is the lowest. `live`: [`Search::all_with_trick`].
    #[inline]
    fn runs(&self, cands: u64, live: u64, mut f: impl FnMut(u8, u8)) {
        let mut rep: Option<(u8, u8)> = None;
        let mut m = cands;
        while m != 0 {
            let c = m.trailing_zeros() as u8;
            m &= m - 1;
            if let Some((r, p)) = rep {
                if lane_of(p) == lane_of(c) {
                    let between = live & ((1u64 << c) - 1) & !((2u64 << p) - 1);
                    let equal = self
                        .rules
                        .classes
                        .is_some_and(|k| k[p as usize] == k[c as usize]);
                    if equal || between == 0 && self.same_class_ok(p, c, live) {
                        rep = Some((r, c));
                        continue;
                    }
                }
                f(r, p);
            }
            rep = Some((c, c));
        }
        if let Some((r, p)) = rep {
            f(r, p);
        }
    }

    /// With tie classes, two adjacent cards are interchangeable only if they are equals or
    /// neither ties with any other live card.
    #[inline]
    fn same_class_ok(&self, a: u8, b: u8, live: u64) -> bool {
        match &self.rules.classes {
            None => true,
            Some(k) => {
                let (ka, kb) = (k[a as usize], k[b as usize]);
                if ka == kb {
                    return true;
                }
                let lane = lane_of(a);
                let mut m = live >> (16 * lane) & LANE;
                while m != 0 {
                    let s = m.trailing_zeros() as u8;
                    m &= m - 1;
                    let x = (lane as u8) << 4 | s;
                    if x != a && x != b && (k[x as usize] == ka || k[x as usize] == kb) {
                        return false;
                    }
                }
                true
            }
        }
    }

    pub(super) fn lead_moves(&self, seat: u8, hint: u8, moves: &mut Moves) {
        let hand = self.hands[seat as usize];
        let all = self.all();
        let trump = self.rules.trump as usize;
        let mine_max = self.is_max(seat);
        let mut partner = 0u64;
        let mut lho = 0u64;
        let mut opp_all = 0u64;
        let tmask = if trump < 4 { LANE << (16 * trump) } else { 0 };
        // Per lane: the opponents' choices in reply to a lead there (a void one may play
        // anything: fewer choices, smaller tree), and whether a void opponent holds a trump.
        let mut choices = [0i16; 4];
        let size = hand.count_ones() as i16;
        let mut void_ruff = [false; 4];
        let mut s = self.rules.next[seat as usize];
        let mut first_opp = true;
        while s != seat {
            let h = self.hands[s as usize];
            if self.is_max(s) == mine_max {
                partner |= h;
            } else {
                opp_all |= h;
                if first_opp {
                    lho = h;
                    first_opp = false;
                }
                // (lane lengths read from the distribution; at a lead every hand that plays
                // holds `size` cards, as the leader)
                let lens = (self.dist >> (20 * s as u32)) as u32;
                for (l, (ch, vr)) in choices.iter_mut().zip(void_ruff.iter_mut()).enumerate() {
                    let n = (lens >> (5 * l) & 31) as i16;
                    if n == 0 {
                        *ch += size + 1;
                        *vr |= l != trump && h & tmask != 0;
                    } else {
                        *ch += n;
                    }
                }
            }
            s = self.rules.next[s as usize];
        }
        let opp_trumps = opp_all & tmask != 0;
        let my_lens = (self.dist >> (20 * seat as u32)) as u32;
        self.runs(hand, all, |c, top| {
            let lane = lane_of(c);
            let lmask = LANE << (16 * lane);
            let live_lane = all & lmask;
            let top_live = high_bit(live_lane);
            let mut score: i16 = 0;
            let opp_lane = opp_all & lmask;
            let partner_lane = partner & lmask;
            let mine_lane = hand & lmask;
            if c == hint || top == hint {
                score += 5000;
            }
            let opp_void_ruff = void_ruff[lane];
            if top == top_live {
                // A winner: cash it unless it gets ruffed.
                score += if opp_void_ruff { -20 } else { 100 };
                if lane == trump && opp_trumps {
                    score += 30;
                }
                // Cash from the short side first keeps communication.
                score += 3 * (my_lens >> (5 * lane) & 31) as i16;
                // The second-best card on our side too: the lane runs.
                let second = live_lane & !(1u64 << top_live);
                if second != 0 && (hand | partner) >> high_bit(second) & 1 == 1 {
                    score += RUN_W;
                }
            } else if partner_lane != 0 && high_bit(partner_lane) == top_live {
                // Lead toward partner's winner.
                score += if opp_void_ruff { -10 } else { 70 };
                score -= (c & 15) as i16;
            } else {
                if lane != trump && partner_lane == 0 && partner & tmask != 0 && opp_lane != 0 {
                    score += 50; // give partner a ruff
                }
                if opp_void_ruff {
                    score -= 60;
                }
                // Who holds the top two (three) live cards of the lane decides whether a
                // lead toward partner can pay off.
                let second = live_lane & !(1u64 << top_live);
                let sec = if second != 0 { high_bit(second) } else { 0 };
                let third = second & !(1u64 << sec);
                let thr = if third != 0 { high_bit(third) } else { 0 };
                let rho = opp_all & !lho & lmask;
                let holds = |set: u64, card: u8| card != 0 && set >> card & 1 == 1;
                let lho_lane = lho & lmask;
                if (holds(rho, top_live) || holds(rho, sec)) && rho.count_ones() != 1 {
                    score -= RHO_W;
                } else if holds(lho_lane, top_live)
                    && holds(partner_lane, sec)
                    && partner_lane.count_ones() != 1
                {
                    score += FIN_W;
                } else if holds(lho_lane, top_live) {
                    score -= 15;
                }
                if holds(partner_lane, sec) && holds(partner_lane, thr) {
                    score += NEXT_W;
                } else if partner_lane.count_ones() > 1
                    && ((holds(mine_lane, sec) && holds(partner_lane, thr))
                        || (holds(partner_lane, sec) && holds(mine_lane, thr)))
                {
                    score += NEXT_W * 2 / 3;
                }
                // Lead low from length.
                score += 3 * (my_lens >> (5 * lane) & 31) as i16 - 2 * (c & 15) as i16;
                if opp_lane == 0 && partner_lane == 0 {
                    score += 20;
                }
            }
            if lane == trump && !opp_trumps {
                score -= 40; // no point drawing trumps nobody else holds
            }
            score -= CHOICE_W * choices[lane];
            moves.push(c, top, score);
        });
    }

    /// Scores the cards `legal` of `seat` mid-trick (`w`: the index of the card winning so
    /// far; `live`: [`Search::all_with_trick`]) into `moves`, best first.
    pub(super) fn follow_moves(
        &self,
        seat: u8,
        w: usize,
        legal: u64,
        live: u64,
        moves: &mut Moves,
    ) {
        let win_card = self.trick[w];
        let partner_wins = self.is_max(self.trick_seats[w]) == self.is_max(seat);
        let led = lane_of(self.trick[0]);
        let last = self.trick_len + 1 == self.rules.active;
        let trump = self.rules.trump as usize;
        // What the opponents still to play after us hold.
        let mut later_opp = 0u64;
        let mut later_partner = 0u64;
        if !last {
            let mut s = self.rules.next[seat as usize];
            while s != self.leader {
                if self.is_max(s) != self.is_max(seat) {
                    later_opp |= self.hands[s as usize];
                } else {
                    later_partner |= self.hands[s as usize];
                }
                s = self.rules.next[s as usize];
            }
        }
        let led_mask = LANE << (16 * led);
        let tmask = if trump < 4 { LANE << (16 * trump) } else { 0 };
        let later_led = later_opp & led_mask;
        let later_can_ruff = later_led == 0 && later_opp & tmask != 0 && led != trump;
        let later_top = if later_led != 0 {
            high_bit(later_led)
        } else {
            0
        };
        // A partner still to play tops the trick in the led lane whatever the opponents do.
        let partner_led = later_partner & led_mask;
        let partner_tops = !partner_wins
            && partner_led != 0
            && !later_can_ruff
            && lane_of(win_card) == led
            && high_bit(partner_led) > win_card
            && (later_led == 0 || high_bit(partner_led) > later_top);
        // Discards: low from a long lane.
        // (the hand's lane lengths, read from the distribution).
        let lens = (self.dist >> (20 * seat as u32)) as u32;
        let discard = |c: u8| DISC_W * (lens >> (5 * lane_of(c) as u32) & 31) as i16;
        self.runs(legal, live, |c, top| {
            let wins_now = self.beats(c, win_card);
            let rank = (c & 15) as i16;
            let is_ruff = lane_of(c) == trump && led != trump;
            let score: i16 = if partner_tops && lane_of(c) == led {
                // Leave the trick to partner: play low.
                50 - rank
            } else if partner_wins {
                let safe = last
                    || (lane_of(win_card) == led
                        && !later_can_ruff
                        && (later_led == 0 || win_card > later_top))
                    || (lane_of(win_card) == trump
                        && led != trump
                        && (later_opp & tmask == 0 || later_led != 0));
                if safe {
                    // Partner has it: play low, keep winners and trumps.
                    if is_ruff {
                        -100 - rank
                    } else if lane_of(c) != led {
                        50 - rank + discard(c)
                    } else {
                        50 - rank
                    }
                } else if wins_now && (last || top > later_top) && !later_can_ruff {
                    60 - rank
                } else {
                    30 - rank
                }
            } else if wins_now {
                let holds = last
                    || if is_ruff {
                        later_led != 0 || later_opp & tmask == 0 || c > high_bit(later_opp & tmask)
                    } else {
                        !later_can_ruff && top > later_top
                    };
                if holds {
                    100 - rank
                } else {
                    20 - rank
                }
            } else if is_ruff {
                -80 - rank
            } else {
                // Cannot win: throw the lowest, preferably from a long suit.
                10 - rank + discard(c)
            };
            moves.push(c, top, score);
        });
    }
}
