// Workloads generated from fixed seeds, so every run measures the same bytes.

import Foundation

struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Words drawn with a rough Zipf distribution, so common words dominate like real speech.
struct Vocabulary {
    let words: [String]
    let cumulative: [Double]

    init(_ words: [String]) {
        self.words = words
        var total = 0.0
        cumulative = words.indices.map { rank in
            total += 1 / Double(rank + 1)
            return total
        }
    }

    func word(_ random: inout SeededGenerator) -> String {
        let target = Double.random(in: 0..<cumulative[cumulative.count - 1], using: &random)
        var low = 0
        var high = cumulative.count - 1
        while low < high {
            let mid = (low + high) / 2
            if cumulative[mid] <= target { low = mid + 1 } else { high = mid }
        }
        return words[low]
    }
}

let english = Vocabulary("""
the I you to and a of it that is in we what this know was don't for on have be just it's so not
my with me are can your but all he here like do they right there no yeah get go if well about
at oh one out now up think come how want okay got see she him his her why they're time going
then from when who let's would could really good look back take thing people where tell been
mean some something over because very said much work home town year say more way little need
make thank things also only even long first never day our new give call other around still try
down world life before last place great these after talk most money again same help house plan
while family keep every between night point school start world against under number budget
question government company system program problem important public business service market
report meeting project council member evidence minister committee policy community schedule
""".split(whereSeparator: \.isWhitespace).map(String.init))

let chinese = Vocabulary("""
我们 你 他 的 是 了 在 这个 一个 没有 什么 不 就 也 很 都 说 要 会 可以 现在 知道 时候 还 人 我 她
这样 那么 因为 所以 但是 如果 已经 自己 大家 今天 明天 工作 问题 公司 会议 计划 项目 时间 事情 东西
预算 政府 经济 发展 市场 报告 委员会 部门 学校 家庭 朋友 老师 学生 孩子 城市 国家 世界 生活 电话
""".split(whereSeparator: \.isWhitespace).map(String.init))

let japanese = Vocabulary("""
わたし あなた これ それ あれ です ます ました でした ない ありがとう すみません こんにちは さようなら
今日 明日 昨日 時間 仕事 会社 会議 予算 問題 学校 先生 友達 家族 電話 お金 町 国 世界 大丈夫 本当
行きます 来ます 見ます 言います 思います 分かります ください ちょっと もう まだ とても いつも ここ そこ
""".split(whereSeparator: \.isWhitespace).map(String.init))

let russian = Vocabulary("""
я ты он она мы вы они не что это как так вот где когда почему знаю думаю хочу могу надо нужно
будет было есть сейчас потом завтра вчера сегодня домой работа деньги бюджет город семья друг время
день ночь дело человек жизнь правда вопрос ответ совет комитет школа отец мать брат сестра дом дорога
""".split(whereSeparator: \.isWhitespace).map(String.init))

/// `text` in windows-1251 (it holds only ASCII and Russian letters).
func windows1251(_ text: String) -> [UInt8] {
    text.unicodeScalars.map { scalar -> UInt8 in
        switch scalar.value {
        case 0..<0x80: UInt8(scalar.value)
        case 0x410...0x44F: UInt8(scalar.value - 0x410 + 0xC0)
        case 0x401: 0xA8
        case 0x451: 0xB8
        default: 0x3F
        }
    }
}

/// Russian SRT, like `srt` but from the Russian words.
func russianSRT(bytes: Int, seed: UInt64) -> String {
    var random = SeededGenerator(seed: seed)
    var text = ""
    var cue = 0
    var time = 0
    while text.utf8.count < bytes * 14 / 10 {
        cue += 1
        let duration = Int.random(in: 800...4_000, using: &random)
        text += "\(cue)\n\(timestamp(time, separator: ",")) --> \(timestamp(time + duration, separator: ","))\n"
        text += sentence(russian, words: 3...8, separator: " ", &random) + "\n\n"
        time += duration + 200
    }
    return text
}

func sentence(_ vocabulary: Vocabulary, words: ClosedRange<Int>, separator: String,
              _ random: inout SeededGenerator) -> String {
    (0..<Int.random(in: words, using: &random)).map { _ in vocabulary.word(&random) }.joined(separator: separator)
}

