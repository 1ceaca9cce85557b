#pragma once
/// One process per data directory: an exclusive advisory lock (flock) on `DIR/loyang.lock`.
///
/// A second process that opens the same directory is refused with a sentence naming the
/// holder's pid, instead of both writing to one database. The kernel drops the lock when the
/// holder exits for any reason (kill -9 included), so a crashed server's directory is usable
/// again at once; the file itself stays behind and means nothing by itself.
///
/// Within one process, every holder of the same directory shares one lock (the server's
/// migration connection and its store both hold it). Readers that do not write (the online
/// backup) do not take it.
#include <filesystem>
#include <memory>
#include <string_view>

namespace loyang::persistence {

/// Name of the lock file inside the data directory.
inline constexpr std::string_view lock_file_name = "loyang.lock";

/// A held lock; released when the last holder in this process lets go of it.
class data_dir_lock;

/// Creates `data_dir` if absent and locks it for this process, writing this process's pid
/// into the lock file. Throws persistence::error with one sentence when the directory cannot
/// be created or written ("data directory X cannot be written: Read-only file system") or
/// when another process holds it ("data directory X is in use by another loyang-server
/// (pid N); stop it first").
std::shared_ptr<const data_dir_lock> lock_data_dir(const std::filesystem::path& data_dir);

}  // namespace loyang::persistence
