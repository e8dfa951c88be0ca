-- The outbox sends an address's mails in the order written (outbox.repo.ts, claimDueMails): a claim takes no mail
-- while an earlier one to the same address is still to send and not taken with it. This index finds those.
CREATE INDEX "outbox_mails_pending_address_idx" ON "outbox_mails" USING btree (lower("to_address"),"id") WHERE "outbox_mails"."status" = 'pending';
