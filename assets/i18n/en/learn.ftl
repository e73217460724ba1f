## English strings of Carved Tables: lessons and puzzles.
## `{ $name }` is a value the game fills in; docs/translating.md says how to edit.

learn-puzzle-kind-only-payment = Take, and choose the one payment that wins.
learn-puzzle-kind-unpayable = The tempting capture can't be paid: find the move that wins.
learn-snelab-hint-bench = Your { $piece } lands on your Bench at { $square }: the case is won.
learn-snelab-hint-no_move = After it, { $side } has no legal move: the case is won.
learn-snelab-hint-only_payment = Of the { $count ->
        [one] { $count } way
       *[other] { $count } ways
    } to pay, only this one wins by force: whatever { $side } answers, your next move wins.
learn-snelab-hint-forced = Whatever { $side } answers, your next move wins the case.
learn-snelab-hint-frees = The payment ({ $payers }) clears the way to your Bench for your { $piece } on { $square }.
learn-snelab-hint-stop = Takes the { $piece } on { $square } before it reaches your Counter; paid with { $payers }.
learn-snelab-hint-keeps = Of the { $count ->
        [one] { $count } way
       *[other] { $count } ways
    } to pay, this one keeps your { $piece } on { $square }.
learn-snelab-hint-capture = Takes the { $piece } on { $square }, paid with { $payers }.
learn-snelab-hint-advance = Brings your { $piece } to { $square }, one route from your Bench.
learn-snelab-hint-engine = The engine's choice: { $action }.
learn-puzzle-kind-surround-1 = Surround your opponent's Elder in 1 move
learn-puzzle-kind-surround-2 = Surround your opponent's Elder in 2 moves, whatever they play
learn-puzzle-kind-surround-3 = Surround your opponent's Elder in 3 moves, whatever they play
learn-hive-hint-surrounds = { $piece } fills the last free cell around the { $colour } Elder: that wins.
learn-hive-hint-defends = { $action }: otherwise your opponent surrounds your Elder on the next move.
learn-hive-hint-closes = { $piece } takes one more cell around the { $colour } Elder: { $taken } of its six are taken now.
learn-hive-hint-covers = Your Owl climbs onto { $piece }: that piece can't move while the Owl is on top.
learn-hive-hint-pins = { $action } pins { $piece }: it can no longer move without splitting the group.
learn-hive-hint-frees = { $piece } gives your Elder room: { $free } of the six cells around it are free now.
learn-hive-hint-places_elder = Place your Elder: it must be on the table by your fourth turn, and until then none of your pieces can move.
learn-hive-hint-plain = The engine's choice: { $action }.
learn-puzzle-kind-best-odds = Find the attack or card with the best odds of winning material
learn-chess-puzzle-after = { $percent } % to come out ahead in material after the best reply; the next best: { $next } %
learn-chess-hint-mate = it mates
learn-chess-hint-mate_chance = { $percent } % to mate: if the attempt succeeds, it is mate
learn-chess-hint-cancel = Cancel undoes the { $card } card just played
learn-chess-hint-seize_back = your Seize takes the { $card } card just played into your hand
learn-chess-hint-pass = no answer here is worth a card: let the window go by
learn-chess-hint-wounded_target = the { $piece } on { $square } is wounded: it falls without a roll
learn-chess-hint-fury = Fury adds a die: { $percent } % to take the { $piece } on { $square } instead of { $plain } %
learn-chess-hint-only_good_odds = the only attack with better than even odds: { $percent } % to take the { $piece } on { $square }
learn-chess-hint-attempt_heal = { $percent } % to take the { $piece } on { $square }, and your king can heal your wounded { $attacker } there after
learn-chess-hint-attempt = { $percent } % to take the { $piece } on { $square }, and { $wound } % to wound it
learn-chess-hint-heal = your king heals the { $piece } on { $square }: a wounded piece falls to any attempt
learn-chess-hint-heal_threatened = the wounded { $piece } on { $square } is attacked: your king heals it before it falls
learn-chess-hint-balm = Balm heals the wounded { $piece } on { $square } from afar
learn-chess-hint-shield = this card shields the { $piece } on { $square } before it is attacked
learn-chess-hint-poison = Poison Dart wounds the { $piece } on { $square } without dice: then any attempt takes it
learn-chess-hint-escape = the { $piece } on { $from } is attacked: it steps to { $to }, out of reach
learn-chess-hint-promote = the pawn promotes to a { $piece }
learn-chess-hint-check = your king is in check: this answers it
learn-chess-hint-engine = the engine's choice: { $action }
learn-title = Learn to play
learn-lessons = Lessons
learn-lessons_done = { $done } of { $total } done
learn-puzzles = Practice positions
learn-solved_count = Solved: { $solved } of { $total }
learn-puzzles_none = No practice positions yet.
learn-puzzles_damaged = The practice positions could not be read: { $why }
learn-start = Start
learn-again = Again
learn-seat = Lesson
learn-turn-answer = The lesson answers
learn-turn-done = Done: nothing more is asked here
learn-show = Show me
learn-next = Next lesson
learn-next_puzzle = Next position
learn-back = Back to Learn
learn-lesson_n = Lesson { $n } of { $total }
learn-puzzle_n = Practice position { $n } of { $total }
learn-right = Right. The other side answers; then it is your move again.
learn-solved = Solved!
learn-puzzle-odds = The answer's chance: { $percent } %; the best other action's: { $next } %.
learn-aside = That is legal, but not what this lesson asks.
learn-puzzle-wrong = Legal, but not the best here: try again.
learn-no_takeback = A lesson or a practice position goes forward only: start it again instead.
learn-missing = That lesson or position is not there.
learn-save_failed = Your progress could not be saved: { $why }
learn-hint = Hint
learn-hint-tip = The engine's suggestion for your move, with why (key: ?). Hints are counted.
learn-hint-not_now = A hint is given on your turn against the bot.
learn-hints_used = Hints used: { $count }
learn-offer-title = New to these games?
learn-offer-text = Two of the three games are new to everyone. Each has short lessons on the table itself, a few minutes each, and positions to practise.
learn-offer-yes = Learn to play
learn-offer-no = Not now
learn-no_stake = A lesson: nothing at stake, the purse stays as it is.
