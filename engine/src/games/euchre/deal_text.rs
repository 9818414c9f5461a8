//! Euchre's deal text: the four hands of five in PBN, the upcard, and the kitty (the cards
//! neither dealt nor turned up, in any order):
//! `N:AJ9.K..Q9 ...; upcard: JS; kitty: ...`.

use super::{Euchre, EuchreState};
use crate::cards::CardMultiset;
use crate::deal_text::{
    check_deck, check_len, hands_of, head_and_fields, parse_card, parse_hands, parse_set,
    print_cards, print_hands, template, with_hands, DealError, DealText,
};
use crate::tricks::CardOrder;

impl DealText for Euchre {
    fn print_deal(&self, state: &EuchreState) -> String {
        let hands = hands_of(&state.play);
        let mut kitty = self.deck - crate::cards::CardSet::from_iter([state.upcard]);
        for h in &hands {
            kitty -= *h;
        }
        format!(
            "{}; upcard: {}; kitty: {}",
            print_hands(&hands),
            state.upcard,
            print_cards(kitty)
        )
    }

    fn parse_deal(&self, text: &str) -> Result<EuchreState, DealError> {
        let (head, mut fields) = head_and_fields(text)?;
        let hands = parse_hands(head, 4)?;
        let upcard = parse_card(fields.take("upcard")?)?;
        let kitty = parse_set(fields.take("kitty")?)?;
        fields.finish()?;
        let all = hands
            .iter()
            .flat_map(|h| h.iter())
            .chain([upcard])
            .chain(kitty);
        check_deck(CardMultiset::copies(self.deck, 1), all)?;
        for (i, h) in hands.iter().enumerate() {
            check_len(&format!("seat {i}'s hand"), h.len(), 5)?;
        }
        let mut s = template(self);
        s.play = with_hands(&s.play, &hands);
        s.play.set_order(CardOrder::euchre(upcard.suit(), None));
        s.upcard = upcard;
        Ok(s)
    }
}
