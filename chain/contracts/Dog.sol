// SPDX-License-Identifier: UNLICENSED
// A TEST CONTRACT of the demo chain (chain/README.md): the read interface of the protocol's
// contract it stands for, and unguarded setters so that any script can set any value. It holds
// no funds and checks nothing: never deploy it where it matters.
pragma solidity ^0.8.20;

interface DogVatLike {
    function ilks(bytes32) external view returns (uint256 Art, uint256 rate, uint256 spot, uint256 line, uint256 dust);
    function urns(bytes32, address) external view returns (uint256 ink, uint256 art);
    function grab(bytes32, address, address, address, int256, int256) external;
}

interface DogClipperLike {
    function ilk() external view returns (bytes32);
    function kick(uint256 tab, uint256 lot, address usr, address kpr) external returns (uint256);
}

interface DogVowLike {
    function fess(uint256) external;
}

/// dss's Dog, the liquidation module (src/dog.sol at makerdao/dss fa4f663, lines 53-249): per
/// Vault type its Clipper, penalty (chop) and limit (hole) and the COIN its running auctions are
/// to raise (dirt); Hole and Dirt over all Vault types.
///
/// bark (lines 170-237) is the original's: an urn whose collateral at spot is worth less than
/// its debt (ink * spot < art * rate, from Vat.ilks and Vat.urns) has as much of its debt as
/// the room under hole and Hole allows (all of it when the rest would be dust) and the same
/// share of its collateral grabbed by the Vat (Vat.grab(ilk, urn, clip, vow, -dink, -dart): the
/// Vat's LogNote, the collateral to the Clipper, the debt to the Vow as sin), the debt
/// (due = dart * rate) queued at the Vow (fess), and an auction kicked at the Clipper for
/// tab = due * chop / WAD of COIN and the dink collateral; then Bark, with the original's
/// signature and indexing, after the Clipper's Kick. digs (lines 239-243) is what a Clipper
/// calls as its auctions raise COIN or end. file's overloads are the original's (lines
/// 126-150), chop(ilk) too (152-154); their events are the original's File events.
///
/// Different from the original: no wards (anyone may file, digs or bark), no cage (live is 1),
/// no Rely/Deny/Cage events, Solidity 0.8's checked arithmetic instead of add/sub/mul.
contract Dog {
    struct Ilk {
        address clip;  // its Clipper
        uint256 chop;  // liquidation penalty, wad
        uint256 hole;  // most COIN its running auctions may have to raise, rad
        uint256 dirt;  // COIN its running auctions have to raise, rad
    }

    DogVatLike public immutable vat;
    mapping(bytes32 => Ilk) public ilks;
    DogVowLike public vow;
    uint256 public live = 1;
    uint256 public Hole;  // most COIN all running auctions may have to raise, rad
    uint256 public Dirt;  // COIN all running auctions have to raise, rad

    uint256 constant WAD = 10 ** 18;

    event File(bytes32 indexed what, uint256 data);
    event File(bytes32 indexed what, address data);
    event File(bytes32 indexed ilk, bytes32 indexed what, uint256 data);
    event File(bytes32 indexed ilk, bytes32 indexed what, address clip);
    event Bark(bytes32 indexed ilk, address indexed urn, uint256 ink, uint256 art, uint256 due, address clip, uint256 indexed id);
    event Digs(bytes32 indexed ilk, uint256 rad);

    constructor(address vat_) {
        vat = DogVatLike(vat_);
    }

    function file(bytes32 what, address data) external {
        if (what == "vow") vow = DogVowLike(data);
        else revert("Dog/file-unrecognized-param");
        emit File(what, data);
    }
    function file(bytes32 what, uint256 data) external {
        if (what == "Hole") Hole = data;
        else revert("Dog/file-unrecognized-param");
        emit File(what, data);
    }
    function file(bytes32 ilk, bytes32 what, uint256 data) external {
        if (what == "chop") {
            require(data >= WAD, "Dog/file-chop-lt-WAD");
            ilks[ilk].chop = data;
        } else if (what == "hole") ilks[ilk].hole = data;
        else revert("Dog/file-unrecognized-param");
        emit File(ilk, what, data);
    }
    function file(bytes32 ilk, bytes32 what, address clip) external {
        if (what == "clip") {
            require(ilk == DogClipperLike(clip).ilk(), "Dog/file-ilk-neq-clip.ilk");
            ilks[ilk].clip = clip;
        } else revert("Dog/file-unrecognized-param");
        emit File(ilk, what, clip);
    }

    function chop(bytes32 ilk) external view returns (uint256) {
        return ilks[ilk].chop;
    }

    /// Liquidates urn (all of it, or what the room allows) and starts its auction; kpr is paid
    /// the Clipper's incentive. The auction's id in the Clipper.
    function bark(bytes32 ilk, address urn, address kpr) external returns (uint256 id) {
        require(live == 1, "Dog/not-live");
        (uint256 ink, uint256 art) = vat.urns(ilk, urn);
        Ilk memory milk = ilks[ilk];
        uint256 dart;
        uint256 rate;
        {
            uint256 spot;
            uint256 dust;
            (, rate, spot,, dust) = vat.ilks(ilk);
            require(spot > 0 && ink * spot < art * rate, "Dog/not-unsafe");

            require(Hole > Dirt && milk.hole > milk.dirt, "Dog/liquidation-limit-hit");
            uint256 room = min(Hole - Dirt, milk.hole - milk.dirt);

            // The debt that, with its penalty, fits in the room.
            dart = min(art, room * WAD / rate / milk.chop);

            if (art > dart) {
                if ((art - dart) * rate < dust) {
                    // What would be left is dust: the whole urn (over the room, as the original).
                    dart = art;
                } else {
                    require(dart * rate >= dust, "Dog/dusty-auction-from-partial-liquidation");
                }
            }
        }

        uint256 dink = ink * dart / art;
        require(dink > 0, "Dog/null-auction");
        require(dart <= 2 ** 255 && dink <= 2 ** 255, "Dog/overflow");

        vat.grab(ilk, urn, milk.clip, address(vow), -int256(dink), -int256(dart));

        uint256 due = dart * rate;
        vow.fess(due);

        {
            uint256 tab = due * milk.chop / WAD;
            Dirt += tab;
            ilks[ilk].dirt = milk.dirt + tab;
            id = DogClipperLike(milk.clip).kick(tab, dink, urn, kpr);
        }

        emit Bark(ilk, urn, dink, dart, due, milk.clip, id);
    }

    /// A Clipper's auction raised rad or ended: its room back.
    function digs(bytes32 ilk, uint256 rad) external {
        Dirt -= rad;
        ilks[ilk].dirt -= rad;
        emit Digs(ilk, rad);
    }

    function min(uint256 x, uint256 y) internal pure returns (uint256) {
        return x <= y ? x : y;
    }
}
