-- A queued mail (about 3.5 KB with its HTML) is kept in its row as written instead of compressed when it passes
-- 2 KB: compressing every mail of every order cost PostgreSQL more than the few kilobytes it saved in a table whose
-- rows are sent within seconds. Rows over about 8 KB (a very long order) are still compressed.
ALTER TABLE "outbox_mails" SET (toast_tuple_target = 8160);
