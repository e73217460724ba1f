## Portuguese (Brazil) strings of Carved Tables: Artifact Chess.
## `{ $name }` is a value the game fills in; docs/translating.md says how to edit.

chess-colour-white = brancas
chess-colour-black = pretas
chess-role-pawn = peão
chess-role-knight = cavalo
chess-role-bishop = bispo
chess-role-rook = torre
chess-role-king = rei
chess-piece-white-pawn = peão branco
chess-piece-white-knight = cavalo branco
chess-piece-white-bishop = bispo branco
chess-piece-white-rook = torre branca
chess-piece-white-king = rei branco
chess-piece-black-pawn = peão preto
chess-piece-black-knight = cavalo preto
chess-piece-black-bishop = bispo preto
chess-piece-black-rook = torre preta
chess-piece-black-king = rei preto
chess-result-success = sucesso
chess-result-wound = ferimento
chess-result-miss = erro
chess-why-not_in_hand = esse artefato não está na sua mão
chess-why-leaves_king_in_check = deixaria o seu rei em xeque
chess-why-card_not_playable_so = esse artefato não pode ser jogado assim aqui
chess-why-no_window_to_pass = não há janela de resposta para passar
chess-why-no_such_action = essa ação não existe
chess-why-empty_square = não há peça nessa casa
chess-why-other_sides_piece = essa peça é do outro lado
chess-why-heal_rule = só o rei cura, uma peça ferida vizinha do seu lado
chess-why-cannot_attempt_there = essa peça não pode tentar uma captura ali
chess-why-cannot_move_there = essa peça não pode ir para lá
chess-why-impossible_chance = esse acaso não pode acontecer nesta ação
chess-end-mate = xeque-mate
chess-end-stalemate = afogamento
chess-end-bare_kings = só os reis
chess-end-repetition = a mesma posição pela terceira vez
chess-end-no_progress = 100 ações sem progresso
chess-error-game_over = o jogo terminou ({ $end })
chess-error-illegal = { $action } não é permitido: { $why }
chess-error-dice_mismatch = a tentativa rola { $attacker }d6 contra { $defender }d6, mas vieram { $given_attacker }+{ $given_defender } dados
chess-error-impossible_result = esta tentativa não pode terminar em { $result }
chess-field-placement = disposição
chess-field-turn = vez
chess-field-castling = roque
chess-field-en_passant = en passant
chess-field-quiet = ações sem progresso
chess-field-fullmove = número da jogada
chess-field-wounds = ferimentos
chess-field-heirs = herdeiros
chess-field-impassable = intransitáveis
chess-field-reserves = reservas
chess-field-hands = mãos
chess-field-played = jogados
chess-field-shields = escudos
chess-field-scouted = reconhecimento
chess-field-window = janela
chess-field-restricted = restrição
chess-position-bad = posição inválida: { $why }
chess-position-bad_field = posição inválida, campo { $field } ({ $name }): { $why }
chess-position-rank_count = { $count ->
        [one] { $count } fileira
       *[other] { $count } fileiras
    } em vez de 8
chess-position-queen = uma dama: não há dama no Xadrez de Artefatos
chess-position-rank_too_long = a fileira { $rank } é longa demais
chess-position-unknown_letter = letra desconhecida `{ $letter }`
chess-position-rank_width = a fileira { $rank } tem { $squares } casas, não 8
chess-position-not_a_square = `{ $text }` não é uma casa
chess-position-square_twice = { $square } aparece duas vezes
chess-position-expected_pair = esperava-se `<brancas>/<pretas>`
chess-position-unknown_artifact = artefato desconhecido `{ $text }`
chess-position-not_a_number = `{ $text }` não é um número inteiro válido
chess-position-field_count = { $count ->
        [one] { $count } campo
       *[other] { $count } campos
    }: esperavam-se 6 (FEN), 12, 14 ou 16
