// SPDX-License-Identifier: UNLICENSED
// A TEST CONTRACT of the demo chain (chain/README.md): Multicall3's aggregate3, the one function
// of it the indexer calls, placed at Multicall3's address on every chain (chain/deploy.mjs), so
// that the indexer sends a round's calls as a few multicalls, as it does on a real chain.
pragma solidity ^0.8.20;

contract Multicall3 {
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    /// Makes each call in turn; one that fails reverts the whole unless it allows failure.
    function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory results) {
        results = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; ++i) {
            (bool success, bytes memory data) = calls[i].target.call(calls[i].callData);
            require(success || calls[i].allowFailure, "Multicall3: call failed");
            results[i] = Result(success, data);
        }
    }
}
