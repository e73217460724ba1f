## Russian strings of Carved Tables: online play, players, keys and records.
## `{ $name }` is a value the game fills in; docs/translating.md says how to edit.

# Finding a game online (app::lobby).
lobby-title = Играть онлайн
lobby-tab-lobby = Открытые столы
lobby-tab-watch = Смотреть
lobby-tab-games = Ваши партии ({ $count })
lobby-unreachable = Сервер недоступен ({ $why }); пробуем снова…
lobby-all_games = Все игры
lobby-quick = Быстрая игра
lobby-open = Открыть стол
lobby-game = Игра
lobby-anonymous = Игрок
lobby-find = Найти соперника
lobby-quick_line = Вы сыграете с первым, кто попросит ту же игру и то же время.
lobby-counts = в сети { $online } · играют { $playing }
lobby-no_open = Открытых столов сейчас нет: откройте свой или начните быструю игру.
lobby-listing = Загружаем открытые столы…
lobby-kind-turn = На ход
lobby-kind-bank = Запас + добавка
lobby-kind-days = По переписке
lobby-looking = Ищем соперника
lobby-waited = ожидание
lobby-nobody_yet = Пока никто не пришёл. Подождите ещё или:
lobby-play_bot = Играть с ботом (это не человек)
lobby-bot_in = Если никто не придёт, бот будет предложен через { $seconds } с
lobby-bot_coming = Бот садится за стол…
lobby-stop = Прекратить поиск
lobby-public = Открытый
lobby-private = Закрытый
lobby-public_line = Виден здесь всем, кто хочет сыграть, а во время игры — в списке партий для просмотра.
lobby-private_line = Не виден в списке: войти может только тот, у кого есть код.
lobby-option-casino = Стол казино
lobby-option-street = Уличный стол
lobby-option-appeal = Апелляция
lobby-option-appeal_on = с апелляцией
lobby-option-appeal_off = без апелляции
lobby-option-artifacts = С артефактами
lobby-option-artifacts_on = с артефактами
lobby-option-artifacts_off = без артефактов
lobby-open_button = Открыть стол
lobby-watch_line = Открытые партии, которые идут сейчас.
lobby-no_live = Сейчас не идёт ни одной открытой партии.
lobby-versus = { $a } – { $b }
lobby-watchers = зрителей: { $count }
lobby-watch = Смотреть
lobby-watch_code = Смотреть по коду:
lobby-asking = Спрашиваем сервер…
lobby-left = осталось { $time }
lobby-state-waiting = Ждём второго игрока
lobby-state-ended = Партия окончена
lobby-state-yours = Ваш ход
lobby-state-theirs = Ход соперника
lobby-games_line = Все онлайн-партии этого устройства на этом сервере.
lobby-no_games = На этом устройстве пока нет онлайн-партий.
lobby-against = против { $name }
lobby-open_game = Открыть
lobby-your_games = Ваши партии
lobby-all_your_games = Все ваши партии ({ $count })
lobby-control-turn = { $n } с на ход
lobby-control-turn_minutes = { $n } мин на ход
lobby-control-bank = { $minutes } мин + { $increment } с
lobby-control-day = 1 день на ход
lobby-control-days = { $n ->
        [one] { $n } день на ход
        [few] { $n } дня на ход
       *[many] { $n } дней на ход
    }
lobby-short-seconds = { $n } с
lobby-short-minutes = { $n } мин
lobby-short-day = 1 день
lobby-short-days = { $n ->
        [one] { $n } день
        [few] { $n } дня
       *[many] { $n } дней
    }
lobby-left-days = { $d } д { $h } ч
lobby-left-hours = { $h } ч { $m } мин
lobby-notify = Сообщать, когда мой ход (уведомление браузера)
lobby-notify_denied = Браузер не разрешает уведомления с этой страницы; это меняется в настройках сайта.
lobby-notify_body = { $game }, против { $name }
lobby-seats_damaged = Список ваших онлайн-партий не удалось прочитать, он начат заново: { $why }
lobby-seats_left_out = { $count ->
        [one] { $count } онлайн-партия повреждена и пропущена.
        [few] { $count } онлайн-партии повреждены и пропущены.
       *[many] { $count } онлайн-партий повреждены и пропущены.
    }
