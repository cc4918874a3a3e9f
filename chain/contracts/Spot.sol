// SPDX-License-Identifier: UNLICENSED
// A TEST CONTRACT of the demo chain (chain/README.md): the read interface of the protocol's
// contract it stands for, and unguarded setters so that any script can set any value. It holds
// no funds and checks nothing: never deploy it where it matters.
pragma solidity ^0.8.20;

/// dss's Spotter: each Vault type's price feed and liquidation ratio, and par.
/// dss sets Vat's spot = price * 10^9 * RAY / par * RAY / mat (integer divisions).
contract Spot {
    struct Ilk {
        address pip;  // the price feed (Pip)
        uint256 mat;  // liquidation ratio, ray
    }
    mapping(bytes32 => Ilk) public ilks;
    uint256 public par = 10 ** 27;  // reference per COIN, ray

    function setPar(uint256 value) external { par = value; }
    function setIlk(bytes32 ilk, address pip, uint256 mat) external { ilks[ilk] = Ilk(pip, mat); }
}
