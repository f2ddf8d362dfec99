// Message catalogues (English, simplified and traditional Chinese) and the language switch.
// Every text the client shows comes from here; pattern names come from the ruleset data
// (English name, Chinese name, pinyin), never from these catalogues.

const en = {
  "nav.lobby": "Play", "nav.leaderboard": "Leaderboard", "nav.profile": "Profile",
  "nav.signin": "Sign in", "nav.signout": "Sign out", "nav.language": "Language",
  "nav.guest": "Guest",
  "lobby.title": "New table", "lobby.ruleset": "Ruleset", "lobby.players": "{n} players",
  "lobby.options": "Table options", "lobby.options_note": "Defaults shown; change only what your table plays differently.",
  "lobby.default": "default", "lobby.on": "on", "lobby.off": "off", "lobby.seats": "Seats", "lobby.seat_you": "You",
  "lobby.seat_open": "Open seat for a friend", "lobby.seat_bot": "Bot: {level}",
  "lobby.timer": "Time per decision", "lobby.timer_none": "No timer", "lobby.seconds": "{n} s",
  "lobby.length": "Game length", "lobby.length_full": "Full game",
  "lobby.length_round": "One round (East only)", "lobby.name": "Your name",
  "lobby.name_placeholder": "Guest", "lobby.private": "Private (join by link only)",
  "lobby.start": "Start the table", "lobby.tables": "Tables", "lobby.no_tables": "No open tables right now.",
  "lobby.join": "Take seat {seat}", "lobby.watch": "Watch", "lobby.resume": "Back to your seat ({seat})", "lobby.finished": "Finished games", "lobby.no_finished": "No finished games yet.", "lobby.more_finished": "Show the other {n}",
  "lobby.replay": "Replay", "lobby.status.waiting": "waiting for players",
  "lobby.status.playing": "playing", "lobby.status.finished": "finished",
  "lobby.open": "open", "lobby.hand_n": "hand {n}", "lobby.intro": "Pick a table, fill the seats with bots or friends, and play. Everything you need is shown at the table: click a tile to select it, click it again to discard.",
  "lobby.bot_levels": "Bot levels, weakest first: {levels}.",
  "lobby.patterns": "Patterns of this ruleset", "table.patterns": "Patterns",
  "table.wall": "Wall", "table.hand": "Hand {n}", "table.round": "{wind} round",
  "table.dealer": "Dealer", "table.repeats": "Repeat {n}", "table.pond_left": "{n} to pond limit",
  "table.from_draw": "thrown as drawn",
  "table.your_turn": "Your turn", "table.waiting": "Waiting for {who}", "table.claim": "{who} discarded:", "table.claim_rob": "{who} adds to a kong (rob it?):",
  "table.claim_rob_flower": "{who} declares the last flower (win on it?):",
  "table.hint": "Hint", "table.hint_on": "Hint on", "table.log": "Log",
  "table.invite": "Copy invite link", "table.copied": "Invite link copied",
  "table.copy_failed": "Copy this link: {link}",
  "table.spectating": "You are watching this table.", "table.take_seat": "Take seat {seat}", "table.take_back": "Back to your seat {seat}",
  "table.waiting_players": "Waiting for players: share the invite link.",
  "table.keys": "Keys: ← → select, Enter discard, Space pass, H hint",
  "table.pass_win_again": "You can win now: press Space again to pass the win.",
  "table.you": "you", "table.timer": "{n}s", "table.connection_lost": "Connection lost; reconnecting…",
  "table.token_replaced": "This seat was taken again elsewhere; you are watching.",
  "table.gone": "This table does not exist.",
  "table.drawn": "drawn", "table.select_chow": "Chow with which tiles?", "table.cancel": "Cancel", "table.close": "Close",
  "table.discard_hint": "Click a tile to select it; click it again (or double-click) to discard.",
  "table.game_over": "The game is over.", "table.no_token": "This seat's key is not in this browser.",
  "act.discard": "Discard {tile}", "act.pass": "Pass", "act.chow": "Chow", "act.pung": "Pung",
  "act.kong": "Kong", "act.ckong": "Concealed kong {tile}", "act.akong": "Add kong {tile}",
  "act.ron": "Win (Hu)", "act.tsumo": "Self-draw win", "act.flower": "Flower {tile}",
  "log.deal": "Hand {n} dealt; {dealer} is dealer", "log.discard": "{who} discards {tile}",
  "log.chow": "{who} chows {tiles}", "log.pung": "{who} pungs {tiles}", "log.kong": "{who} kongs {tiles}",
  "log.ckong": "{who} declares a concealed kong", "log.akong": "{who} adds a kong {tiles}",
  "log.flower": "{who} declares flower {tile}", "log.draw": "You draw {tile}", "log.you": "You",
  "log.discard_you": "You discard {tile}", "log.chow_you": "You chow {tiles}", "log.pung_you": "You pung {tiles}",
  "log.kong_you": "You kong {tiles}", "log.ckong_you": "You declare a concealed kong of {tiles}",
  "log.akong_you": "You add a kong {tiles}", "log.flower_you": "You declare flower {tile}", "log.win_you": "You win!",
  "log.win": "{who} wins", "log.draw_end": "Exhaustive draw", "log.pass": "{who} passes",
  "hint.shanten": "{n} from ready", "hint.ready": "Ready", "hint.complete": "Complete hand",
  "hint.waits": "Waits", "hint.live": "{n} live", "hint.improving_live": "{label} ({live})", "hint.best": "Best discards",
  "hint.can_win": "You can win now!", "hint.sacred": "Sacred discard: {tiles} in your pond: you can win only by self-draw.",
  "hint.sacred_after": "sacred", "hint.no_pattern": "no pattern", "hint.short": "{total} {unit}, {n} short of the {min} {unit} minimum",
  "list.sep": ", ",
  "hint.by_discard": "on discard", "hint.by_self": "self-draw", "hint.flowers": "Declare your flowers first.", "hint.flowers_later": "Flowers held: declare them in your turn.", "hint.complete_no_win": "Complete shape, but no win is on offer now",
  "hint.improving": "Improving tiles", "hint.none": "No hint now.",
  "panel.title": "End of hand {n}", "panel.wins": "{who} wins", "panel.draw": "Exhaustive draw",
  "panel.win.self-draw": "by self-draw", "panel.win.discard": "on {who}'s discard",
  "panel.win.robbing-kong": "by robbing {who}'s kong", "panel.win.eight-immortals": "Eight Immortals",
  "panel.win.terminal-discards": "terminal and honour discards",
  "panel.pattern": "Pattern", "panel.value": "Value", "panel.total": "Total",
  "panel.superseded": "Superseded", "panel.superseded_by": "counted in {by}",
  "panel.limit": "Limit hand", "panel.capped": "capped at {cap} (from {subtotal})",
  "panel.payments": "Payments", "panel.pays": "{from} pays {to} {amount}",
  "panel.why.discarder": "dealt in", "panel.why.robbing_kong": "kong robbed",
  "panel.why.self_draw": "self-draw", "panel.why.other_loser": "loser",
  "panel.why.pao": "liable (pao)", "panel.why.eight_immortals": "Eight Immortals",
  "panel.why.terminal_discards": "terminal discards", "panel.why.ready": "not ready at the draw",
  "panel.why.penalty": "heavy penalty", "panel.no_payment": "No payments.",
  "panel.scores": "Scores", "panel.ready": "Ready", "panel.not_ready": "Not ready",
  "panel.next": "Next hand", "panel.waiting": "Waiting for the other players…",
  "panel.groups": "Groups", "panel.flowers": "Flowers", "panel.winning_tile": "winning tile",
  "panel.unit.points": "points", "panel.unit.fan": "fan", "panel.bonus": "Bonus",
  "panel.hands": "Hands", "panel.player": "Player", "panel.before": "Before",
  "panel.change": "Change", "panel.after": "After",
  "end.title": "Game over", "end.place": "Place", "end.player": "Player", "end.score": "Score",
  "end.net": "Net", "end.money": "Money", "end.rating": "Rating", "end.replay": "Watch the replay",
  "end.lobby": "Back to the lobby", "end.record": "Download the record",
  "replay.title": "Replay", "replay.hand": "Hand {n}", "replay.step": "Step {i} / {n}",
  "replay.first": "Start", "replay.prev": "Back", "replay.next": "Forward", "replay.last": "End",
  "replay.play": "Play", "replay.pause": "Pause", "replay.result": "Result",
  "replay.not_finished": "This game is not finished yet; its replay opens when it ends.",
  "replay.keys": "Keys: ← → step, Home/End, Page Up/Down hand",
  "lb.title": "Leaderboard", "lb.rank": "#", "lb.name": "Player", "lb.rating": "Rating",
  "lb.games": "Games", "lb.empty": "No rated games yet in this ruleset: sign in and finish a game.",
  "lb.bots": "Show bots",
  "profile.title": "{name}", "profile.ratings": "Ratings", "profile.games": "Games",
  "profile.none": "No finished games yet.", "profile.no_ratings": "No rated games yet.",
  "profile.playing": "Playing now", "profile.seat": "seat {seat}", "profile.open_table": "Open the table", "profile.rank": "Place {n}", "profile.change": "Rating {before} → {after}",
  "account.title": "Account", "account.name": "Name", "account.password": "Password",
  "account.signin": "Sign in", "account.signup": "Create account", "account.guest": "Play as a guest",
  "account.signed_in": "Signed in as {name}", "account.note": "An account keeps your rating and your games; guests play without one.",
  "wind.E": "East", "wind.S": "South", "wind.W": "West", "wind.N": "North",
  "windshort.E": "E", "windshort.S": "S", "windshort.W": "W", "windshort.N": "N",
  "error.generic": "Something went wrong: {error}",
  "bot": "bot",
  "table.auto_flowers": "Declare flowers automatically",
  "table.auto_flowers_note": "When declaring a flower is the only move to make, it is made without a click (never when you could win).",
  "hint.hand_total": "hand {n} {unit}", "hint.discarder_pays": "the discarder pays {n}",
  "hint.discarder_pays_others": "the discarder pays {n}, the others {m} each",
  "hint.each_pays": "each pays {n}", "hint.after_discard": "Discard {tile}, then wait on",
  "hint.counting": "Values count {what}.", "hint.count_flowers": "your flowers ({tiles})",
  "hint.count_repeats": "dealer repeat {n}", "hint.count_eighth": "the eighth repeat",
  "panel.times": "{total} × {k}",
  "panel.for_table.discarder": "the discarder pays for the table",
  "panel.for_table.robbing_kong": "the player robbed pays for the table",
  "botlevel.random": "Random", "botlevel.greedy": "Greedy", "botlevel.value": "Value",
  "botlevel.expert": "Expert",
  "option.flowers": "Flowers", "option.multiple_winners": "Several winners on one discard",
  "option.furiten": "Sacred discard", "option.temporary_furiten": "Temporary sacred discard",
  "option.start_points": "Starting points", "option.pond_limit": "Pond limit",
  "option.max_value": "Points cap", "option.ready_payment": "Ready payment at a draw",
  "option.repeat_bonus": "Dealer repeat bonus", "option.eighth_repeat_bonus": "Last repeat bonus",
  "option.max_repeats": "Dealer repeats", "option.rounds": "Rounds",
  "option.early_finish": "Early finish (2 players)", "option.heavy_penalty": "Heavy penalty",
  "option.discard_multiplier": "Discarder pays ×", "option.forms": "Winning forms",
  "option.payment_table": "Payment table", "option.max_hands": "Most hands in a game",
  "option.min_fan": "Minimum fan", "option.max_fan": "Fan cap", "option.pao": "Pao (liability)",
  "option.stake": "Stake per point", "option.point_limit": "Point limit",
  "panel.next_in": "Next hand in {n} s", "profile.games_n": "{n} games", "profile.game_one": "{n} game",
  "error.wrong_password": "Wrong name or password.",
  "error.name_taken": "The name {name} is taken: pick another.",
  "error.account_name": "A name is 3 to 24 letters (2 will do for a Chinese name), digits, _, - or ., without spaces{why}",
  "error.password_rule": "A password is 8 to 128 characters.",
  "error.guest_name": "A name is 1 to 24 printable characters, none of them invisible.",
  "error.seat_taken": "Seat {seat} is taken.", "error.seat_bot": "Seat {seat} is a bot's.",
  "error.account_seat": "Your account already plays seat {seat} at this table.",
  "error.game_over": "The game is over.", "error.no_account": "There is no player {name}.",
  "error.no_table": "This table does not exist.",
  "error.stale": "The table moved on before your move arrived; look again and retry.",
  "error.not_your_turn": "You have nothing to decide now.",
  "error.illegal": "That move is not allowed: {why}",
  "error.too_many_tables": "The server is full; try again later.",
  "error.too_fast": "Too many messages; slow down.",
  "error.spectators_full": "This table has as many spectators as it takes; trying again shortly…",
  "error.seat_windows_full": "This seat is open in too many windows: close one; trying again shortly…",
};

