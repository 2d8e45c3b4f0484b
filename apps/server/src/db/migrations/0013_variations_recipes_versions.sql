ALTER TABLE "generations" ADD COLUMN "seed" integer;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "picked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "recipe" jsonb;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD COLUMN "request_id" uuid;--> statement-breakpoint
CREATE INDEX "generations_source_idx" ON "generations" USING btree ("source_generation_id") WHERE "generations"."source_generation_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_transactions_request_hold_key" ON "credit_transactions" USING btree ("request_id") WHERE "credit_transactions"."request_id" is not null and "credit_transactions"."kind" = 'hold';
