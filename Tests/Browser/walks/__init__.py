"""One walk per app folder under Views/, in a module named like the app (`suma-finance` →
`suma_finance.py`), with `walk(browser, audit)`: it drives the browser through the app's page
states and calls `audit.state(name)` on those only a walk reaches (data typed and saved, sign-in
and its failures, the ways between screens). Every state the app's inventory lists is audited by
the automated pass (test_inventory.py), so a new app needs no walk."""
