## Portuguese (Brazil) strings of Carved Tables: Snēlab.
## `{ $name }` is a value the game fills in; docs/translating.md says how to edit.

snelab-south = Sul
snelab-north = Norte
snelab-purse_reset = A bolsa do Snēlab não pôde ser lida e foi recomeçada: { $why }
snelab-save_failed = A bolsa não pôde ser salva: { $why }
snelab-lobby-title = Sente-se à mesa
snelab-purse = Bolsa: { $coins }
snelab-lobby-table = Mesa
snelab-casino = Mesa do cassino
snelab-casino-line = 12 cada; o vencedor recebe 22, a Casa fica com 2; livro-caixa registrado
snelab-street = Mesa de rua
snelab-street-line = 12 cada; o vencedor leva os 24; sem Casa, sem livro-caixa
snelab-lobby-opponent = Adversário
snelab-opponent-easy = Computador: fácil
snelab-opponent-normal = Computador: normal
snelab-opponent-hard = Computador: difícil
snelab-opponent-person = Dois jogadores neste aparelho
snelab-lobby-appeal = Apelação: as peças podem capturar para trás
snelab-lobby-table_line = { $table } — { $line }
snelab-lobby-coin_next = Cara ou coroa decide quem começa.
snelab-lobby-loser_opens = { $side } começa: perdeu o último caso.
snelab-sit = Sentar (aposta { $stake })
snelab-cannot_sit = Você tem { $have } na bolsa e precisa de { $need } para se sentar. Recomeçar tudo para jogar de novo.
snelab-books = Livro-caixa
snelab-reset = Recomeçar tudo
snelab-reset-ask = Bolsa de volta a { $coins } e livro-caixa apagado?
snelab-reset-yes = Recomeçar tudo
snelab-reset-no = Manter
snelab-coin-title = Cara ou coroa
snelab-coin-heads = Cara
snelab-coin-tails = Coroa
snelab-coin-result = { $face }: { $side } começa
snelab-turn-side = Vez { $side ->
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
       *[other] de { $side }
    }
snelab-turn-yours = Sua vez
snelab-turn-thinking = O Norte está pensando
snelab-turn-remote = Vez de { $name }
snelab-hint-idle = Escolha uma peça · Tab percorre suas peças, Enter levanta uma · R desiste
snelab-hint-selected = Ponto: mover · anel com marcas: capturar · setas e Enter escolhem · Esc devolve a peça
snelab-hint-stuck = Escolha outra peça · Esc devolve a peça
snelab-hint-wait = Enquanto { $side } joga, aponte para qualquer peça para ver o nome e o peso dela
snelab-cant_move = não pode mover
snelab-opened-coin = A moeda decidiu: { $side } começa.
snelab-opened-loser = { $side } começa, pois perdeu o último caso.
snelab-opened-seed = A semente da mesa decidiu: { $side } começa.
snelab-online-cannot_sit = Não pode sentar-se neste caso online: { $why }
snelab-online-too_poor = Você tem { $have } na bolsa e um caso online pede uma aposta de { $need }: nada foi enviado ao servidor. Use Recomeçar tudo na mesa do Snēlab para começar de novo.
snelab-online-timeout = O tempo { $side ->
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
       *[other] de { $side }
    } acabou: o servidor jogou a jogada de tempo esgotado.
snelab-online-seed = A semente foi revelada: a sua impressão digital é a mostrada no início.
snelab-online-seed_mismatch = ✖ A semente revelada NÃO confere com a impressão digital mostrada no início.
snelab-online-verified = O registro do servidor confere: a moeda, cada jogada e o veredicto.
snelab-online-not_verified = O registro do servidor NÃO confere: verifique-o com tables verify.
snelab-online-copy_record = Copiar o registro
snelab-online-time_left = Vez { $side ->
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
       *[other] de { $side }
    }: restam { $time }
