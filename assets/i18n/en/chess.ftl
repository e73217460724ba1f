## English strings of Carved Tables: Artifact Chess.
## `{ $name }` is a value the game fills in; docs/translating.md says how to edit.

chess-colour-white = white
chess-colour-black = black
chess-role-pawn = pawn
chess-role-knight = knight
chess-role-bishop = bishop
chess-role-rook = rook
chess-role-king = king
chess-piece-white-pawn = white pawn
chess-piece-white-knight = white knight
chess-piece-white-bishop = white bishop
chess-piece-white-rook = white rook
chess-piece-white-king = white king
chess-piece-black-pawn = black pawn
chess-piece-black-knight = black knight
chess-piece-black-bishop = black bishop
chess-piece-black-rook = black rook
chess-piece-black-king = black king
chess-result-success = success
chess-result-wound = wound
chess-result-miss = miss
chess-why-not_in_hand = that artifact is not in your hand
chess-why-leaves_king_in_check = it would leave your king in check
chess-why-card_not_playable_so = that artifact cannot be played so here
chess-why-no_window_to_pass = there is no response window to pass
chess-why-no_such_action = no such action
chess-why-empty_square = there is no piece on that square
chess-why-other_sides_piece = that piece belongs to the other side
chess-why-heal_rule = only the king heals, an adjacent wounded piece of its own side
chess-why-cannot_attempt_there = that piece cannot attempt a capture there
chess-why-cannot_move_there = that piece cannot move there
chess-why-impossible_chance = that chance cannot happen for this action
chess-end-mate = mate
chess-end-stalemate = stalemate
chess-end-bare_kings = bare kings
chess-end-repetition = the same position for the third time
chess-end-no_progress = 100 actions without progress
chess-error-game_over = the game is over ({ $end })
chess-error-illegal = { $action } is not allowed: { $why }
chess-error-dice_mismatch = the attempt rolls { $attacker }d6 against { $defender }d6, but { $given_attacker }+{ $given_defender } dice were given
chess-error-impossible_result = this attempt cannot end in a { $result }
chess-field-placement = placement
chess-field-turn = turn
chess-field-castling = castling
chess-field-en_passant = en passant
chess-field-quiet = quiet
chess-field-fullmove = fullmove
chess-field-wounds = wounds
chess-field-heirs = heirs
chess-field-impassable = impassable
chess-field-reserves = reserves
chess-field-hands = hands
chess-field-played = played
chess-field-shields = shields
chess-field-scouted = scouted
chess-field-window = window
chess-field-restricted = restricted
chess-position-bad = bad position: { $why }
chess-position-bad_field = bad position, field { $field } ({ $name }): { $why }
chess-position-rank_count = { $count ->
        [one] { $count } rank
       *[other] { $count } ranks
    } instead of 8
chess-position-queen = a queen: there is none in Artifact Chess
chess-position-rank_too_long = rank { $rank } is too long
chess-position-unknown_letter = unknown letter `{ $letter }`
chess-position-rank_width = rank { $rank } has { $squares } squares, not 8
chess-position-not_a_square = `{ $text }` is not a square
chess-position-square_twice = { $square } is named twice
chess-position-expected_pair = expected `<white>/<black>`
chess-position-unknown_artifact = unknown artifact `{ $text }`
chess-position-not_a_number = `{ $text }` is not a whole number in range
chess-position-field_count = { $count ->
        [one] { $count } field
       *[other] { $count } fields
    }: expected 6 (FEN), 12, 14 or 16
