#pragma once
// The indexer's deployment config: one JSON file per deployment (deploy/indexer.example.json),
// read and checked whole before anything starts, so that nothing runs half-configured.
//
// {
//   "timeout_seconds": 10,         optional (default 10, at most 3600): one JSON-RPC request's limit
//   "symbols": {"coin": "COIN", "scoin": "sCOIN"},  optional: the deployment's token names, shown
//                                  in 6.4/6.5 and as their paths' aliases (a letter, then letters
//                                  and digits, at most 16; the two differ in lower case)
//   "chains": {                    at least one of the protocol's chains (shared/chains.hpp)
//     "eth": {                     a name: a lowercase letter, then lowercase letters and digits
//       "rpc": ["https://..."],    one or more http:// or https:// URLs, tried in order
//       "pin_block": true,         optional (default true): each round reads every figure at one
//                                  block number; false reads "latest" (TRON's eth_call takes no other)
//       "read_at": "finalized",    optional, pinned chains only: the block a round reads, "finalized",
//                                  "safe", "latest", or a number N of confirmations (1 to 100000):
//                                  the head less N. Default "finalized", or "latest" where the node
//                                  names no finalized block
//       "calls": "multicall",      optional: how a round's calls are sent: "multicall" (default) in
//                                  Multicall3 aggregate3 calls where its address has code, each
//                                  request in JSON-RPC batches where the node takes them; "batch":
//                                  JSON-RPC batches only; "single": one call per request
//       "follow": "head",          optional, protocol chains only: between the grid's rounds, a
//                                  live snapshot read at each new block at the head ("head"), at
//                                  each new finalized block ("finalized", pinned chains only), or
//                                  none ("off", the default: the grid's rounds only)
//       "poll_ms": 500,            optional, with "follow" only: how often the node is asked for its
//                                  newest block (50 to 60000; default 500)
//       "ws": "wss://...",         optional, with "follow" only: a node's WebSocket, whose
//                                  eth_subscribe("newHeads") announces each new block at once (then
//                                  polled every 30 s only, or every poll_ms while it is down);
//                                  private, as "rpc"
//       On the protocol's chains, and only there, the protocol (all required but "savings"):
//       "token", "staked_token",   COIN (ERC-20) and sCOIN (ERC-4626)
//       "savings": "token",        optional: "token" (default) when sCOIN holds COIN tokens (sUSDS),
//                                  "pot" when it holds a Pot balance (sDAI)
//       "savings_rate": "ssr",     optional: sCOIN's getter of its per-second rate in ray, for a
//                                  sCOIN that sets its own (sUSDS); default: the Pot's dsr
//       "protocol_holders": ["0x..."],  optional: further addresses whose COIN is the protocol's
//                                  own (a treasury, a bridge's escrow): not in circulation, like
//                                  sCOIN's, each lite PSM's and pocket's and each buffer's
//       "vat", "jug", "spot", "pot",
//       "vat_block": 8928152,      optional: the block the Vat was deployed in, where its events start
//                                  (default: found by bisection on eth_getCode when first needed)
//       "cdp_manager": "0x...",    optional: dss-cdp-manager, whose CDP ids and owners the urns get
//       "dog": "0x...",            optional: dss's Dog, whose Barks and whose Clippers' auctions are
//                                  read (none without it); the Clippers are each regular Vault
//                                  type's Dog.ilks(ilk).clip and those of the Barks already read
//       "clippers": ["0x..."],     optional, with "dog" only: Clippers replaced before the indexer
//                                  first ran, whose auctions may still run
//       "vaults": [                the Vault types (may be empty)
//         {"ilk": "ETH-A",         capital letters, digits and '-', not first; at most 32; once a chain
//          "kind": "regular",      regular, psm or allocator: the API's type
//          and where its collateral is held, one of:
//          "join": "0x...", "collateral": "0x...",   a GemJoin and its token (any kind); a psm
//                                  Vault names its dss-psm too: "psm": "0x..." (tin, tout)
//          "lite_psm": "0x...",    kind psm only: a dss-lite-psm (its gem, pocket and tin are read)
//          "allocator_vault": "0x...",  kind allocator only: a dss-allocator AllocatorVault, whose
//                                  own urn holds the debt and whose buffer holds the COIN drawn
//          "positions": [          kind allocator only, optional (default none): where it placed reserves
//            {"platform": "Spark",
//             "chain": "plasma",   a key of "chains": where the position is held and read
//             "asset": "USDT",
//             "operator": "0x...", the address holding it, in the form of the position's chain
//             "strategy": "Investment",
//             "tag": null,         optional: a string or null (default)
//             "principal": "6000000",  asset units placed (= USD), a decimal string: "1.5"
//             "read": {"kind": "aave-v3", "pool": "0x...", "reserve": "0x..."}
//                  or {"kind": "erc4626", "vault": "0x...", "rate": "ssr"}: the vault's getter of
//                     its per-second rate in ray ("ssr", "vsr", ...)
//                  or {"kind": "erc4626", "vault": "0x...", "apy_days": 7}: a vault without one;
//                     the APY is its share price's growth over that many days (default 7, at
//                     most 365), which needs "pin_block" on the position's chain
//                  or {"kind": "balance", "token": "0x..."}: the operator's balance of an ERC-20
//                     (a buffer's gem), which earns nothing: APY 0; never the chain's COIN}
//          ]}
//       ]
//     },
//     "plasma": {"rpc": [...]}     a chain that only holds positions: rpc and pin_block
//   }
// }
//
// Addresses are Base58Check on tron ("T" and 33 characters, the checksum verified) and "0x" and
// 40 hex digits elsewhere (any case; a mixed-case EIP-55 checksum is not verified). Every key must
// be known: a misspelt optional key is an error, never a silent default. A position's platform,
// chain, asset and operator are unique in the file.

