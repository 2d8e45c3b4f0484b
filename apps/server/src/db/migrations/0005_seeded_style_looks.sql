-- Golden Hour and Nordic Mist were seeded on the Marker and Watercolour looks, so they rendered as copies of those
-- styles on the built-in engine; they have looks of their own now (engines/local/README.md). A style still holding
-- exactly its seeded parameters is moved to its own look; one an admin has edited is left as it is.
UPDATE "styles"
SET "local_params" = '{"look":"golden-hour","lineWeight":0.9,"saturation":1.15,"warmth":0.3,"paperTexture":0.1,"shading":0.7}'::jsonb
WHERE "id" = 'golden-hour'
  AND "local_params" = '{"look":"marker","lineWeight":0.9,"saturation":1.15,"warmth":0.7,"paperTexture":0.1,"shading":0.7}'::jsonb;
--> statement-breakpoint
UPDATE "styles"
SET "local_params" = '{"look":"mist","lineWeight":0.7,"saturation":0.6,"warmth":-0.4,"paperTexture":0.5,"shading":0.5}'::jsonb
WHERE "id" = 'nordic-mist'
  AND "local_params" = '{"look":"watercolour","lineWeight":0.7,"saturation":0.6,"warmth":-0.4,"paperTexture":0.5,"shading":0.5}'::jsonb;