const zhHans = {
  "nav.lobby": "开局", "nav.leaderboard": "排行榜", "nav.profile": "个人资料",
  "nav.signin": "登录", "nav.signout": "退出", "nav.language": "语言", "nav.guest": "游客",
  "lobby.title": "新牌桌", "lobby.ruleset": "规则", "lobby.players": "{n} 人",
  "lobby.options": "牌桌选项", "lobby.options_note": "显示的是默认值；只改你的牌桌不同的地方。",
  "lobby.default": "默认", "lobby.on": "开", "lobby.off": "关", "lobby.seats": "座位", "lobby.seat_you": "你",
  "lobby.seat_open": "空位（邀请朋友）", "lobby.seat_bot": "电脑：{level}",
  "lobby.timer": "每步限时", "lobby.timer_none": "不限时", "lobby.seconds": "{n} 秒",
  "lobby.length": "对局长度", "lobby.length_full": "完整一局", "lobby.length_round": "一圈（东风圈）",
  "lobby.name": "你的名字", "lobby.name_placeholder": "游客", "lobby.private": "私人牌桌（仅凭链接加入）",
  "lobby.start": "开桌", "lobby.tables": "牌桌", "lobby.no_tables": "现在没有开放的牌桌。",
  "lobby.join": "坐 {seat} 号位", "lobby.watch": "观战", "lobby.resume": "回到你的座位（{seat} 号位）", "lobby.finished": "已结束的对局", "lobby.no_finished": "还没有已结束的对局。", "lobby.more_finished": "显示其余 {n} 局",
  "lobby.replay": "回放", "lobby.status.waiting": "等待玩家", "lobby.status.playing": "进行中",
  "lobby.status.finished": "已结束", "lobby.open": "空位", "lobby.hand_n": "第 {n} 局",
  "lobby.intro": "选一张牌桌，用电脑或朋友坐满座位，就可以开打。牌桌上会显示你需要的一切：点一张牌选中，再点一次打出。",
  "lobby.bot_levels": "电脑等级（由弱到强）：{levels}。",
  "lobby.patterns": "本规则的番种", "table.patterns": "番种",
  "table.wall": "牌墙", "table.hand": "第 {n} 局", "table.round": "{wind}风圈",
  "table.dealer": "庄", "table.repeats": "连庄 {n}", "table.pond_left": "距牌河上限 {n}",
  "table.from_draw": "摸切",
  "table.your_turn": "轮到你", "table.waiting": "等待 {who}", "table.claim": "{who} 打出：", "table.claim_rob": "{who} 加杠（抢杠？）：",
  "table.claim_rob_flower": "{who} 补花（抢花和牌？）：",
  "table.hint": "提示", "table.hint_on": "提示开", "table.log": "记录",
  "table.invite": "复制邀请链接", "table.copied": "邀请链接已复制", "table.copy_failed": "请复制此链接：{link}",
  "table.spectating": "你正在观战。", "table.take_seat": "坐 {seat} 号位", "table.take_back": "回到你的 {seat} 号位",
  "table.waiting_players": "等待玩家：把邀请链接发给朋友。",
  "table.keys": "按键：← → 选牌，Enter 打出，空格 过，H 提示",
  "table.pass_win_again": "现在可以和牌：再按一次空格才放弃。",
  "table.you": "你", "table.timer": "{n} 秒", "table.connection_lost": "连接中断，正在重连…",
  "table.token_replaced": "此座位已在别处重新入座；你现在旁观。",
  "table.gone": "此牌桌不存在。",
  "table.drawn": "摸牌", "table.select_chow": "用哪几张吃？", "table.cancel": "取消", "table.close": "关闭",
  "table.discard_hint": "点一张牌选中，再点一次（或双击）打出。",
  "table.game_over": "对局已结束。", "table.no_token": "这个浏览器里没有此座位的钥匙。",
  "act.discard": "打出 {tile}", "act.pass": "过", "act.chow": "吃", "act.pung": "碰",
  "act.kong": "杠", "act.ckong": "暗杠 {tile}", "act.akong": "加杠 {tile}", "act.ron": "和",
  "act.tsumo": "自摸", "act.flower": "补花 {tile}",
  "log.deal": "第 {n} 局开始，{dealer} 坐庄", "log.discard": "{who} 打出 {tile}",
  "log.chow": "{who} 吃 {tiles}", "log.pung": "{who} 碰 {tiles}", "log.kong": "{who} 杠 {tiles}",
  "log.ckong": "{who} 暗杠", "log.ckong_you": "你 暗杠 {tiles}", "log.akong": "{who} 加杠 {tiles}", "log.flower": "{who} 补花 {tile}",
  "log.draw": "你摸到 {tile}", "log.you": "你", "log.win": "{who} 和牌", "log.draw_end": "流局", "log.pass": "{who} 过",
  "hint.shanten": "{n} 向听", "hint.ready": "听牌", "hint.complete": "已和牌型",
  "hint.waits": "听", "hint.live": "剩 {n} 张", "hint.improving_live": "{label}（{live}）", "hint.best": "最佳打法",
  "hint.can_win": "现在可以和牌！", "hint.sacred": "振听：{tiles} 在你的牌河里，只能自摸。",
  "hint.sacred_after": "振听", "hint.no_pattern": "无番种", "hint.short": "{total} {unit}，起和要 {min} {unit}（差 {n}）",
  "list.sep": "、",
  "hint.by_discard": "点和", "hint.by_self": "自摸", "hint.flowers": "先补花。", "hint.flowers_later": "手中有花：轮到你时再补花。", "hint.complete_no_win": "已成和牌型，但现在不能和",
  "hint.improving": "进张", "hint.none": "现在没有提示。",
  "panel.title": "第 {n} 局结束", "panel.wins": "{who} 和牌", "panel.draw": "流局",
  "panel.win.self-draw": "自摸", "panel.win.discard": "{who} 放炮",
  "panel.win.robbing-kong": "抢 {who} 的杠", "panel.win.eight-immortals": "八仙过海",
  "panel.win.terminal-discards": "幺九弃牌", "panel.pattern": "番种", "panel.value": "分值",
  "panel.total": "合计", "panel.superseded": "不计", "panel.superseded_by": "已含于 {by}",
  "panel.limit": "满贯", "panel.capped": "封顶 {cap}（原 {subtotal}）", "panel.payments": "支付",
  "panel.player": "玩家", "panel.before": "之前", "panel.change": "变化", "panel.after": "之后",
  "panel.pays": "{from} 付给 {to} {amount}", "panel.why.discarder": "放炮",
  "panel.why.robbing_kong": "被抢杠", "panel.why.self_draw": "自摸", "panel.why.other_loser": "输家",
  "panel.why.pao": "包牌", "panel.why.eight_immortals": "八仙过海", "panel.why.terminal_discards": "幺九弃牌",
  "panel.why.ready": "流局未听", "panel.why.penalty": "重罚", "panel.no_payment": "无支付。",
  "panel.scores": "分数", "panel.ready": "听牌", "panel.not_ready": "未听", "panel.next": "下一局",
  "panel.waiting": "等待其他玩家…", "panel.groups": "面子", "panel.flowers": "花牌",
  "panel.winning_tile": "和张", "panel.unit.points": "分", "panel.unit.fan": "番", "panel.bonus": "奖励",
  "panel.hands": "各家手牌",
  "end.title": "对局结束", "end.place": "名次", "end.player": "玩家", "end.score": "分数",
  "end.net": "净得", "end.money": "金额", "end.rating": "等级分", "end.replay": "观看回放",
  "end.lobby": "回到大厅", "end.record": "下载牌谱",
  "replay.title": "回放", "replay.hand": "第 {n} 局", "replay.step": "第 {i} / {n} 步",
  "replay.first": "开头", "replay.prev": "后退", "replay.next": "前进", "replay.last": "结尾",
  "replay.play": "播放", "replay.pause": "暂停", "replay.result": "结果",
  "replay.not_finished": "对局尚未结束，结束后才能回放。",
  "replay.keys": "按键：← → 单步，Home/End，Page Up/Down 换局",
  "lb.title": "排行榜", "lb.rank": "#", "lb.name": "玩家", "lb.rating": "等级分", "lb.games": "局数",
  "lb.empty": "这个规则还没有计分对局：登录并打完一局吧。", "lb.bots": "显示电脑",
  "profile.title": "{name}", "profile.ratings": "等级分", "profile.games": "对局",
  "profile.none": "还没有已结束的对局。", "profile.no_ratings": "还没有计分对局。",
  "profile.playing": "正在进行", "profile.seat": "{seat} 号位", "profile.open_table": "打开牌桌", "profile.rank": "第 {n} 名", "profile.change": "等级分 {before} → {after}",
  "account.title": "账户", "account.name": "名字", "account.password": "密码", "account.signin": "登录",
  "account.signup": "注册", "account.guest": "以游客身份玩", "account.signed_in": "已登录：{name}",
  "account.note": "账户会保存你的等级分和对局；游客无需账户也能玩。",
  "wind.E": "东", "wind.S": "南", "wind.W": "西", "wind.N": "北",
  "windshort.E": "东", "windshort.S": "南", "windshort.W": "西", "windshort.N": "北",
  "rules.name.hu-4p": "胡牌麻将（4 人）", "rules.name.hu-3p": "胡牌麻将（3 人）", "rules.name.hu-2p": "胡牌麻将（2 人）",
  "rules.name.hk-4p": "香港麻将（MahJongo 牌桌，4 人）", "rules.name.hk-2p": "香港麻将（MahJongo 牌桌，2 人）",
  "rules.name.hk-fanlaak": "香港麻将（番辣台）", "rules.name.hk-fanlaak-0": "香港麻将（番辣台，无起番）",
  "rules.desc.hu-4p": "4 人胡牌麻将（规则 000）：按番种计基本分，封顶 8000；任一家牌河满 18 张即流局",
  "rules.desc.hu-3p": "3 人胡牌麻将（规则 000）：按番种计基本分，封顶 8000；牌河满 20 张即流局",
  "rules.desc.hu-2p": "2 人胡牌麻将（规则 000）：按番种计基本分，封顶 8000；牌河满 22 张即流局",
  "rules.desc.hk-4p": "MahJongo 牌桌的香港麻将（规则 001）：3 至 10 番，半辣上付法，包牌",
  "rules.desc.hk-2p": "MahJongo 牌桌的二人模式（规则 001）：80 张牌（无二至八万和条），黄金付法",
  "rules.desc.hk-fanlaak": "香港番辣台（规则 002）：台设起番（默认 3 番），爆棚 10 番，番辣计分",
  "rules.desc.hk-fanlaak-0": "不设起番的番辣台（规则 002）：鸡糊也可以和",
  "error.generic": "出错了：{error}", "bot": "电脑",
  "table.auto_flowers": "自动补花", "table.auto_flowers_note": "只能补花时自动补花，不必点击（能和牌时不会）。",
  "hint.hand_total": "牌值 {n} {unit}", "hint.discarder_pays": "放炮者付 {n}",
  "hint.discarder_pays_others": "放炮者付 {n}，其余每家付 {m}",
  "hint.each_pays": "每家付 {n}", "hint.after_discard": "打出 {tile} 后听",
  "hint.counting": "已计入{what}。", "hint.count_flowers": "你的花牌（{tiles}）",
  "hint.count_repeats": "连庄 {n}", "hint.count_eighth": "第八次连庄",
  "panel.times": "{total} × {k}",
  "panel.for_table.discarder": "放炮者包付全桌", "panel.for_table.robbing_kong": "被抢杠者包付全桌",
  "botlevel.random": "随机", "botlevel.greedy": "贪心", "botlevel.value": "估值", "botlevel.expert": "高手",
  "option.flowers": "花牌", "option.multiple_winners": "一炮多响", "option.furiten": "振听",
  "option.temporary_furiten": "同巡振听", "option.start_points": "起始分",
  "option.pond_limit": "牌河上限", "option.max_value": "封顶分", "option.ready_payment": "流局听牌奖励",
  "option.repeat_bonus": "连庄奖励", "option.eighth_repeat_bonus": "最后连庄奖励",
  "option.max_repeats": "连庄上限", "option.rounds": "圈数", "option.early_finish": "提前结束（两人）",
  "option.heavy_penalty": "重罚", "option.discard_multiplier": "放铳倍数", "option.forms": "和牌牌型",
  "option.payment_table": "赔付表", "option.max_hands": "最多局数", "option.min_fan": "起和番数",
  "option.max_fan": "番数封顶", "option.pao": "包牌", "option.stake": "每分金额",
  "option.point_limit": "分数上限",
  "optiondoc.flowers": "用 8 张花牌和季节牌（共 144 张）",
  "optiondoc.multiple_winners": "all：每个要和的人都和；head_bump：只有按顺序最先的一家和",
  "optiondoc.furiten": "打出过的牌不能荣和（自摸仍可）",
  "optiondoc.temporary_furiten": "放过一张可和的牌后，到自己下次打牌前不能荣和",
  "optiondoc.start_points": "每家的起始分", "optiondoc.pond_limit": "牌河达到这个张数时本局结束",
  "optiondoc.max_value": "非满贯番种的封顶分（留空：不封顶）",
  "optiondoc.ready_payment": "流局时未听牌的一家付给每个听牌的一家",
  "optiondoc.repeat_bonus": "庄家和牌时，每次连庄加的基本分",
  "optiondoc.eighth_repeat_bonus": "在最后一次连庄的一局里，给每个和牌者的基本分",
  "optiondoc.max_repeats": "连庄到这一次是庄家的最后一局（留空：不限）",
  "optiondoc.rounds": "打几圈（1 到 4 个场风）",
  "optiondoc.early_finish": "两人：最后一个庄家和牌后领先，对局立即结束",
  "optiondoc.heavy_penalty": "重罚时付给其他每家的分",
  "optiondoc.discard_multiplier": "放铳者付基本分乘以这个倍数",
  "optiondoc.forms": "可以和的牌型：standard（四组一对）、pairs（七对）、orphans（十三幺）",
  "optiondoc.payment_table": "番数或基本分换成付款的表（也可以用房主自己的表）",
  "optiondoc.max_hands": "打满这么多局就结束（留空：不限）",
  "optiondoc.min_fan": "和牌至少要的番数", "optiondoc.max_fan": "一手牌的番数上限（留空：不封顶）",
  "optiondoc.pao": "打出让别人完成第四组明副露或第三组三元牌的人负全责",
  "optiondoc.stake": "结算时每分值多少钱",
  "optiondoc.point_limit": "某家净分达到这个数的那一局之后结束（留空：不限）",
  "panel.next_in": "{n} 秒后开始下一局", "profile.games_n": "{n} 局", "profile.game_one": "{n} 局",
  "error.wrong_password": "名字或密码错误。",
  "error.name_taken": "名字 {name} 已被占用，请换一个。",
  "error.account_name": "名字须为 3 到 24 个字母（中文名 2 个字即可）、数字、_、- 或 .，不能有空格",
  "error.password_rule": "密码须为 8 到 128 个字符。",
  "error.guest_name": "名字须为 1 到 24 个可显示的字符，不能含有不可见的字符。",
  "error.seat_taken": "{seat} 号位已有人。", "error.seat_bot": "{seat} 号位是电脑。",
  "error.account_seat": "你的账户已经坐在这张牌桌的 {seat} 号位。",
  "error.game_over": "对局已结束。", "error.no_account": "没有玩家 {name}。",
  "error.no_table": "此牌桌不存在。",
  "error.stale": "牌局已经往下走了，你的操作没有送到；请看清再试。",
  "error.not_your_turn": "现在不需要你操作。",
  "error.illegal": "不能这样操作：{why}",
  "error.too_many_tables": "服务器已满，请稍后再试。",
  "error.too_fast": "消息太多，请慢一点。",
  "error.spectators_full": "观战人数已满，稍后会自动再试…",
  "error.seat_windows_full": "这个座位已在太多窗口中打开：请关掉一个，稍后会自动再试…",
  // Pattern categories of the ruleset data (English there), by their English name.
  "category.Basic Patterns": "基本番种", "category.Sequences": "顺子", "category.Triplets": "刻子",
  "category.Quads": "杠子", "category.Honors": "字牌", "category.Terminals": "幺九",
  "category.Suit-based": "花色", "category.Consecutiveness": "连续", "category.Parallelity or Two Colors": "同数与两色",
  "category.Three Colors": "三色", "category.Irregular Hands": "不规则牌型", "category.Luck-based bonuses": "运气奖励",
  "category.Non-winning Bonuses": "非和牌奖励", "category.Special Hands": "特殊牌型", "category.1 Fan": "1 番",
  "category.3 Fan": "3 番", "category.5, 7, and 10 Fan": "5、7、10 番",
};

