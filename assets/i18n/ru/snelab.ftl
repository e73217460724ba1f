## Russian strings of Carved Tables: Snēlab.
## `{ $name }` is a value the game fills in; docs/translating.md says how to edit.

snelab-south = Юг
snelab-north = Север
snelab-purse_reset = Кошелёк Снелаба не удалось прочитать, он сброшен: { $why }
snelab-save_failed = Не удалось сохранить кошелёк: { $why }
snelab-lobby-title = Садитесь за стол
snelab-purse = Кошелёк: { $coins }
snelab-lobby-table = Стол
snelab-casino = Стол казино
snelab-casino-line = по 12; победитель получает 22, заведение берёт 2; ведётся книга учёта
snelab-street = Уличный стол
snelab-street-line = по 12; победитель забирает все 24; без заведения и книги учёта
snelab-lobby-opponent = Соперник
snelab-opponent-easy = Движок: лёгкий
snelab-opponent-normal = Движок: средний
snelab-opponent-hard = Движок: сложный
snelab-opponent-person = Двое за одним устройством
snelab-lobby-appeal = Апелляция: фигуры могут бить назад
snelab-lobby-table_line = { $table } — { $line }
snelab-lobby-coin_next = Кто начинает, решит жребий.
snelab-lobby-loser_opens = Начинает { $side }: проиграл прошлое дело.
snelab-sit = Сесть (ставка { $stake })
snelab-cannot_sit = В кошельке { $have }, а чтобы сесть, нужно { $need }. Сбросьте всё, чтобы начать заново.
snelab-books = Книга учёта
snelab-reset = Сбросить всё
snelab-reset-ask = Вернуть кошелёк к { $coins } и очистить книгу учёта?
snelab-reset-yes = Сбросить всё
snelab-reset-no = Оставить
snelab-coin-title = Жребий
snelab-coin-heads = Орёл
snelab-coin-tails = Решка
snelab-coin-result = { $face }: начинает { $side }
snelab-turn-side = Ходит { $side }
snelab-turn-yours = Ваш ход
snelab-turn-thinking = Север думает
snelab-turn-remote = Ходит { $name }
snelab-hint-idle = Выберите фигуру · Tab перебирает ваши фигуры, Enter поднимает · R — сдаться
snelab-hint-selected = Точка — ход · кольцо с насечками — взятие · стрелки и Enter выбирают · Esc опускает фигуру
snelab-hint-stuck = Выберите другую фигуру · Esc опускает фигуру
snelab-hint-wait = Пока ходит { $side }, наведите указатель на любую фигуру — увидите её звание и вес
snelab-cant_move = хода нет
snelab-opened-coin = Жребий решил: начинает { $side }.
snelab-opened-loser = Начинает { $side }: проиграл прошлое дело.
snelab-opened-seed = Зерно стола решило: начинает { $side }.
snelab-online-cannot_sit = Нельзя сесть за это сетевое дело: { $why }
snelab-online-too_poor = В кошельке { $have }, а онлайн-дело требует ставку { $need }: на сервер ничего не отправлено. Нажмите «Сбросить всё» за столом Снелаба, чтобы начать заново.
snelab-online-timeout = Время стороны { $side } вышло: сервер сыграл ход по истечении времени.
snelab-online-seed = Зерно раскрыто: его отпечаток совпадает с показанным в начале.
snelab-online-seed_mismatch = ✖ Раскрытое зерно НЕ совпадает с отпечатком, показанным в начале.
snelab-online-verified = Запись сервера проверена: жребий, каждый ход и вердикт.
snelab-online-not_verified = Запись сервера НЕ проходит проверку: проверьте её командой tables verify.
snelab-online-copy_record = Скопировать запись
snelab-online-time_left = Ходит { $side }: осталось { $time }
snelab-pay-sum = Оплачено { $paid } из { $cost }
snelab-pay-confirm = Подтвердить
snelab-pay-cancel = Отмена
snelab-pay-hint = Нажимайте на свои фигуры с пунктирным кольцом, чтобы заплатить · стрелки и Пробел выбирают · Enter подтверждает
snelab-on_table = { $table }: на столе { $stake }
snelab-versus = Соперник: { $who }
snelab-versus_online = { $who }, по сети
snelab-moves = Ходы
snelab-cant_pay = нечем платить
snelab-row-your_counter = Ваша Стойка: здесь начинают ваши фигуры
snelab-row-your_bench = Ваша Скамья судей: поставьте сюда фигуру — и вы выиграли
snelab-row-south_counter = Стойка Юга · Скамья судей Севера
snelab-row-north_counter = Стойка Севера · Скамья судей Юга
snelab-row-about = Стойка — ближний ряд стороны, где в начале стоят её фигуры. Скамья судей — дальний ряд, Стойка соперника: поставьте туда любую фигуру, ходом или взятием, и дело сразу выиграно.
snelab-you_play-south = Вы играете за Юг — светлые фигуры
snelab-you_play-north = Вы играете за Север — тёмные фигуры
snelab-you_play-hot_seat = Юг: светлые фигуры · Север: тёмные фигуры
snelab-verdict-title = Вердикт
snelab-verdict-you_win = Победа
snelab-verdict-you_lose = Поражение
snelab-verdict-side_wins = Победил { $side }
snelab-verdict-casino_win = Вы получаете { $collected } из { $pot }; кошелёк { $net }
snelab-verdict-casino_loss = Победитель получает { $winnings }, заведение берёт { $house }; кошелёк { $net }
snelab-verdict-street_win = Вы забираете все { $pot }; кошелёк { $net }
snelab-verdict-street_loss = Победитель забирает все { $pot }; кошелёк { $net }
snelab-verdict-purse = Кошелёк: { $before } → { $after }
snelab-verdict-bench = { $side }: фигура дошла до своей Скамьи судей
snelab-verdict-no_move = { $side }: нет допустимого хода
snelab-verdict-resigned = { $side } сдался
snelab-verdict-abandoned = Дело осталось незаконченным
snelab-next_case = Следующее дело
snelab-reason-bench = фигура дошла до своей Скамьи судей
snelab-reason-no_move = у соперника не было хода
snelab-reason-resigned = сдался
snelab-reason-abandoned = дело брошено
snelab-books-title = Книга учёта казино
snelab-books-case = Дело
snelab-books-when = Закрыто (UTC)
snelab-books-winner = Победитель
snelab-books-purse = Кошелёк после
snelab-books-table = Стол
snelab-books-opponent = Соперник
snelab-books-appeal = Апелляция
snelab-books-opened = Начинал
snelab-books-reason = Итог
snelab-books-casino = Казино
snelab-books-street = Улица
snelab-books-appeal_on = да
snelab-books-appeal_off = нет
snelab-books-you = Вы ({ $side })
snelab-books-other = { $side }
snelab-books-keys = Esc или «Закрыть» убирают книгу учёта
snelab-refused-not_now = Не сейчас: дождитесь своего хода.
snelab-refused-not_yours = На { $square } нет вашей фигуры.
snelab-refused-nothing_selected = Сначала выберите фигуру.
snelab-refused-unreachable = Поднятая фигура не может дойти до { $square }.
snelab-refused-cant_pay = Фигуру на { $square } нечем оплатить: никакой набор ваших фигур не даёт её вес.
snelab-refused-bad_payer = Фигура на { $square } не может войти в эту оплату.
snelab-refused-short = Оплата должна быть точной: { $paid } из { $cost }.
snelab-refused-case_open = Дело ещё не закрыто.
snelab-refused-case_over = Дело закрыто: вердикт вынесен.
snelab-refused-rule = Так нельзя: { $why }
snelab-rank-bailiff = Пристав
snelab-rank-advocate = Адвокат
snelab-rank-barrister = Барристер
snelab-rank-justice = Судья
snelab-rank-tag = { $rank } · вес { $weight }
snelab-piece_on = { $rank } ({ $weight }) { $square }
snelab-took = { $side } взял: { $piece }, оплатив: { $payment }
snelab-resign = Сдаться
snelab-resign-hint = Сдать это дело: оно засчитывается как поражение (R)
snelab-resign-title = Сдать это дело?
snelab-resign-line = Вы теряете ставку.
snelab-resign-line_side = { $side } проигрывает дело.
snelab-resign-yes = Сдаться
snelab-resign-no = Отмена
snelab-resign-keys = Enter — сдаться · Esc — вернуться к делу
snelab-expected-file_letter = буква вертикали клетки (a, b, …)
snelab-expected-square = клетка
snelab-expected-rank_number = номер горизонтали клетки
snelab-expected-piece_digit_or_slash = буква фигуры (B A R J или строчная), цифра или `/`
snelab-expected-space_and_side = пробел и сторона, которая ходит
snelab-expected-space_before_side = пробел перед стороной, которая ходит
snelab-expected-side = сторона, которая ходит, `S` или `N`
snelab-expected-space_before_rule = пробел перед правилом взятия назад
snelab-expected-rule = правило взятия назад, `+a` или `-a`
snelab-expected-rule_letter = `a` после знака правила
snelab-expected-payment = `=` и клетки оплаты
snelab-expected-move_or_capture = `-` (ход) или `x` (взятие)
snelab-notation-unexpected_end = текст кончается там, где ожидалось: { $what }
snelab-notation-unexpected = найдено `{ $found }`, а ожидалось: { $expected }
snelab-notation-trailing = лишний текст после конца
snelab-notation-row_width = горизонталь { $row } сверху шириной { $width } клеток, а первая — { $expected }
snelab-notation-court_size = площадка { $width } × { $height } не поддерживается (от 1 до { $max_files } вертикалей, от 2 до { $max_rows } горизонталей)
snelab-notation-zero_run = серия пустых клеток не может быть 0
snelab-notation-square_out_of_range = клетка должна лежать на вертикалях a–p и горизонталях 1–{ $max_rows }
snelab-notation-bad_payment = оплата — от 1 до 4 разных клеток, соединённых `+`
snelab-notation-too_many_pieces = у стороны { $side } { $count ->
        [one] { $count } фигура
        [few] { $count } фигуры
       *[many] { $count } фигур
    }; ни у одной стороны не бывает больше { $max } (полная Стойка самой широкой площадки)
