ALTER TABLE "credit_transactions" ADD COLUMN "held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_transactions_job_settlement_key" ON "credit_transactions" USING btree ("generation_id","kind") WHERE "credit_transactions"."kind" in ('hold', 'capture', 'release');--> statement-breakpoint
-- Jobs still running were debited before holds existed: their debit becomes their open hold, so they are
-- captured or released like any other (docs/decisions/0062-credits-held-then-captured.md). Balances do not move.
UPDATE "credit_transactions" ct SET "kind" = 'hold', "held" = -ct."amount"
  FROM "generations" g
 WHERE ct."kind" = 'debit' AND ct."generation_id" = g."id" AND g."status" IN ('pending', 'processing');
