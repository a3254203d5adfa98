// Renders screen-sized pages through a layout, a partial and a loop, on one thread, and prints
// renders per second: a page shaped as the issue specifies (about 4 KB, about 15 values, a loop
// of 5 items through a partial), and a denser one writing about 85 values.
import Foundation
import HTMLTemplate

/// The head both layouts share.
let head = """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>{{#block "title"}}App{{/block}} – {{ app.name }}</title>
    <link rel="stylesheet" href="/flowpages.3f2a9c1e.css">
    </head>
    <body>
    <a class="skip-link" href="#main">Skip to Main Content</a>
    """

let layout = """
    \(head)
    <header class="navigation-bar">
      {{#if back}}<form method="post" action="{{ back.action }}"><button type="submit">Back to {{ back.title }}</button></form>{{/if}}
      <h1 id="title">{{ screen.title }}</h1>
    </header>
    <nav aria-label="Current location: {{ breadcrumb }}" class="breadcrumbs"><ol>
      {{#each crumbs as crumb}}<li>{{#if @last}}<span aria-current="page">{{ crumb }}</span>{{else}}{{ crumb }}{{/if}}</li>{{/each}}
    </ol></nav>
    <main id="main" tabindex="-1">
    {{#block "content"}}{{/block}}
    </main>
    <nav class="tab-bar" aria-label="Tabs"><ul>
      {{#each tabs as tab}}<li><a href="{{ tab.href }}"{{#if tab.selected}} aria-current="page"{{/if}}>{{ tab.title }}{{#if tab.badge}} <span class="badge">{{ tab.badge }} unread</span>{{/if}}</a></li>{{/each}}
    </ul></nav>
    <div role="status" class="toasts">{{#if toast}}<p>{{ toast }}</p>{{/if}}</div>
    </body>
    </html>
    """

let card = """
    <li class="listing-card">
      <a href="/listing/{{ listing.id }}?ref={{ listing.ref }}">
        <h2 class="listing-title">{{ listing.title }}</h2>
        <p class="listing-address">{{ listing.address }}</p>
        <p class="listing-price">{{ listing.price }} · {{ listing.beds }} bedrooms</p>
      </a>
      <p class="listing-summary">{{ listing.summary }}</p>
    </li>
    """

let screen = """
    {{extends "_layout/app"}}
    {{#block "title"}}{{ screen.title }}{{/block}}
    {{#block "content"}}
    <section aria-labelledby="results-heading">
      <h2 id="results-heading">Results for “{{ query }}”</h2>
      <p class="result-count">{{ count }} listings match your search in {{ area }}.</p>
      <form method="get" action="/search/results" class="search-form">
        <label for="q">Search</label>
        <input id="q" name="query" type="search" value="{{ query }}">
        <button type="submit">Search</button>
      </form>
      <ul class="listing-list">
        {{#each listings as listing}}{{> card listing=listing}}{{/each}}
      </ul>
    </section>
    {{/block}}
    """


/// The shape: ~15 values (some needing escaping), a loop of 5 items via a partial, a layout.
let simpleLayout = """
    \(head)
    <header class="navigation-bar">
      <form method="post" action="{{ back.action }}"><button type="submit">Back to {{ back.title }}</button></form>
      <h1 id="title">{{ screen.title }}</h1>
    </header>
    <main id="main" tabindex="-1">
    {{#block "content"}}{{/block}}
    </main>
    <nav class="tab-bar" aria-label="Tabs"><ul>
      <li><a href="/">Home</a></li><li><a href="/search" aria-current="page">Search</a></li>
      <li><a href="/favorites">Favorites</a></li><li><a href="/inquiries">Inquiries <span class="badge">2 unread</span></a></li>
      <li><a href="/account">Account</a></li>
    </ul></nav>
    <div role="status" class="toasts"><p>{{ toast }}</p></div>
    <footer class="site-footer">
      <p>Reality Portal lists homes from agencies and private sellers. Prices are asking prices and include agency
      fees where the seller states them. Floor areas are measured by the seller and are not checked by us.</p>
      <p>Listings stay online for ninety days unless renewed. To report a listing that looks wrong, use the link on
      the listing itself; we answer within two working days. Your saved searches and favourites stay on this device
      until you sign in, and are kept with your account afterwards.</p>
      <ul class="footer-links"><li><a href="/help">Help</a></li><li><a href="/privacy">Privacy</a></li>
      <li><a href="/terms">Terms</a></li><li><a href="/accessibility">Accessibility statement</a></li></ul>
    </footer>
    </body>
    </html>
    """

let simpleRow = """
    <li class="listing-card"><a href="/listing/{{ item.id }}"><h2 class="listing-title">{{ item.title }}</h2>
      <p class="listing-summary">Bright flat close to the river, renovated recently; a lift, a cellar and a bike room.</p></a></li>
    """

