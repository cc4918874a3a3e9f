// SPDX-License-Identifier: UNLICENSED
// A TEST CONTRACT of the demo chain (chain/README.md): the read interface of the protocol's
// contract it stands for, and unguarded setters so that any script can set any value. It holds
// no funds and checks nothing: never deploy it where it matters.
pragma solidity ^0.8.20;

/// dss-allocator's AllocatorVault (src/AllocatorVault.sol, lines 58-63): it draws COIN (`nst`,
/// later `usds`) on its own urn, Vat.urns(ilk, this) (draw(), line 130: frob on address(this)),
/// and sends it to its `buffer` (an AllocatorBuffer), from which the allocator's positions take
/// it. There is no GemJoin and no collateral token: the buffer and the positions hold the value.
contract AllocatorVault {
    address public immutable buffer;
    address public immutable vat;
    bytes32 public immutable ilk;
    address public immutable nst;

    constructor(bytes32 ilk_, address vat_, address buffer_, address nst_) {
        ilk = ilk_;
        vat = vat_;
        buffer = buffer_;
        nst = nst_;
    }
}
