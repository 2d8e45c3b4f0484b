CREATE TABLE "mls_boards" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"label" text NOT NULL,
	"label_text" text DEFAULT '' NOT NULL,
	"label_height_share" real DEFAULT 0.04 NOT NULL,
	"caption_text" text DEFAULT '' NOT NULL,
	"remarks_prefix" text DEFAULT '' NOT NULL,
	"original_placement" text DEFAULT 'none' NOT NULL,
	"original_link" boolean DEFAULT false NOT NULL,
	"qr_allowed" boolean DEFAULT false NOT NULL,
	"forbidden_edits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text NOT NULL,
	"checked_at" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"client" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"board_id" text,
	"published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "original_links" (
	"code" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"generation_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "project_id" uuid;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_board_id_mls_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."mls_boards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "original_links" ADD CONSTRAINT "original_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "original_links" ADD CONSTRAINT "original_links_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "projects_user_updated_idx" ON "projects" USING btree ("user_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "original_links_generation_key" ON "original_links" USING btree ("project_id","generation_id");--> statement-breakpoint
CREATE INDEX "generations_project_created_idx" ON "generations" USING btree ("project_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "generations"."deleted" = false and "generations"."project_id" is not null;--> statement-breakpoint
-- The boards' rules as read on their own pages or the statute (docs/mls.md, with sources and the date checked).
-- Admins edit them from /admin; a later migration never overwrites a row an admin changed.
INSERT INTO "mls_boards" ("id","name","region","label","label_text","label_height_share","caption_text","remarks_prefix","original_placement","original_link","qr_allowed","forbidden_edits","source","checked_at","sort_order") VALUES
('mls-now','MLS Now','Ohio','forbidden','',0,'Virtually staged','Virtually staged photos are marked in their captions.','none',false,false,'["structure","permanent_features","primary_altered"]'::jsonb,'MLS Now rules and regulations, section 3','2026-11-27',10),
('stellar','Stellar MLS','Florida','forbidden','',0,'Virtually staged','One or more photo(s) was virtually staged.','none',false,false,'["structure","permanent_features"]'::jsonb,'Stellar MLS rules, article 04.04','2026-11-27',20),
('realtracs','RealTracs','Tennessee','forbidden','',0,'Virtually staged','Virtually staged photos are shown next to the room as it is.','before',false,false,'["structure"]'::jsonb,'RealTracs rules, 2.7','2026-11-27',30),
('rmls','RMLS','Portland, Oregon','required','Virtually Staged',0.05,'','','none',false,false,'[]'::jsonb,'RMLS rules, 3.8 (secondary source)','2026-11-27',40),
('smartmls','SmartMLS','Connecticut','required','Virtually Staged',0.05,'','','none',false,false,'[]'::jsonb,'SmartMLS connectMLS help','2026-11-27',50),
('crmls','CRMLS','California','optional','Virtually Staged',0.04,'Virtually staged, digitally altered','','after',true,true,'["landscaping"]'::jsonb,'CRMLS rules, 11.5.2 (secondary source); California Business and Professions Code 10140.8','2026-11-27',60),
('bright','Bright MLS','Mid-Atlantic','optional','Virtually Staged',0.04,'Virtually staged','','none',false,false,'[]'::jsonb,'Bright MLS rules (secondary source)','2026-11-27',70),
('canopy','Canopy MLS','North Carolina','required','Virtually Staged',0.05,'Virtually staged','','none',false,false,'[]'::jsonb,'Canopy MLS rules (secondary source)','2026-11-27',80),
('nwmls','NWMLS','Washington','required','Virtually Staged',0.05,'','','none',false,false,'[]'::jsonb,'NWMLS rule 105(d) (secondary source)','2026-11-27',90);