lobby-seats_save_failed = Не удалось сохранить ваши онлайн-партии: { $why }
# The player's key and page (app::identity, app::player).
lobby-your_page = Профиль
lobby-their_page = Открыть страницу игрока
lobby-rated_mark = На рейтинг
lobby-rated = На рейтинг
lobby-rated_line = Результат изменит ваш рейтинг.
lobby-rated_unproved = Нужно, чтобы сервер подтвердил ваш ключ (соединение…).
key-title = Ваш ключ
key-fingerprint = Отпечаток
key-none_yet = Ключа ещё нет: он появится, когда вы впервые сыграете онлайн.
key-losing = Потерять этот ключ — значит стать другим игроком: ваши рейтинги и партии останутся при старом ключе. Экспортируйте его, чтобы сохранить.
key-export = Экспорт
key-import = Импорт
key-back = К настройкам
key-export_title = Ваш ключ в виде текста
key-warning = Кто знает этот текст, тот и есть вы: он может играть и получать рейтинг от вашего имени. Храните его в тайне, как пароль; никогда не вставляйте его в чат.
key-copy = Копировать
key-copied = Скопировано
key-qr_line = На другом устройстве: Настройки, Ваш ключ, Импорт — вставьте этот текст или считайте код.
key-qr_hover = Тот же текст в виде QR-кода
key-import_title = Импорт ключа
key-import_line = Вставьте ключ, экспортированный на другом устройстве (он начинается с CTKEY1-).
key-imported = Ключ импортирован: на этом устройстве вы теперь { $fingerprint }.
key-confirm = Ключ этого устройства будет заменён на { $fingerprint }; если старый ещё нужен, сначала экспортируйте его.
key-replace = Заменить ключ
key-cancel = Отмена
key-import-empty = Ничего не вставлено: вставьте ключ целиком, от CTKEY1- до конца.
key-import-not_a_key = Это не ключ, экспортированный «Резными столами» (он начинается с CTKEY1- и состоит только из цифр 0–9 и букв a–f).
key-import-wrong_length = Часть ключа потеряна или повторена: скопируйте его заново, целиком.
key-import-bad_checksum = В ключе ошибка (контрольные цифры не сходятся): скопируйте его заново, а не вводите вручную.
key-import-already_here = На этом устройстве уже этот ключ: менять нечего.
key-recovered = Запись вашего ключа была частично повреждена; сам ключ прочитан и сохранён.
key-damaged = Ваш ключ игрока не удалось прочитать ({ $why }); повреждённая копия отложена. Если вы его экспортировали, импортируйте его в настройках, чтобы снова стать собой.
key-not_a_secret = сохранённый ключ — не 64 шестнадцатеричные цифры
key-store_failed = Ваш ключ игрока не удалось прочитать из хранилища устройства ({ $why }); в этот раз онлайн-игры пройдут без него.
key-no_random = Устройство не дало случайных чисел для вашего ключа; онлайн-игры пройдут без него.
key-save_failed = Ваш ключ игрока не удалось сохранить ({ $why }): экспортируйте его, чтобы не потерять.
key-name_save_failed = Не удалось сохранить ваше имя: { $why }
player-you = вы
player-since = играет с { $date }
player-back = Назад
player-no_key = Сервер не сообщил ключ этого игрока, поэтому его страницу пока нельзя запросить.
player-asking = Запрос к серверу…
player-refused = Сервер не смог её дать: { $why }
player-again = Запросить снова
player-ratings = Рейтинги
player-no_ratings = Рейтинговых партий пока нет.
player-rated_games = партий: { $count }
player-history = { $game }: рейтинг после каждой рейтинговой партии и его погрешность
player-history_short = История появится после двух рейтинговых партий.
player-axis_games = рейтинговые партии
player-rating = Рейтинг
player-games = Сыгранные партии
player-no_games = Сыгранных партий пока нет.
player-won = Победа
player-lost = Поражение
player-drawn = Ничья
player-rated = На рейтинг
player-casual = без рейтинга
player-record = Запись
player-record_of = Запись партии { $code }
player-open_verify = Открыть в «Проверить партию»
record-whole = запись партии: { $why }
record-line = запись партии, строка { $line }: { $why }
record-twice = `{ $key }` указано дважды
record-bad_seat = место `{ $word }`: ожидалось first или second
record-bad_ash = ash `{ $word }`: ожидалось first или second
record-move_after_result = ход после результата или сдачи
record-empty_move = строка хода без хода
record-unknown_result = неизвестный результат `{ $word }`
record-unknown_line = неизвестная строка `{ $word }`
record-missing = нет строки `{ $key }`
record-bad_word = { $key } `{ $word }`: ожидалось одно из: { $expected }
fair-bad_hex_digit = { $what }: символ { $at } — не шестнадцатеричная цифра
fair-bad_hex_length = { $what }: нужно 64 шестнадцатеричные цифры, а символов { $len }
verify-check-fingerprint = Отпечаток
verify-check-colour_rule = Правило цвета
verify-check-moves = Ходы
verify-check-timeout_moves = Ходы по истечении времени
verify-check-result = Результат
verify-check-coin = Жребий
verify-coin = жребий по зерну отдаёт Юг, который ходит первым, { $seat } месту ({ $name }); в записи — { $recorded }
verify-snelab-timeouts-ok = { $count ->
        [one] { $count } ход по истечении времени — документированный выбор
        [few] { $count } хода по истечении времени, каждый — документированный выбор
       *[many] { $count } ходов по истечении времени, каждый — документированный выбор
    }
