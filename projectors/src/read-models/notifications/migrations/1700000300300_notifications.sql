-- Up Migration

-- Banner notifications as staff manage them; removed ones are deleted.
CREATE TABLE notifications (
  notification_id text PRIMARY KEY,
  message text NOT NULL,
  active boolean NOT NULL,
  created text NOT NULL,
  updated text NOT NULL
);

-- Down Migration
DROP TABLE notifications;
