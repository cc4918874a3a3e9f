#include "shared/detached_jws.hpp"

#include "shared/base64.hpp"

namespace coin {

std::string detached_jws(const SigningKey& key, std::string_view payload) {
  const std::string header =
      base64url(R"({"alg":"EdDSA","b64":false,"crit":["b64"],"kid":")" + key.keyid() + R"("})");
  std::string signed_bytes = header + '.';
  signed_bytes += payload;
  return header + ".." + base64url(key.sign(signed_bytes));
}

}  // namespace coin
