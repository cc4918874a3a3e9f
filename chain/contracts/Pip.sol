// SPDX-License-Identifier: UNLICENSED
// A TEST CONTRACT of the demo chain (chain/README.md): the read interface of the protocol's
// contract it stands for, and unguarded setters so that any script can set any value. It holds
// no funds and checks nothing: never deploy it where it matters.
pragma solidity ^0.8.20;

/// A price feed like dss's DSValue: the collateral's price in USD, wad.
contract Pip {
    uint256 public val;

    function peek() external view returns (bytes32, bool) { return (bytes32(val), val > 0); }
    function read() external view returns (bytes32) {
        require(val > 0, "Pip/no-price");
        return bytes32(val);
    }

    function setPrice(uint256 value) external { val = value; }
}
