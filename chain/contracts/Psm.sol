// SPDX-License-Identifier: UNLICENSED
// A TEST CONTRACT of the demo chain (chain/README.md): the read interface of the protocol's
// contract it stands for, and unguarded setters so that any script can set any value. It holds
// no funds and checks nothing: never deploy it where it matters.
pragma solidity ^0.8.20;

/// A peg stability module's fees, like dss-psm: tin to sell collateral in, tout to buy it out, wad.
contract Psm {
    address public immutable gemJoin;
    uint256 public tin;
    uint256 public tout;

    constructor(address gemJoin_) { gemJoin = gemJoin_; }

    function setTin(uint256 value) external { tin = value; }
    function setTout(uint256 value) external { tout = value; }
}
