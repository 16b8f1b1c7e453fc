// SPDX-License-Identifier: MIT
// A minimal smart-contract wallet for tests (ERC-1271): a signature is valid when its owner made it.
// Built once into OwnerWallet.json (ABI + bytecode) with solc 0.8.24 from npm, a temporary install and
// not a project dependency: `npm i solc@0.8.24` in a scratch folder, then `solcjs --standard-json` with
// this file as the only source, optimizer on (200 runs), evmVersion "paris" (no PUSH0, so ganache's
// default hardfork runs it) and outputSelection abi + evm.bytecode.object.
pragma solidity 0.8.24;

contract OwnerWallet {
    bytes4 private constant MAGIC = 0x1626ba7e;
    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (v < 27) v += 27;
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? MAGIC : bytes4(0xffffffff);
    }
}
