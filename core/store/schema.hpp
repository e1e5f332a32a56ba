#pragma once
// The project-file schema: its version (PRAGMA user_version), the application id that marks a
// ClusterLens file (PRAGMA application_id), the tables of the current version, and the steps
// that upgrade an older file.
//
// To change the schema: bump kSchemaVersion, change createSchema() to the new layout, and add a
// Migration {from = old version} that turns an old database into the new layout (it runs on an
// in-memory copy of the file; the user's file is rewritten only when they save). Then update the
// readers/writers and docs/project-file.md.
#include "core/store/sqlite_db.hpp"

#include <cstdint>
#include <span>

namespace clens::store {

// 'CLns' as a big-endian 32-bit integer.
constexpr std::int32_t kApplicationId = 0x434C6E73;
constexpr std::int64_t kSchemaVersion = 9;
// The oldest version this build can open (older ones have no migration path).
constexpr std::int64_t kOldestReadableVersion = 1;

// Creates every table of the current version and stamps user_version and application_id.
void createSchema(Database& db);

struct Migration {
    std::int64_t from; // upgrades a database of this version to from + 1
    void (*apply)(Database& db);
};

// The upgrade steps, in order (1 -> 2: the phase tables).
std::span<const Migration> migrations();

// Applies the steps of `steps` from version `from` up to `to`, each in its own transaction,
// stamping user_version after each. Throws SqliteError, or std::logic_error when a step is
// missing.
void migrate(Database& db, std::int64_t from, std::int64_t to, std::span<const Migration> steps);

} // namespace clens::store
