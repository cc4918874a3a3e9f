// SPDX-License-Identifier: UNLICENSED
// A TEST CONTRACT of the demo chain (chain/README.md): the read interface of the protocol's
// contract it stands for, and unguarded setters so that any script can set any value. It holds
// no funds and checks nothing: never deploy it where it matters.
pragma solidity ^0.8.20;

/// dss's Vow (src/vow.sol at makerdao/dss fa4f663), only its debt queue: what the Dog gives it
/// when it liquidates an urn. sin (line 61) and Sin (line 62) are the original's; fess (lines
/// 116-119) queues a liquidation's debt at the block's time. The COIN that the auctions raise
/// reaches the Vow as dai in the Vat (Vat.dai(vow)), and the sin the Dog's grab moved as
/// Vat.sin(vow). Not modelled: wards, flog, heal, kiss, flop, flap, the surplus and debt
/// auctions' parameters, cage.
contract Vow {
    mapping(uint256 => uint256) public sin;  // debt queue: era -> rad
    uint256 public Sin;  // queued debt, rad

    /// Pushes tab (rad) onto the debt queue at block.timestamp.
    function fess(uint256 tab) external {
        sin[block.timestamp] += tab;
        Sin += tab;
    }
}
