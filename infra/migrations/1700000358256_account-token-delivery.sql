-- Up Migration

-- The mail delivery (mail_deliveries.request_event_id) a link was made for. A delivery retried
-- after a refused send makes a new link for the new attempt and retires the one the failed attempt
-- made, so a mail that failed and then went leaves one usable link (decision 0258).
ALTER TABLE account_tokens ADD COLUMN delivery_id text;
CREATE INDEX account_tokens_delivery ON account_tokens (delivery_id) WHERE delivery_id IS NOT NULL;

-- Down Migration
DROP INDEX account_tokens_delivery;
ALTER TABLE account_tokens DROP COLUMN delivery_id;