chess-position-empty_field = vazio (os campos são separados por um espaço)
chess-position-not_a_colour = `{ $text }` não é `w` nem `b`
chess-position-move_number_zero = o número da jogada começa em 1
chess-position-king_wounded = o rei em { $square } nunca fica ferido
chess-position-nothing_to_wound = não há peça em { $square } para estar ferida
chess-position-no_pawn_for_heir = não há peão em { $square } para ser Herdeiro
chess-position-impassable_occupied = { $square } tem uma peça e não pode ser intransitável
chess-position-hand_twice = uma mão tem o mesmo artefato duas vezes
chess-position-nothing_to_shield = não há peça das { $colour } (que não seja o rei) em { $square } para proteger
chess-position-not_scouted = `{ $text }` não é -, w, b nem wb
chess-position-expected_window = esperava-se `-` ou `<w|b>:<carta>`
chess-position-window_card = só Confisco e Restrição abrem uma janela
chess-position-responder_acts = na janela age quem responde, não quem a abriu
chess-position-nothing_to_restrict = não há peça das { $colour } (que não seja o rei) em { $square }
chess-position-king_count = as { $colour } têm { $kings } reis, não um
chess-position-unknown_castling = letra de roque desconhecida `{ $letter }`
chess-position-castling_twice = `{ $letter }` aparece duas vezes
chess-position-castling_needs = `{ $letter }` exige o rei na sua casa da coluna e e a torre no canto
chess-position-no_en_passant = nenhum peão acabou de passar por { $square }
chess-army-no_king = o exército precisa do seu rei
chess-army-too_many = { $kind ->
        [rook] torres
        [bishop] bispos
        [knight] cavalos
        [king] reis
       *[pawn] peões
    } demais: { $count }, no máximo { $max }
chess-army-over_budget = o exército custa { $points ->
        [one] { $points } ponto
       *[other] { $points } pontos
    }: o orçamento é { $budget }
chess-army-bishops_same_colour = os bispos em { $first } e { $second } estão em casas da mesma cor
chess-army-pawn_rank = um { $role } não pode ficar em { $square }: os peões vão na { $colour ->
        [black] 7ª fileira, e um pode ir na 6ª
       *[white] 2ª fileira, e um pode ir na 3ª
    }
chess-army-piece_rank = { $kind ->
        [rook] uma torre
       *[other] um { $role }
    } não pode ficar em { $square }: { $kind ->
        [king] o rei fica
       *[other] as peças ficam
    } na fileira de trás, a { $colour ->
        [black] 8ª
       *[white] 1ª
    }
chess-army-too_many_advanced = os peões em { $first } e { $second } estão ambos avançados: só um pode ficar na { $colour ->
        [black] 6ª
       *[white] 3ª
    } fileira
chess-army-square_twice = duas peças em { $square }
chess-syntax-error = não foi possível ler a ação `{ $input }` no caractere { $at }: { $why }
chess-syntax-expected_square = esperava-se uma casa como e4
chess-syntax-trailing_after_squares = nada pode vir depois das duas casas
chess-syntax-heal_form = `heal` é seguido de um espaço e duas casas
chess-syntax-promotion_letter = uma promoção é `r`, `b` ou `n`
chess-syntax-trailing = caracteres a mais depois da ação
chess-syntax-same_square = uma ação vai de uma casa para outra
chess-syntax-nothing_after_artifact = este artefato não leva nada depois do nome
chess-syntax-expected_space_square = esperava-se um espaço e uma casa
chess-syntax-expected_space_artifact = esperava-se um espaço e o nome de um artefato
chess-syntax-unknown_artifact = artefato desconhecido
chess-syntax-expected_space_steps = esperava-se um espaço e os dois passos do rei
chess-syntax-expected_king_square = esperava-se a casa do rei
chess-syntax-expected_two_steps = esperavam-se dois passos do rei como e2e3
chess-syntax-expected_space_promotions = esperava-se um espaço e promoções como b8r
chess-syntax-expected_file_promotion = esperava-se uma coluna e uma letra de promoção como b8r → `br`
chess-syntax-expected_space_move = esperava-se um espaço e uma jogada como e2e4
chess-syntax-expected_move = esperava-se uma jogada como e2e4
chess-syntax-not_playable = esse artefato ainda não pode ser jogado
chess-artifacts-off = Artefatos: desligados (o jogo dos dados)
chess-artifacts-on = Artefatos: ligados
chess-back_to_game = Voltar ao jogo
chess-build-budget = { $used } de { $budget } pontos usados · restam { $left }
chess-build-clear = Limpar
chess-build-engine_hidden = O computador monta o exército às escondidas; os dois aparecem quando você estiver pronto.
chess-build-hint = Clique numa casa com ponto verde para pôr a peça escolhida (ou arraste-a da lista). Clique numa peça já posta para escolhê-la e tire-a com o botão ou com Delete.
chess-build-king = Rei: grátis, já em { $square }
chess-build-legal = ● O exército segue todas as regras
chess-build-legal_left = ● O exército segue todas as regras · { $left ->
        [one] { $left } ponto
       *[other] { $left } pontos
    } sem uso
