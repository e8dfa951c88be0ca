-- One row per weekly newsletter issue, keyed by the Sydney Thursday it is for: the process that writes the row writes
-- the issue's mails in the same transaction, so no issue goes out twice however many processes run.
CREATE TABLE "newsletter_issues" (
	"issue_date" date PRIMARY KEY NOT NULL,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recipients" integer NOT NULL,
	"specials" integer NOT NULL
);