verify-check-armies = Армии
verify-check-deal = Раздача
verify-check-actions = Действия
verify-check-record = Запись
verify-seat-first = первому
verify-seat-second = второму
verify-result-win = победа: { $colour }
verify-result-draw = ничья
verify-result-in_progress = партия идёт
verify-fingerprint-ok = SHA-256 зерна совпадает с отпечатком, показанным в начале
verify-fingerprint-bad = SHA-256 зерна — { $actual }, а не записанный { $recorded }
verify-colour_rule = зерно отдаёт ясень { $seat } месту ({ $name }); в записи — { $recorded }
verify-moves-bad = ход { $number } `{ $text }`: { $why }
verify-moves-ok = { $count ->
        [one] { $count } ход допустим
        [few] все { $count } хода допустимы
       *[many] все { $count } ходов допустимы
    }
verify-timeouts-bad = ход { $number } `{ $text }` отмечен как ход по истечении времени, но детерминированный выбор — `{ $expected }`
verify-timeouts-ok = { $count ->
        [one] { $count } ход по истечении времени — выбор движка на фиксированной глубине
        [few] { $count } хода по истечении времени, каждый — выбор движка на фиксированной глубине
       *[many] { $count } ходов по истечении времени, каждый — выбор движка на фиксированной глубине
    }
verify-result-after_illegal = не может следовать из недопустимого списка ходов
verify-result-compare = по ходам выходит «{ $actual }»; в записи — «{ $recorded }»
verify-chess-at_line = строка { $line } `{ $text }`: { $why }
verify-chess-colour_rule = зерно отдаёт белые { $seat } месту ({ $name }); в записи — { $recorded }
verify-chess-armies_ok = обе армии допустимы, и каждая — та самая, к которой игрок привязался обязательством до партии
verify-chess-army_colour = в тексте армии цвет «{ $army }», а в строке — «{ $line }»
verify-chess-commitment_bad = SHA-256 этой армии с солью — { $actual }, а не обязательство { $recorded }, отправленное до партии (строка { $commit_line })
verify-chess-deal_ok = обе руки — именно те, что раздают зерно и два значения
verify-chess-deal_bad = зерно и два значения раздают { $actual }
verify-chess-no_start = без двух допустимых армий партию не воспроизвести
verify-chess-actions_ok = { $count ->
        [one] { $count } действие допустимо, и у него те кубики и карты, что дают зерно и два значения
        [few] все { $count } действия допустимы, и у каждого те кубики и карты, что дают зерно и два значения
       *[many] все { $count } действий допустимы, и у каждого те кубики и карты, что дают зерно и два значения
    }
verify-chess-after_end = партия уже окончена: { $end }
verify-chess-not_to_act = здесь ходят { $colour }
verify-chess-dice_bad = на кубиках выпадает { $actual }
verify-chess-no_dice = здесь кубики не бросаются
verify-chess-drew_bad = Трофей вытягивает { $actual }
verify-chess-no_draw = здесь ничего не вытягивается
verify-chess-rises_bad = пешка-зомби встаёт на { $actual }
verify-chess-no_rise = здесь пешка не встаёт
verify-chess-timeout_bad = отмечено как сыгранное часами, но детерминированное действие по истечении времени — `{ $expected }`
verify-chess-timeouts_ok = { $count ->
        [one] { $count } действие по истечении времени — детерминированное (пас в окне ответа, иначе лёгкий выбор движка)
        [few] { $count } действия по истечении времени, каждое — детерминированное (пас в окне ответа, иначе лёгкий выбор движка)
       *[many] { $count } действий по истечении времени, каждое — детерминированное (пас в окне ответа, иначе лёгкий выбор движка)
    }
