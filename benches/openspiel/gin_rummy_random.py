"""Random Gin Rummy hands through OpenSpiel's C++ loop, for comparison with
`cardsim simulate --game gin-rummy --param target=0 --param first_turn=offer
--param undercut_bonus=25 --agents random --threads 1`.

OpenSpiel's `gin_rummy` is one hand (knock at 10, gin bonus 25, undercut bonus 25, the first
upcard offered to each player in turn, the hand void when two cards are left in the stock);
cardsim's `target=0` plays one hand with the same settings. OpenSpiel's knocker then lays his
melds and the other player lays off card by card, as moves of their own, where cardsim
arranges both at the knock; a random OpenSpiel player also may knock only on some turns.
`pyspiel.evaluate_bots` plays each hand in C++ with C++ uniform random bots; Python only
starts each hand.

    python3 -m venv /tmp/os && /tmp/os/bin/pip install open_spiel==2.0.2
    /usr/bin/time -f "%e s %U user" /tmp/os/bin/python benches/openspiel/gin_rummy_random.py 20000
"""

import sys

import pyspiel

hands = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
game = pyspiel.load_game("gin_rummy")
bots = [pyspiel.make_uniform_random_bot(p, 1000 + p) for p in range(2)]
total = 0.0
for i in range(hands):
    total += pyspiel.evaluate_bots(game.new_initial_state(), bots, i)[0]
print(hands, "hands, mean score of seat 0", total / hands)