chess-build-king_only = Por enquanto só o rei: { $left ->
        [one] { $left } ponto
       *[other] { $left } pontos
    } para gastar. (Só o rei também é permitido.)
chess-build-picked = { $piece } em { $square }
chess-build-take_off = Tirar (Del)
chess-build-not_ready = Pronto espera até o exército não quebrar nenhuma regra
chess-build-palette = { $key } · { $piece } — { $points } pt · { $count }/{ $max }
chess-build-palette_hint = Clique para pegá-la, ou arraste-a para uma casa
chess-build-random = Exército aleatório
chess-build-ready = Pronto
chess-build-title = Seu exército — { $colour }
chess-build-title_hot = { $who }: exército das { $colour }
chess-card-file-shift = Troca de coluna
chess-card-file-shift-text = Uma das suas peças, o rei também, anda uma casa para a esquerda ou para a direita na sua fileira, só para uma casa vazia. Ela nunca captura, e o rei não pode ir para uma casa em xeque.
chess-card-teleport = Teletransporte
chess-card-teleport-text = Uma das suas peças, menos o rei, salta para qualquer casa a até dois passos de rei de distância, por cima de tudo o que houver no meio. Uma peça adversária que não seja o rei ali é atacada, com dados.
chess-card-acceleration = Aceleração
chess-card-acceleration-text = Um dos seus peões anda duas casas reto para a frente, de qualquer fileira; as duas casas devem estar vazias. Logo depois, um peão adversário pode tomá-lo en passant; na última fileira, ele é promovido.
chess-card-knights-leap = Salto do cavalo
chess-card-knights-leap-text = Uma das suas peças, menos o rei, anda uma vez como um cavalo, saltando por cima de tudo. Uma peça adversária na casa de chegada é atacada, com dados.
chess-card-kings-stride = Passo duplo
chess-card-kings-stride-text = O seu rei dá dois passos de rei numa só ação: o primeiro para uma casa vazia, o segundo para uma casa vazia ou sobre uma peça adversária (uma tentativa). Ele nunca passa por xeque nem termina em xeque; se o ataque falhar, o rei fica na casa do primeiro passo.
chess-card-seize = Confisco
chess-card-seize-text = Pegue para a sua mão uma carta da pilha de cartas jogadas do adversário, de um tipo que você não tem, e depois faça a sua jogada normal. Jogado numa janela de resposta, o Confisco pega a carta que o adversário acabou de jogar.
chess-card-restriction = Restrição
chess-card-restriction-text = Escolha uma peça adversária que não seja o rei: na próxima vez do adversário, ela não pode andar nem atacar, embora continue dando xeque. Depois faça a sua jogada normal.
chess-card-cancel = Anulação
chess-card-cancel-text = Desfaz o último artefato do adversário: tudo volta a ser como antes dele, com os dados e as cartas, e as duas cartas são gastas. Jogue-a numa janela de resposta, ou no começo da sua vez contra o artefato jogado na vez logo antes.
chess-card-statue = Estátua
chess-card-statue-text = Um peão de qualquer cor vira pedra: sai do tabuleiro sem ir para nenhuma reserva, e a casa dele fica intransitável até o fim da partida.
chess-card-heir = Herdeiro
chess-card-heir-text = Um dos seus peões vira Herdeiro, marcado com “H”: continua andando como peão, mas ataca pelas duas diagonais, para a frente e para trás. Ele perde isso quando é promovido.
chess-card-mass-attack = Ataque em massa
chess-card-mass-attack-text = Todos os seus peões andam uma casa para a frente de uma vez, cada um onde a casa da frente estava livre antes da carta; os bloqueados ficam onde estão. Você escolhe a promoção separadamente para cada peão que chega à última fileira.
chess-card-explosive-ram = Aríete explosivo
chess-card-explosive-ram-text = Sacrifique uma das suas torres: cada peça adversária ao lado dela, menos o rei, é rebaixada — torre vira bispo, bispo ou cavalo vira peão — e mantém o ferimento. As suas próprias peças e os dois reis não sofrem nada.
chess-card-zombie-pawn = Peão zumbi
chess-card-zombie-pawn-text = Um peão da sua reserva se levanta numa casa vazia sorteada da sua terceira ou quarta fileira. Você só pode jogá-la se nenhuma casa em que ele possa surgir deixar algum dos reis em xeque.
chess-card-resurrection = Ressurreição
chess-card-resurrection-text = Traga um peão da sua reserva de volta para uma casa vazia da sua fileira de peões, à sua escolha.
chess-card-barricade = Barricada
chess-card-barricade-text = Torne uma casa vazia intransitável até o fim da partida. Não numa fileira inicial, e não ao lado de um rei.
chess-card-demolition = Demolição
chess-card-demolition-text = Limpe uma casa intransitável, uma barricada ou uma estátua.
chess-card-balm = Bálsamo
chess-card-balm-text = Cure uma das suas peças feridas, em qualquer lugar do tabuleiro.
chess-card-poison-dart = Dardo envenenado
chess-card-poison-dart-text = Fira uma peça adversária sadia, menos o rei, que uma das suas peças ataque — sem dados.
chess-card-shield = Escudo
chess-card-shield-text = Uma das suas peças, menos o rei, fica protegida até a sua próxima vez: atacada, ela rola 3d6 enquanto está sadia, ou 1d6 quando ferida, em vez de morrer na hora. Um Escudo novo substitui o anterior.
chess-card-fury = Fúria
chess-card-fury-text = Uma tentativa de captura normal com um dado a mais: um atacante sadio rola 4d6, um ferido 2d6.
chess-card-scouting = Reconhecimento
chess-card-scouting-text = Veja as cartas não jogadas do adversário até o fim da partida.
chess-card-trophy = Troféu
chess-card-trophy-text = Tire duas cartas ao acaso, de tipos que não estão na mão de nenhum jogador nem em nenhuma pilha de cartas jogadas (só uma, se só restar um tipo assim).
chess-card_kind-movement = Movimento
chess-card_kind-keeps_move = Mantém a jogada
chess-card_kind-response = Resposta
chess-card_kind-action = Ação
chess-dice-count = { $n ->
        [one] { $n } dado
       *[other] { $n } dados
    }
