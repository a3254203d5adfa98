import FlowStore
import Navigation

extension AppBanner {
    /// A claim code a session was given for one page's link, when the person asked for the app
    /// (DECISIONS: "A claim code is minted when the person asks for the app"). Kept in the
    /// session's flags until it expires, so the page shows the same code on every reload and
    /// asking again mints none.
    struct ClaimCode: Equatable {
        /// The code as shown, `K7Q4-2MFX`.
        let code: String
        /// The path of the page it was given on (`/auth/login`), as ``MountedApp/linkURLs`` writes it.
        let path: String
        /// When it can no longer be claimed, in milliseconds since 1970.
        let expires: Int64

        /// What its flag starts with; FlowPages' own (apps' flags cannot start with `_`).
        static let flagPrefix = "_app-banner-code="

        /// The flag it is kept as: `_app-banner-code=K7Q4-2MFX;<expires>;<path>`.
        var flag: String { Self.flagPrefix + code + ";" + String(expires) + ";" + path }

        init(code: String, path: String, expires: Int64) {
            self.code = code
            self.path = path
            self.expires = expires
        }

        /// The code `state` keeps for the page at `path`, while it can be claimed at `now`.
        init?(in state: NavigationState, for path: String, now: Int64) {
            guard let flag = state.flags.first(where: { $0.hasPrefix(Self.flagPrefix) }) else { return nil }
            // The path comes last: it may hold anything, a `;` of its query too.
            let parts = flag.dropFirst(Self.flagPrefix.count).split(separator: ";", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, let expires = Int64(parts[1]), expires > now, parts[2] == path else { return nil }
            self.init(code: String(parts[0]), path: path, expires: expires)
        }

        /// `state` keeping this code in place of any it kept before: a session holds one, that of
        /// the page it last asked on.
        func kept(in state: NavigationState) -> NavigationState {
            var kept = state
            kept.flags = kept.flags.filter { !$0.hasPrefix(Self.flagPrefix) }
            kept.flags.insert(flag)
            return kept
        }
    }

    /// A new code for `screen`'s page, with what keeps its link in the store (in the transaction
    /// that gives it) for the app to claim once within ``claimLifetime``; nil when the app has no
    /// link to give (neither a scheme nor a host) or the link holds a token.
    func newClaimCode(for screen: RouteInstance, now: Int64) -> (code: ClaimCode, keep: (any StoreTransaction) throws -> Void)? {
        let path = app.linkURLs.screen(screen)
        guard !Self.carriesToken(screen), let link = appLink(path) else { return nil }
        let code = DeferredLink.newCode()
        let expires = now + Self.claimLifetime
        let id = app.app.id
        return (ClaimCode(code: code, path: path, expires: expires), { transaction in
            try transaction.deferredLinks.keep(app: id, code: DeferredLink.normalized(code) ?? code, link: link, now: now, expires: expires)
        })
    }

    /// Whether a screen's link holds a secret — a parameter named `token`, in its path or query,
    /// as a reset or verify link's (the parameter ``LinkTokens`` and ``SecurityHeaders`` read):
    /// such a link is never kept for a claim, where a code of 40 bits would stand for it an hour.
    static func carriesToken(_ screen: RouteInstance) -> Bool {
        screen.parameters["token"] != nil
    }
}
