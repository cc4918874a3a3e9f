// Boost.JSON's compiled part, built into mcp_core once (the library's header-only mode): nothing
// to link or to ship, and the fuzz build instruments the parser with the rest.
#include <boost/json/src.hpp>
