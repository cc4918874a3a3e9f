#pragma once
// A file written whole, for readers of other users (nginx's workers, the ops handler): mode 0644
// whatever the umask. replace_file writes it aside and renames it over the old one, so that a
// reader sees the old file or the new, never a part.

#include <string>
#include <string_view>

namespace coin {

// Throws std::runtime_error naming the file and the system's reason.
void write_whole_file(const std::string& path, std::string_view text);

// As write_whole_file, through `path` + ".new".
void replace_file(const std::string& path, std::string_view text);

}  // namespace coin
