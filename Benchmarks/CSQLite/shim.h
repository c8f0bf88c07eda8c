#ifndef MARFA_CSQLITE_SHIM_H
#define MARFA_CSQLITE_SHIM_H

#include <sqlite3.h>

/* SQLITE_TRANSIENT is a cast macro Swift cannot import: SQLite copies the bytes before the call returns. */
static inline int csqlite_bind_text_copy(sqlite3_stmt *statement, int index, const char *text, int length) {
    return sqlite3_bind_text(statement, index, text, length, SQLITE_TRANSIENT);
}

/* Keeps the WAL when the last connection closes, so a reopen pays WAL recovery as after a crash. */
static inline int csqlite_keep_wal_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

#endif
