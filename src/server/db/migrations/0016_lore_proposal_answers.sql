CREATE TABLE "lore_proposal_answers" (
	"story_id" integer NOT NULL,
	"name" text NOT NULL,
	"answer" text NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lore_proposal_answers_story_id_name_pk" PRIMARY KEY("story_id","name")
);
--> statement-breakpoint
ALTER TABLE "lore_proposal_answers" ADD CONSTRAINT "lore_proposal_answers_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;