extension QRCode {
    /// The code as an SVG image: dark modules on a light square with the four-module quiet zone,
    /// in those colours whatever the page's scheme (readers expect dark on light); its size is
    /// the page's to set. `title` is its text alternative.
    public func svg(title: String) -> String {
        let side = size + 8
        var path = ""
        for y in 0..<size {
            var x = 0
            while x < size {
                guard self[x, y] else { x += 1; continue }
                let start = x
                while x < size, self[x, y] { x += 1 }
                path += "M\(start + 4) \(y + 4)h\(x - start)v1h-\(x - start)z"
            }
        }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"qr-code\" viewBox=\"0 0 \(side) \(side)\" role=\"img\" shape-rendering=\"crispEdges\">"
            + "<title>\(Self.escaped(title))</title><rect width=\"\(side)\" height=\"\(side)\" fill=\"#fff\"/><path fill=\"#000\" d=\"\(path)\"/></svg>"
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