chess-position-empty_field = empty (fields are separated by single spaces)
chess-position-not_a_colour = `{ $text }` is not `w` or `b`
chess-position-move_number_zero = the move number starts at 1
chess-position-king_wounded = the king on { $square } is never wounded
chess-position-nothing_to_wound = no piece on { $square } to be wounded
chess-position-no_pawn_for_heir = no pawn on { $square } to be an Heir
chess-position-impassable_occupied = { $square } holds a piece and cannot be impassable
chess-position-hand_twice = a hand holds the same kind twice
chess-position-nothing_to_shield = no { $colour } piece (not a king) on { $square } to shield
chess-position-not_scouted = `{ $text }` is not -, w, b or wb
chess-position-expected_window = expected `-` or `<w|b>:<card>`
chess-position-window_card = only Seize and Restriction open a window
chess-position-responder_acts = the responder, not the opener, acts in a window
chess-position-nothing_to_restrict = no { $colour } piece (not a king) on { $square }
chess-position-king_count = { $colour } has { $kings } kings, not one
chess-position-unknown_castling = unknown castling letter `{ $letter }`
chess-position-castling_twice = `{ $letter }` is given twice
chess-position-castling_needs = `{ $letter }` needs the king on its e-file square and the rook in the corner
chess-position-no_en_passant = no pawn has just passed over { $square }
chess-army-no_king = the army needs its king
chess-army-too_many = too many { $kind ->
        [rook] rooks
        [bishop] bishops
        [knight] knights
        [king] kings
       *[pawn] pawns
    }: { $count }, at most { $max }
chess-army-over_budget = the army costs { $points ->
        [one] { $points } point
       *[other] { $points } points
    }: the budget is { $budget }
chess-army-bishops_same_colour = the bishops on { $first } and { $second } stand on squares of the same colour
chess-army-pawn_rank = a { $role } may not stand on { $square }: pawns go on rank { $colour ->
        [black] 7, one may go on rank 6
       *[white] 2, one may go on rank 3
    }
chess-army-piece_rank = a { $role } may not stand on { $square }: { $kind ->
        [king] the king stands
       *[other] pieces stand
    } on the home rank, rank { $colour ->
        [black] 8
       *[white] 1
    }
chess-army-too_many_advanced = pawns on { $first } and { $second } are both advanced: only one may stand on rank { $colour ->
        [black] 6
       *[white] 3
    }
chess-army-square_twice = two pieces on { $square }
chess-syntax-error = cannot read action `{ $input }` at character { $at }: { $why }
chess-syntax-expected_square = expected a square like e4
chess-syntax-trailing_after_squares = nothing may follow the two squares
chess-syntax-heal_form = `heal` is followed by one space and two squares
chess-syntax-promotion_letter = a promotion is `r`, `b` or `n`
chess-syntax-trailing = unexpected characters after the action
chess-syntax-same_square = an action goes from one square to another
chess-syntax-nothing_after_artifact = this artifact takes nothing after its name
chess-syntax-expected_space_square = expected a space and a square
chess-syntax-expected_space_artifact = expected a space and an artifact's name
chess-syntax-unknown_artifact = unknown artifact
chess-syntax-expected_space_steps = expected a space and the king's two steps
chess-syntax-expected_king_square = expected the king's square
chess-syntax-expected_two_steps = expected two king steps like e2e3
chess-syntax-expected_space_promotions = expected a space and promotions like b8r
chess-syntax-expected_file_promotion = expected a file and a promotion letter like b8r → `br`
chess-syntax-expected_space_move = expected a space and a move like e2e4
chess-syntax-expected_move = expected a move like e2e4
chess-syntax-not_playable = that artifact is not playable yet
chess-artifacts-off = Artifacts: off (the dice game)
chess-artifacts-on = Artifacts: on
chess-back_to_game = Back to the game
chess-build-budget = { $used } of { $budget } points used · { $left } left
chess-build-clear = Clear
chess-build-engine_hidden = The engine builds its army under the cloth; both are revealed when you are ready.
chess-build-hint = Click a square with a green dot to place the piece in hand (or drag it from the list). Click a placed piece to pick it, then take it off with the button or Delete.
chess-build-king = King: free, already on { $square }
chess-build-legal = ● The army follows every rule
chess-build-legal_left = ● The army follows every rule · { $left ->
        [one] { $left } point
       *[other] { $left } points
    } unspent
chess-build-king_only = Only the king so far: { $left ->
        [one] { $left } point
       *[other] { $left } points
    } to spend. (The king alone is allowed too.)