// Traditional Chinese: the simplified catalogue with the characters that differ converted.
const HANT = {
  "开": "開", "桌": "桌", "规": "規", "则": "則", "选": "選", "项": "項", "显": "顯", "示": "示",
  "认": "認", "值": "值", "只": "只", "张": "張", "脑": "腦", "电": "電", "请": "請", "时": "時",
  "长": "長", "东": "東", "风": "風", "圈": "圈", "们": "們", "链": "鏈", "接": "接", "进": "進",
  "战": "戰", "结": "結", "束": "束", "对": "對", "局": "局", "放": "放", "回": "回", "弃": "棄",
  "过": "過", "满": "滿", "贯": "貫", "罚": "罰", "无": "無", "支": "支", "付": "付", "给": "給",
  "输": "輸", "家": "家", "听": "聽", "张牌": "張牌", "庄": "莊", "墙": "牆", "距": "距", "轮": "輪",
  "等": "等", "记": "記", "录": "錄", "复": "複", "制": "製", "邀": "邀", "观": "觀", "号": "號",
  "发": "發", "键": "鍵", "连": "連", "断": "斷", "摸": "摸", "碰": "碰", "杠": "槓", "吃": "吃",
  "和": "和", "补": "補", "花": "花", "种": "種", "合": "合", "计": "計", "含": "含", "于": "於",
  "顶": "頂", "原": "原", "抢": "搶", "仙": "仙", "九": "九", "振": "振", "最": "最",
  "佳": "佳", "打": "打", "现": "現", "在": "在", "以": "以", "剩": "剩", "差": "差", "向": "向",
  "个": "個", "资": "資", "料": "料", "退": "退", "语": "語", "言": "言", "游": "遊", "客": "客",
  "榜": "榜", "排": "排", "行": "行", "新": "新", "你": "你", "的": "的", "不": "不", "同": "同",
  "地": "地", "方": "方", "座": "座", "位": "位", "空": "空", "朋": "朋", "友": "友", "限": "限",
  "秒": "秒", "度": "度", "完": "完", "整": "整", "一": "一", "私": "私", "人": "人", "仅": "僅",
  "凭": "憑", "加": "加", "入": "入", "没": "沒", "有": "有", "放的": "放的", "坐": "坐", "已": "已",
  "中": "中", "满座": "滿座", "就": "就", "可": "可", "上": "上", "会": "會", "需": "需", "要": "要",
  "切": "切", "点": "點", "再": "再", "次": "次", "出": "出", "级": "級", "由": "由", "弱": "弱",
  "强": "強", "牌": "牌", "河": "河", "该": "該", "这": "這", "里": "裡", "钥": "鑰", "匙": "匙",
  "浏": "瀏", "览": "覽", "器": "器", "几": "幾", "取": "取", "消": "消", "双": "雙", "击": "擊",
  "经": "經", "动": "動", "么": "麼", "嗎": "嗎", "吗": "嗎", "户": "戶", "账": "賬", "码": "碼",
  "密": "密", "注": "注", "册": "冊", "登": "登", "份": "份", "玩": "玩", "保": "保", "存": "存",
  "分": "分", "数": "數", "净": "淨", "得": "得", "金": "金", "额": "額", "看": "看", "到": "到",
  "大": "大", "厅": "廳", "载": "載", "下": "下", "谱": "譜", "步": "步", "头": "頭", "尾": "尾",
  "后": "後", "前": "前", "播": "播", "停": "停", "暂": "暫", "果": "果", "尚": "尚", "未": "未",
  "才": "才", "能": "能", "单": "單", "换": "換", "还": "還", "吧": "吧", "名": "名", "次数": "次數",
  "错": "錯", "了": "了", "南": "南", "西": "西", "北": "北", "包": "包", "奖": "獎", "励": "勵",
  "面": "面", "子": "子", "各": "各", "手": "手", "开始": "開始", "流": "流", "者": "者", "待": "待",
  "其": "其", "他": "他", "关": "關", "闭": "閉", "胡": "胡", "麻": "麻", "将": "將", "香": "香", "港": "港", "辣": "辣",
  "台": "台", "设": "設", "起": "起", "棚": "棚", "鸡": "雞", "糊": "糊", "也": "也", "按": "按",
  "基": "基", "本": "本", "任": "任", "即": "即", "至": "至", "半": "半", "法": "法", "二": "二",
  "模": "模", "式": "式", "黄": "黃", "条": "條", "万": "萬", "余": "餘", "随": "隨", "机": "機", "贪": "貪", "默": "默", "家手": "家手", "视": "視", "线": "線", "胜": "勝", "让": "讓",
  "顺": "順", "续": "續", "两": "兩", "运": "運", "气": "氣", "与": "與",
  "响": "響", "场": "場", "别": "別", "节": "節", "荣": "榮", "组": "組", "负": "負", "责": "責",
  "赔": "賠", "达": "達", "钱": "錢", "铳": "銃", "领": "領",
  // the patterns' descriptions (description_zh)
  "为": "為", "内": "內", "凑": "湊", "来": "來", "样": "樣", "独": "獨", "统": "統", "见": "見",
  "详": "詳", "说": "說", "财": "財", "门": "門", "闲": "閒", "齐": "齊", "变": "變",
  "须": "須", "务": "務", "处": "處", "并": "並", "试": "試", "误": "誤",
};

