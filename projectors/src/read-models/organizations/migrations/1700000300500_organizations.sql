-- Up Migration

-- One row per organization: the folded state and the domain's organizationView (members included).
CREATE TABLE organizations (
  stream_id text PRIMARY KEY,
  organization_id text NOT NULL UNIQUE,
  name text NOT NULL,
  deleted boolean NOT NULL,
  stream_state jsonb NOT NULL,
  view jsonb NOT NULL
);
-- "Which organizations is this user a member of" is asked on every customer project read.
CREATE INDEX organizations_members_idx ON organizations USING gin ((view -> 'members'));

-- Down Migration
DROP TABLE organizations;
