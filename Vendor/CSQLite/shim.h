#ifndef PORTABLESQL_CSQLITE_SHIM_H
#define PORTABLESQL_CSQLITE_SHIM_H
// The system SQLite (libsqlite3). SQLCipher is never linked: PortableSQLPlus loads it with dlopen.
#include <sqlite3.h>
#endif
