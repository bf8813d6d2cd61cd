CREATE TABLE "stored_file_chunks" (
	"key" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "stored_file_chunks_key_seq_pk" PRIMARY KEY("key","seq")
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"size_bytes" integer NOT NULL,
	"chunk_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ADD CONSTRAINT "stored_file_chunks_key_stored_files_key_fk" FOREIGN KEY ("key") REFERENCES "public"."stored_files"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Receipts are JPEG, PNG or PDF, already compressed: stored out of line without a second try at compressing them.
ALTER TABLE "stored_file_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;
