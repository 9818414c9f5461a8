//! Dingo's deal text: the four hands of ten in PBN, `N:AKQ2.KJ4.T98.A7 ...` (the deck is the
//! 39 clubs, spades and hearts and the ace of diamonds).

use super::{Dingo, DingoState, DECK};
use crate::deal_text::{parse_dealt_hands, print_hands, template, DealError, DealText};

impl DealText for Dingo {
    fn print_deal(&self, state: &DingoState) -> String {
        print_hands(&state.hands)
    }

    fn parse_deal(&self, text: &str) -> Result<DingoState, DealError> {
        let hands = parse_dealt_hands(text, 4, DECK, 10)?;
        let mut s = template(self);
        s.hands = [hands[0], hands[1], hands[2], hands[3]];
        Ok(s)
    }
}
