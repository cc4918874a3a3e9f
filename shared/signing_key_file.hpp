#pragma once
// The signing key's file, as the processes that sign read it at start (the handlers, the
// publisher): a PEM file only its owner may read (mode 0600 or 0400, as systemd's credentials
// give it). Anything else stops the process with a message that says what is wrong, rather
// than let it serve answers unsigned.

#include <string>

#include "shared/signing_key.hpp"

namespace coin {

// Throws std::runtime_error naming `path` and the fault: missing or unreadable, readable or
// writable by others than its owner, not an Ed25519 private key.
SigningKey read_signing_key(const std::string& path);

}  // namespace coin
