// SPDX-License-Identifier: UNLICENSED
// A TEST CONTRACT of the demo chain (chain/README.md): the read interface of the protocol's
// contract it stands for, and unguarded setters so that any script can set any value. It holds
// no funds and checks nothing: never deploy it where it matters.
pragma solidity ^0.8.20;

/// dss's Vat: a Vault type's normalised debt, rate, spot, ceiling and floor, and one urn's
/// locked collateral and normalised debt (src/vat.sol at dss 1.2.10, the last release with
/// LogNote, which the deployed Vat is: lines 40-53). ilks and urns keep their slots (0 and 1).
///
/// frob, fork and grab change urns and Art as the original's (lines 167-244) do, and log as the
/// Vat's own `note` modifier does (lines 64-89; not lib.sol's LibNote, whose second topic is
/// the caller): after the body, an anonymous event with four topics, the selector
/// left-aligned (bytes4, zero-padded on the right), then the first three argument words of the
/// call data as they are (calldataload(4), (36), (68)), and as data one `bytes` of exactly 224
/// bytes: the call data from its first byte, cut or padded with zeros to 224 (ABI-encoded:
/// offset 0x20, length 224, the 224 bytes; 288 bytes in all). So a frob's topics are
/// 0x76088703..., the ilk, the urn (u) and v; a fork's 0x870c616d..., the ilk, src and dst;
/// a grab's 0x7bab3f40..., the ilk, the urn (u) and v.
///
/// For the liquidations (chain/contracts/Dog.sol, Clipper.sol) it also keeps the original's
/// balances (src/vat.sol at makerdao/dss fa4f663, lines 58-62; below, that file's lines): gem (a
/// Vault type's collateral held outside urns, wad), dai (COIN, rad), sin (bad debt, rad), debt
/// and vice (their totals, rad), in the slots after urns (2 to 6); flux, move and suck move them
/// as the original's (lines 124-133, 230-235), and grab, besides what it did before (urns, Art,
/// the LogNote, all unchanged), credits dink to v's gem and dart * rate to w's sin and to vice
/// (lines 207-220): a liquidation's collateral goes to the Clipper (v) and its debt to the Vow
/// (w). The indexer reads none of them. setDai gives an address COIN in the Vat (a taker's).
///
/// Not modelled: wards, can (hope), Line, live, and every check of frob, fork, grab, flux and
/// move (ceilings, safety, consent, dust), save one: a result below zero reverts
/// (Vat/negative), so a value never wraps. frob and fork move no gem or dai.
contract Vat {
    struct Ilk {
        uint256 Art;   // normalised debt, wad
        uint256 rate;  // debt per unit of Art, ray
        uint256 spot;  // price with the safety margin, ray
        uint256 line;  // debt ceiling, rad
        uint256 dust;  // debt floor, rad
    }
    struct Urn {
        uint256 ink;   // locked collateral, wad
        uint256 art;   // normalised debt, wad
    }
    mapping(bytes32 => Ilk) public ilks;
    mapping(bytes32 => mapping(address => Urn)) public urns;
    mapping(bytes32 => mapping(address => uint256)) public gem;  // collateral outside urns, wad
    mapping(address => uint256) public dai;  // COIN, rad
    mapping(address => uint256) public sin;  // unbacked debt, rad
    uint256 public debt;  // all dai, rad
    uint256 public vice;  // all sin, rad

    event LogNote(bytes4 indexed sig, bytes32 indexed arg1, bytes32 indexed arg2, bytes32 indexed arg3, bytes data) anonymous;

    modifier note() {
        _;
        bytes memory data = new bytes(224);
        assembly ("memory-safe") {
            calldatacopy(add(data, 0x20), 0, 224)  // past the end of the call data: zeros
        }
        emit LogNote(msg.sig, callWord(4), callWord(36), callWord(68), data);
    }

    function setIlk(bytes32 ilk, uint256 Art, uint256 rate, uint256 spot, uint256 line, uint256 dust) external {
        ilks[ilk] = Ilk(Art, rate, spot, line, dust);
    }
    function setUrn(bytes32 ilk, address urn, uint256 ink, uint256 art) external { urns[ilk][urn] = Urn(ink, art); }
    /// An address's COIN in the Vat (debt follows it).
    function setDai(address usr, uint256 rad) external {
        debt = debt - dai[usr] + rad;
        dai[usr] = rad;
    }

    /// Collateral moved between two addresses' gem (src/vat.sol lines 124-128).
    function flux(bytes32 ilk, address src, address dst, uint256 wad) external {
        gem[ilk][src] = sub(gem[ilk][src], wad);
        gem[ilk][dst] = gem[ilk][dst] + wad;
    }
    /// COIN moved between two addresses (lines 129-133).
    function move(address src, address dst, uint256 rad) external {
        dai[src] = sub(dai[src], rad);
        dai[dst] = dai[dst] + rad;
    }
    /// COIN created against sin: u's sin and v's dai grow by rad (lines 230-235).
    function suck(address u, address v, uint256 rad) external {
        sin[u] += rad;
        dai[v] += rad;
        vice += rad;
        debt += rad;
    }

    /// Locks dink collateral in urn u and draws dart normalised debt on it (negative: frees,
    /// repays). v (the collateral's source) and w (the COIN's destination) are only logged.
    function frob(bytes32 i, address u, address /* v */, address /* w */, int256 dink, int256 dart) external note {
        Urn storage urn = urns[i][u];
        urn.ink = add(urn.ink, dink);
        urn.art = add(urn.art, dart);
        ilks[i].Art = add(ilks[i].Art, dart);
    }

    /// Moves dink collateral and dart normalised debt from urn src to urn dst; Art stays.
    function fork(bytes32 ilk, address src, address dst, int256 dink, int256 dart) external note {
        Urn storage u = urns[ilk][src];
        Urn storage v = urns[ilk][dst];
        u.ink = sub(u.ink, dink);
        u.art = sub(u.art, dart);
        v.ink = add(v.ink, dink);
        v.art = add(v.art, dart);
    }

    /// Liquidation's confiscation: urn u's collateral and debt change by dink and dart (negative
    /// when a liquidation takes them), and Art with them; v's gem by -dink, and w's sin and vice
    /// by -dart * rate (lines 207-220).
    function grab(bytes32 i, address u, address v, address w, int256 dink, int256 dart) external note {
        Urn storage urn = urns[i][u];
        urn.ink = add(urn.ink, dink);
        urn.art = add(urn.art, dart);
        ilks[i].Art = add(ilks[i].Art, dart);
        int256 dtab = int256(ilks[i].rate) * dart;
        gem[i][v] = sub(gem[i][v], dink);
        sin[w] = sub(sin[w], dtab);
        vice = sub(vice, dtab);
    }

    function add(uint256 x, int256 y) internal pure returns (uint256) {
        if (y >= 0) return x + uint256(y);
        require(y != type(int256).min && uint256(-y) <= x, "Vat/negative");
        return x - uint256(-y);
    }
    function sub(uint256 x, uint256 y) internal pure returns (uint256) {
        require(y <= x, "Vat/negative");
        return x - y;
    }
    function sub(uint256 x, int256 y) internal pure returns (uint256) {
        if (y <= 0) {
            require(y != type(int256).min, "Vat/overflow");
            return x + uint256(-y);
        }
        require(uint256(y) <= x, "Vat/negative");
        return x - uint256(y);
    }

    function callWord(uint256 offset) internal pure returns (bytes32 w) {
        assembly ("memory-safe") {
            w := calldataload(offset)
        }
    }
}