chess-build-picked = { $piece } on { $square }
chess-build-take_off = Take it off (Del)
chess-build-not_ready = Ready waits until the army breaks no rule
chess-build-palette = { $key } · { $piece } — { $points } pt · { $count }/{ $max }
chess-build-palette_hint = Click to take it in hand, or drag it onto a square
chess-build-random = Random army
chess-build-ready = Ready
chess-build-title = Your army — { $colour }
chess-build-title_hot = { $who }: army of { $colour }
chess-card-file-shift = File Shift
chess-card-file-shift-text = One of your pieces, the king too, steps one square left or right along its rank, onto an empty square only. It never captures, and the king may not step into check.
chess-card-teleport = Teleport
chess-card-teleport-text = One of your pieces other than the king jumps to any square up to two king steps away, over anything in between. An enemy piece other than the king standing there is attacked, with dice.
chess-card-acceleration = Acceleration
chess-card-acceleration-text = One of your pawns moves two squares straight forward from any rank; both squares must be empty. Right after it, an enemy pawn may take it en passant; on the last rank it promotes.
chess-card-knights-leap = Knight's Leap
chess-card-knights-leap-text = One of your pieces other than the king moves once as a knight, jumping over anything. An enemy piece on the landing square is attacked, with dice.
chess-card-kings-stride = King's Stride
chess-card-kings-stride-text = Your king makes two king steps in one action: the first to an empty square, the second to an empty square or onto an enemy piece (an attempt). It never passes through check or ends in check; if the attack fails, the king stays on its first step.
chess-card-seize = Seize
chess-card-seize-text = Take into your hand one card from your opponent's played pile, of a kind you don't hold, then make your normal move. Played in a response window, it takes the card your opponent has just played.
chess-card-restriction = Restriction
chess-card-restriction-text = Choose an enemy piece other than the king: on your opponent's next turn it cannot move or attack, though it still gives check. Then make your normal move.
chess-card-cancel = Cancel
chess-card-cancel-text = Undo your opponent's last artifact: everything goes back as it was before it, dice and cards included, and both cards are spent. Play it in a response window, or at the start of your turn against the artifact played on the turn just before.
chess-card-statue = Statue
chess-card-statue-text = A pawn of either colour turns to stone: it leaves the board without going to any reserve, and its square is impassable for the rest of the game.
chess-card-heir = Heir
chess-card-heir-text = One of your pawns becomes an Heir, marked “H”: it still moves like a pawn, but attacks on both diagonals, forward and backward. It loses this when it promotes.
chess-card-mass-attack = Mass Attack
chess-card-mass-attack-text = All your pawns step one square forward at once, each where the square ahead was free before the card; blocked pawns stay. You choose the promotion separately for each pawn that reaches the last rank.
chess-card-explosive-ram = Explosive Ram
chess-card-explosive-ram-text = Sacrifice one of your rooks: every enemy piece next to it, except the king, is demoted — a rook to a bishop, a bishop or a knight to a pawn — and keeps its wound. Your own pieces and both kings are unharmed.
chess-card-zombie-pawn = Zombie Pawn
chess-card-zombie-pawn-text = A pawn from your reserve rises on a random empty square of your third or fourth rank. You can play it only if no square it could rise on would leave either king in check.
chess-card-resurrection = Resurrection
chess-card-resurrection-text = Bring a pawn back from your reserve to an empty square of your pawn rank, the one you choose.
chess-card-barricade = Barricade
chess-card-barricade-text = Make an empty square impassable for the rest of the game. Not on a home rank, and not next to a king.
chess-card-demolition = Demolition
chess-card-demolition-text = Clear one impassable square, a barricade or a statue.
chess-card-balm = Balm
chess-card-balm-text = Heal one of your wounded pieces, anywhere on the board.
chess-card-poison-dart = Poison Dart
chess-card-poison-dart-text = Wound a healthy enemy piece, not the king, that one of your pieces attacks — without dice.
chess-card-shield = Shield
chess-card-shield-text = One of your pieces other than the king is shielded until your next turn: attacked, it rolls 3d6 while healthy, or 1d6 when wounded instead of dying outright. A new Shield replaces your old one.
chess-card-fury = Fury
chess-card-fury-text = A normal capture attempt with one extra die: a healthy attacker rolls 4d6, a wounded one 2d6.
chess-card-scouting = Scouting
chess-card-scouting-text = See your opponent's unplayed cards for the rest of the game.
chess-card-trophy = Trophy
chess-card-trophy-text = Draw two random cards, of kinds that are in neither player's hand and in neither played pile (just one, if only one such kind is left).
chess-card_kind-movement = Movement
chess-card_kind-keeps_move = Keeps your move
chess-card_kind-response = Answer
chess-card_kind-action = Action
chess-dice-count = { $n ->
        [one] { $n } die
       *[other] { $n } dice
    }
