#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro Swift cannot import: the bound value is copied at once.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }
