//! Hasenpfeffer's deal text: the four hands of six in PBN, the joker (the Best Bower, which
//! PBN cannot write) apart as the seat holding it or `widow`, and the widow card:
//! `N:AJ9.K..Q9 ...; joker: N; widow: TD` (`widow: JK` when the joker is the widow).

use super::{Hasenpfeffer, HasenpfefferState};
use crate::cards::{Card, CardMultiset, CardSet};
use crate::deal_text::{
    check_deck, check_len, hands_of, head_and_fields, parse_card, parse_hands, print_hands,
    template, with_hands, DealError, DealText,
};
use crate::games::bridge::pbn::{parse_seat, seat_char};
use crate::Seat;

impl DealText for Hasenpfeffer {
    fn print_deal(&self, state: &HasenpfefferState) -> String {
        let hands = hands_of(&state.play);
        let mut widow = Self::DECK;
        let mut joker = "widow".to_string();
        for (i, h) in hands.iter().enumerate() {
            widow -= *h;
            if h.contains(Card::JOKER) {
                joker = seat_char(Seat::new(i)).to_string();
            }
        }
        let plain: Vec<CardSet> = hands
            .iter()
            .map(|h| *h - CardSet::from_iter([Card::JOKER]))
            .collect();
        let widow = widow.iter().next().map_or("-".into(), |c| c.to_string());
        format!("{}; joker: {joker}; widow: {widow}", print_hands(&plain))
    }

    fn parse_deal(&self, text: &str) -> Result<HasenpfefferState, DealError> {
        let (head, mut fields) = head_and_fields(text)?;
        let mut hands = parse_hands(head, 4)?;
        let joker = fields.take("joker")?;
        let widow = parse_card(fields.take("widow")?)?;
        fields.finish()?;
        if !joker.eq_ignore_ascii_case("widow") {
            let mut chars = joker.chars();
            match (chars.next().and_then(parse_seat), chars.next()) {
                (Some(s), None) => {
                    hands[s.index()].insert(Card::JOKER);
                }
                _ => {
                    return Err(DealError::new(format!(
                        "joker: {joker:?} is not N, E, S, W or widow"
                    )))
                }
            }
        }
        let all = hands.iter().flat_map(|h| h.iter()).chain([widow]);
        check_deck(CardMultiset::copies(Self::DECK, 1), all)?;
        for (i, h) in hands.iter().enumerate() {
            check_len(&format!("seat {i}'s hand"), h.len(), 6)?;
        }
        let mut s = template(self);
        s.play = with_hands(&s.play, &hands);
        Ok(s)
    }
}
