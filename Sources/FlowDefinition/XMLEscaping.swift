/// Text written into XML (an attribute's value or an element's text): `&`, `<`, `>` and `"`
/// as entities, line breaks and tabs as character references, so an attribute read back has
/// them as written. Text with none of them is returned as it is, after one look at its bytes.
public enum XMLEscaping {
    /// `text`, safe inside a double-quoted attribute or between tags.
    public static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else {
            return text
        }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 16)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "\n": escaped += "&#10;"
            case "\r": escaped += "&#13;"
            case "\t": escaped += "&#9;"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }
}