function toHant(text) {
  let out = "";
  for (const ch of text) out += HANT[ch] || ch;
  return out;
}

const zhHant = Object.fromEntries(Object.entries(zhHans).map(([k, v]) => [k, toHant(v)]));
zhHant["nav.language"] = "語言";
// Where one simplified character has two traditional ones, the word decides: 注册 is 註冊
// and 占用 is 佔用 (注意 and 占卜 keep theirs), so these are written out.
zhHant["account.signup"] = "註冊";
zhHant["error.name_taken"] = zhHant["error.name_taken"].replace("占用", "佔用");

export const CATALOGUES = { en, "zh-Hans": zhHans, "zh-Hant": zhHant };
export const LANGUAGES = Object.keys(CATALOGUES);
const KEY = "tingpai.lang";

function initialLanguage() {
  const saved = localStorage.getItem(KEY);
  if (saved && CATALOGUES[saved]) return saved;
  const nav = (navigator.language || "en").toLowerCase();
  if (nav.startsWith("zh")) return /tw|hk|mo|hant/.test(nav) ? "zh-Hant" : "zh-Hans";
  return "en";
}

export let lang = initialLanguage();

/** Whether the current language (or English) has a message for `key`. */
export function has(key) {
  return key in CATALOGUES[lang] || key in en;
}

