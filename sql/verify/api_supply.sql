-- Verify coin_api:api_supply on pg

SELECT "totalSupply" FROM api.total_supply WHERE false;
SELECT "circulatingSupply" FROM api.circulating_supply WHERE false;
SELECT "tronApy", "ethApy", "bscApy" FROM api.earn_apy WHERE false;
SELECT symbol, "totalSupply", tron, eth, bsc FROM api.coin_supply WHERE false;
SELECT symbol, "totalSupply", tron, eth, bsc FROM api.scoin_supply WHERE false;
