## Portuguese (Brazil) strings of Carved Tables: lessons and puzzles.
## `{ $name }` is a value the game fills in; docs/translating.md says how to edit.

learn-puzzle-kind-only-payment = Capture e escolha o único pagamento que vence.
learn-puzzle-kind-unpayable = Não dá para pagar a captura tentadora: encontre a jogada que vence.
learn-snelab-hint-bench = Seu { $piece } chega ao seu Tribunal em { $square }: o caso está ganho.
learn-snelab-hint-no_move = Depois dela, { $side } fica sem jogada legal: o caso está ganho.
learn-snelab-hint-only_payment = Das { $count ->
        [one] { $count } maneira
       *[other] { $count } maneiras
    } de pagar, só esta vence à força: responda { $side ->
        [Sul] o Sul
        [Norte] o Norte
        [brancas] as brancas
        [Brancas] as brancas
        [pretas] as pretas
        [Pretas] as pretas
        [freixo] o freixo
        [Freixo] o freixo
        [nogueira] a nogueira
        [Nogueira] a nogueira
       *[other] { $side }
    } o que responder, a sua próxima jogada vence.
learn-snelab-hint-forced = Responda { $side ->
        [Sul] o Sul
        [Norte] o Norte
        [brancas] as brancas
        [Brancas] as brancas
        [pretas] as pretas
        [Pretas] as pretas
        [freixo] o freixo
        [Freixo] o freixo
        [nogueira] a nogueira
        [Nogueira] a nogueira
       *[other] { $side }
    } o que responder, a sua próxima jogada vence o caso.
learn-snelab-hint-frees = O pagamento ({ $payers }) abre o caminho até o seu Tribunal para o seu { $piece } em { $square }.
learn-snelab-hint-stop = Captura o { $piece } em { $square } antes que ele chegue ao seu Balcão; pago com { $payers }.
learn-snelab-hint-keeps = Das { $count ->
        [one] { $count } maneira
       *[other] { $count } maneiras
    } de pagar, esta mantém o seu { $piece } em { $square }.
learn-snelab-hint-capture = Captura o { $piece } em { $square }, pago com { $payers }.
learn-snelab-hint-advance = Leva o seu { $piece } a { $square }, a um caminho do seu Tribunal.
learn-snelab-hint-engine = A escolha do computador: { $action }.
learn-puzzle-kind-surround-1 = Cerque o Ancião do adversário em 1 jogada
learn-puzzle-kind-surround-2 = Cerque o Ancião do adversário em 2 jogadas, faça ele o que fizer
learn-puzzle-kind-surround-3 = Cerque o Ancião do adversário em 3 jogadas, faça ele o que fizer
learn-hive-hint-surrounds = { $piece } ocupa a última casa livre em volta do Ancião { $colour ->
        [Sul] do Sul
        [Norte] do Norte
        [brancas] das brancas
        [Brancas] das brancas
        [pretas] das pretas
        [Pretas] das pretas
        [freixo] do freixo
        [Freixo] do freixo
        [nogueira] da nogueira
        [Nogueira] da nogueira
       *[other] de { $colour }
    }: isso vence.
learn-hive-hint-defends = { $action }: senão o adversário cerca o seu Ancião na próxima jogada.
learn-hive-hint-closes = { $piece } ocupa mais uma casa em volta do Ancião { $colour ->
        [Sul] do Sul
        [Norte] do Norte
        [brancas] das brancas
        [Brancas] das brancas
        [pretas] das pretas
        [Pretas] das pretas
        [freixo] do freixo
        [Freixo] do freixo
        [nogueira] da nogueira
        [Nogueira] da nogueira
       *[other] de { $colour }
    }: agora { $taken } das seis estão ocupadas.
