#include "indexer/auction_writer.hpp"

#include <pqxx/pqxx>

#include "indexer/sql_array.hpp"

namespace coin::indexer {

namespace {

constexpr const char* insert_barks = R"(
INSERT INTO snapshot.bark (chain, block_number, log_index, block_hash, block_time, tx_hash, vault_id, urn,
                           collateral, art, due, clipper, sale_id)
SELECT $1, b.block_number, b.log_index, b.block_hash, to_timestamp(b.block_time), b.tx_hash, v.vault_id, b.urn,
       snapshot.descale(b.ink, 18), snapshot.descale(b.art, 18), snapshot.descale(b.due, 45), b.clipper, b.sale_id
  FROM unnest($2::bigint[], $3::integer[], $4::text[], $5::bigint[], $6::text[], $7::text[], $8::text[],
              $9::numeric[], $10::numeric[], $11::numeric[], $12::text[], $13::numeric[])
           AS b(block_number, log_index, block_hash, block_time, tx_hash, ilk, urn, ink, art, due, clipper, sale_id)
  JOIN snapshot.vault AS v ON v.chain = $1::snapshot.chain AND v.vault_type = b.ilk
    ON CONFLICT DO NOTHING)";

// What an event does not carry is '' in its column, null in the table.
constexpr const char* insert_clip_events = R"(
INSERT INTO snapshot.clip_event (chain, block_number, log_index, block_hash, block_time, tx_hash, clipper, sale_id,
                                 kind, price, max_price, owe, tab, lot, keeper, incentive)
SELECT $1, e.block_number, e.log_index, e.block_hash, to_timestamp(e.block_time), e.tx_hash, e.clipper, e.sale_id,
       e.kind, snapshot.descale(nullif(e.price, '')::numeric, 27), snapshot.descale(nullif(e.max_price, '')::numeric, 27),
       snapshot.descale(nullif(e.owe, '')::numeric, 45), snapshot.descale(nullif(e.tab, '')::numeric, 45),
       snapshot.descale(nullif(e.lot, '')::numeric, 18), nullif(e.keeper, ''),
       snapshot.descale(nullif(e.incentive, '')::numeric, 45)
  FROM unnest($2::bigint[], $3::integer[], $4::text[], $5::bigint[], $6::text[], $7::text[], $8::numeric[],
              $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[], $16::text[])
           AS e(block_number, log_index, block_hash, block_time, tx_hash, clipper, sale_id, kind, price, max_price,
                owe, tab, lot, keeper, incentive)
    ON CONFLICT DO NOTHING)";

constexpr const char* insert_status = R"(
INSERT INTO snapshot.auction_status (chain, clipper, sale_id, taken_at, price, lot, tab, needs_redo)
SELECT $1, s.clipper, s.sale_id, to_timestamp($2), snapshot.descale(s.price, 27), snapshot.descale(s.lot, 18),
       snapshot.descale(s.tab, 45), s.needs_redo
  FROM unnest($3::text[], $4::numeric[], $5::numeric[], $6::numeric[], $7::numeric[], $8::boolean[])
           AS s(clipper, sale_id, price, lot, tab, needs_redo)
    ON CONFLICT DO NOTHING)";

constexpr const char* delete_barks_after =
    "DELETE FROM snapshot.bark WHERE chain = $1::snapshot.chain AND block_number > $2";
constexpr const char* delete_clip_events_after =
    "DELETE FROM snapshot.clip_event WHERE chain = $1::snapshot.chain AND block_number > $2";

// The columns every event has: where it sits.
struct PlaceColumns {
  std::vector<std::string> block, index, hash, time, tx;
  void add(const LogPlace& place) {
    block.push_back(std::to_string(place.block));
    index.push_back(std::to_string(place.log_index));
    hash.push_back(place.block_hash);
    time.push_back(place.block_time);
    tx.push_back(place.tx_hash);
  }
};

void write_barks(pqxx::work& work, const std::string& chain, const std::vector<Bark>& barks) {
  if (barks.empty()) return;
  PlaceColumns at;
  std::vector<std::string> ilk, urn, ink, art, due, clipper, id;
  for (const Bark& bark : barks) {
    at.add(bark);
    ilk.push_back(bark.ilk);
    urn.push_back(bark.urn);
    ink.push_back(bark.ink);
    art.push_back(bark.art);
    due.push_back(bark.due);
    clipper.push_back(bark.clipper);
    id.push_back(bark.sale_id);
  }
  work.exec_params0(insert_barks, chain, text_array(at.block), text_array(at.index), text_array(at.hash),
                    text_array(at.time), text_array(at.tx), text_array(ilk), text_array(urn), text_array(ink),
                    text_array(art), text_array(due), text_array(clipper), text_array(id));
}

void write_clip_events(pqxx::work& work, const std::string& chain, const std::vector<ClipEvent>& events) {
  if (events.empty()) return;
  PlaceColumns at;
  std::vector<std::string> clipper, id, kind, price, max_price, owe, tab, lot, keeper, incentive;
  for (const ClipEvent& event : events) {
    at.add(event);
    clipper.push_back(event.clipper);
    id.push_back(event.sale_id);
    kind.push_back(event.kind);
    price.push_back(event.price);
    max_price.push_back(event.max_price);
    owe.push_back(event.owe);
    tab.push_back(event.tab);
    lot.push_back(event.lot);
    keeper.push_back(event.keeper);
    incentive.push_back(event.incentive);
  }
  work.exec_params0(insert_clip_events, chain, text_array(at.block), text_array(at.index), text_array(at.hash),
                    text_array(at.time), text_array(at.tx), text_array(clipper), text_array(id), text_array(kind),
                    text_array(price), text_array(max_price), text_array(owe), text_array(tab), text_array(lot),
                    text_array(keeper), text_array(incentive));
}

}  // namespace

void write_auction_events(pqxx::work& work, const std::string& chain, const AuctionsReading& auctions) {
  write_barks(work, chain, auctions.barks);
  write_clip_events(work, chain, auctions.clip_events);
}

void write_auction_status(pqxx::work& work, const std::string& chain, const std::string& taken_at,
                          const std::vector<AuctionStatus>& status) {
  if (status.empty()) return;
  std::vector<std::string> clipper, id, price, lot, tab, needs_redo;
  for (const AuctionStatus& auction : status) {
    clipper.push_back(auction.clipper);
    id.push_back(auction.sale_id);
    price.push_back(auction.price);
    lot.push_back(auction.lot);
    tab.push_back(auction.tab);
    needs_redo.push_back(auction.needs_redo ? "t" : "f");
  }
  work.exec_params0(insert_status, chain, taken_at, text_array(clipper), text_array(id), text_array(price),
                    text_array(lot), text_array(tab), text_array(needs_redo));
}

std::size_t delete_auction_events_after(pqxx::work& work, const std::string& chain, std::uint64_t kept) {
  const std::string block = std::to_string(kept);
  const pqxx::result barks = work.exec_params(delete_barks_after, chain, block);
  const pqxx::result events = work.exec_params(delete_clip_events_after, chain, block);
  return static_cast<std::size_t>(barks.affected_rows() + events.affected_rows());
}

}  // namespace coin::indexer