snelab-error-case_over = дело окончено: вердикт вынесен
snelab-error-off_court = { $square } не на площадке
snelab-error-empty = на { $square } нет фигуры
snelab-error-not_your_turn = фигура на { $square } принадлежит стороне «{ $side }», а сейчас не её ход
snelab-error-no_route = у фигуры на { $from } нет маршрута, который кончается на { $to }
snelab-error-backward_off = за этим столом взятий назад нет: фигуры идут только вперёд
snelab-error-blocked = { $square } на пути: прыгать нельзя
snelab-error-own_piece = на { $square } стоит ваша фигура
snelab-error-backward_needs_capture = назад фигура идёт только ради взятия вражеской фигуры
snelab-error-needs_payment = взятие фигуры на { $square } требует оплаты
snelab-error-nothing_to_capture = на { $square } нет вражеской фигуры
snelab-error-capturer_cannot_pay = берущая фигура не может платить сама за себя
snelab-error-payer_not_yours = на { $square } нет вашей фигуры, чтобы заплатить
snelab-error-wrong_sum = оплата весит { $paid }, а взятие стоит ровно { $cost }
snelab-error-cannot_complete = выбранные фигуры ({ $paid } из { $cost }) нельзя дополнить до точной оплаты
snelab-error-case_open = дело { $case } ещё открыто
snelab-error-no_open_case = открытого дела нет: его итог уже записан
snelab-error-other_case = дело { $given } — не открытое дело ({ $open })
snelab-stuck = { $rank } не может ходить: { $why }
snelab-stuck-plain = { $rank } не может ходить
snelab-stuck-and = { $a }; { $b }
snelab-stuck-blocked = путь перекрыт на { $squares }
snelab-stuck-blocked_many = пути перекрыты на { $squares }
snelab-stuck-own_piece = на { $squares } стоит ваша фигура
snelab-stuck-own_pieces = на { $squares } стоят ваши фигуры
snelab-stuck-off_court = путь уходит за край зала
snelab-stuck-off_court_one = один из путей уходит за край зала
snelab-stuck-cant_pay = нечем заплатить за фигуру на { $squares }
snelab-stuck-cant_pay_many = нечем заплатить за фигуры на { $squares }
snelab-squares-one = { $a }
snelab-squares-and = { $a } и { $b }
snelab-resume-no_open_case = открытого дела нет
snelab-resume-other_case = сохранено дело номер { $saved }, а открыто { $open }
snelab-resume-already_over = сохранённое дело уже было окончено
snelab-resume-missing = его запись не была сохранена
snelab-restored-settled = Начатое дело уже дошло до вердикта и закрыто; в кошельке { $purse }.
snelab-restored-stake_returned = Дело { $case } не удалось продолжить ({ $why }); ставка вернулась в кошелёк.
snelab-bar-yours = Ваша коллегия: { $pieces ->
        [one] { $pieces } фигура
        [few] { $pieces } фигуры
       *[many] { $pieces } фигур
    }, вес { $weight }
