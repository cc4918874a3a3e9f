#pragma once
// TRON addresses: Base58Check of the version byte 0x41 and the 20 bytes of an EVM address,
// the check being the first 4 bytes of SHA-256(SHA-256(version and address)). TRON's nodes take
// the 20 bytes in hex on /jsonrpc, as Ethereum's do.

#include <stdexcept>
#include <string>
#include <string_view>

namespace coin::indexer {

// A string that is not a TRON address; the message says why, without repeating the string.
class Base58Error : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

// "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" -> "0xa614f803b6fd780986a42c78ec9c7f77e6ded13c". Refuses
// a string that is not 34 Base58 characters, that does not decode to 25 bytes starting with
// 0x41, or whose checksum is wrong.
std::string tron_to_hex(std::string_view address);

// The reverse: "0x" and 40 hex digits, in either case, to "T..."; throws AbiError for anything
// else (address_word).
std::string hex_to_tron(std::string_view address);

}  // namespace coin::indexer
