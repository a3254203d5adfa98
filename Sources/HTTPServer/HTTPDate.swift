#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// HTTP dates (RFC 9110 §5.6.7): IMF-fixdate written, all three historic formats read.
public enum HTTPDate {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Sun, 06 Nov 1994 08:49:37 GMT` for seconds since 1970.
    public static func format(_ seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }

    /// Seconds since 1970 for an IMF-fixdate, RFC 850 or asctime date; nil when it is none.
    public static func parse(_ text: String) -> Int? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "-" }).map(String.init)
        let day: Int?, month: Int?, year: Int?, clock: String
        switch words.count {
        case 6 where words[5] == "GMT":
            // IMF-fixdate "Sun, 06 Nov 1994 08:49:37 GMT" or RFC 850 "Sunday, 06-Nov-94 08:49:37 GMT".
            day = Int(words[1])
            month = months.firstIndex(of: words[2])
            year = Int(words[3]).map { words[3].count == 2 ? ($0 < 70 ? 2000 + $0 : 1900 + $0) : $0 }
            clock = words[4]
        case 5:
            // asctime "Sun Nov  6 08:49:37 1994".
            month = months.firstIndex(of: words[1])
            day = Int(words[2])
            year = Int(words[4])
            clock = words[3]
        default:
            return nil
        }
        let hms = clock.split(separator: ":").compactMap { Int($0) }
        guard let day, let month, let year, hms.count == 3, (1...31).contains(day),
              (0...23).contains(hms[0]), (0...59).contains(hms[1]), (0...60).contains(hms[2])
        else { return nil }
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hms[0])
        parts.tm_min = Int32(hms[1])
        parts.tm_sec = Int32(hms[2])
        return Int(timegm(&parts))
    }
}
