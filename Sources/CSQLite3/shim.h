#ifndef RECORDKIT_CSQLITE3_SHIM_H
#define RECORDKIT_CSQLITE3_SHIM_H

#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro over a cast of -1 that Swift cannot import: the reader copies every blob and text
/// it binds with it.
static inline sqlite3_destructor_type rk_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

#endif
