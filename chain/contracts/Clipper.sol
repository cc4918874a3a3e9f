// SPDX-License-Identifier: UNLICENSED
// A TEST CONTRACT of the demo chain (chain/README.md): the read interface of the protocol's
// contract it stands for, and unguarded setters so that any script can set any value. It holds
// no funds and checks nothing: never deploy it where it matters.
pragma solidity ^0.8.20;

interface ClipVatLike {
    function move(address, address, uint256) external;
    function flux(bytes32, address, address, uint256) external;
    function ilks(bytes32) external view returns (uint256, uint256, uint256, uint256, uint256);
    function suck(address, address, uint256) external;
}

interface ClipPipLike {
    function peek() external view returns (bytes32, bool);
}

interface ClipSpotterLike {
    function par() external view returns (uint256);
    function ilks(bytes32) external view returns (ClipPipLike, uint256);
}

interface ClipDogLike {
    function chop(bytes32) external view returns (uint256);
    function digs(bytes32, uint256) external;
}

interface ClipAbacusLike {
    function price(uint256, uint256) external view returns (uint256);
}

/// dss's Clipper, one Vault type's collateral auctions (src/clip.sol at makerdao/dss fa4f663,
/// lines 51-473): a Dutch auction per liquidated urn, its price falling from top (the feed's
/// price times buf) as its Abacus (calc, a LinearDecrease) says, until it is taken, or it has
/// run tail seconds or fallen below cusp of top and must be redone.
///
/// - kick (lines 229-266), called by the Dog: a new auction (id = ++kicks) for tab COIN and
///   lot collateral of urn usr; top = the pip's price * 10^9 / Spot.par * buf (getFeedPrice,
///   lines 213-218: the pip of Spot.ilks(ilk), peek()ed: an Osm must have kissed the Clipper);
///   the keeper kpr is paid coin = tip + tab * chip / WAD, sucked from the Vow (Vat.suck).
/// - take (lines 327-416): buys up to amt collateral at the price now, if it is at most max:
///   owe = slice * price, at most tab; a purchase that would leave less than chost to raise
///   leaves chost; the collateral to who (Vat.flux), the COIN from the caller to the Vow
///   (Vat.move), the Dog told (digs); when the lot is sold the auction ends (tab left over
///   unraised), when the tab is raised it ends and the lot left goes back to usr (Vat.flux).
///   data is ignored: no callee is called (lines 393-396 left out).
/// - redo (lines 270-308): an auction that is done (tail or cusp) starts again at now and a new
///   top; the keeper is paid coin if tab and lot * price are at least chost.
/// - yank (lines 466-472), getStatus (440-451), count (430-432), list (435-437), sales,
///   upchost (460-463, chost = dust * chop / WAD), _remove (418-427), status (454-457).
/// Events are the original's, signatures and indexing: Kick, Take (tab and lot after it),
/// Redo, Yank, File.
///
/// Different from the original: no wards (anyone may file, kick or yank), no stopped levels
/// (stopped is kept, 0, and not checked), no clipperCall, Solidity 0.8's checked arithmetic.
contract Clipper {
    bytes32 public immutable ilk;
    ClipVatLike public immutable vat;

    ClipDogLike public dog;
    address public vow;
    ClipSpotterLike public spotter;
    ClipAbacusLike public calc;

    uint256 public buf;    // multiplier of the feed's price for top, ray
    uint256 public tail;   // seconds an auction runs before it must be redone
    uint256 public cusp;   // fraction of top below which it must be redone, ray
    uint64 public chip;    // keeper's incentive, fraction of tab, wad
    uint192 public tip;    // keeper's incentive, flat, rad
    uint256 public chost;  // dust * chop, rad

    uint256 public kicks;     // auctions started
    uint256[] public active;  // ids of the running auctions

    struct Sale {
        uint256 pos;  // index in active
        uint256 tab;  // COIN to raise, rad
        uint256 lot;  // collateral to sell, wad
        address usr;  // the urn liquidated, paid what is left of the lot
        uint96 tic;   // start time
        uint256 top;  // starting price, ray
    }
    mapping(uint256 => Sale) public sales;

    uint256 internal locked;
    uint256 public stopped = 0;

    uint256 constant BLN = 10 ** 9;
    uint256 constant WAD = 10 ** 18;
    uint256 constant RAY = 10 ** 27;

    event File(bytes32 indexed what, uint256 data);
    event File(bytes32 indexed what, address data);
    event Kick(uint256 indexed id, uint256 top, uint256 tab, uint256 lot, address indexed usr, address indexed kpr, uint256 coin);
    event Take(uint256 indexed id, uint256 max, uint256 price, uint256 owe, uint256 tab, uint256 lot, address indexed usr);
    event Redo(uint256 indexed id, uint256 top, uint256 tab, uint256 lot, address indexed usr, address indexed kpr, uint256 coin);
    event Yank(uint256 id);

    constructor(address vat_, address spotter_, address dog_, bytes32 ilk_) {
        vat = ClipVatLike(vat_);
        spotter = ClipSpotterLike(spotter_);
        dog = ClipDogLike(dog_);
        ilk = ilk_;
        buf = RAY;
    }

    modifier lock() {
        require(locked == 0, "Clipper/system-locked");
        locked = 1;
        _;
        locked = 0;
    }

    function file(bytes32 what, uint256 data) external lock {
        if (what == "buf") buf = data;
        else if (what == "tail") tail = data;
        else if (what == "cusp") cusp = data;
        else if (what == "chip") chip = uint64(data);
        else if (what == "tip") tip = uint192(data);
        else if (what == "stopped") stopped = data;
        else revert("Clipper/file-unrecognized-param");
        emit File(what, data);
    }
    function file(bytes32 what, address data) external lock {
        if (what == "spotter") spotter = ClipSpotterLike(data);
        else if (what == "dog") dog = ClipDogLike(data);
        else if (what == "vow") vow = data;
        else if (what == "calc") calc = ClipAbacusLike(data);
        else revert("Clipper/file-unrecognized-param");
        emit File(what, data);
    }

    function wmul(uint256 x, uint256 y) internal pure returns (uint256) { return x * y / WAD; }
    function rmul(uint256 x, uint256 y) internal pure returns (uint256) { return x * y / RAY; }
    function rdiv(uint256 x, uint256 y) internal pure returns (uint256) { return x * RAY / y; }
    function min(uint256 x, uint256 y) internal pure returns (uint256) { return x <= y ? x : y; }

    /// The feed's price in COIN per unit of collateral, ray.
    function getFeedPrice() internal view returns (uint256 feedPrice) {
        (ClipPipLike pip, ) = spotter.ilks(ilk);
        (bytes32 val, bool has) = pip.peek();
        require(has, "Clipper/invalid-price");
        feedPrice = rdiv(uint256(val) * BLN, spotter.par());
    }

    function kick(uint256 tab, uint256 lot, address usr, address kpr) external lock returns (uint256 id) {
        require(tab > 0, "Clipper/zero-tab");
        require(lot > 0, "Clipper/zero-lot");
        require(usr != address(0), "Clipper/zero-usr");
        id = ++kicks;

        active.push(id);
        sales[id].pos = active.length - 1;
        sales[id].tab = tab;
        sales[id].lot = lot;
        sales[id].usr = usr;
        sales[id].tic = uint96(block.timestamp);

        uint256 top = rmul(getFeedPrice(), buf);
        require(top > 0, "Clipper/zero-top-price");
        sales[id].top = top;

        uint256 _tip = tip;
        uint256 _chip = chip;
        uint256 coin;
        if (_tip > 0 || _chip > 0) {
            coin = _tip + wmul(tab, _chip);
            vat.suck(vow, kpr, coin);
        }

        emit Kick(id, top, tab, lot, usr, kpr, coin);
    }

    function redo(uint256 id, address kpr) external lock {
        address usr = sales[id].usr;
        uint96 tic = sales[id].tic;
        uint256 top = sales[id].top;
        require(usr != address(0), "Clipper/not-running-auction");

        (bool done, ) = status(tic, top);
        require(done, "Clipper/cannot-reset");

        uint256 tab = sales[id].tab;
        uint256 lot = sales[id].lot;
        sales[id].tic = uint96(block.timestamp);

        uint256 feedPrice = getFeedPrice();
        top = rmul(feedPrice, buf);
        require(top > 0, "Clipper/zero-top-price");
        sales[id].top = top;

        uint256 _tip = tip;
        uint256 _chip = chip;
        uint256 coin;
        if (_tip > 0 || _chip > 0) {
            uint256 _chost = chost;
            if (tab >= _chost && lot * feedPrice >= _chost) {
                coin = _tip + wmul(tab, _chip);
                vat.suck(vow, kpr, coin);
            }
        }

        emit Redo(id, top, tab, lot, usr, kpr, coin);
    }

    /// amt: most collateral to buy, wad; max: highest price accepted, ray; who: gets the
    /// collateral. The caller pays owe from its dai in the Vat.
    function take(uint256 id, uint256 amt, uint256 max, address who, bytes calldata /* data */) external lock {
        address usr = sales[id].usr;
        uint96 tic = sales[id].tic;
        require(usr != address(0), "Clipper/not-running-auction");

        uint256 price;
        {
            bool done;
            (done, price) = status(tic, sales[id].top);
            require(!done, "Clipper/needs-reset");
        }
        require(max >= price, "Clipper/too-expensive");

        uint256 lot = sales[id].lot;
        uint256 tab = sales[id].tab;
        uint256 owe;
        {
            uint256 slice = min(lot, amt);
            owe = slice * price;
            if (owe > tab) {
                // Not more than the tab: the collateral it buys.
                owe = tab;
                slice = owe / price;
            } else if (owe < tab && slice < lot) {
                // A part that would leave less than chost to raise leaves chost.
                uint256 _chost = chost;
                if (tab - owe < _chost) {
                    require(tab > _chost, "Clipper/no-partial-purchase");
                    owe = tab - _chost;
                    slice = owe / price;
                }
            }
            tab = tab - owe;
            lot = lot - slice;

            vat.flux(ilk, address(this), who, slice);
            vat.move(msg.sender, vow, owe);
            dog.digs(ilk, lot == 0 ? tab + owe : owe);
        }

        if (lot == 0) {
            _remove(id);
        } else if (tab == 0) {
            vat.flux(ilk, address(this), usr, lot);
            _remove(id);
        } else {
            sales[id].tab = tab;
            sales[id].lot = lot;
        }

        emit Take(id, max, price, owe, tab, lot, usr);
    }

    function _remove(uint256 id) internal {
        uint256 _move = active[active.length - 1];
        if (id != _move) {
            uint256 _index = sales[id].pos;
            active[_index] = _move;
            sales[_move].pos = _index;
        }
        active.pop();
        delete sales[id];
    }

    function count() external view returns (uint256) {
        return active.length;
    }

    function list() external view returns (uint256[] memory) {
        return active;
    }

    /// A running auction now: whether it must be redone, its price (ray), lot and tab.
    function getStatus(uint256 id) external view returns (bool needsRedo, uint256 price, uint256 lot, uint256 tab) {
        address usr = sales[id].usr;
        uint96 tic = sales[id].tic;
        bool done;
        (done, price) = status(tic, sales[id].top);
        needsRedo = usr != address(0) && done;
        lot = sales[id].lot;
        tab = sales[id].tab;
    }

    function status(uint96 tic, uint256 top) internal view returns (bool done, uint256 price) {
        price = calc.price(top, block.timestamp - tic);
        done = (block.timestamp - tic > tail || rdiv(price, top) < cusp);
    }

    function upchost() external {
        (, , , , uint256 _dust) = vat.ilks(ilk);
        chost = wmul(_dust, dog.chop(ilk));
    }

    /// Ends auction id: its lot to the caller, its tab off the Dog's Dirt.
    function yank(uint256 id) external lock {
        require(sales[id].usr != address(0), "Clipper/not-running-auction");
        dog.digs(ilk, sales[id].tab);
        vat.flux(ilk, address(this), msg.sender, sales[id].lot);
        _remove(id);
        emit Yank(id);
    }
}
