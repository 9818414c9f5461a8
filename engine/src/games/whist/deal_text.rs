//! Whist's deal text: the four hands in PBN, then the trump card turned by the dealer (the
//! last card dealt, in the dealer's hand):
//! `N:AKQ2.KJ4.T98.A73 JT9.AQ2.AKQ.KQJ2 876.T9876.765.T9 543.53.J432.8654; trump: 4D`.

use super::{Whist, WhistState};
use crate::cards::CardSet;
use crate::deal_text::{
    head_and_fields, parse_card, parse_dealt_hands, print_hands, template, with_hands, DealError,
    DealText,
};
use crate::tricks::CardOrder;

impl DealText for Whist {
    fn print_deal(&self, state: &WhistState) -> String {
        let hands: Vec<CardSet> = (0..4)
            .map(|s| state.play.hand(crate::Seat::new(s)))
            .collect();
        format!("{}; trump: {}", print_hands(&hands), state.trump_card)
    }

    fn parse_deal(&self, text: &str) -> Result<WhistState, DealError> {
        let (head, mut fields) = head_and_fields(text)?;
        let hands = parse_dealt_hands(head, 4, CardSet::FULL_DECK, 13)?;
        let trump = parse_card(fields.take("trump")?)?;
        fields.finish()?;
        let mut s = template(self);
        if !hands[s.dealer.index()].contains(trump) {
            return Err(DealError::new(format!(
                "the trump card {trump} is the dealer's last card: it must be in seat {}'s hand",
                s.dealer
            )));
        }
        s.play = with_hands(&s.play, &hands);
        s.play.set_order(CardOrder::ace_high(Some(trump.suit())));
        s.trump_card = trump;
        Ok(s)
    }
}