let simpleScreen = """
    {{extends "_layout/simple"}}
    {{#block "title"}}{{ screen.title }}{{/block}}
    {{#block "content"}}
    <section aria-labelledby="results-heading">
      <h2 id="results-heading">Results for “{{ query }}”</h2>
      <p class="result-count">{{ count }} listings match your search in {{ area }}. Prices include agency fees;
      listings marked new arrived this week. Save a search to be told of new listings by email.</p>
      <form method="get" action="/search/results" class="search-form">
        <label for="q">Search</label><input id="q" name="query" type="search" value="{{ query }}">
        <button type="submit">Search</button>
      </form>
      <ul class="listing-list">{{#each listings as item}}{{> row item=item}}{{/each}}</ul>
      <p class="search-hint">Not what you were looking for? Widen the area, remove a filter, or sort by date to see
      the newest listings first. Listings with a floor plan are marked, and you can ask an agent a question from any
      listing without signing in; we pass your message on and keep no copy of it.</p>
    </section>
    {{/block}}
    """

let set = try TemplateSet(templates: [
    "_layout/app": layout, "card": card, "search/results": screen,
    "_layout/simple": simpleLayout, "row": simpleRow, "search/simple": simpleScreen,
])

func listing(_ number: Int) -> TemplateValue {
    [
        "id": .int(100 + number), "ref": "search results",
        "title": .string("Loft \(number) with a view & a \"garden\""),
        "address": .string("\(number) Rue de l'Église, Paris"),
        "price": .string("€\(450 + number)k"), "beds": .int(number % 3 + 1),
        "summary": .string("Bright <south-facing> flat, close to the river; renovated in 2024. Agent's note: viewing on request."),
    ]
}

/// A context built afresh: the server builds one per request, so threads share only the set.
func makeContext() -> [String: TemplateValue] { [
    "app": ["name": "Reality Portal"],
    "screen": ["title": "Results"],
    "back": ["action": "/_back?from=results", "title": "Search"],
    "breadcrumb": "Search, then Results",
    "crumbs": ["Search", "Results"],
    "query": "loft <with> \"view\" & garden",
    "count": 5, "area": "Paris & suburbs",
    "listings": .array((1...5).map(listing)),
    "tabs": .array(["Home", "Search", "Favorites", "Inquiries", "Account"].enumerated().map { index, title in
        ["title": .string(title), "href": .string("/" + title.lowercased()), "selected": .bool(index == 1), "badge": index == 3 ? 2 : .null]
    }),
    "toast": "Saved search “loft”",
] }

let context = makeContext()

/// Renders `name` in rounds and prints the best rate.
func measure(_ name: String, _ label: String) throws {
    let bytes = try set.renderBytes(name, context)
    let text = String(decoding: bytes, as: UTF8.self)
    let escapes = ["&amp;", "&lt;", "&#34;", "&#39;", "%20"].map { text.components(separatedBy: $0).count - 1 }.reduce(0, +)
    let clock = ContinuousClock()
    var best = 0.0
    var total = 0
    for _ in 1...5 {
        let iterations = 50_000
        let start = clock.now
        for _ in 0..<iterations {
            total &+= try set.renderBytes(name, context).count
        }
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        best = max(best, Double(iterations) / seconds)
    }
    print(String(format: "%@: %d bytes, %d escapes; best of 5 rounds: %.0f renders/s (%.2f µs each) on one thread",
                 label, bytes.count, escapes, best, 1e6 / best), total == 0 ? "" : "")
}

try measure("search/simple", "issue-shaped page (~15 values, loop of 5 via a partial, layout)")
try measure("search/results", "dense page (~85 values, loops of 2, 5 and 5, a partial, layout)")

/// Renders `name` on two threads at once from the one set, as the server's handler threads do,
/// and prints the combined rate: shared templates must not slow each other down.
func measureShared(_ name: String, _ label: String, _ makeContext: @Sendable () -> [String: TemplateValue] = makeContext) {
    let iterations = 100_000
    let clock = ContinuousClock()
    let start = clock.now
    DispatchQueue.concurrentPerform(iterations: 2) { _ in
        let own = makeContext()
        var total = 0
        for _ in 0..<iterations { total &+= (try? set.renderBytes(name, own).count) ?? 0 }
        precondition(total > 0)
    }
    let elapsed = clock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    print(String(format: "%@, two threads, a context each: %.0f renders/s together", label, Double(2 * iterations) / seconds))
}

/// The listings' field values made once, as the server's record cache keeps them: each render's
/// context is new, but the strings in it are the same for every thread.
let sharedListings: [[String: TemplateValue]] = (1...5).map { number in
    guard case .record(let record) = listing(number) else { fatalError() }
    return record.dictionary
}

func makeSharedContext() -> [String: TemplateValue] {
    var context = makeContext()
    context["listings"] = .array(sharedListings.map { .record(TemplateRecord($0)) })
    return context
}

measureShared("search/results", "dense page")
measureShared("search/results", "dense page (the listings' strings shared)", makeSharedContext)
