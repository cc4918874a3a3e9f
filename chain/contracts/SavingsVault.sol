// SPDX-License-Identifier: UNLICENSED
// A TEST CONTRACT of the demo chain (chain/README.md): the read interface of the protocol's
// contract it stands for, and unguarded setters so that any script can set any value. It holds
// no funds and checks nothing: never deploy it where it matters.
pragma solidity ^0.8.20;

/// An ERC-4626 vault's read side with a savings rate, like sUSDS: sCOIN, and the ERC-4626
/// vaults that allocator positions are read from. A share is worth chi / RAY assets:
/// no time passes here, a script sets chi.
contract SavingsVault {
    uint256 internal constant RAY = 10 ** 27;

    address public immutable asset;
    string public symbol;
    uint8 public immutable decimals;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    uint256 public chi = RAY;  // assets per share, ray
    uint256 public ssr = RAY;  // savings rate per second, ray

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
    function setSsr(uint256 value) external { ssr = value; }
}
