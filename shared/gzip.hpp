#pragma once
// gzip (RFC 1952) compression of a whole response body, with zlib.

#include <string>
#include <string_view>

namespace coin {

std::string gzip_compress(std::string_view data);

}  // namespace coin
