// SPDX-License-Identifier: UNLICENSED
// A TEST CONTRACT of the demo chain (chain/README.md): the read interface of the protocol's
// contract it stands for, and unguarded setters so that any script can set any value. It holds
// no funds and checks nothing: never deploy it where it matters.
pragma solidity ^0.8.20;

import {ChiVault} from "./ChiVault.sol";

/// Spark Vault V2 (spark-vaults-v2, src/SparkVault.sol): the same chi accounting, but its rate
/// is named vsr, "the Vault Savings Rate" per second in ray, and it has no ssr.
contract SparkVault is ChiVault {
    uint256 public vsr = RAY;

    constructor(address asset_, string memory symbol_, uint8 decimals_) ChiVault(asset_, symbol_, decimals_) {}

    function setVsr(uint256 value) external { vsr = value; }
}
