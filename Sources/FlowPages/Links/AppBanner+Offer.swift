import HTMLTemplate

/// What a deep-linkable screen's page reads of ``AppBanner``.
extension AppBanner {
    /// Safari's Smart App Banner, the banner, and the link preview of one page; each nil when
    /// the page has none.
    struct Offer: Sendable {
        var appLinks: AppLinks?
        var banner: Banner?
        var preview: Preview?

        /// A page that offers nothing: not deep-linkable.
        static let none = Offer()
    }

    /// Safari's Smart App Banner, in the head: `app-id=…, app-argument=…`.
    struct AppLinks: TemplateModel {
        var itunes: String

        static let templateMembers: TemplateMembers<AppLinks> = ["itunes": .init { $0.itunes }]
    }

    /// The banner: open in the app (in the link form the visitor's platform opens), the store
    /// listings, a claim code or the control that asks for one, and on a desktop the link's QR code.
    struct Banner: TemplateModel {
        var title: String
        var open: SafeURL?
        var openPing: String
        var stores: [Store]
        var dismiss: String
        var getCode: String?
        var code: String?
        var codeQR: SafeHTML?
        var linkQR: SafeHTML?

        static let templateMembers: TemplateMembers<Banner> = [
            "title": .init { $0.title }, "open": .init { $0.open }, "openPing": .init { $0.openPing }, "stores": .init { $0.stores },
            "dismiss": .init { $0.dismiss }, "getCode": .init { $0.getCode }, "code": .init { $0.code }, "codeQR": .init { $0.codeQR },
            "linkQR": .init { $0.linkQR },
        ]
    }

    /// A store listing and the address its choice is counted at.
    struct Store: TemplateModel {
        var url: SafeURL
        var label: String
        var ping: String

        static let templateMembers: TemplateMembers<Store> = ["url": .init { $0.url }, "label": .init { $0.label }, "ping": .init { $0.ping }]
    }

    /// A link preview (Open Graph, Twitter cards).
    struct Preview: TemplateModel {
        var title: String
        var siteName: String
        var description: String?
        var image: String?
        /// The page's address, only for a screen without parameters: no value of a link is ever previewed.
        var url: String?
        /// `summary`, or `summary_large_image` with an image.
        var card: String

        static let templateMembers: TemplateMembers<Preview> = [
            "title": .init { $0.title }, "siteName": .init { $0.siteName }, "description": .init { $0.description },
            "image": .init { $0.image }, "url": .init { $0.url }, "card": .init { $0.card },
        ]
    }
}