chess-dice-attacker = { $who } — ataque: { $n ->
        [one] { $n } dado
       *[other] { $n } dados
    }
chess-dice-attacker_sum = { $who }: { $sum }
chess-dice-defender = { $who } — defesa: { $n ->
        [one] { $n } dado
       *[other] { $n } dados
    }
chess-dice-defender_sum = { $who }: { $sum }
chess-dice-skip = Clique ou aperte Espaço para pular a rolagem
chess-attempt-captured = Captura: { $piece }
chess-attempt-wounded = Ferimento: { $piece }
chess-attempt-miss = Errou — ninguém se fere
chess-attempt-sums = As { $attacker } rolaram { $attacker_dice }: { $attacker_sum }; as { $defender }, { $defender_dice }: { $defender_sum }.
chess-attempt-meaning-success = O total do atacante é maior: o defensor sai do tabuleiro e o atacante ocupa a casa dele.
chess-attempt-meaning-wound = O total do defensor é maior: as duas peças ficam onde estão, e o defensor fica ferido (+ vermelho). Atacada de novo, uma peça ferida morre sem rolagem.
chess-attempt-meaning-miss = Os totais são iguais: errou. As duas peças ficam, ninguém se fere, e a vez foi usada.
chess-attempt-meaning-died = Um defensor ferido morre sem rolagem: o atacante ocupa a casa dele.
chess-attempt-recent = Última tentativa: { $action }
chess-draft-nothing = nada seu está em { $square }
chess-draft-occupied = a casa { $square } já está ocupada
chess-draft-outside = a casa { $square } está fora das suas três primeiras fileiras
chess-draft-over_budget = { $role } custa { $points }; pontos restantes: { $left }
chess-draft-too_many = { $kind ->
        [rook] torres
        [bishop] bispos
        [knight] cavalos
        [king] reis
       *[pawn] peões
    }: no máximo { $max } por exército, e o limite já foi atingido
