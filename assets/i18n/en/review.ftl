## English strings of Carved Tables: the Games list, replays, the engine's review and the luck report.
## `{ $name }` is a value the game fills in; docs/translating.md says how to edit.

games-title = Games
games-paste = Open a record
games-paste-about = Paste a game record a table saved (Ash & Walnut, Artifact Chess, Snēlab), a UHP GameString from another Hive tool, or a position in its game's notation (a Snēlab court string, an Artifact Chess position or a FEN); it opens as a replay at its table.
games-paste-hint = Base;InProgress;White[3];wS1;bS1 wS1-;…
games-open = Open as a replay
games-clear = Clear
games-unreadable = This text does not open: { $why }
replay-wrong_game = That record is another game's.
replay-refused = This is a replay: nobody plays here. Leave it to play.
replay-title = Replay · { $seats }
replay-title-plain = Replay
replay-at_start = The start · { $n ->
        [one] { $n } move
       *[other] { $n } moves
    }
replay-at = Move { $at } of { $n }: { $action }
replay-start = To the start (Home)
replay-back = One move back (←)
replay-forward = One move on (→)
replay-end = To the end (End)
replay-play = Play
replay-pause = Pause
replay-space = Play or pause (Space)
replay-copy = Copy position
replay-copy-hint = The position on show, in the game's notation
replay-leave = Leave replay
review-title = Engine review
review-about = The engine judges every position of the game and marks the moves that lost the most.
review-start = Review with the engine
review-progress = { $done } of { $total ->
        [one] { $total } position
       *[other] { $total } positions
    }
review-cancel = Cancel
review-score = Expected score of the first side
review-axis = Expected score of the first side (%); the line: the position on show.
review-no_mistakes = No move lost much against the engine's choice.
review-mistakes = The moves that lost the most:
review-mistake = { $n }. { $played } (better { $better }) −{ $loss } %
review-go = Show the position
luck-title = Luck of the dice
luck-none = No capture was attempted: the dice never decided anything.
luck-side = { $side }: { $captures ->
        [one] { $captures } capture
       *[other] { $captures } captures
    } for { $expected } expected ({ $luck })
luck-luckiest = Luckiest roll: { $n }. { $action } at { $chance } %
luck-unluckiest = Unluckiest roll: { $n }. { $action } at { $chance } %
replay-this = Replay and review this game
games-finished = Finished on this device
games-none = No game has ended here yet: each one you finish is kept here, to replay.
games-winner = { $side } won
games-unfinished = Unfinished
games-plies = { $n ->
        [one] { $n } move
       *[other] { $n } moves
    }
games-open_one = Replay
games-remove = Remove
games-save_failed = The list of games could not be saved: { $why }
games-side-white = White
games-side-black = Black
games-side-ash = Ash
games-side-walnut = Walnut
games-side-south = South
games-side-north = North
replay-speed = Speed
replay-file_unreadable = The record file could not be read: { $why }
analysis-open = Analyse
analysis-open-hint = Play on from the position on show, both sides yours, with the engine's evaluation and best line
analysis-title = Analysis board
analysis-back = Back to the replay
analysis-about = Play any legal move for either side; the engine follows the board.
analysis-thinking = The engine is thinking…
analysis-evaluation = { $side }'s expected score: { $score } %
analysis-line = The engine's best line from here
analysis-over = The game is over in this position.
analysis-chance = The line stops where chance decides: { $odds }
analysis-no_notation = This position cannot be copied: { $why }
luck-deal = The hands as dealt: { $sides }
luck-deal-one = { $side } { $luck } %
luck-deal-side = { $side }: { $hand }; { $luck } % of expected score, better than { $beaten } % of the hands it could have been
luck-cards = Cards drawn by chance
luck-cards-side = { $side }: { $n ->
        [one] { $n } draw
       *[other] { $n } draws
    }, { $luck } % of expected score against their odds
luck-cards-luckiest = Luckiest draw: { $n }. { $action } drew { $drawn } ({ $chance } %), { $luck } %
luck-cards-unluckiest = Unluckiest draw: { $n }. { $action } drew { $drawn } ({ $chance } %), { $luck } %
games-copy_record = Copy the record
