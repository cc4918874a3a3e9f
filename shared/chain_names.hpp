#pragma once
// The protocol's chains (chains.hpp) as a sentence names them, for the texts that name them all:
// "tron, eth and bsc".

#include <string>

namespace coin {

std::string protocol_chain_names();

}  // namespace coin