verify-chess-result_after_bad = не может следовать из неверной строки действия
verify-chess-result_compare = по действиям выходит «{ $actual }»; в записи — «{ $recorded }»
verify-chess-army_text-no_colour = `{ $text }`: армия начинается с w: или b:
verify-chess-army_text-bad_piece = фигура { $at } `{ $text }`: ожидались буква фигуры (K, R, B, N или P) и поле, например Pe2
verify-chess-army_text-not_canonical = это не канонический текст армии `{ $expected }` (фигуры по порядку полей, заглавные буквы)
verify-chess-record-bad_white = white `{ $word }`: ожидалось first или second
verify-chess-record-bad_colour = `{ $word }`: ожидалось white или black
verify-chess-record-bad_artifacts = artifacts `{ $word }`: ожидалось on или off
verify-chess-record-bad_army = строка армии выглядит так: `army <цвет> <армия> salt <64 шестнадцатеричные цифры>`
verify-chess-record-bad_cards = карты `{ $word }`: ожидались коды карт через запятую, каждый по одному разу, или -
verify-chess-record-empty_action = строка действия без действия
verify-chess-record-bad_dice = кубики `{ $word }`: ожидалось что-то вроде 3+4+5 vs 2+6
verify-chess-record-bad_square = `{ $word }` — не поле
verify-chess-record-bad_extra = `{ $word }`: после действия могут идти только dice, drew и rises, каждое по одному разу и в этом порядке
verify-chess-record-after_end = действие после результата или сдачи
seat-person = Человек
seat-bot = Бот ({ $level })
seat-remote = Удалённый игрок
match-game_over = партия окончена
match-not_your_turn = сейчас не ваш ход
match-replay_failed = действие { $number } сохранённой партии: { $why }
record-bad_takeback = takeback `{ $word }`: нужно число ходов от 1 до 200
record-bad_resign = resign `{ $word }`: нужно ash или walnut
verify-takeback-bad = возврат { $count ->
        [one] { $count } хода
        [few] { $count } ходов
       *[many] { $count } ходов
    }, когда сыграно только { $played }