learn-hive-hint-covers = A sua Coruja sobe em cima de { $piece }: essa peça não pode se mover enquanto a Coruja estiver em cima.
learn-hive-hint-pins = { $action } prende { $piece }: essa peça não pode mais se mover sem partir o grupo.
learn-hive-hint-frees = { $piece } dá espaço ao seu Ancião: agora { $free } das seis casas em volta dele estão livres.
learn-hive-hint-places_elder = Ponha o seu Ancião: ele tem de estar na mesa até a sua quarta vez, e até lá nenhuma peça sua pode se mover.
learn-hive-hint-plain = A escolha do computador: { $action }.
learn-puzzle-kind-best-odds = Encontre o ataque ou a carta com a melhor chance de ganhar material
learn-chess-puzzle-after = { $percent } % de chance de ficar com mais material depois da melhor resposta; a segunda melhor: { $next } %
learn-chess-hint-mate = é mate
learn-chess-hint-mate_chance = { $percent } % de chance de mate: se a tentativa der certo, é mate
learn-chess-hint-cancel = a Anulação desfaz a carta { $card } que acabou de ser jogada
learn-chess-hint-seize_back = o seu Confisco traz para a sua mão a carta { $card } que acabou de ser jogada
learn-chess-hint-pass = nenhuma resposta aqui vale uma carta: deixe a janela passar
learn-chess-hint-wounded_target = a peça em { $square } ({ $piece }) está ferida: cai sem rolagem
learn-chess-hint-fury = a Fúria dá um dado a mais: { $percent } % de chance de tomar a peça em { $square } ({ $piece }), em vez de { $plain } %
learn-chess-hint-only_good_odds = o único ataque com mais de 50 % de chance: { $percent } % de tomar a peça em { $square } ({ $piece })
learn-chess-hint-attempt_heal = { $percent } % de chance de tomar a peça em { $square } ({ $piece }), e depois o seu rei pode curar ali a sua peça ferida ({ $attacker })
learn-chess-hint-attempt = { $percent } % de chance de tomar a peça em { $square } ({ $piece }) e { $wound } % de feri-la
learn-chess-hint-heal = o seu rei cura a peça em { $square } ({ $piece }): uma peça ferida cai com qualquer tentativa
learn-chess-hint-heal_threatened = a peça ferida em { $square } ({ $piece }) está sob ataque: o seu rei a cura antes que ela caia
learn-chess-hint-balm = o Bálsamo cura de longe a peça ferida em { $square } ({ $piece })
learn-chess-hint-shield = esta carta protege a peça em { $square } ({ $piece }) antes que ela seja atacada
learn-chess-hint-poison = o Dardo envenenado fere a peça em { $square } ({ $piece }) sem dados: depois qualquer tentativa a toma
learn-chess-hint-escape = a peça em { $from } ({ $piece }) está sob ataque: ela vai para { $to }, fora de alcance
learn-chess-hint-promote = o peão é promovido: { $piece }
learn-chess-hint-check = o seu rei está em xeque: isto o tira do xeque
learn-chess-hint-engine = a escolha do computador: { $action }
learn-title = Aprender a jogar
learn-lessons = Lições
learn-lessons_done = { $done } de { $total } feitas
learn-puzzles = Posições para praticar
learn-solved_count = Resolvidas: { $solved } de { $total }
learn-puzzles_none = Ainda não há posições para praticar.
learn-puzzles_damaged = Não foi possível ler as posições para praticar: { $why }
learn-start = Começar
learn-again = De novo
learn-seat = Lição
learn-turn-answer = A lição responde
learn-turn-done = Pronto: nada mais é pedido aqui
learn-show = Mostre-me
learn-next = Próxima lição
learn-next_puzzle = Próxima posição
learn-back = Voltar a Aprender
learn-lesson_n = Lição { $n } de { $total }
learn-puzzle_n = Posição para praticar { $n } de { $total }
learn-right = Certo. O outro lado responde; depois é a sua vez de novo.
learn-solved = Resolvida!
learn-puzzle-odds = Chance da resposta: { $percent } %; da melhor outra ação: { $next } %.
learn-aside = Isso é permitido, mas não é o que esta lição pede.
learn-puzzle-wrong = Permitido, mas não é o melhor aqui: tente de novo.
learn-no_takeback = Uma lição ou posição para praticar só avança: comece de novo.
learn-missing = Essa lição ou posição não existe.
learn-save_failed = Não foi possível salvar o seu progresso: { $why }
learn-hint = Dica
learn-hint-tip = A sugestão do motor para a sua jogada, com o porquê (tecla: ?). As dicas são contadas.
learn-hint-not_now = A dica é dada na sua vez, contra o bot.
learn-hints_used = Dicas usadas: { $count }
learn-offer-title = Novo nestes jogos?
learn-offer-text = Dois dos três jogos são novos para todos. Cada um tem lições curtas na própria mesa, de poucos minutos, e posições para praticar.
learn-offer-yes = Aprender a jogar
learn-offer-no = Agora não
learn-no_stake = Uma lição: nada em jogo, a bolsa fica como está.
