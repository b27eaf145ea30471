-- An image's resized icons are kept beside its original: the key is the image and its variant (on the id alone the
-- icons were never stored, and every request resized the original again)
ALTER TABLE image_blob DROP CONSTRAINT IF EXISTS image_blob_pkey;
ALTER TABLE image_blob ADD PRIMARY KEY (id, variant);
