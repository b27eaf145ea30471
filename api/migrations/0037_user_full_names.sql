-- The full name of users made with a first or last name before the write path derived it (API creates, CSV imports)
UPDATE "user" SET doc = jsonb_set(doc, '{name,full}', to_jsonb(concat_ws(' ', nullif(btrim(doc #>> '{name,first}'), ''), nullif(btrim(doc #>> '{name,last}'), ''))))
  WHERE coalesce(doc #>> '{name,full}', '') = '' AND (coalesce(btrim(doc #>> '{name,first}'), '') <> '' OR coalesce(btrim(doc #>> '{name,last}'), '') <> '');