snelab-pay-sum = Pago { $paid } de { $cost }
snelab-pay-confirm = Confirmar
snelab-pay-cancel = Cancelar
snelab-pay-hint = Clique nas suas peças com anel tracejado para pagar · setas e Espaço escolhem · Enter confirma
snelab-on_table = { $table }: { $stake } na mesa
snelab-versus = Contra: { $who }
snelab-versus_online = { $who }, online
snelab-moves = Jogadas
snelab-cant_pay = não dá para pagar
snelab-row-your_counter = Seu Balcão: suas peças começam aqui
snelab-row-your_bench = Seu Tribunal: ponha uma peça aqui para vencer
snelab-row-south_counter = Balcão do Sul · Tribunal do Norte
snelab-row-north_counter = Balcão do Norte · Tribunal do Sul
snelab-row-about = O Balcão de um lado é a sua própria fileira de trás, onde as peças dele começam. O Tribunal é a fileira do outro lado, o Balcão do adversário: ponha ali qualquer peça, com uma jogada ou uma captura, e o caso está ganho na hora.
snelab-you_play-south = Você joga com o Sul, as peças claras
snelab-you_play-north = Você joga com o Norte, as peças escuras
snelab-you_play-hot_seat = Sul: peças claras · Norte: peças escuras
snelab-verdict-title = Veredito
snelab-verdict-you_win = Você venceu
snelab-verdict-you_lose = Você perdeu
snelab-verdict-side_wins = { $side } venceu
snelab-verdict-casino_win = Você recebe { $collected } dos { $pot }; sua bolsa { $net }
snelab-verdict-casino_loss = O vencedor recebe { $winnings }, a Casa fica com { $house }; sua bolsa { $net }
snelab-verdict-street_win = Você leva os { $pot }; sua bolsa { $net }
snelab-verdict-street_loss = O vencedor leva os { $pot }; sua bolsa { $net }
snelab-verdict-purse = Bolsa: { $before } → { $after }
snelab-verdict-bench = { $side }: uma peça chegou ao seu Tribunal
snelab-verdict-no_move = { $side } não tinha jogada legal
snelab-verdict-resigned = { $side } desistiu
snelab-verdict-abandoned = O caso ficou inacabado
snelab-next_case = Próximo caso
snelab-reason-bench = uma peça chegou ao seu Tribunal
snelab-reason-no_move = o outro lado não tinha jogada legal
snelab-reason-resigned = desistência
snelab-reason-abandoned = deixado inacabado
snelab-books-title = O livro-caixa do cassino
snelab-books-case = Caso
snelab-books-when = Encerrado (UTC)
snelab-books-winner = Vencedor
snelab-books-purse = Bolsa depois
snelab-books-table = Mesa
snelab-books-opponent = Adversário
snelab-books-appeal = Apelação
snelab-books-opened = Começou
snelab-books-reason = Terminou por
snelab-books-casino = Cassino
snelab-books-street = Rua
snelab-books-appeal_on = sim
snelab-books-appeal_off = não
snelab-books-you = Você ({ $side })
snelab-books-other = { $side }
snelab-books-keys = Esc ou Fechar guarda o livro-caixa
snelab-refused-not_now = Agora não: espere a sua vez.
snelab-refused-not_yours = Não há peça sua em { $square }.
snelab-refused-nothing_selected = Escolha uma peça primeiro.
snelab-refused-unreachable = A peça levantada não alcança { $square }.
snelab-refused-cant_pay = Não dá para pagar a peça em { $square }: nenhum conjunto das suas peças soma o peso dela.
snelab-refused-bad_payer = A peça em { $square } não pode entrar neste pagamento.
snelab-refused-short = O pagamento deve ser exato: { $paid } de { $cost }.
snelab-refused-case_open = Ainda há um caso aberto.
snelab-refused-case_over = O caso acabou: o veredito foi dado.
snelab-refused-rule = Não é permitido: { $why }
snelab-rank-bailiff = Oficial de justiça
snelab-rank-advocate = Advogado
snelab-rank-barrister = Causídico
snelab-rank-justice = Juiz
snelab-rank-tag = { $rank } · peso { $weight }
snelab-piece_on = { $rank } ({ $weight }) { $square }
snelab-took = { $side } capturou { $piece } e pagou com { $payment }
snelab-resign = Desistir
snelab-resign-hint = Desistir deste caso: conta como derrota (R)
snelab-resign-title = Desistir deste caso?
snelab-resign-line = Você perde a aposta.
snelab-resign-line_side = { $side } perde o caso.
snelab-resign-yes = Desistir
snelab-resign-no = Cancelar
snelab-resign-keys = Enter desiste · Esc volta ao caso
snelab-expected-file_letter = a letra da coluna de uma casa (a, b, …)
snelab-expected-square = uma casa
snelab-expected-rank_number = o número da fileira de uma casa
snelab-expected-piece_digit_or_slash = a letra de uma peça (B A R J, ou minúscula), um algarismo ou `/`
snelab-expected-space_and_side = um espaço e o lado que joga
snelab-expected-space_before_side = um espaço antes do lado que joga
snelab-expected-side = o lado que joga, `S` ou `N`
snelab-expected-space_before_rule = um espaço antes da regra de captura para trás
snelab-expected-rule = a regra de captura para trás, `+a` ou `-a`
snelab-expected-rule_letter = `a` depois do sinal da regra
snelab-expected-payment = `=` e as casas que pagam
snelab-expected-move_or_capture = `-` (um movimento) ou `x` (uma captura)
snelab-notation-unexpected_end = o texto termina onde se esperava { $what }
snelab-notation-unexpected = encontrado `{ $found }` onde se esperava { $expected }
snelab-notation-trailing = texto a mais depois do fim
snelab-notation-row_width = a fileira { $row } a partir do topo tem { $width } casas de largura; a primeira tem { $expected }
snelab-notation-court_size = uma quadra de { $width } × { $height } não é aceita (1 a { $max_files } colunas, 2 a { $max_rows } fileiras)
snelab-notation-zero_run = uma sequência de casas vazias não pode ser 0
snelab-notation-square_out_of_range = uma casa deve estar entre as colunas a e p e as fileiras 1 a { $max_rows }
snelab-notation-bad_payment = um pagamento é de 1 a 4 casas diferentes unidas por `+`
snelab-notation-too_many_pieces = { $side } tem { $count ->
        [one] { $count } peça
       *[other] { $count } peças
    }; nenhum lado tem mais de { $max } (um Balcão cheio da quadra mais larga)
