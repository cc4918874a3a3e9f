// SPDX-License-Identifier: UNLICENSED
// A TEST CONTRACT of the demo chain (chain/README.md): the read interface of the protocol's
// contract it stands for, and unguarded setters so that any script can set any value. It holds
// no funds and checks nothing: never deploy it where it matters.
pragma solidity ^0.8.20;

/// dss's Vat: a Vault type's normalised debt, rate, spot, ceiling and floor, and one urn's
/// locked collateral and normalised debt (src/vat.sol, lines 51-57).
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

    function setIlk(bytes32 ilk, uint256 Art, uint256 rate, uint256 spot, uint256 line, uint256 dust) external {
        ilks[ilk] = Ilk(Art, rate, spot, line, dust);
    }
    function setUrn(bytes32 ilk, address urn, uint256 ink, uint256 art) external { urns[ilk][urn] = Urn(ink, art); }
}