/** The message `key` in the current language, `{name}` placeholders filled from params. */
export function t(key, params = {}) {
  const own = CATALOGUES[lang][key];
  // A "_you" variant the language lacks falls back to its plain form (Chinese needs none).
  const base = key.endsWith("_you") ? CATALOGUES[lang][key.slice(0, -4)] : undefined;
  const text = own ?? base ?? en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

/** Switch the language; it sticks (localStorage) and the page re-renders. */
export function setLanguage(code) {
  if (!CATALOGUES[code]) return;
  lang = code;
  localStorage.setItem(KEY, code);
  document.documentElement.lang = code;
  window.dispatchEvent(new CustomEvent("languagechange"));
}

export function isChinese() {
  return lang !== "en";
}

// Pattern names come from the seeds as they are written there: Hu Mahjong's in simplified
// characters, the Hong Kong tables' in traditional ones.  On the page they follow the
// page's script.  A table of its own, because names keep characters the catalogue converts
// otherwise (么 in 断么 / 十三么 is yāo, never 麼).
const NAME_HANT = {
  "杠": "槓", "气": "氣", "贯": "貫", "对": "對", "节": "節", "两": "兩", "莲": "蓮", "宝": "寶",
  "灯": "燈", "门": "門", "齐": "齊", "带": "帶", "过": "過", "双": "雙", "临": "臨", "头": "頭",
  "断": "斷", "开": "開", "捞": "撈", "风": "風", "纯": "純", "绿": "綠", "连": "連", "罗": "羅",
  "汉": "漢", "鱼": "魚", "鸡": "雞", "抢": "搶", "发": "發", "东": "東", "庄": "莊", "顺": "順",
};
const NAME_HANS = Object.fromEntries(Object.entries(NAME_HANT).map(([hans, hant]) => [hant, hans]));

/** A pattern's Chinese name in the page's script: traditional in zh-Hant, else simplified. */
export function chineseName(text) {
  const table = lang === "zh-Hant" ? NAME_HANT : NAME_HANS;
  let out = "";
  for (const ch of text) out += table[ch] || ch;
  return out;
}

/** A pattern's display name: Chinese (from the ruleset data, in the page's script) in
 * Chinese, else English. */
export function patternName(pattern) {
  if (isChinese() && pattern.chinese) return chineseName(pattern.chinese);
  return pattern.name;
}

/** The other-language line under a pattern name: English in Chinese, Chinese in English. */
export function patternSecond(pattern) {
  if (isChinese()) return pattern.name;
  return pattern.chinese || "";
}

/** What a pattern needs: its Chinese description (data, simplified; converted for
 * zh-Hant) in Chinese, else the English one, which is also the fallback when it is empty. */
export function patternDescription(pattern) {
  if (isChinese() && pattern.description_zh) {
    return lang === "zh-Hant" ? toHant(pattern.description_zh) : pattern.description_zh;
  }
  return pattern.description || "";
}

/** A ruleset's name and description: from the catalogue in Chinese, else the data's. */
export function rulesetName(r) {
  return lang !== "en" && has(`rules.name.${r.id}`) && CATALOGUES[lang][`rules.name.${r.id}`] ? t(`rules.name.${r.id}`) : r.name;
}

export function rulesetDescription(r) {
  return lang !== "en" && CATALOGUES[lang][`rules.desc.${r.id}`] ? t(`rules.desc.${r.id}`) : r.description || "";
}

/** A bot level's name for people ("expert" -> "Expert", "高手"); an unknown level as is. */
export function botLevelName(level) {
  return has(`botlevel.${level}`) ? t(`botlevel.${level}`) : level;
}

/** A ruleset option's label for people ("multiple_winners" -> "Several winners on one
 * discard", "一炮多响"); an option the catalogue lacks shows its id. */
export function optionLabel(name) {
  return has(`option.${name}`) ? t(`option.${name}`) : name.replace(/_/g, " ");
}

/** An option's explanation: the catalogue's in Chinese, else the ruleset data's own (in
 * English, which also names the exact values a ruleset takes). */
export function optionDoc(option) {
  return lang !== "en" && CATALOGUES[lang][`optiondoc.${option.name}`]
    ? t(`optiondoc.${option.name}`) : option.doc || "";
}

/** A pattern category of the ruleset data (English there) in the current language. */
export function categoryName(category) {
  return CATALOGUES[lang][`category.${category}`] || category;
}

// The server's error texts (English, seats numbered from 0) that a player meets, in the
// page's language with seats numbered as the page numbers them (from 1).  A text not
// listed is shown as the server wrote it.
const SERVER_ERRORS = [
  [/^wrong name or password$/, "error.wrong_password"],
  [/^the name '(.*)' is taken$/, "error.name_taken", (m) => ({ name: m[1] })],
  [/^an account name is 3-24 [^:]*(?:: (.*))?$/, "error.account_name", (m) => ({ why: m[1] ? ` (${m[1]})` : "" })],
  [/^a password is 8-128 /, "error.password_rule"],
  [/^a name is 1-24 printable characters$/, "error.guest_name"],
  [/^seat (\d+) is taken$/, "error.seat_taken", (m) => ({ seat: Number(m[1]) + 1 })],
  [/^seat (\d+) is a bot seat$/, "error.seat_bot", (m) => ({ seat: Number(m[1]) + 1 })],
  [/^this account already plays seat (\d+) /, "error.account_seat", (m) => ({ seat: Number(m[1]) + 1 })],
  [/^the game is over$/, "error.game_over"],
  [/^no account '(.*)'$/, "error.no_account", (m) => ({ name: m[1] })],
  [/^no table '(.*)'$/, "error.no_table"],
  [/^stale seq /, "error.stale"],
  [/^seat \d+ has nothing to decide now$/, "error.not_your_turn"],
  [/^illegal action: (.*)$/, "error.illegal", (m) => ({ why: m[1] })],
  [/^illegal action$/, "error.illegal", () => ({ why: "" })],
  [/^the server has as many tables as it can hold/, "error.too_many_tables"],
  [/^too many messages/, "error.too_fast"],
  [/^this table has as many spectators as it takes/, "error.spectators_full"],
  [/^this seat has as many connections as it takes/, "error.seat_windows_full"],
];

export function errorText(text) {
  for (const [pattern, key, params] of SERVER_ERRORS) {
    const m = pattern.exec(String(text));
    if (m) return t(key, params ? params(m) : {});
  }
  return String(text);
}

/** A moment the server gave (ISO 8601) as the page's language writes a date and time
 * ("6 Dec 2026, 02:41", "2026年12月6日 02:41"); empty when there is none. */
export function dateText(iso) {
  const when = iso ? new Date(iso) : null;
  if (!when || Number.isNaN(when.getTime())) return "";
  return new Intl.DateTimeFormat(lang === "en" ? "en-GB" : lang, { dateStyle: "medium", timeStyle: "short", hourCycle: "h23" }).format(when);
}

export function windName(letter) {
  return t(`wind.${letter}`);
}

document.documentElement.lang = lang;