chess-dice-attacker = { $who } attacks: { $n ->
        [one] { $n } die
       *[other] { $n } dice
    }
chess-dice-attacker_sum = { $who }: { $sum }
chess-dice-defender = { $who } defends: { $n ->
        [one] { $n } die
       *[other] { $n } dice
    }
chess-dice-defender_sum = { $who }: { $sum }
chess-dice-skip = Click or press Space to skip the roll
chess-attempt-captured = { $piece } captured
chess-attempt-wounded = { $piece } wounded
chess-attempt-miss = Miss — nobody is hurt
chess-attempt-sums = { $attacker } rolled { $attacker_dice }: { $attacker_sum }; { $defender } rolled { $defender_dice }: { $defender_sum }.
chess-attempt-meaning-success = The attacker's total is higher: the defender leaves the board and the attacker takes its square.
chess-attempt-meaning-wound = The defender's total is higher: both stay where they are, and the defender is wounded (red +). Attacked again, a wounded piece dies without a roll.
chess-attempt-meaning-miss = The totals are equal: a miss. Both stay, nobody is wounded, and the turn is used.
chess-attempt-meaning-died = A wounded defender dies without a roll: the attacker takes its square.
chess-attempt-recent = Last attempt: { $action }
chess-draft-nothing = nothing of yours stands on { $square }
chess-draft-occupied = the square { $square } is already taken
chess-draft-outside = the square { $square } is outside your first three ranks
chess-draft-over_budget = a { $role } costs { $points }; points left: { $left }
chess-draft-too_many = { $kind ->
        [rook] rooks
        [bishop] bishops
        [knight] knights
        [king] kings
       *[pawn] pawns
    }: at most { $max } in an army, and the limit is reached
chess-draft-second_advanced = a second pawn may not go on { $square }: only one stands on rank { $colour ->
        [black] 6
       *[white] 3
    }, and { $first } has it
chess-draft-bishop_colour = the square { $square } has the colour of { $first }, where your other bishop stands: the bishops go on squares of different colours
chess-draft-king_stays = the king on { $square } stays: it is free and every army has one
chess-end_banner-actions = { $n ->
        [one] { $n } action played
       *[other] { $n } actions played
    }
