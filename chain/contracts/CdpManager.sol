// SPDX-License-Identifier: UNLICENSED
// A TEST CONTRACT of the demo chain (chain/README.md): the read interface of the protocol's
// contract it stands for, and unguarded setters so that any script can set any value. It holds
// no funds and checks nothing: never deploy it where it matters.
pragma solidity ^0.8.20;

interface CdpManagerVat {
    function frob(bytes32 i, address u, address v, address w, int256 dink, int256 dart) external;
}

/// dss-cdp-manager's UrnHandler (src/DssCdpManager.sol, lines 31-35): a contract of its own per
/// CDP, whose address is the CDP's urn in the Vat. The original's constructor calls
/// vat.hope(manager); this Vat checks no permissions, so this one does nothing.
contract UrnHandler {}

/// dss-cdp-manager's DssCdpManager (src/DssCdpManager.sol, lines 37-198): the enumeration of
/// CDPs, with its storage in the original's order (lines 38-47: vat, cdpi, urns, list, owns,
/// ilks, first, last, count; cdpCan and urnCan left out). open (lines 119-143) deploys a new
/// UrnHandler as the CDP's urn, appends the CDP to its owner's doubly linked list and emits
/// NewCdp(msg.sender, usr, cdpi), as the original; give (lines 146-181) moves a CDP to another
/// owner's list; frob (lines 184-198) calls Vat.frob(ilk, urn, urn, urn, dink, dart): the CDP's
/// urn is u, the collateral's source v and the COIN's destination w. Unlike the original, give
/// and frob check no permission (cdpAllowed): anyone may give or frob any CDP.
contract CdpManager {
    address public vat;
    uint256 public cdpi;                          // the newest CDP's id; ids start at 1
    mapping(uint256 => address) public urns;      // CDP id => its UrnHandler
    mapping(uint256 => List) public list;         // CDP id => the owner's previous and next CDP
    mapping(uint256 => address) public owns;      // CDP id => its owner
    mapping(uint256 => bytes32) public ilks;      // CDP id => its Vault type

    mapping(address => uint256) public first;     // owner => their first CDP
    mapping(address => uint256) public last;      // owner => their last CDP
    mapping(address => uint256) public count;     // owner => how many CDPs they own

    struct List {
        uint256 prev;
        uint256 next;
    }

    event NewCdp(address indexed usr, address indexed own, uint256 indexed cdp);

    constructor(address vat_) {
        vat = vat_;
    }

    function open(bytes32 ilk, address usr) external returns (uint256) {
        require(usr != address(0), "usr-address-0");
        uint256 cdp = ++cdpi;
        urns[cdp] = address(new UrnHandler());
        owns[cdp] = usr;
        ilks[cdp] = ilk;
        if (first[usr] == 0) first[usr] = cdp;
        if (last[usr] != 0) {
            list[cdp].prev = last[usr];
            list[last[usr]].next = cdp;
        }
        last[usr] = cdp;
        count[usr] += 1;
        emit NewCdp(msg.sender, usr, cdp);
        return cdp;
    }

    function give(uint256 cdp, address dst) external {
        address own = owns[cdp];
        require(dst != address(0), "dst-address-0");
        require(dst != own, "dst-already-owner");
        List memory item = list[cdp];
        // Out of the old owner's list.
        if (item.prev != 0) list[item.prev].next = item.next;
        if (item.next != 0) list[item.next].prev = item.prev;
        else last[own] = item.prev;
        if (first[own] == cdp) first[own] = item.next;
        count[own] -= 1;
        // At the end of the new owner's.
        owns[cdp] = dst;
        list[cdp] = List(last[dst], 0);
        if (last[dst] != 0) list[last[dst]].next = cdp;
        if (first[dst] == 0) first[dst] = cdp;
        last[dst] = cdp;
        count[dst] += 1;
    }

    function frob(uint256 cdp, int256 dink, int256 dart) external {
        address urn = urns[cdp];
        CdpManagerVat(vat).frob(ilks[cdp], urn, urn, urn, dink, dart);
    }
}