snelab-bar-side = Коллегия ({ $side }): { $pieces ->
        [one] { $pieces } фигура
        [few] { $pieces } фигуры
       *[many] { $pieces } фигур
    }, вес { $weight }
snelab-bar-about = Коллегия — фигуры стороны, ещё стоящие в зале, и их общий вес: ими платят за взятие.
snelab-bar-short = Коллегия — фигуры стороны в игре; ими она платит за взятия
snelab-verdict-coin = Случай: монета дала первый ход стороне { $who } — целый первый ход, когда каждая сторона могла ждать половину.
snelab-verdict-coin-you = { $side } (вы)
snelab-verdict-coin-other = { $side } (другая сторона)
# Площадка вслух, для экранного диктора: строка на горизонталь, сверху вниз.
snelab-read-piece = { $square } { $rank } { $side ->
        [north] Севера
       *[south] Юга
    } ({ $weight })
snelab-read-rank = Горизонталь { $row }: { $pieces }
snelab-read-rank_empty = Горизонталь { $row }: пусто
snelab-read-labelled = { $line } — { $label }
snelab-read-totals = { $side }: { $count ->
        [one] { $count } фигура
        [few] { $count } фигуры
       *[other] { $count } фигур
    }, общий вес { $weight }
snelab-read-forward_only = За этим столом взятий назад нет: фигуры идут только вперёд.
snelab-read-at = { $rank } { $square }
snelab-read-nothing_at = ничего на { $square }
snelab-read-nothing = ничего
snelab-read-announce = { $side }: { $action }
snelab-read-move = { $piece } ходит на { $to }
snelab-read-capture = { $piece } берёт фигуру { $taken } на { $to }, платит: { $paid }
