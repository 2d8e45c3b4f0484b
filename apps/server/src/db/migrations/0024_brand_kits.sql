CREATE TABLE "brand_kits" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"logo_key" text,
	"primary_color" text DEFAULT '#1f2937' NOT NULL,
	"accent_color" text DEFAULT '#c8a24a' NOT NULL,
	"agent_name" text DEFAULT '' NOT NULL,
	"agent_title" text DEFAULT '' NOT NULL,
	"agency" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brand_kits" ADD CONSTRAINT "brand_kits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
