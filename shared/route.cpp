#include "route.hpp"

namespace coin {

Response respond_text(const Request&, const Fetch& fetch) { return plain_text(fetch({})); }

Response respond_envelope(const Request&, const Fetch& fetch) { return success(fetch({})); }

}  // namespace coin
