#pragma once
// The event of a published set (nginx/events.conf streams it): one line of JSON,
//   {"snapshotAt":"2026-05-13T00:00:00Z","blocks":{"tron":null,"eth":22480012,"bsc":48123456},
//    "final":{"tron":false,"eth":true,"bsc":false},
//    "changed":[{"path":"/totalSupply","etag":"\"6a0340c0-12\""}, ...]}
// snapshotAt: the newest snapshot the set shows (every answer's newest Last-Modified); blocks:
// the block each chain's newest snapshot was read at (X-Snapshot-Blocks), null for a chain read
// at latest; final: whether each of those blocks is final (X-Snapshot-Final); changed:
// `listed`, answers with their ETag in the order of the endpoint list: those whose bytes
// changed, or every answer of the set (the first event after the publisher or nginx started:
// EventChannel); signature, last: a detached JWS (shared/detached_jws.hpp) by `key` of the event
// without it, the bytes before `,"signature":` and the "}" after it.

#include <string>
#include <vector>

#include "publisher/publication.hpp"
#include "shared/signing_key.hpp"

namespace coin {

std::string snapshot_event(const Publication& publication, const std::vector<PublishedAnswer>& listed,
                           const SigningKey& key);

}  // namespace coin
