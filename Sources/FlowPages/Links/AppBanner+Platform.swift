extension AppBanner {
    /// Which form of a link the visitor's browser can open, read from its `User-Agent` (what a
    /// link service does; nothing is kept of it).
    enum Platform {
        case iOS, android, desktop
    }

    /// A `User-Agent` read for the words that say what the client is: its bytes with ASCII letters
    /// in lower case, searched byte by byte, as every fallback page asks (Foundation's string
    /// search took a twentieth of the page's time).
    struct UserAgent {
        private let bytes: [UInt8]

        // "Googlebot/2.1", "Slackbot-LinkExpanding", "TelegramBot (like TwitterBot)" — but not a Cubot phone.
        private static let robotWords: [StaticString] = ["bot/", "bot-", "bot (", "crawler", "spider", "facebookexternalhit", "whatsapp", "embedly", "preview"]
        private static let appleWords: [StaticString] = ["iphone", "ipad", "ipod"]

        init(_ header: String?) {
            bytes = (header ?? "").utf8.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
        }

        /// Whether the client says it is a crawler or a link-preview fetcher (Slackbot,
        /// facebookexternalhit, WhatsApp…), which read a page's tags and never use its banner.
        var isRobot: Bool { Self.robotWords.contains(where: contains) }

        var platform: Platform {
            if contains("android") { return .android }
            return Self.appleWords.contains(where: contains) ? .iOS : .desktop
        }

        /// Whether `word` (ASCII, lower case) occurs in it.
        func contains(_ word: StaticString) -> Bool {
            let needle = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
            guard let first = needle.first, needle.count <= bytes.count else { return false }
            return bytes.withUnsafeBufferPointer { agent in
                for start in 0...(agent.count - needle.count) where agent[start] == first {
                    if (1..<needle.count).allSatisfy({ agent[start + $0] == needle[$0] }) { return true }
                }
                return false
            }
        }
    }
}
