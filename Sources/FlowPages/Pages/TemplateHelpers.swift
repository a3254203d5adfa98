import HTMLTemplate
import Navigation

/// The helpers every screen template may call:
/// - `{{ url "listing" id=listing.id }}` — the URL of a screen, from its route's name and parameters
///   (a parameter that travels in the query may be left out for a GET form to fill:
///   `<form method="get" action="{{ url "search-results" }}">` with a `query` field);
/// - `{{#if eq listing.id params.id}}` — whether two values are equal (as text: `1` equals `"1"`);
/// - `{{ number listing.price }}` — a whole number with its thousands grouped: 8,950,000;
/// - `{{ image "logo.png" }}` — the address of an image of the app's `images/` folder, which
///   changes with its content.
enum TemplateHelpers {
    /// The helpers for an app mounted at `urls` with `images`; without `urls` (checking a
    /// folder), `url` and `image` are known to the compiler but cannot make a URL.
    static func helpers(urls: AppURLs?, images: AppImages = AppImages()) -> [String: Helper] {
        [
            "url": urls.map(url) ?? unavailableURL,
            "image": { arguments in
                guard arguments.positional.count == 1, arguments.named.isEmpty, case .string(let name)? = arguments.positional.first else {
                    throw HelperError("write {{ image \"logo.png\" }}: one file name of the app's images/ folder")
                }
                guard let urls else { throw HelperError("image needs an app: it is only available when the app is served") }
                guard let path = images.path(of: name) else { throw HelperError("image \"\(name)\": the app's images/ folder has no such file") }
                return .string(urls.prefix + path)
            },
            "eq": { arguments in
                guard arguments.positional.count == 2, arguments.named.isEmpty else {
                    throw HelperError("write {{#if eq a b}}: eq compares two values")
                }
                return .bool(text(arguments.positional[0]) == text(arguments.positional[1]))
            },
            "number": { arguments in
                guard arguments.positional.count == 1, case .int(let number) = arguments.positional[0] else {
                    throw HelperError("write {{ number value }}: number groups the digits of one whole number")
                }
                return .string(grouped(number))
            },
        ]
    }

    /// `{{ url "route-name" param=value }}` for the app at `urls`. (Made once, so a page's
    /// dozens of links do not each copy `urls` out of an optional.)
    private static func url(_ urls: AppURLs) -> Helper {
        { arguments in
            guard arguments.positional.count == 1, case .string(let name)? = arguments.positional.first else {
                throw HelperError("write {{ url \"route-name\" param=value }}: one route name, then its parameters")
            }
            let route = RouteName(name)
            if let url = urls.screen(route: route, count: arguments.named.count, value: { arguments[$0].flatMap(text) }) {
                return .string(url)
            }
            var parameters: [String: String] = [:]
            parameters.reserveCapacity(arguments.named.count)
            for (key, value) in arguments.named {
                guard let text = text(value) else { throw HelperError("url \"\(name)\": parameter \(key) has no value") }
                parameters[key] = text
            }
            // The route and its path parameters are checked; the values' patterns are not (a
            // page lists many links, and the URL's own request checks them).
            guard let missing = urls.missingPathParameters(of: route, in: parameters) else {
                throw HelperError("url \"\(name)\": there is no such route")
            }
            if let parameter = missing.first { throw HelperError("url \"\(name)\": the path needs \(parameter)") }
            return .string(urls.screen(RouteInstance(route, parameters)))
        }
    }

    /// `url` while checking a folder, with no app to make URLs for.
    private static let unavailableURL: Helper = { _ in
        throw HelperError("url needs an app: it is only available when the app is served")
    }

    /// 8950000 → "8,950,000".
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude).utf8
        var bytes: [UInt8] = number < 0 ? [UInt8(ascii: "-")] : []
        bytes.reserveCapacity(digits.count + digits.count / 3 + 1)
        for (position, digit) in digits.enumerated() {
            if position > 0 && (digits.count - position) % 3 == 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(digit)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A value as text, for URLs and comparisons; nil for what has none (null, lists, records).
    private static func text(_ value: TemplateValue) -> String? {
        switch value {
        case .string(let text): text
        case .int(let number): String(number)
        case .double(let number): String(number)
        case .bool(let flag): flag ? "true" : "false"
        case .url(let url): url.url
        case .html(let html): html.html
        case .null, .array, .record, .model: nil
        }
    }

    /// Why a helper call failed, shown with the template's place when it renders.
    struct HelperError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
