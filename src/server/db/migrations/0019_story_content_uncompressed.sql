-- Issue 20 (decision 0046): a story's text is stored out of line without pglz compression. Every save of a long story
-- rewrites all of it, and compressing 0.7 MB took about a fifth of a 100,000-word save on PGlite; the text costs
-- about twice the disk instead. Rows already stored keep their compressed form until their next save.
ALTER TABLE "stories" ALTER COLUMN "content" SET STORAGE EXTERNAL;