chess-end_banner-draw = Draw
chess-end_banner-history = ← and → look back over the game
chess-end_banner-new = New game
chess-end_banner-wins = { $who } wins ({ $colour })
chess-end_banner-you_win = You win
chess-end_banner-you_lose = You lose
chess-ending-resigned = { $colour } resigned
chess-ending-agreed = a draw by agreement
chess-ending-you_resigned = You resigned
chess-ending-resigned_who = { $who } resigned
chess-engine = Engine ({ $level })
chess-heal = Heal (H) · { $n }
chess-heal-hint = The king heals a wounded neighbour instead of moving
chess-in_check = { $colour }: check!
chess-lobby-artifacts = Artifacts:
chess-lobby-colour = Your colour (white moves first):
chess-lobby-continue = Continue the saved game ({ $actions } actions)
chess-lobby-hot_seat = Player 1 builds and plays white; the device is passed between the set-ups.
chess-lobby-line = Budgeted armies, no queen, and every capture decided by the dice.
chess-lobby-off = off
chess-lobby-on = on
chess-lobby-opponent = Opponent:
chess-lobby-or_new = or set up a new game below
chess-lobby-start = Build your army
chess-lobby-title = Artifact Chess
chess-moves = Actions
chess-moves-legend = ● captured · ✚ wounded · ○ missed · † died without a roll · + check · # mate
chess-moves-none = No actions yet
chess-odds-capture = captures
chess-odds-dies = dies
chess-odds-miss = misses
chess-odds-wound = wounds
chess-opponent-easy = Engine: easy
chess-opponent-hard = Engine: hard
chess-opponent-normal = Engine: normal
chess-opponent-person = Two players on this device
chess-outcome-captured = Captured!
chess-outcome-miss = Miss
chess-outcome-wounded = Wounded
chess-pass-line = The army of { $colour } is ready and hidden. Pass the device to the other player.
chess-pass-take_over = I have the device — build the army of { $colour }
chess-pass-title = Pass the device
chess-player-first = Player 1
chess-player-second = Player 2
chess-players-line = { $colour } — { $who }
chess-promote-back = Esc: choose another square
chess-promote-title = Promote the pawn to
chess-refused-empty = there is no piece on { $square }
chess-refused-no_action = the selected piece cannot act on { $square }
chess-refused-no_heal = no wounded piece stands next to the king
chess-refused-not_now = not now
chess-refused-not_yours = the piece on { $square } is not one of the side to act
chess-refused-nothing_held = take a piece in hand first (1–4 or the list)
chess-refused-nothing_saved = there is no saved game to continue
chess-refused-nothing_selected = no piece is selected
chess-refused-nothing_to_undo = there is nothing to undo
chess-refused-viewing = you are looking at an earlier position: go back to the game first
chess-resign = Resign
chess-resign-no = No
chess-resign-sure = Resign this game?
chess-resign-yes = Resign
chess-revealed = Both armies revealed — white moves first
chess-save-inconsistent = the saved armies, hands or ending do not agree with the game
chess-save_damaged = The saved Artifact Chess game could not be used ({ $why }); a new game is offered.
chess-save_failed = The game could not be saved: { $why }
chess-step_back = Step back (←)
chess-step_forward = Step forward (→)
chess-still_in_check = The attempt failed and { $colour } is still in check: the same side acts again.
chess-turn-engine = { $who } is thinking
chess-turn-hot = { $who } ({ $colour }) to act
chess-turn-selected = Dots: moves · rings with ticks: attacks with their odds · dashed rings: heals
chess-turn-yours = Your turn: choose a piece
chess-turn-landing = { $who } moves…
chess-turn-landing_you = Your move is landing…
chess-undo = Undo move
chess-undo-hint = Takes the action back for real (Backspace); the dice come back with it
chess-viewing = Viewing action { $n } of { $of } — nothing can be played here
chess-wounded_dies = A wounded defender dies without a roll.
chess-you = You
chess-refused-card_blocked = { $card } cannot be played now: { $why }
chess-refused-no_card = no card is chosen
chess-refused-card_needs_target = the card needs a square first
chess-card_blocked-not_in_hand = it is not in your hand
chess-card_blocked-window = a response window is open: answer it first
chess-card_blocked-cancel = Cancel answers the artifact the opponent has just played
chess-card_blocked-seize_empty = the opponent's played pile is empty (or holds only kinds you have)
chess-card_blocked-reserve_empty = your reserve has no pawn
chess-card_blocked-check = every way of playing it would leave your king in check
chess-card_blocked-no_target = it has nothing to aim at now
chess-card_blocked-not_now = not your turn
chess-window-passed = The window ran out: { $colour } passed.
chess-hand-empty = No cards left in your hand
chess-hand-hint = Click (or press its number) to play it
chess-aim-play = Play
chess-aim-back = Back (Esc)
chess-aim-preview = plays { $action }
chess-aim-choose_pile = take which card from the opponent's played pile?
chess-aim-confirm = press Play (Enter)
chess-aim-choose_piece = choose the piece (lit rings)
chess-aim-choose_step = choose the king's first step
chess-aim-choose_square = choose the square (lit rings)
chess-aim-choose_to = choose where it goes
chess-hand-theirs = { $who } — in hand: { $n }
chess-pile-title = { $colour }: played ({ $n })
chess-pile-empty = nothing played yet
chess-window-title = { $who } played { $card }
chess-window-left = { $s } s to answer
chess-window-engine = { $who } is answering…
chess-window-answer = Answer now, or the window passes:
chess-window-cancel = Cancel { $card }
chess-window-seize = Seize { $card }
chess-window-pass = Pass
chess-cancel_offer = Cancel { $card } (C)
chess-reserves = Reserves: white { $white } · black { $black } pawns
chess-lobby-artifacts_on = Each player is dealt five different artifacts; play one instead of a move, or beside it.
chess-lobby-artifacts_off = The dice game alone: no cards in either hand.
chess-refused-not_a_target = the square { $square } is not a target of { $card } now: choose a lit square
chess-online-army_lost = Your army was committed on an earlier run of the game and is gone from this device: it cannot be revealed, and the server's clock will end the game.
chess-online-other_ready = Your opponent's army is ready: committed, and hidden until both are.
chess-online-timeout = { $colour } ran out of time: the server played for them.
chess-online-won_before_start = The other seat did not reveal its army in time, or resigned: you win.
chess-online-lost_before_start = The game ended before it started: your army was not revealed in time, or you resigned.
chess-online-building = { $name }: building…
chess-online-ready = { $name }: ready (the army stays hidden)
chess-online-waiting = Your army is committed. Waiting for { $name }…
chess-online-hidden = Your opponent builds on the other half at the same time; nothing of it is shown until both armies are committed.
chess-online-watch_building = Both players build their armies; neither is shown until both are committed.
chess-online-seed = The seed is revealed: its fingerprint matches the one shown at the start.
chess-online-seed_mismatch = ✖ The seed revealed does NOT match the fingerprint shown at the start.
chess-online-verified = The server's record verifies: the colours, both armies against their commitments, every die and card dealt, every action and the result.
chess-online-not_verified = The server's record does NOT verify: check it with tables verify.
chess-online-copy_record = Copy the record
chess-online-time_left = { $colour } to act: { $time } left
# The board read aloud, for a screen reader: one line per rank, from 8 down to 1.
chess-read-turn = { $colour ->
        [white] White
       *[black] Black
    } to move{ $check ->
        [yes] , in check
       *[no] {""}
    }.
