// SPDX-License-Identifier: UNLICENSED
// A TEST CONTRACT of the demo chain (chain/README.md): the read interface of the protocol's
// contract it stands for, and unguarded setters so that any script can set any value. It holds
// no funds and checks nothing: never deploy it where it matters.
pragma solidity ^0.8.20;

/// The read side of an ERC-4626 vault whose share is worth chi / RAY assets, as sUSDS's and
/// Spark Vault V2's are: no time passes here, a script sets chi. SavingsVault and SparkVault
/// add their rate getters, which have different names on different platforms.
abstract contract ChiVault {
    uint256 internal constant RAY = 10 ** 27;

    address public immutable asset;
    string public symbol;
    uint8 public immutable decimals;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    uint256 public chi = RAY;  // assets per share, ray

    constructor(address asset_, string memory symbol_, uint8 decimals_) {
        asset = asset_;
        symbol = symbol_;
        decimals = decimals_;
    }

    function convertToAssets(uint256 shares) public view returns (uint256) { return shares * chi / RAY; }
    function totalAssets() external view returns (uint256) { return convertToAssets(totalSupply); }

    function setTotalSupply(uint256 value) external { totalSupply = value; }
    function setBalance(address owner, uint256 value) external { balanceOf[owner] = value; }
    function setChi(uint256 value) external { chi = value; }
}
