// SPDX-License-Identifier: UNLICENSED
// A TEST CONTRACT of the demo chain (chain/README.md): the read interface of the protocol's
// contract it stands for, and unguarded setters so that any script can set any value. It holds
// no funds and checks nothing: never deploy it where it matters.
pragma solidity ^0.8.20;

/// dss's Jug: stability fees, per second, ray; a Vault type pays base + duty.
contract Jug {
    struct Ilk {
        uint256 duty;  // per second, ray
        uint256 rho;   // time of the last drip
    }
    mapping(bytes32 => Ilk) public ilks;
    uint256 public base;

    function setBase(uint256 value) external { base = value; }
    function setIlk(bytes32 ilk, uint256 duty, uint256 rho) external { ilks[ilk] = Ilk(duty, rho); }
}
