// SPDX-License-Identifier: UNLICENSED
// A TEST CONTRACT of the demo chain (chain/README.md): the read interface of the protocol's
// contract it stands for, and unguarded setters so that any script can set any value. It holds
// no funds and checks nothing: never deploy it where it matters.
pragma solidity ^0.8.20;

import {ChiVault} from "./ChiVault.sol";

/// An ERC-4626 vault with a savings rate named ssr, like sUSDS: sCOIN, and the ERC-4626 vaults
/// that allocator positions are read from.
contract SavingsVault is ChiVault {
    uint256 public ssr = RAY;  // savings rate per second, ray

    constructor(address asset_, string memory symbol_, uint8 decimals_) ChiVault(asset_, symbol_, decimals_) {}

    function setSsr(uint256 value) external { ssr = value; }
}
