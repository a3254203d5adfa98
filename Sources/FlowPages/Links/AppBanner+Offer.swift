import HTMLTemplate

/// What a deep-linkable screen's page reads of ``AppBanner``.
extension AppBanner {
    /// Safari's Smart App Banner, the banner, and the link preview of one page; each nil when
    /// the page has none.
    struct Offer: Sendable {
        var appLinks: AppLinks?
        var banner: Banner?
        var preview: Preview?
        /// Whether what the page offers depends on the visitor's `User-Agent` (their platform's
        /// banner, none for a robot or a dismissed banner): so for every visitor of a
        /// deep-linkable page while the banner is on, whatever this one was shown.
        var variesByAgent = false

        /// A page that offers nothing: not deep-linkable.
        static let none = Offer()
    }

    /// Safari's Smart App Banner, in the head: `app-id=…, app-argument=…`.
    final class AppLinks: TemplateModel {
        let itunes: String

        init(itunes: String) { self.itunes = itunes }

        static let templateMembers: TemplateMembers<AppLinks> = ["itunes": .init { $0.itunes }]
    }

    /// The banner: open in the app (in the link form the visitor's platform opens), the store
    /// listings, a claim code or the control that asks for one, and on a desktop the link's QR code.
    final class Banner: TemplateModel {
        let title: String
        let open: SafeURL?
        let openPing: String
        let stores: [Store]
        let dismiss: String
        let getCode: String?
        let code: String?
        let codeQR: SafeHTML?
        let linkQR: SafeHTML?

        init(title: String, open: SafeURL?, openPing: String, stores: [Store], dismiss: String, getCode: String?, code: String?,
             codeQR: SafeHTML?, linkQR: SafeHTML?) {
            (self.title, self.open, self.openPing, self.stores, self.dismiss) = (title, open, openPing, stores, dismiss)
            (self.getCode, self.code, self.codeQR, self.linkQR) = (getCode, code, codeQR, linkQR)
        }

        static let templateMembers: TemplateMembers<Banner> = [
            "title": .init { $0.title }, "open": .init { $0.open }, "openPing": .init { $0.openPing }, "stores": .init { $0.stores },
            "dismiss": .init { $0.dismiss }, "getCode": .init { $0.getCode }, "code": .init { $0.code }, "codeQR": .init { $0.codeQR },
            "linkQR": .init { $0.linkQR },
        ]
    }

    /// A store listing and the address its choice is counted at.
    final class Store: TemplateModel {
        let url: SafeURL
        let label: String
        let ping: String

        init(url: SafeURL, label: String, ping: String) { (self.url, self.label, self.ping) = (url, label, ping) }

        static let templateMembers: TemplateMembers<Store> = ["url": .init { $0.url }, "label": .init { $0.label }, "ping": .init { $0.ping }]
    }

    /// A link preview (Open Graph, Twitter cards).
    final class Preview: TemplateModel {
        let title: String
        let siteName: String
        let description: String?
        let image: String?
        /// The page's address, only for a screen without parameters: no value of a link is ever previewed.
        let url: String?
        /// `summary`, or `summary_large_image` with an image.
        let card: String

        init(title: String, siteName: String, description: String?, image: String?, url: String?, card: String) {
            (self.title, self.siteName, self.description, self.image, self.url, self.card) = (title, siteName, description, image, url, card)
        }

        static let templateMembers: TemplateMembers<Preview> = [
            "title": .init { $0.title }, "siteName": .init { $0.siteName }, "description": .init { $0.description },
            "image": .init { $0.image }, "url": .init { $0.url }, "card": .init { $0.card },
        ]
    }
}