chess-read-rank = Rank { $rank }: { $squares }
chess-read-rank_empty = Rank { $rank }: empty
chess-read-piece = { $square } { $piece }
chess-read-marked = { $piece } ({ $marks })
chess-read-impassable = { $square } impassable
chess-read-wounded = { $role ->
       *[other] wounded
    }
chess-read-heir = Heir
chess-read-shielded = { $role ->
       *[other] shielded
    }
chess-read-restricted = restricted
chess-read-reserves = Pawn reserves: white { $white }, black { $black }.
chess-read-hands = Cards in hand: white { $white }, black { $black }. Pawn reserves: white { $white_reserve }, black { $black_reserve }.
chess-read-played = { $colour ->
        [white] White
       *[black] Black
    } has played: { $cards }.
chess-read-card = { $card } ({ $kind }): { $text }
chess-read-their_card = Your opponent holds { $card }: { $text }
chess-read-on = { $piece } on { $square }
chess-read-square = { $square }
chess-read-announce = { $colour ->
        [white] White
       *[black] Black
    }: { $action }
chess-read-rolled = { $action }: { $attacker } against { $defender }, { $result ->
        [success] taken
        [wound] wounded
       *[miss] a miss
    }
chess-read-unrolled = { $action }: taken without a roll
chess-read-move = { $piece } to { $to }
chess-read-attempt = { $piece } attacks { $target }
chess-read-dice = { $action } ({ $attacker ->
        [one] { $attacker } die
       *[other] { $attacker } dice
    } against { $defender })
chess-read-promotes = { $action }, promotes to { $role }
chess-read-heal = { $king } heals { $target }
chess-read-play = Play { $card }: { $notation }
chess-read-pass = Let the window go by
