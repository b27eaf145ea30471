-- List pages now add the euros with jsonb_set_lax inline (outputDocSql in api/src/records/record-output.ts):
-- the PL/pgSQL function cost the server about twice as much per page.
DROP FUNCTION IF EXISTS output_with_euros(jsonb, text[]);
