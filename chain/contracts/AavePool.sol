// SPDX-License-Identifier: UNLICENSED
// A TEST CONTRACT of the demo chain (chain/README.md): the read interface of the protocol's
// contract it stands for, and unguarded setters so that any script can set any value. It holds
// no funds and checks nothing: never deploy it where it matters.
pragma solidity ^0.8.20;

/// An Aave v3 pool's getReserveData: the 15 static fields of v3's ReserveData, where
/// currentLiquidityRate (word 2) is the suppliers' yearly rate (APR), ray, and aTokenAddress
/// (word 8) the token whose balanceOf is a supplier's holding.
contract AavePool {
    struct ReserveConfigurationMap {
        uint256 data;
    }
    struct ReserveData {
        ReserveConfigurationMap configuration;
        uint128 liquidityIndex;
        uint128 currentLiquidityRate;
        uint128 variableBorrowIndex;
        uint128 currentVariableBorrowRate;
        uint128 currentStableBorrowRate;
        uint40 lastUpdateTimestamp;
        uint16 id;
        address aTokenAddress;
        address stableDebtTokenAddress;
        address variableDebtTokenAddress;
        address interestRateStrategyAddress;
        uint128 accruedToTreasury;
        uint128 unbacked;
        uint128 isolationModeTotalDebt;
    }
    mapping(address => ReserveData) internal reserves;

    function getReserveData(address asset) external view returns (ReserveData memory) { return reserves[asset]; }

    function setReserveData(address asset, ReserveData calldata data) external { reserves[asset] = data; }
    function setLiquidity(address asset, uint128 liquidityIndex, uint128 currentLiquidityRate) external {
        reserves[asset].liquidityIndex = liquidityIndex;
        reserves[asset].currentLiquidityRate = currentLiquidityRate;
    }
}
