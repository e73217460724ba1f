menu-play = Play
loading-progress = { $done } of { $total ->
        [one] { $total } file
       *[other] { $total } files
    }
