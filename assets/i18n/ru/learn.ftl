## Russian strings of Carved Tables: lessons and puzzles.
## `{ $name }` is a value the game fills in; docs/translating.md says how to edit.

learn-puzzle-kind-only-payment = Возьмите фигуру и выберите единственную оплату, которая выигрывает.
learn-puzzle-kind-unpayable = За заманчивое взятие нечем платить: найдите ход, который выигрывает.
learn-snelab-hint-bench = Ваша фигура ({ $piece }) встаёт на Скамью судей, на { $square }: дело выиграно.
learn-snelab-hint-no_move = После этого у стороны «{ $side }» нет допустимого хода: дело выиграно.
learn-snelab-hint-only_payment = Из { $count ->
        [one] { $count } способа
        [few] { $count } способов
       *[many] { $count } способов
    } заплатить только этот выигрывает наверняка: что бы ни ответила сторона «{ $side }», ваш следующий ход выигрывает.
learn-snelab-hint-forced = Что бы ни ответила сторона «{ $side }», ваш следующий ход выигрывает дело.
learn-snelab-hint-frees = Оплата ({ $payers }) освобождает путь к Скамье судей вашей фигуре на { $square } ({ $piece }).
learn-snelab-hint-stop = Берёт фигуру на { $square } ({ $piece }), пока она не встала на вашу Стойку; оплата — { $payers }.
learn-snelab-hint-keeps = Из { $count ->
        [one] { $count } способа
        [few] { $count } способов
       *[many] { $count } способов
    } заплатить этот сохраняет вашу фигуру на { $square } ({ $piece }).
learn-snelab-hint-capture = Берёт фигуру на { $square } ({ $piece }); оплата — { $payers }.
learn-snelab-hint-advance = Ваша фигура ({ $piece }) выходит на { $square }: до Скамьи судей остаётся один путь.
learn-snelab-hint-engine = Выбор движка: { $action }.
learn-puzzle-kind-surround-1 = Окружите Старейшину соперника за 1 ход
learn-puzzle-kind-surround-2 = Окружите Старейшину соперника за 2 хода при любой защите
learn-puzzle-kind-surround-3 = Окружите Старейшину соперника за 3 хода при любой защите
learn-hive-hint-surrounds = { $piece } занимает последнюю свободную клетку вокруг Старейшины ({ $colour }): это победа.
learn-hive-hint-defends = { $action }: иначе соперник окружит вашего Старейшину следующим ходом.
learn-hive-hint-closes = { $piece } занимает ещё одну клетку вокруг Старейшины ({ $colour }): теперь заняты { $taken } из шести.
learn-hive-hint-covers = Ваша Сова забирается на фигуру { $piece }: пока Сова наверху, эта фигура ходить не может.
learn-hive-hint-pins = { $action }: фигура { $piece } теперь держит группу вместе и не может ходить, не разорвав её.
learn-hive-hint-frees = { $piece } освобождает место вашему Старейшине: теперь свободны { $free } из шести клеток вокруг него.
learn-hive-hint-places_elder = Поставьте Старейшину: он должен оказаться на столе не позже четвёртого хода, а до тех пор ваши фигуры ходить не могут.
learn-hive-hint-plain = Выбор движка: { $action }.
learn-puzzle-kind-best-odds = Найдите атаку или карту с лучшими шансами выиграть материал
learn-chess-puzzle-after = { $percent } % — шанс остаться с перевесом в материале после лучшего ответа; следующее по силе действие: { $next } %
learn-chess-hint-mate = это мат
learn-chess-hint-mate_chance = { $percent } % на мат: если попытка удастся, это мат
learn-chess-hint-cancel = «Отмена» отменяет только что сыгранную карту «{ $card }»
learn-chess-hint-seize_back = ваша карта «Забрать карту» берёт в руку только что сыгранную карту «{ $card }»
learn-chess-hint-pass = здесь ни один ответ не стоит карты: пропустите окно ответа
learn-chess-hint-wounded_target = фигура на { $square } ({ $piece }) ранена: она погибнет без броска
learn-chess-hint-fury = «Ярость» добавляет кубик: { $percent } % на взятие фигуры на { $square } ({ $piece }) вместо { $plain } %
learn-chess-hint-only_good_odds = единственная атака с шансом больше 50 %: { $percent } % на взятие фигуры на { $square } ({ $piece })
learn-chess-hint-attempt_heal = { $percent } % на взятие фигуры на { $square } ({ $piece }), а потом король сможет вылечить там вашу раненую фигуру ({ $attacker })
learn-chess-hint-attempt = { $percent } % на взятие фигуры на { $square } ({ $piece }) и { $wound } % на её ранение
learn-chess-hint-heal = король лечит фигуру на { $square } ({ $piece }): раненая фигура гибнет от любой попытки
learn-chess-hint-heal_threatened = раненая фигура на { $square } ({ $piece }) под ударом: король лечит её, пока она цела
learn-chess-hint-balm = «Бальзам» издалека лечит раненую фигуру на { $square } ({ $piece })
learn-chess-hint-shield = эта карта прикрывает щитом фигуру на { $square } ({ $piece }) до того, как её атакуют
learn-chess-hint-poison = «Отравленный дротик» ранит фигуру на { $square } ({ $piece }) без кубиков: потом её возьмёт любая попытка
learn-chess-hint-escape = фигура на { $from } ({ $piece }) под ударом: она уходит на { $to }, где её не достать
learn-chess-hint-promote = пешка превращается: { $piece }
learn-chess-hint-check = вашему королю шах: это действие от него спасает
learn-chess-hint-engine = выбор движка: { $action }
learn-title = Учимся играть
learn-lessons = Уроки
learn-lessons_done = пройдено: { $done } из { $total }
learn-puzzles = Позиции для практики
learn-solved_count = Решено: { $solved } из { $total }
learn-puzzles_none = Позиций для практики пока нет.
learn-puzzles_damaged = Не удалось прочитать позиции для практики: { $why }
learn-start = Начать
learn-again = Заново
learn-seat = Урок
learn-turn-answer = Урок отвечает
learn-turn-done = Готово: здесь больше ничего не нужно
learn-show = Покажи
learn-next = Следующий урок
learn-next_puzzle = Следующая позиция
learn-back = К урокам
learn-lesson_n = Урок { $n } из { $total }
learn-puzzle_n = Позиция { $n } из { $total }
learn-right = Верно. Соперник отвечает, затем снова ваш ход.
learn-solved = Решено!
learn-puzzle-odds = Шанс ответа: { $percent } %; лучшего другого действия: { $next } %.
learn-aside = Так можно, но урок просит другое.
learn-puzzle-wrong = Так можно, но это не лучший ход: попробуйте ещё.
learn-no_takeback = Урок и позиция для практики идут только вперёд: начните заново.
learn-missing = Такого урока или позиции нет.
learn-save_failed = Не удалось сохранить прогресс: { $why }
learn-hint = Подсказка
learn-hint-tip = Совет движка для вашего хода и почему (клавиша ?). Подсказки считаются.
learn-hint-not_now = Подсказка доступна в ваш ход в игре с ботом.
learn-hints_used = Подсказок: { $count }
learn-offer-title = Впервые здесь?
learn-offer-text = Две из трёх игр новы для всех. У каждой есть короткие уроки прямо на столе, по несколько минут, и позиции для практики.
learn-offer-yes = Учиться
learn-offer-no = Не сейчас
learn-no_stake = Урок: ставки нет, кошелёк не меняется.
