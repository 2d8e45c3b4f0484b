ALTER TABLE "users" ADD COLUMN "notify_video_ready" boolean DEFAULT false NOT NULL;
