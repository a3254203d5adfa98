extension QRCode {
    /// The code as an SVG image: dark modules on a light square with the four-module quiet zone,
    /// in those colours whatever the page's scheme (readers expect dark on light); its size is
    /// the page's to set. `title` is its text alternative.
    public func svg(title: String) -> String {
        let side = size + 8
        // Written as bytes: a path a run of dark modules, thousands of them in a large code.
        var path: [UInt8] = []
        path.reserveCapacity(size * size * 3)
        func append(_ number: Int) {
            if number >= 10 { append(number / 10) }
            path.append(UInt8(48 + number % 10))
        }
        for y in 0..<size {
            var x = 0
            while x < size {
                guard self[x, y] else { x += 1; continue }
                let start = x
                while x < size, self[x, y] { x += 1 }
                path.append(UInt8(ascii: "M")); append(start + 4); path.append(UInt8(ascii: " ")); append(y + 4)
                path.append(UInt8(ascii: "h")); append(x - start); path.append(contentsOf: Array("v1h-".utf8)); append(x - start)
                path.append(UInt8(ascii: "z"))
            }
        }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"qr-code\" viewBox=\"0 0 \(side) \(side)\" role=\"img\" shape-rendering=\"crispEdges\">"
            + "<title>\(Self.escaped(title))</title><rect width=\"\(side)\" height=\"\(side)\" fill=\"#fff\"/><path fill=\"#000\" d=\"\(String(decoding: path, as: UTF8.self))\"/></svg>"
    }

    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
