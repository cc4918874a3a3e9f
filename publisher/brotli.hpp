#pragma once
// Brotli (RFC 7932) compression of a whole published answer, with libbrotlienc: the .br file
// beside an answer's .gz, which nginx sends to a client that takes br (nginx/published.conf).

#include <string>
#include <string_view>

namespace coin {

std::string brotli_compress(std::string_view data);

}  // namespace coin
