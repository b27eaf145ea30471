-- List pages are shaped for output in the database (outputDocSql in api/src/records/record-output.ts): beside
-- each amount in cents its euros, as the API shows them, when the cents are a number. Exact decimals: 1234
-- cents are 12.34 euros, 1200 are 12. One call per row whatever the number of amounts (nested SQL functions
-- would be inlined into an expression that grows threefold with each amount). On one line: migrations are
-- split into statements at each line that ends with a semicolon.
CREATE OR REPLACE FUNCTION output_with_euros(doc jsonb, cents_paths text[]) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$ DECLARE cents_path text; path text[]; cents jsonb; BEGIN FOREACH cents_path IN ARRAY cents_paths LOOP path := string_to_array(cents_path, '.'); cents := doc #> path; IF jsonb_typeof(cents) = 'number' THEN path[array_length(path, 1)] := 'euro'; doc := jsonb_set(doc, path, trim_scale(cents::text::numeric / 100)::text::jsonb); END IF; END LOOP; RETURN doc; END $$;