record-bad_offer = offer `{ $word }`: нужно draw или takeback, затем made, accepted или declined, затем by и сторона, затем at и число, например `offer draw made by ash at 12`
verify-check-offers = Предложения
verify-offers-ok = { $count } предложений и ответов, каждое там, где сказано в записи; каждый возврат хода и каждая ничья по согласию следуют за принятым предложением
verify-offers-at = `{ $text }`: в этот момент стояло ходов: { $standing }
verify-offers-unanswered = `{ $text }` не отвечает ни на одно открытое предложение другой стороны
verify-offers-takeback_unoffered = { $side }: ход возвращён без принятого перед этим собственного предложения вернуть ход
verify-offers-takeback_other = { $side }: возврат хода забрал больше, чем свой последний ход
verify-offers-agreed_unoffered = ничья согласована без принятого перед этим предложения ничьей
verify-offers-after_illegal = не проверить после недопустимого хода
verify-takeback-not_last = возврат `{ $text }` ({ $side }): это не последнее стоящее действие
verify-takeback-timeout = возврат `{ $text }` ({ $side }): это действие сыграли часы, а действия часов не возвращаются
# The `signatures` check of a record with a `# signed` section (play::signed).
verify-check-signatures = Подписи
verify-signatures-ok = Действий: { $count }; каждое подписано в одной цепочке тем игроком, который его сделал (сервером — за часы, бота или место без ключа), и каждое совпадает с действием из самой записи; печать сервера покрывает все строки. Запись без раздела подписей проверяется как неподписанная, и тогда ничто не говорит, кто сделал её действия.
verify-signed-whole = { $why }
verify-signed-at_line = строка { $line }: { $why }
verify-signed-expected = здесь ожидается `{ $expected }`
verify-signed-cut_short = раздел подписей кончается раньше ключей
verify-signed-no_seal = раздел подписей кончается без строки печати
verify-signed-after_seal = после печати ничего не должно быть
verify-signed-bad_key = `{ $word }` — не открытый ключ (64 шестнадцатеричные цифры)
verify-signed-bad_hex = подпись — не 128 шестнадцатеричных цифр
verify-signed-bad_number = `{ $word }` — не номер действия
verify-signed-bad_signer = `{ $word }` — не first, second и не server
verify-signed-no_action = строка sign без действия
verify-signed-out_of_order = номер { $found } там, где должно быть действие { $expected }: действие удалено, добавлено или переставлено
verify-signed-keyless = подписано местом { $seat }, у которого в этой записи нет ключа
verify-signed-bad_signature = подпись действия { $n } не сходится: изменено действие, его номер, стол или одно из действий до него
verify-signed-extra = действие { $n } `{ $text }` подписано, но в строках записи его нет
verify-signed-differs = действие { $n } в записи — `{ $text }`, а цепочка подписала `{ $signed }` (строка { $sign_line })
verify-signed-wrong_signer = действие { $n } сделала сторона { $side } (строка { $line }): его должен подписать { $want }, а не { $found }
verify-signed-wrong_signer_clock = действие { $n } сыграли часы за сторону { $side } (строка { $line }): его должен подписать { $want }, а не { $found }
verify-signed-unsigned = действия { $n } `{ $text }` из записи нет в цепочке подписей
verify-signed-bad_seal = печать сервера не сходится: строку до неё изменили после того, как стол запечатал запись
verify-signed-no_sides = в записи нет строки `{ $line }`, поэтому её действия нельзя связать с ключами мест
verify-signed-early_order = `{ $text }` не может стоять здесь: обе армии фиксируются (ready) до любого раскрытия, а действия партии идут после обоих раскрытий
verify-signed-by-first = ключ первого места
verify-signed-by-second = ключ второго места
verify-signed-by-server = ключ сервера
online-too_late = Ваш ход пришёл на сервер, когда время уже вышло: стол сыграл ход по часам.
store-locked = Запущена другая копия «Резных столов», и сохранения заняты ею: эта копия ничего не сохранит. Закройте другую, чтобы сохранить выигранное здесь.
store-unavailable = Сохранения на этом устройстве открыть не удалось: ничего из этой сессии не сохранится.
store-damaged = Сохранения были повреждены. Они отложены как { $file }; удалось восстановить значений: { $recovered }. С этого момента игра снова сохраняется.
online-title = Онлайн-стол
online-line = Играйте с человеком на другом устройстве. Партию, часы и тайное зерно хранит сервер.
online-your_name = Ваше имя
online-time = Время
online-fill = Если никто не придёт
online-fill-none = Ждать человека
online-open = Открыть онлайн-стол
online-code = Код
online-join = Войти
online-code_is = Код вашего стола
online-give_code = Передайте этот код другому игроку: он выбирает «Войти» у онлайн-стола и вводит его.
online-joining = Вход за стол { $code }…
online-bot_in = Если никто не придёт, через { $seconds } с место займёт бот
online-leave = Выйти из-за стола
online-table_code = Стол { $code }
online-present = { $name } за столом
online-away_now = { $name }: нет связи
online-name = { $name }
online-seat_empty = Свободное место
online-unreadable = Партия сервера здесь не воспроизводится: выйдите из-за стола и войдите снова
online-seat_taken = Второе место занято: { $name }
online-back = { $name } снова на связи
online-away = { $name }: связь потеряна; часы идут
online-refused = Сервер отказал: { $why }
online-refused-offline = Сейчас нет связи с сервером: ход подождёт, пока она вернётся
online-refused-sent = Ваш ход уже отправлен на сервер
online-refused-late = Ваше время вышло: сервер делает ход по часам
online-error-version = игра говорит на другой версии протокола, чем сервер: обновите игру
online-error-hello_first = игра обратилась к серверу не по порядку (ошибка игры; она подключится снова)
online-error-malformed = сервер не смог прочесть то, что прислала игра
online-error-too_large = игра прислала слишком много за раз
online-error-rate_limited = слишком много сообщений подряд: подождите немного и попробуйте снова
online-error-bad_request = сервер не может сделать это здесь и сейчас
online-error-no_such_table = открытого стола с таким кодом нет
online-error-table_full = оба места за этим столом заняты: партию можно смотреть
online-error-bad_token = это место больше не ваше (партия закончилась или стол закрыт)
online-error-not_seated = у вас нет места за этим столом
online-error-not_started = партия ещё не началась
online-error-not_your_turn = сейчас не ваш ход
online-error-bad_notation = сервер не смог прочесть этот ход
online-error-illegal = правила на сервере не разрешают этот ход здесь
online-error-stale = стол уже ушёл вперёд: его состояние обновляется
online-error-game_over = партия окончена
online-error-replaced = это место занято с другого устройства или из другого окна
online-error-unavailable = сервер не смог сохранить стол: попробуйте позже
online-error-bad_signature = подпись хода не сходится: проверьте свой ключ в настройках
online-error-not_proved = для этого нужен ваш ключ, подтверждённый сервером (рейтинговые партии, ваша страница)
player-no_record = законченной партии с таким кодом нет
online-lost-version = У сервера другая версия протокола: обновите игру
online-lost-no_such_table = Нет открытого стола с таким кодом
online-lost-table_full = Оба места за этим столом заняты
online-lost-seat_gone = Ваше место больше не открыто: стол закрыт
online-lost-replaced = Ваше место занято из другого окна
online-lost-unavailable = Сервер сейчас не может держать стол: попробуйте позже
online-offline = Нет сети: для игры онлайн она нужна. Все партии против бота, уроки и правила работают без неё.
online-lost-unreachable = Не удалось связаться с сервером: { $why }
online-link-connecting = Подключение…
online-link-connected = Подключено
online-link-reconnecting = Переподключение (попытка { $attempt })…
online-lost-finished = Партия окончена; стол закрыт
online-lost-ended_away = Партия закончилась, пока вас не было; стол закрыт
online-copy_code = Скопировать код
online-return = Вернуться за онлайн-стол { $code }
online-you = Вы
online-watching = зрителей: { $count }
online-rated = На рейтинг
online-rated_line = Партия меняет рейтинг обоих игроков. Обоим нужен свой ключ; с ботом на другом месте партия товарищеская.
online-rating-provisional = Предварительный рейтинг: сыграно ещё слишком мало рейтинговых партий.
online-rating-line = Рейтинг в этой игре и его точность (±).
online-fingerprint_line = Короткий отпечаток ключа игрока: имя у двоих может совпасть, ключ — никогда.
online-seed-fingerprint = Отпечаток
online-seed-fingerprint_hint = SHA-256 тайного зерна стола: сервер прислал его в начале, а само зерно раскроет в конце. Нажмите, чтобы увидеть его целиком.
online-seed-copy = Копировать
online-rating-now = теперь { $rating }
online-watch-label = Вы зритель
online-watch-hint = Вы смотрите партию: каждый ход появляется, как только сделан.
online-watch-waiting = Стол { $code }: партия ещё не началась.
online-watch-ended_before_start = Партия закончилась, не начавшись.
online-clock-days = { $days } д { $hours } ч
online-offer-draw = Предложить ничью
online-offer-takeback = Отменить ход
online-offer-takeback_hint = Попросить соперника разрешить отменить ваш последний ход
online-offer-draw_sent = Ничья предложена…
online-offer-takeback_sent = Просьба отменить ход отправлена…
online-offer-draw_from = { $name } предлагает ничью
online-offer-takeback_from = { $name } просит отменить свой последний ход
online-offer-accept = Принять
online-offer-decline = Отклонить
online-answer-draw_accepted = { $name } соглашается на ничью
online-answer-draw_declined = { $name } отклоняет ничью
online-answer-takeback_accepted = { $name } разрешает отменить ваш ход
online-answer-takeback_declined = { $name } не разрешает отменить ход
online-rematch = Реванш
online-rematch-accept = Принять реванш
online-rematch-asks = { $name } предлагает реванш
online-rematch-waiting = Реванш предложен: ждём { $name }…
online-rematch-lapsed = Реванша не будет: игрок покинул стол
online-end-agreed = Ничья по соглашению
record-bad_game_type = game `{ $word }`: ожидался тип игры, например Base или Base+MLP
record-game_type_after_moves = строка game должна стоять до первого хода
