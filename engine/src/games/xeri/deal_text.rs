//! Xeri's deal text: the two hands of six, the first pile of four with its top card first,
//! and the stock from the top (the next card drawn) down:
//! `hands: AS KD 7C 2H 9S TD / ...; pile: 5C 8D QS 2S; stock: QC 4H ...`.
//!
//! The pile is the one accepted after any redeals (its top is never a jack); the number of
//! redeals it took is the optional field `redeals: N` (absent for none), kept so that the
//! game's `redeals` statistic reads the same from a text.

use super::{Xeri, XeriState, FIRST_PILE, HAND};
use crate::cards::{CardMultiset, CardSet, Rank};
use crate::deal_text::{
    check_deck, check_len, parse_cards, parse_seat_sets, print_cards, print_seat_sets, template,
    DealError, DealText, Fields,
};
use crate::games::common::Stock;
use crate::Seat;

impl DealText for Xeri {
    fn print_deal(&self, state: &XeriState) -> String {
        let hands: Vec<CardSet> = Seat::all(2).map(|s| state.hands[s]).collect();
        let top = state.top.into_iter();
        let rest = state.pile - state.top.map_or(CardSet::EMPTY, CardSet::from_card);
        let top_first = state.stock.as_slice().iter().rev();
        let mut text = format!(
            "hands: {}; pile: {}; stock: {}",
            print_seat_sets(&hands),
            print_cards(top.chain(rest)),
            print_cards(top_first)
        );
        if state.tally.redeals > 0 {
            text.push_str(&format!("; redeals: {}", state.tally.redeals));
        }
        text
    }

    fn parse_deal(&self, text: &str) -> Result<XeriState, DealError> {
        let mut fields = Fields::parse(text)?;
        let hands = parse_seat_sets(fields.take("hands")?, 2, "hands")?;
        let pile = parse_cards(fields.take("pile")?)?;
        let stock = parse_cards(fields.take("stock")?)?;
        let redeals = match fields.take_opt("redeals") {
            None => 0,
            Some(t) => t
                .parse::<u32>()
                .map_err(|_| DealError::new(format!("redeals: {t:?} is not a count")))?,
        };
        fields.finish()?;
        let all = hands
            .iter()
            .flat_map(|h| h.iter())
            .chain(pile.iter().copied())
            .chain(stock.iter().copied());
        check_deck(CardMultiset::copies(CardSet::FULL_DECK, 1), all)?;
        for (i, h) in hands.iter().enumerate() {
            check_len(&format!("seat {i}'s hand"), h.len(), HAND)?;
        }
        check_len("the pile", pile.len(), FIRST_PILE)?;
        if pile[0].rank() == Rank::Jack {
            return Err(DealError::new(
                "the first pile's top card may not be a jack (it would be redealt)",
            ));
        }
        let mut s = template(self);
        for (i, h) in hands.into_iter().enumerate() {
            s.hands[Seat::new(i)] = h;
        }
        s.top = Some(pile[0]);
        s.pile = pile.iter().copied().collect();
        s.stock = Stock::from_top(stock);
        s.tally.redeals = redeals;
        Ok(s)
    }
}
