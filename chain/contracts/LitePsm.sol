// SPDX-License-Identifier: UNLICENSED
// A TEST CONTRACT of the demo chain (chain/README.md): the read interface of the protocol's
// contract it stands for, and unguarded setters so that any script can set any value. It holds
// no funds and checks nothing: never deploy it where it matters.
pragma solidity ^0.8.20;

/// dss-lite-psm's DssLitePsm (src/DssLitePsm.sol, lines 60-89): the gem it swaps sits in
/// `pocket`, not in a join, and fill() (line 411) pre-mints COIN (`dai`) into this contract
/// itself, so the ilk's Art counts COIN that no one holds until someone sells gem for it.
/// tin and tout are wad fees; the ilk has a Vat urn of its own (this contract's).
contract LitePsm {
    bytes32 public immutable ilk;
    address public immutable gem;
    address public immutable dai;
    address public immutable pocket;
    uint256 public tin;
    uint256 public tout;
    uint256 public buf;

    constructor(bytes32 ilk_, address gem_, address dai_, address pocket_) {
        ilk = ilk_;
        gem = gem_;
        dai = dai_;
        pocket = pocket_;
    }

    function setTin(uint256 value) external { tin = value; }
    function setTout(uint256 value) external { tout = value; }
    function setBuf(uint256 value) external { buf = value; }
}
