// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// Batched read calls with the call signature Multicall3 publishes, `aggregate3((address,bool,bytes)[])`,
/// for a local chain: each call runs in order; a failed call either fails the whole batch (its revert
/// data passed on) or, when it allows failure, gives `success = false` and its revert data.
contract TestMulticall {
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory results) {
        results = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool success, bytes memory returnData) = calls[i].target.call(calls[i].callData);
            if (!success && !calls[i].allowFailure) {
                assembly {
                    revert(add(returnData, 32), mload(returnData))
                }
            }
            results[i] = Result(success, returnData);
        }
    }
}
