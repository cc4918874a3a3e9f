// SPDX-License-Identifier: UNLICENSED
// A TEST CONTRACT of the demo chain (chain/README.md): the read interface of the protocol's
// contract it stands for, and unguarded setters so that any script can set any value. It holds
// no funds and checks nothing: never deploy it where it matters.
pragma solidity ^0.8.20;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {IERC20, ERC4626} from "@openzeppelin/contracts/token/ERC20/extensions/ERC4626.sol";

/// An ERC-4626 vault with no rate getter: OpenZeppelin's ERC4626 as it is, so the share price
/// is only what convertToAssets answers. That is OZ's ERC4626._convertToAssets
/// (token/ERC20/extensions/ERC4626.sol), rounding down:
///   shares * (totalAssets() + 1) / (totalSupply() + 10 ** _decimalsOffset())
/// with totalAssets() = asset.balanceOf(vault) and _decimalsOffset() = 0. A script moves the price
/// with the asset's setBalance (Token's) for the vault, and gives shares with setBalance here.
contract ShareVault is ERC4626 {
    constructor(IERC20 asset_, string memory name_, string memory symbol_) ERC20(name_, symbol_) ERC4626(asset_) {}

    /// Mints or burns the difference, so totalSupply follows: no deposit, no assets moved.
    function setBalance(address owner, uint256 shares) external {
        uint256 held = balanceOf(owner);
        if (shares > held) _mint(owner, shares - held);
        else _burn(owner, held - shares);
    }
}
