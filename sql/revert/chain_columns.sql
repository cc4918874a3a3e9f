-- Revert coin_api:chain_columns from pg
-- The views stay as the procedure left them: on the chains the release had, the very views it
-- created.

BEGIN;

DROP PROCEDURE derived.make_chain_columns();
DROP FUNCTION derived.comment_chain_column(regclass, text, text);
DROP FUNCTION derived.each_chain(text, text);

COMMIT;
