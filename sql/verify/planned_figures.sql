-- Verify coin_api:planned_figures on pg

SELECT 1 / count(*)::int FROM pg_proc
 WHERE oid IN ('derived.chain_state_at(timestamptz)'::regprocedure, 'derived.vault_state_at(timestamptz)'::regprocedure,
               'derived.chain_collateral_at(timestamptz)'::regprocedure,
               'derived.chain_figures_at(timestamptz)'::regprocedure,
               'derived.position_state_at(timestamptz)'::regprocedure)
   AND prolang = (SELECT oid FROM pg_language WHERE lanname = 'plpgsql')
HAVING count(*) = 5;
