#ifndef PORTABLESQL_CSQLITE_SHIM_H
#define PORTABLESQL_CSQLITE_SHIM_H
// The system SQLite (libsqlite3). SQLCipher is never linked: PortableSQLPlus loads it with dlopen.
#include <sqlite3.h>

// SQLite's error log (SQLITE_CONFIG_LOG), which takes effect only before SQLite starts: a
// function, as Swift does not call C's variadic sqlite3_config.
static inline int portablesql_config_log(void (*log)(void *, int, const char *), void *context) {
    return sqlite3_config(SQLITE_CONFIG_LOG, log, context);
}
#endif
