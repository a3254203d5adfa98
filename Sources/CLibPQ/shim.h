#include <libpq-fe.h>

/// The diagnostic fields are character constants Swift cannot import as macros.
static inline int clibpq_diag_sqlstate(void) { return PG_DIAG_SQLSTATE; }
static inline int clibpq_diag_message_primary(void) { return PG_DIAG_MESSAGE_PRIMARY; }

/// Drops the server's notices ("relation already exists, skipping"), which libpq would print
/// on standard error.
static void clibpq_ignore_notice(void *argument, const char *message) { (void)argument; (void)message; }
static inline void clibpq_silence_notices(PGconn *connection) { PQsetNoticeProcessor(connection, clibpq_ignore_notice, 0); }
