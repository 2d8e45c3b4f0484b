-- pg_trgm ships with PostgreSQL (trusted since 13: the database owner may create it) and with PGlite (loaded in db/client.ts)
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "generations_user_prompt_trgm_idx" ON "generations" USING gin ("user_prompt" gin_trgm_ops) WHERE "generations"."deleted" = false;--> statement-breakpoint
CREATE INDEX "generations_user_totals_idx" ON "generations" USING btree ("user_id","type","favorite","status","credits_cost","credits_refunded") WHERE "generations"."deleted" = false;