#include <chrono>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace coin::indexer {

// A file that cannot be read or is refused. The message starts with the key that is wrong, e.g.
// "chains.eth.vaults[2].join: not an address of eth (0x and 40 hex digits)".
class ConfigError : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Address {
  std::string call;   // "0x" and 40 lowercase hex digits: what eth_call takes (on tron, decoded)
  std::string shown;  // as the file gives it, which is how the chain writes it: "T..." on tron
};

struct AaveV3Read {  // pool.getReserveData(reserve): the aToken and the liquidity rate
  Address pool;
  Address reserve;
};

struct Erc4626Read {  // the vault's shares of the operator, their assets, and its rate
  Address vault;
  std::optional<std::string> rate_getter;  // "ssr", "vsr": a per-second ray; none: the share price
  int apy_days = 7;                        // without a rate getter: the share price's growth period
};

struct BalanceRead {  // token.balanceOf(operator): held as it is, earning nothing
  Address token;
};

using PositionRead = std::variant<AaveV3Read, Erc4626Read, BalanceRead>;

struct Position {
  std::string platform;      // "Spark"
  std::string chain;         // where it is held and read: a chain of Config::chains
  std::string asset;         // "USDT"
  Address operator_address;  // the file's "operator", in the form of `chain`
  std::string strategy;      // "Investment"
  std::optional<std::string> tag;
  std::string principal;  // asset units placed, a decimal string: "25000000", "1.5"
  PositionRead read;
};

enum class VaultKind {  // the schema's collateral_type
  regular = 1,
  psm = 2,
  allocator = 3,
};

// Where a Vault's collateral is held, which says how its minted COIN and locked value are read.
struct JoinHeld {  // dss's GemJoin holds the collateral token
  Address join;
  Address collateral;
  std::optional<Address> psm;  // kind psm: dss-psm, whose tin is the fee
};
struct LitePsmHeld {  // dss-lite-psm: the gem sits in its pocket; COIN is pre-minted into it
  Address psm;
};
struct AllocatorHeld {  // dss-allocator: the vault's own urn; the COIN drawn sits in its buffer
  Address vault;
};
using Holding = std::variant<JoinHeld, LitePsmHeld, AllocatorHeld>;

struct Vault {
  std::string ilk;
  VaultKind kind = VaultKind::regular;
  Holding holding;
  std::vector<Position> positions;  // kind allocator only
};

enum class Savings {  // what sCOIN holds
  token,  // COIN tokens (sUSDS): COIN in circulation leaves out sCOIN's balance
  pot,    // a Pot balance (sDAI): no COIN token is held, all of totalSupply circulates
};

struct Protocol {
  Address token;         // COIN
  Address staked_token;  // sCOIN
  Address vat;
  Address jug;
  Address spot;
  Address pot;
  Savings savings = Savings::token;
  std::optional<std::string> savings_rate;  // sCOIN's rate getter ("ssr"); none: Pot.dsr
  std::vector<Vault> vaults;
  std::vector<Address> holders;  // protocol_holders: more addresses whose COIN is the protocol's
  std::optional<std::uint64_t> vat_block;  // the Vat's deployment block; none: found on the chain
  std::optional<Address> cdp_manager;      // dss-cdp-manager, which names urns' CDP ids and owners
  std::optional<Address> dog;              // dss's Dog: liquidations are read where it is named
  std::vector<Address> clippers;           // Clippers to read besides those the Dog and the Barks name
};

enum class CallMode { multicall, batch, single };

// What a protocol chain's live snapshot follows between the grid's rounds (head_follower.hpp):
// nothing (the grid's rounds only), each new block at its head, or each new finalized block.
enum class Follow { off, head, finalized };

// The block a pinned chain's round reads.
struct ReadAt {
  std::string tag = "finalized";  // what eth_getBlockByNumber is asked: "finalized", "safe" or "latest"
  int confirmations = 0;          // with "latest": that many blocks below the head
  bool chosen = false;            // false (the default): "latest" where the node has no "finalized"
};

struct Chain {
  std::string name;
  std::vector<std::string> rpc;
  bool pin_block = true;
  ReadAt read_at;
  CallMode calls = CallMode::multicall;
  Follow follow = Follow::off;
  std::chrono::milliseconds poll{500};  // how often the node is asked for its newest block, when following
  std::string ws;  // the node's WebSocket, which announces its new heads ("": none)
  std::optional<Protocol> protocol;  // on a protocol chain; none on a chain that only holds positions
};

struct Symbols {
  std::string coin = "COIN";
  std::string scoin = "sCOIN";
};

struct Config {
  int timeout_seconds = 10;
  Symbols symbols;
  std::vector<Chain> chains;  // the protocol's chains (those configured) in order, then the others by name
};

// Reads and checks a file. Its errors start with the file's path: "<path>: chains.eth.rpc: ...",
// "<path>: cannot open: No such file or directory", "<path>: not JSON: Line 3, Column 5: ...".
Config load_config(const std::string& path);

// Checks a file's text. Its errors start with the key path ("(top level)" for the root object),
// or with "not JSON".
Config parse_config_json(std::string_view text);

// Checks a deployment's public description (served at /.well-known/coin-api/deployment.json):
// the file without "timeout_seconds" and without each chain's "rpc", which it refuses. Its
// chains have no nodes (Chain::rpc empty) and the default timeout; errors as parse_config_json's.
Config parse_description_json(std::string_view text);

}  // namespace coin::indexer
