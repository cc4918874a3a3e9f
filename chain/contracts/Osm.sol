// SPDX-License-Identifier: UNLICENSED
// A TEST CONTRACT of the demo chain (chain/README.md): the read interface of the protocol's
// contract it stands for, and unguarded setters so that any script can set any value. It holds
// no funds and checks nothing: never deploy it where it matters.
pragma solidity ^0.8.20;

/// An Oracle Security Module (makerdao/osm, src/osm.sol, lines 51-178): a Vault type's pip that
/// answers the price of an hour ago (cur) and holds the next one (nxt), which becomes current at
/// the next poke. Its storage is the original's, slot for slot (lines 54-86):
///
///   slot 0  wards    mapping(address => uint256)
///   slot 1  stopped  uint256
///   slot 2  src (bytes 0-19), hop (uint16, bytes 20-21), zzz (uint64, bytes 22-29), packed
///   slot 3  cur      Feed {uint128 val; uint128 has;}
///   slot 4  nxt      Feed {uint128 val; uint128 has;}
///   slot 5  bud      mapping(address => uint256)
///
/// A Feed is one word: val in its low 128 bits, has (1 once set) in its high 128 bits, so
/// eth_getStorageAt(osm, 3) is has * 2^128 + cur.val and eth_getStorageAt(osm, 4) the same for
/// nxt; the price (wad) is the word mod 2^128. That is how the next price is read: peep() is
/// tolled, as peek() and read() are (lines 142-153): they answer a whitelisted caller (bud,
/// kiss) only and revert for anyone else, as on a real chain. hop, zzz, src, stopped and bud are
/// public as in the original.
///
/// Different from the original: poke(next) takes the next price as its argument instead of
/// reading src, and does not wait for hop to pass (it sets zzz as the original does, and emits
/// LogValue(cur)); setFeeds sets both feeds; kiss and diss are unguarded; no LibNote logs, no
/// rely, deny, stop, start, change, step or void.
contract Osm {
    mapping(address => uint256) public wards;
    uint256 public stopped;
    address public src;
    uint16 public hop = 3600;
    uint64 public zzz;

    struct Feed {
        uint128 val;
        uint128 has;
    }
    Feed internal cur;
    Feed internal nxt;

    mapping(address => uint256) public bud;

    event LogValue(bytes32 val);

    modifier toll() {
        require(bud[msg.sender] == 1, "OSM/contract-not-whitelisted");
        _;
    }

    constructor() {
        wards[msg.sender] = 1;
    }

    function peek() external view toll returns (bytes32, bool) { return (bytes32(uint256(cur.val)), cur.has == 1); }
    function peep() external view toll returns (bytes32, bool) { return (bytes32(uint256(nxt.val)), nxt.has == 1); }
    function read() external view toll returns (bytes32) {
        require(cur.has == 1, "OSM/no-current-value");
        return bytes32(uint256(cur.val));
    }
    function pass() external view returns (bool) { return block.timestamp >= uint256(zzz) + hop; }

    function kiss(address a) external {
        require(a != address(0), "OSM/no-contract-0");
        bud[a] = 1;
    }
    function diss(address a) external { bud[a] = 0; }

    /// As the original's poke: the next price becomes current, `next` the next one.
    function poke(uint256 next) external {
        cur = nxt;
        nxt = Feed(wad128(next), 1);
        zzz = uint64(block.timestamp - (block.timestamp % hop));
        emit LogValue(bytes32(uint256(cur.val)));
    }
    function setFeeds(uint256 current, uint256 next) external {
        cur = Feed(wad128(current), 1);
        nxt = Feed(wad128(next), 1);
    }

    function wad128(uint256 value) internal pure returns (uint128) {
        require(value <= type(uint128).max, "Osm/price-above-128-bits");
        return uint128(value);
    }
}