chess-draft-second_advanced = um segundo peão não pode ir para { $square }: só um fica na { $colour ->
        [black] 6ª
       *[white] 3ª
    } fileira, e ele está em { $first }
chess-draft-bishop_colour = a casa { $square } tem a cor de { $first }, onde está o seu outro bispo: os bispos ficam em casas de cores diferentes
chess-draft-king_stays = o rei em { $square } fica: é grátis e todo exército tem um
chess-end_banner-actions = { $n ->
        [one] { $n } ação jogada
       *[other] { $n } ações jogadas
    }
chess-end_banner-draw = Empate
chess-end_banner-history = ← e → revisitam a partida
chess-end_banner-new = Novo jogo
chess-end_banner-wins = { $who } vence ({ $colour })
chess-end_banner-you_win = Você venceu
chess-end_banner-you_lose = Você perdeu
chess-ending-resigned = as { $colour } desistiram
chess-ending-agreed = empate por acordo
chess-ending-you_resigned = Você desistiu
chess-ending-resigned_who = { $who } desistiu
chess-engine = Computador ({ $level })
chess-heal = Curar (H) · { $n }
chess-heal-hint = O rei cura um vizinho ferido em vez de se mover
chess-in_check = { $colour }: xeque!
chess-lobby-artifacts = Artefatos:
chess-lobby-colour = Sua cor (as brancas começam):
chess-lobby-continue = Continuar o jogo salvo ({ $actions } ações)
chess-lobby-hot_seat = O jogador 1 monta e joga as brancas; o aparelho é passado entre as formações.
chess-lobby-line = Exércitos com orçamento, sem dama, e cada captura decidida pelos dados.
chess-lobby-off = desligados
chess-lobby-on = ligados
chess-lobby-opponent = Adversário:
chess-lobby-or_new = ou prepare um novo jogo abaixo
chess-lobby-start = Montar o exército
chess-lobby-title = Xadrez de Artefatos
chess-moves = Ações
chess-moves-legend = ● capturada · ✚ ferida · ○ errou · † morreu sem rolagem · + xeque · # mate
chess-moves-none = Nenhuma ação ainda
chess-odds-capture = captura
chess-odds-dies = morre
chess-odds-miss = erra
chess-odds-wound = fere
chess-opponent-easy = Computador: fácil
chess-opponent-hard = Computador: difícil
chess-opponent-normal = Computador: normal
chess-opponent-person = Dois jogadores neste aparelho
chess-outcome-captured = Capturada!
chess-outcome-miss = Errou
chess-outcome-wounded = Ferida
chess-pass-line = O exército das { $colour } está pronto e escondido. Passe o aparelho ao outro jogador.
chess-pass-take_over = Estou com o aparelho — montar o exército das { $colour }
chess-pass-title = Passe o aparelho
chess-player-first = Jogador 1
chess-player-second = Jogador 2
chess-players-line = { $colour } — { $who }
chess-promote-back = Esc: escolher outra casa
chess-promote-title = Promover o peão a
chess-refused-empty = não há peça em { $square }
chess-refused-no_action = a peça escolhida não pode agir em { $square }
chess-refused-no_heal = não há peça ferida ao lado do rei
chess-refused-not_now = agora não
chess-refused-not_yours = a peça em { $square } não é do lado que joga
chess-refused-nothing_held = pegue uma peça primeiro (1–4 ou a lista)
chess-refused-nothing_saved = não há jogo salvo para continuar
chess-refused-nothing_selected = nenhuma peça escolhida
chess-refused-nothing_to_undo = não há nada a desfazer
chess-refused-viewing = você está vendo uma posição anterior: volte ao jogo primeiro
chess-resign = Desistir
chess-resign-no = Não
chess-resign-sure = Desistir deste jogo?
chess-resign-yes = Desistir
chess-revealed = Os dois exércitos à vista — as brancas começam
chess-save-inconsistent = os exércitos, as mãos ou o final salvos não batem com o jogo
chess-save_damaged = O jogo salvo de Xadrez de Artefatos não pôde ser usado ({ $why }); um novo jogo é oferecido.
chess-save_failed = O jogo não pôde ser salvo: { $why }
chess-step_back = Voltar (←)
chess-step_forward = Avançar (→)
chess-still_in_check = A tentativa falhou e as { $colour } continuam em xeque: o mesmo lado joga de novo.
chess-turn-engine = { $who } está pensando
chess-turn-hot = Vez de { $who } ({ $colour })
chess-turn-selected = Pontos: movimentos · anéis com marcas: ataques com as chances · anéis tracejados: curas
chess-turn-yours = Sua vez: escolha uma peça
chess-turn-landing = { $who } joga…
chess-turn-landing_you = Sua jogada está chegando ao tabuleiro…
chess-undo = Desfazer jogada
chess-undo-hint = Desfaz a ação de verdade (Backspace); os dados voltam com ela
chess-viewing = Vendo a ação { $n } de { $of } — nada pode ser jogado aqui
chess-wounded_dies = Um defensor ferido morre sem rolagem.
chess-you = Você
chess-refused-card_blocked = { $card } não pode ser jogada agora: { $why }
chess-refused-no_card = nenhuma carta escolhida
chess-refused-card_needs_target = a carta precisa de uma casa primeiro
chess-card_blocked-not_in_hand = ela não está na sua mão
chess-card_blocked-window = uma janela de resposta está aberta: responda primeiro
chess-card_blocked-cancel = Cancelar responde ao artefato que o adversário acabou de jogar
chess-card_blocked-seize_empty = a pilha de cartas jogadas do adversário está vazia (ou só tem tipos que você já tem)
chess-card_blocked-reserve_empty = sua reserva não tem peão
chess-card_blocked-check = qualquer jogada com ela deixaria seu rei em xeque
chess-card_blocked-no_target = ela não tem alvo agora
chess-card_blocked-not_now = não é a sua vez
chess-window-passed = A janela acabou: as { $colour } passaram.
chess-hand-empty = Nenhuma carta na sua mão
chess-hand-hint = Clique (ou aperte o número) para jogá-la
chess-aim-play = Jogar
chess-aim-back = Voltar (Esc)
chess-aim-preview = joga { $action }
chess-aim-choose_pile = qual carta tirar da pilha jogada do adversário?
chess-aim-confirm = aperte Jogar (Enter)
chess-aim-choose_piece = escolha a peça (anéis acesos)
chess-aim-choose_step = escolha o primeiro passo do rei
chess-aim-choose_square = escolha a casa (anéis acesos)
chess-aim-choose_to = escolha para onde vai
chess-hand-theirs = { $who } — na mão: { $n }
chess-pile-title = { $colour }: jogadas ({ $n })
chess-pile-empty = nada jogado ainda
chess-window-title = { $who } jogou { $card }
chess-window-left = { $s } s para responder
chess-window-engine = { $who } está respondendo…
chess-window-answer = Responda agora, ou a janela passa:
chess-window-cancel = Cancelar { $card }
chess-window-seize = Tomar { $card }
chess-window-pass = Passar
chess-cancel_offer = Cancelar { $card } (C)
chess-reserves = Reservas: brancas { $white } · pretas { $black } peões
chess-lobby-artifacts_on = Cada jogador recebe cinco artefatos diferentes; jogue um no lugar da sua jogada, ou junto com ela.
chess-lobby-artifacts_off = Só o jogo dos dados: nenhuma carta nas mãos.
chess-refused-not_a_target = a casa { $square } não é alvo de { $card } agora: escolha uma casa acesa
chess-online-army_lost = O seu exército foi comprometido numa execução anterior do jogo e já não está neste aparelho: não pode ser revelado, e o cronômetro do servidor vai encerrar a partida.
chess-online-other_ready = O exército do adversário está pronto: comprometido, e oculto até que ambos estejam.
chess-online-timeout = O tempo { $colour ->
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
    } acabou: o servidor jogou em seu lugar.
