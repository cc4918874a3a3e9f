-- Verify coin_api:api_protocol on pg
-- The rework kept every view's columns: @v0.1's checks hold.

\ir api_protocol@v0.1.sql
