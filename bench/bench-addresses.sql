-- The benchmarks' addresses (\ir by bench/urns-data.sql and bench/liquidations-data.sql): one
-- function, so that the same seed gives the same address in both (the urns an auction barks are
-- urns-data's urns when both are loaded).
-- A deterministic address of the form a chain expects (as the demo's): TRON Base58 or 0x hex.
CREATE OR REPLACE FUNCTION pg_temp.bench_address(chain text, seed text) RETURNS text
LANGUAGE sql IMMUTABLE
RETURN CASE chain
         WHEN 'tron' THEN 'T' || (
           SELECT string_agg(substr('123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz',
                                    get_byte(decode(md5(seed) || md5(seed || '#') || md5(seed || '##'), 'hex'), i) % 58 + 1, 1),
                             '' ORDER BY i)
             FROM generate_series(0, 32) AS i)
         ELSE '0x' || substr(md5(seed) || md5(seed || '#'), 1, 40)
       END;

-- The block of a chain at a time, blocks block_seconds apart (the same formula on every chain,
-- so that a block's number is a time's), and that block's hash.
CREATE OR REPLACE FUNCTION pg_temp.bench_block(at timestamptz, block_seconds integer) RETURNS bigint
LANGUAGE sql IMMUTABLE
RETURN floor(extract(epoch FROM at) / block_seconds)::bigint - 500000000 / block_seconds;
CREATE OR REPLACE FUNCTION pg_temp.bench_block_hash(chain text, at timestamptz, block_seconds integer) RETURNS text
LANGUAGE sql IMMUTABLE
RETURN '0x' || md5('block ' || chain || floor(extract(epoch FROM at) / block_seconds))
            || md5('hash ' || chain || floor(extract(epoch FROM at) / block_seconds));