chess-online-won_before_start = O outro lugar não revelou o seu exército a tempo, ou desistiu: você vence.
chess-online-lost_before_start = A partida terminou antes de começar: o seu exército não foi revelado a tempo, ou você desistiu.
chess-online-building = { $name }: montando…
chess-online-ready = { $name }: pronto (o exército fica oculto)
chess-online-waiting = O seu exército está comprometido. Aguardando { $name }…
chess-online-hidden = O adversário monta na outra metade ao mesmo tempo; nada dela aparece até que ambos os exércitos estejam comprometidos.
chess-online-watch_building = Os dois jogadores montam seus exércitos; nenhum aparece até que ambos estejam comprometidos.
chess-online-seed = A semente foi revelada: a sua impressão digital é a mostrada no início.
chess-online-seed_mismatch = ✖ A semente revelada NÃO confere com a impressão digital mostrada no início.
chess-online-verified = O registro do servidor confere: as cores, os dois exércitos contra os seus compromissos, cada dado e carta distribuída, cada ação e o resultado.
chess-online-not_verified = O registro do servidor NÃO confere: verifique-o com tables verify.
chess-online-copy_record = Copiar o registro
chess-online-time_left = Vez { $colour ->
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
    }: restam { $time }
# O tabuleiro lido em voz alta, para um leitor de tela: uma linha por fileira, da 8 à 1.
chess-read-turn = Vez { $colour ->
        [white] das brancas
       *[black] das pretas
    }{ $check ->
        [yes] , em xeque
       *[no] {""}
    }.
