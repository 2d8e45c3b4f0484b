-- A board can require faces blurred before publishing (docs/decisions/0121-boards-requiring-privacy.md). No
-- seeded board's published rules ask for it: every row starts false and admins switch it on.
ALTER TABLE "mls_boards" ADD COLUMN "privacy_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A project can ask the same of its own exports, whatever its board says.
ALTER TABLE "projects" ADD COLUMN "privacy_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The face detector's answer per stored file, keyed by the file's SHA-256 and the detector that answered, so an
-- export checks a file once.
CREATE TABLE "face_checks" (
	"digest" text NOT NULL,
	"detector" text NOT NULL,
	"faces" integer NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "face_checks_digest_detector_pk" PRIMARY KEY("digest","detector")
);
