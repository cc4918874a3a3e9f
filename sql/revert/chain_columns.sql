-- Revert coin_api:chain_columns from pg
-- The views as the release before it made them: a column for each of its chains.

BEGIN;

CALL derived.make_chain_columns('{tron,eth,bsc}');
DROP PROCEDURE derived.make_chain_columns(text[]);
DROP FUNCTION derived.comments_of(text[]);
DROP FUNCTION derived.each_chain(text[], text, text);

COMMIT;
