// SPDX-License-Identifier: UNLICENSED
// A TEST CONTRACT of the demo chain (chain/README.md): the read interface of the protocol's
// contract it stands for, and unguarded setters so that any script can set any value. It holds
// no funds and checks nothing: never deploy it where it matters.
pragma solidity ^0.8.20;

/// dss's Pot: the savings rate.
contract Pot {
    uint256 public dsr = 10 ** 27;  // per second, ray
    uint256 public chi = 10 ** 27;  // accumulated rate, ray
    uint256 public Pie;             // normalised savings, wad

    function setDsr(uint256 value) external { dsr = value; }
    function setChi(uint256 value) external { chi = value; }
    function setPie(uint256 value) external { Pie = value; }
}
