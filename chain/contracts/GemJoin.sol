// SPDX-License-Identifier: UNLICENSED
// A TEST CONTRACT of the demo chain (chain/README.md): the read interface of the protocol's
// contract it stands for, and unguarded setters so that any script can set any value. It holds
// no funds and checks nothing: never deploy it where it matters.
pragma solidity ^0.8.20;

interface DecimalsLike {
    function decimals() external view returns (uint8);
}

/// dss's GemJoin: where a Vault type's collateral is held (the gem's balanceOf this contract).
contract GemJoin {
    bytes32 public immutable ilk;
    address public immutable gem;
    uint256 public immutable dec;

    constructor(bytes32 ilk_, address gem_) {
        ilk = ilk_;
        gem = gem_;
        dec = DecimalsLike(gem_).decimals();
    }
}
