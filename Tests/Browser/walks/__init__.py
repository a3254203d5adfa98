"""One walk per app folder under Views/, in a module named like the app (`suma-finance` →
`suma_finance.py`), with `walk(browser, audit)`: it drives the browser through the app's page
states and calls `audit.state(name)` on each. A new app needs only its walk."""
