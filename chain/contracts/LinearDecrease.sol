// SPDX-License-Identifier: UNLICENSED
// A TEST CONTRACT of the demo chain (chain/README.md): the read interface of the protocol's
// contract it stands for, and unguarded setters so that any script can set any value. It holds
// no funds and checks nothing: never deploy it where it matters.
pragma solidity ^0.8.20;

/// dss's LinearDecrease (src/abaci.sol at makerdao/dss fa4f663, lines 29-89), the Abacus of a
/// Clipper: an auction's price falls in a straight line from top to zero in tau seconds.
/// price(top, dur) = top * ((tau - dur) * RAY / tau) / RAY (lines 85-88), 0 from dur = tau on.
/// Different from the original: file is unguarded (no wards, no Rely/Deny events).
contract LinearDecrease {
    uint256 public tau;  // seconds after an auction's start when its price reaches zero

    uint256 constant RAY = 10 ** 27;

    event File(bytes32 indexed what, uint256 data);

    function file(bytes32 what, uint256 data) external {
        if (what == "tau") tau = data;
        else revert("LinearDecrease/file-unrecognized-param");
        emit File(what, data);
    }

    /// top: the starting price (ray); dur: seconds since the start. The price now, ray.
    function price(uint256 top, uint256 dur) external view returns (uint256) {
        if (dur >= tau) return 0;
        return top * ((tau - dur) * RAY / tau) / RAY;
    }
}