chess-read-rank = Fileira { $rank }: { $squares }
chess-read-rank_empty = Fileira { $rank }: vazia
chess-read-piece = { $square } { $piece }
chess-read-marked = { $piece } ({ $marks })
chess-read-impassable = { $square } intransitável
chess-read-wounded = { $role ->
        [rook] ferida
       *[other] ferido
    }
chess-read-heir = Herdeiro
chess-read-shielded = { $role ->
        [rook] protegida pelo Escudo
       *[other] protegido pelo Escudo
    }
chess-read-restricted = sob Restrição
chess-read-reserves = Reservas de peões: brancas { $white }, pretas { $black }.
chess-read-hands = Cartas na mão: brancas { $white }, pretas { $black }. Reservas de peões: brancas { $white_reserve }, pretas { $black_reserve }.
chess-read-played = { $colour ->
        [white] As brancas
       *[black] As pretas
    } já jogaram: { $cards }.
chess-read-card = { $card } ({ $kind }): { $text }
chess-read-their_card = O adversário tem { $card }: { $text }
chess-read-on = { $piece } em { $square }
chess-read-square = { $square }
chess-read-announce = { $colour ->
        [white] Brancas
       *[black] Pretas
    }: { $action }
chess-read-rolled = { $action }: { $attacker } contra { $defender }, { $result ->
        [success] captura
        [wound] ferimento
       *[miss] erro
    }
chess-read-unrolled = { $action }: captura sem rolagem
chess-read-move = { $piece } para { $to }
chess-read-attempt = { $piece } ataca { $target }
chess-read-dice = { $action } ({ $attacker ->
        [one] { $attacker } dado
       *[other] { $attacker } dados
    } contra { $defender })
chess-read-promotes = { $action }, promovido a { $role }
chess-read-heal = { $king } cura { $target }
chess-read-play = Jogar { $card }: { $notation }
chess-read-pass = Deixar a janela passar