snelab-error-case_over = o caso terminou: o veredito foi dado
snelab-error-off_court = { $square } não está na quadra
snelab-error-empty = não há peça em { $square }
snelab-error-not_your_turn = a peça em { $square } é { $side ->
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
       *[other] de { $side }
    }, e não é a vez { $side ->
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
       *[other] de { $side }
    }
snelab-error-no_route = a peça em { $from } não tem rota que termine em { $to }
snelab-error-backward_off = nesta mesa não há capturas para trás: as peças só avançam
snelab-error-blocked = { $square } está no caminho: nada salta
snelab-error-own_piece = { $square } tem uma peça sua
snelab-error-backward_needs_capture = uma peça só volta para capturar uma peça inimiga
snelab-error-needs_payment = capturar a peça em { $square } exige um pagamento
snelab-error-nothing_to_capture = não há peça inimiga em { $square }
snelab-error-capturer_cannot_pay = a peça que captura não pode pagar por si mesma
snelab-error-payer_not_yours = { $square } não tem peça sua para pagar
snelab-error-wrong_sum = o pagamento pesa { $paid }; a captura custa exatamente { $cost }
snelab-error-cannot_complete = as peças escolhidas ({ $paid } de { $cost }) não completam um pagamento exato
snelab-error-case_open = o caso { $case } ainda está aberto
snelab-error-no_open_case = não há caso aberto: o resultado já foi registrado
snelab-error-other_case = o caso { $given } não é o caso aberto ({ $open })
snelab-stuck = { $rank } não pode se mover: { $why }
snelab-stuck-plain = { $rank } não pode se mover
snelab-stuck-and = { $a }; { $b }
snelab-stuck-blocked = o caminho está bloqueado em { $squares }
snelab-stuck-blocked_many = os caminhos estão bloqueados em { $squares }
snelab-stuck-own_piece = uma peça sua está em { $squares }
snelab-stuck-own_pieces = peças suas estão em { $squares }
snelab-stuck-off_court = o caminho sai da corte
snelab-stuck-off_court_one = um dos caminhos sai da corte
snelab-stuck-cant_pay = não dá para pagar a peça em { $squares }
snelab-stuck-cant_pay_many = não dá para pagar as peças em { $squares }
snelab-squares-one = { $a }
snelab-squares-and = { $a } e { $b }
snelab-resume-no_open_case = não há caso aberto
snelab-resume-other_case = o caso salvo é o número { $saved }; o aberto é o { $open }
snelab-resume-already_over = o caso salvo já tinha terminado
snelab-resume-missing = o registro dele não foi salvo
snelab-restored-settled = O caso em andamento já tinha chegado ao veredito e foi acertado; sua bolsa tem { $purse }.
snelab-restored-stake_returned = O caso { $case } não pôde ser retomado ({ $why }); a aposta voltou para a sua bolsa.
snelab-bar-yours = Sua Barra: { $pieces ->
        [one] { $pieces } peça
       *[other] { $pieces } peças
    }, peso { $weight }
snelab-bar-side = Barra do { $side }: { $pieces ->
        [one] { $pieces } peça
       *[other] { $pieces } peças
    }, peso { $weight }
snelab-bar-about = A Barra são as peças de um lado que ainda estão na corte e o peso total delas: é com elas que se paga uma captura.
snelab-bar-short = A Barra: as peças de um lado em jogo, que pagam as capturas dele
snelab-verdict-coin = Acaso: a moeda fez abrir o lado { $who }: uma abertura inteira, quando cada lado podia esperar meia.
snelab-verdict-coin-you = { $side } (você)
snelab-verdict-coin-other = { $side } (o outro lado)
# A quadra lida em voz alta, para um leitor de tela: uma linha por fileira, a de cima primeiro.
snelab-read-piece = { $square } { $rank } { $side ->
        [north] do Norte
       *[south] do Sul
    } ({ $weight })
snelab-read-rank = Fileira { $row }: { $pieces }
snelab-read-rank_empty = Fileira { $row }: vazia
snelab-read-labelled = { $line } — { $label }
snelab-read-totals = { $side }: { $count ->
        [one] { $count } peça
       *[other] { $count } peças
    }, peso { $weight } ao todo
snelab-read-forward_only = Nesta mesa não há capturas para trás: as peças só avançam.
snelab-read-at = { $rank } { $square }
snelab-read-nothing_at = nada em { $square }
snelab-read-nothing = nada
snelab-read-announce = { $side }: { $action }
snelab-read-move = { $piece } para { $to }
snelab-read-capture = { $piece } captura o { $taken } em { $to }, pagando com { $paid }
