import Foundation
import QRCode

// QR codes drawn per second on one thread, as a deep link's fallback page draws them: a claim
// code (version 1) and a link with a token (version 5), each encoded and written as SVG.
func measure(_ label: String, _ text: String) {
    let started = Date()
    var count = 0
    var bytes = 0
    while Date().timeIntervalSince(started) < 2 {
        for _ in 0..<100 {
            bytes &+= (try? QRCode(text: text))?.svg(title: "x").utf8.count ?? 0
            count += 1
        }
    }
    let seconds = Date().timeIntervalSince(started)
    let version = (try? QRCode(text: text))?.version ?? 0
    print(String(format: "%@ (version %d): %.0f codes/s, %.1f µs each", label, version, Double(count) / seconds, seconds / Double(count) * 1e6), bytes > 0 ? "" : "!")
}

func encodeOnly(_ text: String) {
    let started = Date()
    var count = 0
    while Date().timeIntervalSince(started) < 1 {
        for _ in 0..<100 { count += (try? QRCode(text: text))?.size ?? 0 > 0 ? 1 : 0 }
    }
    print(String(format: "  encode only: %.1f µs each", Date().timeIntervalSince(started) / Double(count) * 1e6))
}
measure("claim code K7Q4-2MFX", "K7Q4-2MFX")
encodeOnly("K7Q4-2MFX")
measure("reset link", "https://suma.finance/auth/reset-password?email=ada%40example.com&token=" + String(repeating: "x", count: 43))
