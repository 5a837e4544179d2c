ALTER TABLE "profile_pictures" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "stored_files" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "profile_pictures" ADD COLUMN "object_key" varchar(200);--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "object_key" varchar(200);--> statement-breakpoint
ALTER TABLE "profile_pictures" ADD CONSTRAINT "profile_pictures_object_key_unique" UNIQUE("object_key");--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_object_key_unique" UNIQUE("object_key");--> statement-breakpoint
ALTER TABLE "profile_pictures" ADD CONSTRAINT "profile_pictures_one_place_check" CHECK (("profile_pictures"."content" is null) <> ("profile_pictures"."object_key" is null));--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_one_place_check" CHECK (("stored_files"."content" is null) <> ("stored_files"."object_key" is null));--> statement-breakpoint
-- A stored document stays what it was: the one change allowed moves its bytes between the row and the object
-- store, with its id, type, size, hash and date unchanged, and bytes brought back must match the hash. Rows are
-- still never deleted.
CREATE FUNCTION stored_files_only_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.id <> OLD.id OR NEW.content_type <> OLD.content_type OR NEW.byte_size <> OLD.byte_size
     OR NEW.sha256 <> OLD.sha256 OR NEW.created_at <> OLD.created_at
     OR (NEW.content IS NOT NULL AND OLD.content IS NOT NULL AND NEW.content <> OLD.content)
     OR (NEW.object_key IS NOT NULL AND OLD.object_key IS NOT NULL AND NEW.object_key <> OLD.object_key)
     OR (NEW.content IS NOT NULL AND encode(sha256(NEW.content), 'hex') <> OLD.sha256) THEN
    RAISE EXCEPTION 'stored_files is append-only: only the place of a document''s bytes may change';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER stored_files_append_only ON stored_files;
--> statement-breakpoint
CREATE TRIGGER stored_files_append_only BEFORE UPDATE ON stored_files
  FOR EACH ROW EXECUTE FUNCTION stored_files_only_move();
--> statement-breakpoint
CREATE TRIGGER stored_files_no_delete BEFORE DELETE ON stored_files
  FOR EACH ROW EXECUTE FUNCTION refuse_row_change();