func timestamp(_ milliseconds: Int, separator: Character) -> String {
    let hours = milliseconds / 3_600_000
    let minutes = milliseconds / 60_000 % 60
    let seconds = milliseconds / 1_000 % 60
    let rest = milliseconds % 1_000
    return String(format: "%02d:%02d:%02d%@%03d", hours, minutes, seconds, String(separator), rest)
}

/// Plain text: one sentence per line.
func englishText(bytes: Int, seed: UInt64) -> String {
    var random = SeededGenerator(seed: seed)
    var text = ""
    text.reserveCapacity(bytes + 200)
    while text.utf8.count < bytes {
        var line = sentence(english, words: 4...16, separator: " ", &random)
        line.replaceSubrange(line.startIndex...line.startIndex, with: line.prefix(1).uppercased())
        text += line + ".\n"
    }
    return text
}

/// SRT with one or two lines per cue.
func srt(bytes: Int, seed: UInt64) -> (text: String, cues: Int) {
    var random = SeededGenerator(seed: seed)
    var text = ""
    text.reserveCapacity(bytes + 200)
    var cue = 0
    var time = 0
    while text.utf8.count < bytes {
        cue += 1
        let duration = Int.random(in: 800...4_000, using: &random)
        text += "\(cue)\n\(timestamp(time, separator: ",")) --> \(timestamp(time + duration, separator: ","))\n"
        text += sentence(english, words: 3...8, separator: " ", &random) + "\n"
        if Bool.random(using: &random) { text += sentence(english, words: 3...8, separator: " ", &random) + "\n" }
        text += "\n"
        time += duration + 200
    }
    return (text, cue)
}

/// Chinese text: one sentence per line, ideographs without spaces, full-width punctuation.
func chineseText(bytes: Int, seed: UInt64) -> String {
    unspacedText(chinese, comma: "，", bytes: bytes, seed: seed)
}

/// Japanese text: one sentence per line, words without spaces, kana and kanji, full-width punctuation.
func japaneseText(bytes: Int, seed: UInt64) -> String {
    unspacedText(japanese, comma: "、", bytes: bytes, seed: seed)
}

/// Lines of two clauses of words without spaces, `comma` between them and a full stop after.
func unspacedText(_ vocabulary: Vocabulary, comma: String, bytes: Int, seed: UInt64) -> String {
    var random = SeededGenerator(seed: seed)
    var text = ""
    text.reserveCapacity(bytes + 200)
    while text.utf8.count < bytes {
        text += sentence(vocabulary, words: 3...8, separator: "", &random) + comma
            + sentence(vocabulary, words: 3...8, separator: "", &random) + "。\n"
    }
    return text
}

/// WebVTT with one or two lines per cue, an identifier on every third cue.
func webVTT(bytes: Int, seed: UInt64) -> String {
    var random = SeededGenerator(seed: seed)
    var text = "WEBVTT\n\n"
    text.reserveCapacity(bytes + 200)
    var cue = 0
    var time = 0
    while text.utf8.count < bytes {
        cue += 1
        let duration = Int.random(in: 800...4_000, using: &random)
        if cue % 3 == 0 { text += "c\(cue)\n" }
        text += "\(timestamp(time, separator: ".")) --> \(timestamp(time + duration, separator: "."))\n"
        text += sentence(english, words: 3...8, separator: " ", &random) + "\n"
        if Bool.random(using: &random) { text += sentence(english, words: 3...8, separator: " ", &random) + "\n" }
        text += "\n"
        time += duration + 200
    }
    return text
}

/// A folder of `count` subtitle files of about `bytes` each, three SRT to one WebVTT, in
/// season folders of 100; returns the folder. Files already there are kept.
func subtitleLibrary(in directory: String, count: Int, bytes: Int) -> String {
    for number in 0..<count {
        let season = directory + String(format: "/season%02d", number / 100 + 1)
        let isVTT = number % 4 == 3
        let path = season + String(format: "/episode%04d.", number) + (isVTT ? "vtt" : "srt")
        guard !FileManager.default.fileExists(atPath: path) else { continue }
        try? FileManager.default.createDirectory(atPath: season, withIntermediateDirectories: true)
        let seed = 1_000 + UInt64(number)
        let text = isVTT ? webVTT(bytes: bytes, seed: seed) : srt(bytes: bytes, seed: seed).text
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }
    return directory
}
