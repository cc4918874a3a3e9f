// SPDX-License-Identifier: UNLICENSED
// A TEST CONTRACT of the demo chain (chain/README.md): the read interface of the protocol's
// contract it stands for, and unguarded setters so that any script can set any value. It holds
// no funds and checks nothing: never deploy it where it matters.
pragma solidity ^0.8.20;

interface LitePsmVat {
    function ilks(bytes32 ilk) external view returns (uint256 Art, uint256 rate, uint256 spot, uint256 line, uint256 dust);
    function urns(bytes32 ilk, address urn) external view returns (uint256 ink, uint256 art);
    function setIlk(bytes32 ilk, uint256 Art, uint256 rate, uint256 spot, uint256 line, uint256 dust) external;
    function setUrn(bytes32 ilk, address urn, uint256 ink, uint256 art) external;
}

interface LitePsmToken {
    function decimals() external view returns (uint8);
    function totalSupply() external view returns (uint256);
    function balanceOf(address owner) external view returns (uint256);
    function setTotalSupply(uint256 value) external;
    function setBalance(address owner, uint256 value) external;
}

/// dss-lite-psm's DssLitePsm (src/DssLitePsm.sol, lines 60-89): the gem it swaps sits in
/// `pocket`, not in a join. fill() (line 411) draws COIN (`dai`) on the PSM's own urn into the
/// PSM itself, so the ilk's Art counts COIN no one holds until someone sells gem for it;
/// sellGem and buyGem (lines 336, 387) leave their fees (tin, tout: wad) in the PSM's COIN
/// balance until chug() (line 443) burns them into the surplus buffer; trim() (line 428) pays
/// back the Art above the gem and `buf`. These do what those lines do to the balances and to
/// the Vat's Art, through the test contracts' setters; the surplus buffer's own balance and the
/// Vat's global ceiling are not modelled. rate must stay one ray, as the original requires.
contract LitePsm {
    uint256 internal constant WAD = 10 ** 18;
    uint256 internal constant RAY = 10 ** 27;
    uint256 internal constant HALTED = type(uint256).max;

    bytes32 public immutable ilk;
    address public immutable gem;
    address public immutable dai;
    address public immutable pocket;
    address public immutable vat;
    uint256 public immutable to18ConversionFactor;
    uint256 public tin;
    uint256 public tout;
    uint256 public buf;

    constructor(bytes32 ilk_, address gem_, address dai_, address pocket_, address vat_) {
        ilk = ilk_;
        gem = gem_;
        dai = dai_;
        pocket = pocket_;
        vat = vat_;
        to18ConversionFactor = 10 ** (18 - LitePsmToken(gem_).decimals());
    }

    function setTin(uint256 value) external { tin = value; }
    function setTout(uint256 value) external { tout = value; }
    function setBuf(uint256 value) external { buf = value; }

    function sellGem(address usr, uint256 gemAmt) external returns (uint256 daiOutWad) {
        require(tin != HALTED, "LitePsm/sell-gem-halted");
        daiOutWad = gemAmt * to18ConversionFactor;
        daiOutWad -= daiOutWad * tin / WAD;
        move(gem, msg.sender, pocket, gemAmt);
        move(dai, address(this), usr, daiOutWad);
    }

    function buyGem(address usr, uint256 gemAmt) external returns (uint256 daiInWad) {
        require(tout != HALTED, "LitePsm/buy-gem-halted");
        daiInWad = gemAmt * to18ConversionFactor;
        daiInWad += daiInWad * tout / WAD;
        move(dai, msg.sender, address(this), daiInWad);
        move(gem, pocket, usr, gemAmt);
    }

    // The Art the gem and buf call for, up to the ceiling, drawn into this contract.
    function fill() external returns (uint256 wad) {
        (uint256 Art,,, uint256 line,) = LitePsmVat(vat).ilks(ilk);
        wad = min(subcap(backed() + buf, Art), subcap(line / RAY, Art));
        require(wad > 0, "LitePsm/nothing-to-fill");
        frob(Art, Art + wad);
        LitePsmToken(dai).setTotalSupply(LitePsmToken(dai).totalSupply() + wad);
        LitePsmToken(dai).setBalance(address(this), LitePsmToken(dai).balanceOf(address(this)) + wad);
    }

    // The Art above what the gem and buf call for (or above the ceiling), paid back from this
    // contract's COIN.
    function trim() external returns (uint256 wad) {
        (uint256 Art,,, uint256 line,) = LitePsmVat(vat).ilks(ilk);
        wad = min(max(subcap(Art, backed() + buf), subcap(Art, line / RAY)), LitePsmToken(dai).balanceOf(address(this)));
        require(wad > 0, "LitePsm/nothing-to-trim");
        frob(Art, Art - wad);
        burn(wad);
    }

    // The fees held: this contract's COIN that the gem and the urn's debt do not account for.
    function cut() public view returns (uint256 wad) {
        (, uint256 art) = LitePsmVat(vat).urns(ilk, address(this));
        uint256 cash = LitePsmToken(dai).balanceOf(address(this));
        wad = min(cash, cash + backed() - art);
    }

    function chug() external returns (uint256 wad) {
        wad = cut();
        require(wad > 0, "LitePsm/nothing-to-chug");
        burn(wad);
    }

    function backed() internal view returns (uint256) {
        return LitePsmToken(gem).balanceOf(pocket) * to18ConversionFactor;
    }

    // The ilk's Art (this contract's urn's too) from `from` to `to`.
    function frob(uint256 from, uint256 to) internal {
        (, uint256 rate, uint256 spot, uint256 line, uint256 dust) = LitePsmVat(vat).ilks(ilk);
        require(rate == RAY, "LitePsm/rate-not-RAY");
        (uint256 ink, uint256 art) = LitePsmVat(vat).urns(ilk, address(this));
        LitePsmVat(vat).setIlk(ilk, to, rate, spot, line, dust);
        LitePsmVat(vat).setUrn(ilk, address(this), ink, art + to - from);
    }

    function burn(uint256 wad) internal {
        LitePsmToken(dai).setBalance(address(this), LitePsmToken(dai).balanceOf(address(this)) - wad);
        LitePsmToken(dai).setTotalSupply(LitePsmToken(dai).totalSupply() - wad);
    }

    function move(address token, address from, address to, uint256 amount) internal {
        LitePsmToken(token).setBalance(from, LitePsmToken(token).balanceOf(from) - amount);
        LitePsmToken(token).setBalance(to, LitePsmToken(token).balanceOf(to) + amount);
    }

    function min(uint256 a, uint256 b) internal pure returns (uint256) { return a < b ? a : b; }
    function max(uint256 a, uint256 b) internal pure returns (uint256) { return a > b ? a : b; }
    function subcap(uint256 a, uint256 b) internal pure returns (uint256) { return a > b ? a - b : 0; }
}
